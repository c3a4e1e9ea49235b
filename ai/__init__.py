"""Computer players: they see only an Observation, never the full state."""
