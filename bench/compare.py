"""Time two checkouts side by side in one run (not a test), because this machine is noisy.

    python bench/compare.py --old ../base --new . [--rounds 5] [-- speed.py options]

Runs `bench/speed.py` of the new checkout against each checkout's packages in turn, alternating
old and new `--rounds` times (each its own process, so neither warms the other), and prints the
median of every figure and the ratio new / old. `--new-env NAME=VALUE` sets an environment
variable for the new runs only (e.g. BALOOT_PURE_PYTHON=1 to time the pure-Python build).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

SPEED = Path(__file__).resolve().parent / "speed.py"


def run(tree: Path, extra_env: dict[str, str], args: list[str]) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(tree), **extra_env)
    out = subprocess.run([sys.executable, "-P", str(SPEED), *args], cwd=tree, env=env,
                         check=True, capture_output=True, text=True).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, type=Path)
    ap.add_argument("--new", required=True, type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--old-env", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--new-env", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("rest", nargs="*", help="options for bench/speed.py (after --)")
    args = ap.parse_args()
    envs = {side: dict(e.split("=", 1) for e in getattr(args, f"{side}_env"))
            for side in ("old", "new")}
    runs: dict[str, list[dict[str, object]]] = {"old": [], "new": []}
    for r in range(args.rounds):
        for side in ("old", "new"):
            res = run(getattr(args, side).resolve(), envs[side], args.rest)
            runs[side].append(res)
            print(f"round {r + 1} {side}: {json.dumps(res)}", file=sys.stderr)
    first = runs["new"][0]
    print(f"old: {args.old} ({runs['old'][0].get('kernel')}), new: {args.new} "
          f"({first.get('kernel')}), {args.rounds} alternating rounds, medians")
    print("| figure | old | new | new / old |")
    print("|---|---|---|---|")
    for key, value in first.items():
        if not isinstance(value, int | float):
            continue
        old = statistics.median(float(x[key]) for x in runs["old"])  # type: ignore[arg-type]
        new = statistics.median(float(x[key]) for x in runs["new"])  # type: ignore[arg-type]
        fmt = ",.0f" if old >= 100 else ".3f"
        print(f"| {key} | {old:{fmt}} | {new:{fmt}} | {new / old:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
