"""One seeded random match through the engine: `python probe_engine.py` prints the build of the
kernel and the match's outcome, which must be the same on every build (tools/windows/build.sh)."""

import random
import sys

sys.path.insert(0, ".")
import ai.ismcts  # noqa: F401  (a compiled module of ai/ too)
import game

m = game.MatchState(seed=11)
rng = random.Random(5)
while not m.is_over():
    m.apply(rng.choice(m.legal_actions()))
print(game.BUILD.split(":")[0], m.scores, len(m.sheet), m.winner, len(m.actions))
