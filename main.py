"""Baloot: start the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("Baloot: the rules engine is ready; the table is coming (see README).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
