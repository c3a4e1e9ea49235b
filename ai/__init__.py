"""Computer players: they see only an Observation, never the full state."""

import game  # noqa: F401  (decides first which build of the compiled modules runs)
