"""What the table says: the score panel keeps every figure at 1024×640 (three-digit scores, both
languages), 'you deal' / '1 trick' read right, the contract box waits for the deal, bubbles follow a
change of language, the projects prompt stays readable, How to play has one Keyboard section, the
Arabic name fields show Arabic names, the best hand after losses is '—'."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from ui import i18n
from ui.assets import Assets
from ui.table.animator import Animator, Hud, new_hand_words
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.render import Renderer


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)])
def test_the_score_panel_shows_every_figure(language: str, size: tuple[int, int]) -> None:
    i18n.set_language(language)
    lay = Layout(*size)
    r = Renderer(Assets())
    hud = Hud(hand_number=12, scores=(148, 139), tricks=[4, 3], points=[100, 62], phase="playing")
    items = r.score_items(lay, hud)
    texts = [it.text for it in items]
    panel = lay.score_rect()
    for figure in ("148", "139", "100", "62", "12", "152"):
        assert any(figure in t for t in texts), f"{figure} is missing from the score panel: {texts}"
    for n in (4, 3):
        assert any(i18n.trn("hud.tricks", n) in t for t in texts)
    for it in items:
        assert panel.contains(it.rect), f"{it.text!r} at {it.rect} leaves the panel {panel}"
        assert it.size >= 10, f"{it.text!r} shrunk to {it.size} px"
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{a.text!r} overlaps {b.text!r}"
    if language == "ar":  # mirrored: the team names on the right, the scores on the left
        name = next(it for it in items if it.text == i18n.tr("team.0"))
        score = next(it for it in items if it.text == "148")
        assert name.rect.centerx > score.rect.centerx


def test_counts_and_the_dealer_read_right() -> None:
    names = ("You", "Fahad", "Noura", "Saad")
    assert new_hand_words(2, 0, names, 0) == "Hand 2 — you deal"
    assert new_hand_words(2, 1, names, 0) == "Hand 2 — Fahad deals"
    assert i18n.trn("hud.tricks", 1) == "1 trick" and i18n.trn("hud.tricks", 2) == "2 tricks"
    i18n.set_language("ar")
    arabic = ("أنت", "فهد", "نورة", "سعد")
    assert new_hand_words(2, 0, arabic, 0) == "الجولة 2 — أنت توزّع"
    assert new_hand_words(2, 1, arabic, 0) == "الجولة 2 — يوزّع فهد"
    assert new_hand_words(2, 2, arabic, 0) == "الجولة 2 — توزّع نورة", "the verb agrees with Noura"
    assert i18n.trn("hud.tricks", 2) == "أكلتان"


def test_the_contract_box_waits_for_the_deal_before_showing_the_buying_card() -> None:
    lay = Layout(1280, 800)
    r = Renderer(Assets())
    hud = Hud(buying_card=13, phase="deal")
    screen = pygame.Surface((lay.w, lay.h))
    box = lay.badge_rect()

    def badge() -> bytes:
        screen.fill((0, 0, 0))
        r.draw_badge(screen, lay, hud)
        return pygame.image.tobytes(screen.subsurface(box), "RGB")

    dealing = badge()
    hud.phase = "bidding"
    bidding = badge()
    hud.buying_card = -1
    nothing = badge()
    assert dealing == nothing != bidding, "the buying card shows only once the deal is done"


def test_bubbles_and_notes_follow_a_change_of_language() -> None:
    from game.actions import HOKUM, PASS
    from game.events import BidMade

    a = Animator(TableModel(Layout(1280, 800)))
    a.hud.buying_card = 13
    a.show(BidMade(1, PASS, 1))
    a.show(BidMade(2, HOKUM, 1))
    assert a.hud.bubbles[1].text == "Pass"
    i18n.set_language("ar")
    assert a.hud.bubbles[1].text == "بس" and i18n.has_arabic(a.hud.bubbles[2].text)
    assert all(i18n.has_arabic(c.words()) for c in a.hud.calls)


def test_a_pass_in_the_doubling_is_said_as_no_double_at_the_seat() -> None:
    from game.actions import PASS
    from game.contract import Contract, ContractKind
    from game.events import RaiseMade
    from game.ranking import NO_TRUMP

    a = Animator(TableModel(Layout(1280, 800)))
    a.show(RaiseMade(1, PASS, Contract(ContractKind.SUN, NO_TRUMP, 0, 0)))
    assert a.hud.bubbles[1].text == "No double" and a.hud.calls[-1].words() == "No double"


def test_the_projects_prompt_stays_readable_at_the_smallest_window() -> None:
    from game.actions import DECLARE, NO_DECLARE
    from ui.table.panels import Gui

    for language in ("en", "ar"):
        i18n.set_language(language)
        lay = Layout(1024, 640)
        gui = Gui(lay)
        note = "Sira (K♠ Q♠ J♠), Fifty (A♥ K♥ Q♥ J♥), Hundred (K♣ K♦ K♥ K♠)"
        panel = gui.want_panel(("projects",), i18n.tr("panel.projects_title"), note,
                               [(DECLARE, i18n.tr("call.declare")), (NO_DECLARE, i18n.tr("call.no_declare"))])
        assert panel is not None
        r = Renderer(Assets())
        screen = pygame.Surface((lay.w, lay.h))
        r.draw_call_panel(screen, lay, panel.rect, panel.title, panel.subtitle)
        width = panel.rect.width - 2 * max(6, round(10 * lay.u))
        lines = r.assets.wrap(note, lay.small_font, width)
        assert len(lines) <= 2, "the note wraps onto at most two lines at the small font (never 9 px)"
        title = r.fit_rich(panel.title, lay.font_size, panel.rect.width - 2 * 8, bold=True)
        assert title.get_height() >= r.assets.font(lay.small_font, True).get_height()
        for b in panel.buttons.values():
            assert panel.rect.contains(b.rect)
        gui.clear_panel()


def test_how_to_play_has_one_keyboard_section_with_every_key() -> None:
    from ui.screens.info import howto_rows

    for language in ("en", "ar"):
        i18n.set_language(language)
        rows = howto_rows()
        headings = [t for k, t in rows if k == "heading"]
        assert headings.count(i18n.tr("keys.title")) == 1
        text = " ".join(t for _k, t in rows)
        for k in ("b", "p", "r"):
            assert i18n.tr(f"keys.{k}") in text
        assert i18n.tr("call.locked") in text or "Locked" in text


def test_the_arabic_name_fields_show_arabic_names() -> None:
    from ui.screens.settings_screen import shown_name, stored_name

    i18n.set_language("ar")
    assert shown_name("name_south", "You") == "أنت" and shown_name("name_east", "Fahad") == "فهد"
    assert shown_name("name_east", "Ali") == "Ali"
    assert stored_name("name_east", "فهد") == "Fahad", "an untouched default keeps following the language"
    assert stored_name("name_east", "علي") == "علي"


def test_best_hand_after_a_match_of_losses() -> None:
    from ui.files.stats import Statistics
    from ui.screens.info import margin, stats_columns

    s = Statistics(hands_played=4, best_hand=-20, worst_hand=-26)
    rows = dict(stats_columns(s)[0][1])
    assert rows["Best hand"] == "—" and rows["Worst hand"] == "−26 game points"
    assert margin(16, +1) == "+16 game points"
