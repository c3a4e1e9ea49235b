"""How large a window may be: never larger than the display (a window of 8192×8192 takes seconds to
draw its first frame), whether the size comes from `--size` or from the settings."""

from __future__ import annotations

import os

HEADLESS_MAX_SIZE = (3840, 2160)
"""The largest window without a display to measure (the headless demo's screenshots)."""


def display_limit() -> tuple[int, int]:
    """The largest of the displays (HEADLESS_MAX_SIZE headless or when they cannot be measured)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return HEADLESS_MAX_SIZE
    import pygame  # here: reading the command line imports no pygame
    try:
        pygame.display.init()
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return HEADLESS_MAX_SIZE
    if not desktops:
        return HEADLESS_MAX_SIZE
    return max(w for w, _ in desktops), max(h for _, h in desktops)


def fit_to_display(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, no larger than the display."""
    limit = display_limit()
    return min(size[0], limit[0]), min(size[1], limit[1])
