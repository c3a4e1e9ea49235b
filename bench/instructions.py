"""Machine instructions per unit of work (not a test), counted by valgrind's callgrind: the
same count for the same code and input however loaded the machine is.

    python bench/instructions.py --tree ../old --tree . [--repeats 10]

For each checkout (its packages on PYTHONPATH, bench/speed.py of this checkout) and each
workload — a random playout, a playout with the playout policy (both from the first card, full
rules), an ISMCTS iteration at the Hard settings, the Expert's decisions on the same hands nine
cards later — the count of a run with REPEATS rounds minus
the count of a run with none (start-up and set-up) is divided by the units of work done.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

SPEED = Path(__file__).resolve().parent / "speed.py"
POSITIONS = 12
ITERATIONS = 200


def count(tree: Path, kind: str, repeats: int, env: dict[str, str]) -> int:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P",
           str(SPEED), "--positions", str(POSITIONS), "--iterations", str(ITERATIONS),
           "--fixed", kind, str(repeats)]
    run = subprocess.run(cmd, cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree), **env),
                         capture_output=True, text=True, check=True)
    m = re.search(r"Collected : (\d+)", run.stderr)
    assert m, run.stderr[-2000:]
    return int(m.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", type=Path, required=True)
    ap.add_argument("--repeats", type=int, default=10)
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="for every run (e.g. BALOOT_PURE_PYTHON=1)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        print("valgrind is needed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    env = dict(e.split("=", 1) for e in args.env)
    work = {"random": ("random playout", args.repeats * POSITIONS),
            "policy": ("policy playout", args.repeats * POSITIONS),
            "search": ("Hard ISMCTS iteration", max(1, args.repeats // 5) * POSITIONS * ITERATIONS),
            "expert": (f"the Expert's decisions at the {POSITIONS} hands nine cards later "
                       f"({ITERATIONS} iterations each)", max(1, args.repeats // 5))}
    print("| unit of work | " + " | ".join(str(t) for t in args.tree) + " |")
    print("|---|" + "---|" * len(args.tree))
    for kind, (label, units) in work.items():
        reps = args.repeats if kind in ("random", "policy") else max(1, args.repeats // 5)
        cells = []
        for tree in args.tree:
            base = count(tree.resolve(), kind, 0, env)
            cells.append((count(tree.resolve(), kind, reps, env) - base) / units)
        print(f"| {label} | " + " | ".join(f"{c:,.0f}" for c in cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
