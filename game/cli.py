"""The command lines' parser: a usage error is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum`."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if n < minimum:
            least = "0 or more" if minimum == 0 else f"at least {minimum}"
            raise argparse.ArgumentTypeError(f"must be {least}, not {n}")
        return n
    return parse
