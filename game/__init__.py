"""Saudi Baloot rules engine: pure, typed, deterministic, standard library only."""
