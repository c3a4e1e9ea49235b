"""The layout, from 1024×640 to beyond full HD: everything inside the window, nothing on top of each other."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui.table.layout import Layout

SIZES = [(1024, 640), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
         (1920, 1080), (1920, 1200), (2560, 1080), (2560, 1440), (3840, 2160), (1100, 1000), (1024, 1024)]


def regions(lay: Layout) -> dict[str, pygame.Rect]:
    r: dict[str, pygame.Rect] = {
        "score": lay.score_rect(), "badge": lay.badge_rect(),
        # Hint, Last trick, Bids, Score sheet, Menu
        "tools": lay.toolbar_rects(5)[0].unionall(lay.toolbar_rects(5)),
        "calls": lay.call_log_rect(),
    }
    for seat in range(4):
        r[f"hand{seat}"] = lay.hand_box(seat)
        r[f"plate{seat}"] = lay.plate_rect(seat)
        pile = lay.pile_place(seat, 0).rect().unionall([lay.pile_place(seat, i).rect() for i in range(32)])
        r[f"pile{seat}"] = pile
        trick = lay.trick_place(seat).rect()
        r["trick"] = r["trick"].union(trick) if "trick" in r else trick
    return r


@pytest.mark.parametrize("size", SIZES)
def test_every_region_is_inside_the_window(size: tuple[int, int]) -> None:
    lay = Layout(*size)
    win = lay.window()
    for name, rect in regions(lay).items():
        assert win.contains(rect), f"{name} {rect} leaves {size}"
    for seat in range(4):
        for n in range(1, 9):
            for p in lay.hand_places(seat, n):
                assert win.contains(p.rect())
        for n in (3, 4, 5, 8):
            for p in lay.shown_places(seat, n):
                assert win.contains(p.rect()), f"shown projects of seat {seat} leave {size}"
    assert win.contains(lay.buying_place().rect()) and win.contains(lay.stock_place(10).rect())
    assert win.contains(lay.modal_rect())
    panel = lay.panel_rect([200] * 5)
    assert win.contains(panel)
    for b in lay.panel_buttons(panel, [200] * 5):
        assert panel.contains(b)


@pytest.mark.parametrize("size", SIZES)
def test_regions_do_not_overlap(size: tuple[int, int]) -> None:
    lay = Layout(*size)
    reg = regions(lay)
    names = sorted(reg)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not reg[a].colliderect(reg[b]), f"{a} {reg[a]} overlaps {b} {reg[b]} at {size}"
    panel = lay.panel_rect([lay.button_w()] * 5)
    for name in ("trick", "hand0", "hand1", "hand3", "plate0", "calls", "tools"):
        assert not panel.colliderect(reg[name]), f"the call panel overlaps {name} at {size}"
    assert lay.call_log_rect().height >= 6 * lay.small_font, "room for the calls of the hand"


@pytest.mark.parametrize("size", SIZES)
def test_bubbles_and_deck_stay_on_the_table(size: tuple[int, int]) -> None:
    lay = Layout(*size)
    win = lay.window()
    for seat in range(4):
        x, y, _ = lay.bubble_anchor(seat)
        assert win.collidepoint(x, y)
        for i in (0, 31):
            assert win.contains(lay.deck_place(seat, i).rect())
    # South's bubble is never under the call panel (its own call stays readable)
    x, y, _ = lay.bubble_anchor(0)
    bubble = pygame.Rect(0, 0, round(150 * lay.u), round(34 * lay.u))
    bubble.midbottom = (round(x), round(y))
    assert not bubble.colliderect(lay.panel_rect([lay.button_w()] * 5)), size


def test_cards_grow_with_the_window() -> None:
    small, big = Layout(1024, 640), Layout(1920, 1080)
    assert big.ch > small.ch and big.font_size > small.font_size
    assert small.ch >= 100  # still readable at the smallest supported size
