"""How large a window may be and where it opens: the one owner of the window's fit to the display,
whatever asked for the size (`--size`, the demo, the size and position the settings remember).

Which display counts: the first. SDL opens a window centred on display 0 unless it is given a
position, and pygame-ce 2.5 reports each display's size but not where it sits, so the first display
is the only one a window is known to land on. A window larger than that display's usable area is
fitted to it even when another display is larger: `--size 1920x1080` on a 1920×1080 first display
would otherwise put the hand, the Menu button and the key line below its edge (issue 50 item 13).
A window left on a larger second display therefore comes back fitted to the first, centred there.

pygame (and the layout, which imports it) is imported only when measuring: reading the command line
imports no pygame.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

Size = tuple[int, int]

DEFAULT_SIZE: Size = (1280, 800)
"""The window's size the first time, and the demo's."""

HEADLESS_MAX_SIZE: Size = (3840, 2160)
"""The largest window without a display to measure (the headless demo's screenshots): a window of
8192×8192 takes seconds to draw its first frame."""

HEADLESS_DRIVERS = ("dummy", "offscreen")

DESKTOP_RESERVE: Size = (16, 96)
"""Room kept on the desktop for the window's frame and title bar and a task bar or dock: SDL 2 as
pygame-ce exposes it gives the desktop's size, not its usable area."""


@dataclass(frozen=True)
class Placement:
    size: Size
    position: tuple[int, int] | None
    """Where the window's top-left goes (None: where SDL puts it, centred on the first display)."""
    fitted: bool
    """The size asked for was made smaller to fit (the window says so)."""


def minimum_size() -> Size:
    from ui.table.layout import MIN_SIZE  # here: the layout imports pygame
    return MIN_SIZE


def at_least_minimum(size: Size) -> Size:
    """`size`, no smaller than the layout supports."""
    least = minimum_size()
    return max(size[0], least[0]), max(size[1], least[1])


def desktop_sizes() -> list[Size]:
    """The desktop size of each display, the first display first ([] headless, or when the
    displays cannot be measured)."""
    import pygame  # here: reading the command line imports no pygame
    with contextlib.suppress(pygame.error):
        if not pygame.display.get_init():
            pygame.display.init()
        if pygame.display.get_driver() in HEADLESS_DRIVERS:  # a made-up desktop, not a screen
            return []
        return [(w, h) for w, h in pygame.display.get_desktop_sizes() if w > 0 and h > 0]
    return []


def usable_area(desktops: Sequence[Size]) -> Size:
    """The room a window may take: the first display less DESKTOP_RESERVE (HEADLESS_MAX_SIZE when
    there is no display)."""
    if not desktops:
        return HEADLESS_MAX_SIZE
    w, h = desktops[0]
    return w - DESKTOP_RESERVE[0], h - DESKTOP_RESERVE[1]


def fit_window(size: Size, desktops: Sequence[Size]) -> Size:
    """`size`, no larger than the usable area and no smaller than the layout's minimum (the minimum
    wins on a display smaller than it)."""
    room = usable_area(desktops)
    return at_least_minimum((min(size[0], room[0]), min(size[1], room[1])))


def on_a_screen(x: int, y: int, size: Size, desktops: Sequence[Size]) -> bool:
    """Whether a window at (x, y) would have its title bar on a display (a monitor since unplugged
    must not leave it out of reach). The displays are taken as side by side, tops aligned: their
    arrangement is not reported, and a position this rejects opens on the first display."""
    if not desktops:
        return False
    width = sum(w for w, _h in desktops)
    height = max(h for _w, h in desktops)
    return -size[0] + 100 <= x <= width - 100 and 0 <= y <= height - 60


def place_window(asked: Size | None, left: tuple[int, int, int, int]) -> Placement:
    """Where and how large the window opens: at `asked` (`--size`, the demo), else as it was `left`
    (x, y, w, h remembered by the settings; a size below the minimum is not used: DEFAULT_SIZE),
    fitted to the first display (centred there when it had to be made smaller)."""
    x, y, w, h = left
    least = minimum_size()
    remembered = asked is None and w >= least[0] and h >= least[1]
    size = at_least_minimum(asked or ((w, h) if remembered else DEFAULT_SIZE))
    desktops = desktop_sizes()
    fitted = fit_window(size, desktops)
    if fitted != size:
        if not desktops:
            return Placement(fitted, None, True)
        dw, dh = desktops[0]
        return Placement(fitted, ((dw - fitted[0]) // 2, (dh - fitted[1]) // 2), True)
    if remembered and on_a_screen(x, y, size, desktops):
        return Placement(size, (x, y), False)
    return Placement(size, None, False)
