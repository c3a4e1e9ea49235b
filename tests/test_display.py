"""How large a window may be and where it opens (`ui.display`): the first display's usable area,
never below the layout's minimum, headless up to HEADLESS_MAX_SIZE; displays faked by replacing
pygame's answers, so these run the same on any machine."""

from __future__ import annotations

import ast
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ui.display import (
    DEFAULT_SIZE,
    DESKTOP_RESERVE,
    HEADLESS_MAX_SIZE,
    Placement,
    desktop_sizes,
    fit_window,
    on_a_screen,
    place_window,
)
from ui.table.layout import MIN_SIZE

ROOT = Path(__file__).resolve().parent.parent
NOWHERE = (0, 0, 0, 0)
"""Settings that remember no window (the first start)."""


@pytest.fixture
def displays(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """A desktop with the displays put in the returned list (first display first)."""
    sizes: list[tuple[int, int]] = []
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(sizes))
    return sizes


def test_headless_there_is_no_display_and_the_limit_is_the_headless_one() -> None:
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy" and pygame.display.get_desktop_sizes()
    assert desktop_sizes() == [], "the dummy driver's made-up desktop is not a screen"
    assert fit_window((99999, 99999), []) == HEADLESS_MAX_SIZE
    assert fit_window((1920, 1080), []) == (1920, 1080), "headless: no reserve for a frame"
    assert place_window((99999, 99999), NOWHERE) == Placement(HEADLESS_MAX_SIZE, None, True)
    assert place_window(None, (40, 40, 8192, 8192)) == Placement(HEADLESS_MAX_SIZE, None, True)
    assert place_window(None, (40, 40, 1500, 900)) == Placement((1500, 900), None, False)


def test_the_displays_are_measured_first_display_first(displays: list[tuple[int, int]],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    displays += [(1366, 768), (2560, 1440), (0, 0)]
    assert desktop_sizes() == [(1366, 768), (2560, 1440)], "a display without a size is dropped"

    def broken() -> list[tuple[int, int]]:
        raise pygame.error("no displays")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", broken)
    assert desktop_sizes() == []


def test_a_size_is_fitted_to_the_first_displays_usable_area() -> None:
    assert DESKTOP_RESERVE == (16, 96)
    assert fit_window((1920, 1080), [(1920, 1080)]) == (1904, 984)
    assert fit_window((1280, 800), [(1920, 1080)]) == (1280, 800)
    assert fit_window((1600, 900), [(1366, 768)]) == (1350, 672)
    assert fit_window((1600, 900), [(1366, 768), (2560, 1440)]) == (1350, 672), \
        "the first display counts even when another is larger"
    assert fit_window((1600, 900), [(2560, 1440), (1366, 768)]) == (1600, 900)


def test_never_below_the_layouts_minimum() -> None:
    assert fit_window((1280, 800), [(800, 600)]) == MIN_SIZE, "a display smaller than the minimum"
    assert fit_window((300, 200), [(1920, 1080)]) == MIN_SIZE
    assert fit_window((300, 200), []) == MIN_SIZE
    assert place_window((300, 200), NOWHERE) == Placement(MIN_SIZE, None, False), \
        "raised to the minimum, which is no fitting to mention"
    assert place_window(None, (40, 40, 300, 200)) == Placement(DEFAULT_SIZE, None, False), \
        "a remembered size below the minimum is not used, nor its position"


def test_size_on_a_display_of_exactly_that_size(displays: list[tuple[int, int]]) -> None:
    """Issue 50 item 13: `--size 1920x1080` on a 1920×1080 desktop left the hand, the Menu button
    and the key line below the screen's edge."""
    displays.append((1920, 1080))
    place = place_window((1920, 1080), NOWHERE)
    assert place == Placement((1904, 984), (8, 48), True), "fitted, centred, and said"
    displays.insert(0, (2560, 1440))
    assert place_window((1920, 1080), NOWHERE) == Placement((1920, 1080), None, False), \
        "on a larger first display the size is kept"


def test_a_remembered_size_on_a_smaller_display(displays: list[tuple[int, int]]) -> None:
    displays.append((1366, 768))
    assert place_window(None, (300, 200, 2400, 1300)) == Placement((1350, 672), (8, 48), True)
    displays.append((2560, 1440))  # left on the larger second display: back on the first, centred
    assert place_window(None, (2000, 100, 2400, 1300)) == Placement((1350, 672), (8, 48), True)


def test_a_remembered_window_that_fits_opens_where_it_was(displays: list[tuple[int, int]]) -> None:
    displays += [(1920, 1080), (1920, 1080)]
    assert place_window(None, (40, 40, 1500, 900)) == Placement((1500, 900), (40, 40), False)
    assert place_window(None, (2500, 60, 1500, 900)) == Placement((1500, 900), (2500, 60), False), \
        "on the second display"
    assert place_window(None, (100_000, 40, 1500, 900)) == Placement((1500, 900), None, False), \
        "a position off every screen is not used"
    assert place_window((1100, 700), (40, 40, 1500, 900)) == Placement((1100, 700), None, False), \
        "--size wins, and the window opens where SDL puts it"


def test_a_window_position_off_every_screen_is_not_used() -> None:
    one = [(1920, 1080)]
    assert on_a_screen(40, 40, (1280, 800), one)
    assert not on_a_screen(100_000, 40, (1280, 800), one) and not on_a_screen(40, -5_000, (1280, 800), one)
    assert not on_a_screen(1900, 40, (1280, 800), one), "the title bar would be off the right edge"
    assert on_a_screen(1900, 40, (1280, 800), [*one, (1280, 1024)]), "on a second display to the right"
    assert on_a_screen(40, 1000, (1280, 800), [*one, (1280, 1024)]), "the taller display reaches it"
    assert not on_a_screen(40, 40, (1280, 800), []), "no display: no position"


def test_reading_the_command_line_imports_no_pygame() -> None:
    code = ("import sys, main\n"
            "main.parse_args(['--size', '1920x1080'])\n"
            "import ui.display\n"
            "print('pygame imported:', 'pygame' in sys.modules)\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "pygame imported: False" in p.stdout


def test_only_ui_display_asks_pygame_about_the_displays() -> None:
    """One owner: no other module measures the desktop (it would be a second copy of the rule)."""
    asking = set()
    for path in [ROOT / "main.py", *(ROOT / "ui").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Attribute) and n.attr in ("get_desktop_sizes", "get_num_displays")
               for n in ast.walk(tree)):
            asking.add(path.relative_to(ROOT).as_posix())
    assert asking == {"ui/display.py"}
