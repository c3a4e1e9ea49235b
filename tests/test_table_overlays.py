"""The table's overlays are modal scenes: a click below one never reaches the table, the match waits
while one is open, and only the top screen is drawn readable. The bid history lists every call of
the hand, the last trick names all four players and the leader, the score sheet is there during play.

Headless, a fixed dt, the inline thinker: no wall-clock dependence.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.actions import PASS, SUN
from game.rules import Rules
from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.rules_text import VARIANTS, rules_details, rules_line
from ui.screens import PauseMenu, SettingsScreen
from ui.table.animator import DOUBLING, Call
from ui.table.overlays import BidHistoryScreen, LastTrickScreen, ScoreSheetScreen
from ui.table.render import call_rows
from ui.table.scene import TableScene
from ui.table.worker import InlineThinker
from ui.text import call_label, tr
from ui.textlog import listening

DT = 50.0


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def make_app(seed: int = 11, language: str = "en", size: tuple[int, int] = (1280, 800)) -> App:
    settings = Settings(animation_speed="fast", sound=False, language=language)
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random")


def table(app: App) -> TableScene:
    assert app.match is not None
    return app.match


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 4000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never reached the expected state")


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)


def play_on(app: App, until: Callable[[], bool]) -> None:
    """South passes / plays its last legal card by keyboard until `until()`."""
    t = table(app)
    for _ in range(200):
        run_until(app, lambda: until() or t.human_turn() or t.animator.hud.summary is not None)
        if until():
            return
        if t.animator.hud.summary is not None:
            key(app, pygame.K_RETURN)
            continue
        legal = t.driver.legal_actions()
        want = PASS if PASS in legal else (SUN if SUN in legal else None)
        if want is None:
            cards = [c for c in t.table.hands[0] if c in legal]
            want = cards[-1] if cards else legal[0]
        t.submit(want)
    raise AssertionError("never got there")


def test_a_click_through_the_last_trick_is_not_a_call_and_the_match_waits() -> None:
    app = make_app()
    t = table(app)
    try:
        # one trick played, then South's call panel of the next hand (a Pass button under the box)
        play_on(app, lambda: t.animator.hud.last_trick is not None)
        play_on(app, lambda: t.human_turn() and t.gui.panel is not None and PASS in t.gui.panel.buttons)
        app.step(DT)
        pass_button = t.gui.panel.buttons[PASS]  # type: ignore[union-attr]
        n = t.driver.actions_count()
        key(app, pygame.K_l)
        assert isinstance(app.top, LastTrickScreen)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pass_button.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pass_button.rect.center, button=1))
        for _ in range(5):
            app.step(DT)
        assert t.driver.actions_count() == n, "the click closed the box and was not taken as Pass"
        assert app.top is t
    finally:
        app.close()


@pytest.mark.parametrize("which", ["last", "bids", "sheet", "pause", "settings"])
def test_the_match_waits_under_any_overlay(which: str) -> None:
    app = make_app(seed=5)
    t = table(app)
    try:
        play_on(app, lambda: t.driver.thinking_seat() is not None and t.idle())
        n = t.driver.actions_count()
        if which in ("last", "bids", "sheet"):
            t.open_overlay(which)
        elif which == "pause":
            key(app, pygame.K_ESCAPE)
        else:
            app.pause()
            app.open_screen(SettingsScreen(app))
        assert app.top is not t
        for _ in range(300):  # the computer players have answered long ago: nothing may be applied
            app.step(DT)
        assert t.driver.actions_count() == n
        app.resume()
        run_until(app, lambda: t.driver.actions_count() > n)
    finally:
        app.close()


def test_only_the_top_screen_is_drawn_readable() -> None:
    """Settings over the pause menu look exactly like settings straight over the table: nothing of
    the pause menu shows through (and the box itself is opaque)."""
    app = make_app()
    t = table(app)
    try:
        run_until(app, lambda: t.human_turn())
        app.pause()
        app.open_screen(SettingsScreen(app))
        app.invalidate()
        app.render()
        stacked = pygame.image.tobytes(app.screen, "RGB")
        app.resume()
        app.open_screen(SettingsScreen(app))
        app.invalidate()
        app.render()
        alone = pygame.image.tobytes(app.screen, "RGB")
        assert stacked == alone
        # the box is opaque: changing the table under it changes nothing inside the box
        box = app.top.frame  # type: ignore[union-attr]
        inside = app.screen.subsurface(box).copy()
        t.animator.hud.scores = (151, 150)
        app.invalidate()
        app.render()
        assert pygame.image.tobytes(app.screen.subsurface(box), "RGB") == pygame.image.tobytes(inside, "RGB")
    finally:
        app.close()


def test_escape_over_a_screen_goes_back_one_step() -> None:
    app = make_app()
    t = table(app)
    try:
        run_until(app, lambda: t.human_turn())
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseMenu)
        key(app, pygame.K_ESCAPE)
        assert app.top is t
        key(app, pygame.K_b)
        assert isinstance(app.top, BidHistoryScreen)
        key(app, pygame.K_b)
        assert app.top is t
        key(app, pygame.K_p)
        assert isinstance(app.top, ScoreSheetScreen)
        key(app, pygame.K_ESCAPE)
        assert app.top is t
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_bid_history_lists_every_call_of_the_hand(language: str) -> None:
    app = make_app(seed=3, language=language)
    t = table(app)
    try:
        play_on(app, lambda: t.animator.hud.phase == "playing")
        obs = t.observation()
        calls = [(c.seat, c.action) for c in t.animator.hud.calls]
        assert calls == list(obs.bids) + list(obs.raises), "every call, in order, both rounds and doubling"
        key(app, pygame.K_b)
        screen = app.top
        assert isinstance(screen, BidHistoryScreen)
        rows = [r for r in screen.rows() if r[0] == "call"]
        names = t.animator.hud.names
        assert [(r[1], r[2]) for r in rows] == [
            (names[c.seat], call_label(c.action, doubling=True) if c.stage == DOUBLING else c.words())
            for c in t.animator.hud.calls]
        if language == "ar":
            assert all(i18n.has_arabic(r[2]) for r in rows)
        heads = [r[1] for r in screen.rows() if r[0] == "head"]
        assert heads and heads[0] == i18n.tr("bids.round", round=1)
        assert screen.rows()[-1][0] == "contract"
        # the button of the toolbar opens it too
        key(app, pygame.K_ESCAPE)
        app.step(DT)
        click(app, t.gui.tools["bids"].rect.center)
        assert isinstance(app.top, BidHistoryScreen)
    finally:
        app.close()


def test_each_seats_last_call_stays_readable_until_the_card_play() -> None:
    app = make_app(seed=1)  # a bidding in which all four speak, some twice
    t = table(app)
    try:
        seen_all = False
        for _ in range(4000):
            hud = t.animator.hud
            if hud.phase == "playing":
                break
            if hud.calls:
                last: dict[int, str] = {}
                for c in hud.calls:
                    last[c.seat] = c.words()
                assert {s: b.text for s, b in hud.bubbles.items() if s in last} == last
                assert set(last) <= set(hud.bubbles), "a call vanished before the card play"
                seen_all = seen_all or len(last) == 4
            if t.human_turn():
                legal = t.driver.legal_actions()
                t.submit(PASS if PASS in legal else legal[0])
            app.step(DT)
        assert seen_all
    finally:
        app.close()


def test_the_last_trick_names_all_four_players_and_the_leader() -> None:
    app = make_app(seed=2)
    t = table(app)
    try:
        play_on(app, lambda: t.animator.hud.last_trick is not None)
        key(app, pygame.K_l)
        screen = app.top
        assert isinstance(screen, LastTrickScreen)
        app.invalidate()
        app.render()
        _winner, cards = t.animator.hud.last_trick  # type: ignore[misc]
        names = t.animator.hud.names
        assert len(screen.labels) == 4
        for seat, _card in cards:
            assert any(label.startswith(names[seat]) for label in screen.labels)
        leader = cards[0][0]
        assert [label for label in screen.labels if i18n.tr("last.led") in label] == \
            [f"{names[leader]} · {i18n.tr('last.led')}"]
        key(app, pygame.K_a)  # any key closes it
        assert app.top is t
    finally:
        app.close()


def test_the_score_sheet_during_play() -> None:
    app = make_app(seed=4)
    t = table(app)
    try:
        play_on(app, lambda: len(t.driver.sheet) >= 1 and t.human_turn() and t.animator.hud.summary is None)
        key(app, pygame.K_p)
        screen = app.top
        assert isinstance(screen, ScoreSheetScreen)
        said = screen.item_words(screen.items[0])
        rec = t.driver.sheet[0]
        assert f"{rec.totals[0]}" in said and i18n.tr("sheet.say_row", number=1, contract="", us="",
                                                    them="").split(",")[0] in said
        app.invalidate()
        app.render()
        key(app, pygame.K_ESCAPE)
        app.step(DT)
        click(app, t.gui.tools["sheet"].rect.center)
        assert isinstance(app.top, ScoreSheetScreen)
    finally:
        app.close()


def test_shown_projects_mark_the_cards_already_played() -> None:
    from game.events import CardPlayed, ProjectsShown
    from game.projects import Project
    from ui.table.animator import Animator
    from ui.table.layout import Layout
    from ui.table.model import TableModel

    a = Animator(TableModel(Layout(1280, 800)))
    a.table.reset(0, list(range(32)))
    a.table.to_trick(7, 1)  # A♠ already lying in the first trick
    a.show(ProjectsShown(1, (Project("sira", (1 << 7) | (1 << 6) | (1 << 5), 7, False, 0),)))
    assert a.hud.shown[1] == [7, 6, 5] and a.hud.played_shown == {7}
    a.show(CardPlayed(1, 6))
    assert a.hud.played_shown == {7, 6}


# ----- issue 50: the overlays before anything happened, calls and rules in plain words ------------

def drawn_words(app: App) -> list[str]:
    """Every text the top screen draws (noted by the text helpers while a log listens)."""
    from tests.screen_check import RecordingSurface
    with listening() as log:
        surf = RecordingSurface(app.screen.get_size(), log)
        top = app.top
        assert top is not None
        top.draw(surf)
    return [p.words for p in surf.placed]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_before_any_hand_or_trick_the_overlays_say_so_in_a_small_box(language: str) -> None:
    app = make_app(language=language)
    t = table(app)
    try:
        run_until(app, lambda: t.human_turn())
        t.open_overlay("sheet")
        sheet = app.top
        assert isinstance(sheet, ScoreSheetScreen)
        words = drawn_words(app)
        assert tr("end.final", us=0, them=0) not in words, "no 'Final score 0 - 0' before a hand"
        assert tr("sheet.empty") in words and tr("sheet.to_target", target=152) in words
        assert sheet.frame.h < app.layout.modal_rect().h // 2
        app.close_screen()
        t.open_overlay("last")
        last = app.top
        assert isinstance(last, LastTrickScreen)
        assert drawn_words(app) == [tr("last.none"), tr("last.hint")]
        assert last.frame.h < last.overlays.last_trick_rect(app.layout).h // 2, "not a large empty box"
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_doubling_and_the_calls_are_worded_plainly(language: str) -> None:
    from game.actions import ASHKAL, DOUBLE, PASS
    app = make_app(language=language)
    t = table(app)
    try:
        run_until(app, lambda: t.human_turn())
        hud = t.animator.hud
        hud.calls = [Call(1, 1, ASHKAL, lambda: call_label(ASHKAL)), Call(DOUBLING, 2, DOUBLE, lambda: "x"),
                     Call(DOUBLING, 1, PASS, lambda: call_label(PASS))]
        log = call_rows(hud)
        assert log[-3:] == [(tr("bids.doubling"), ""), (hud.names[2], call_label(DOUBLE)),
                            (hud.names[1], tr("call.no_double"))], "a stage in words, no 'x .' prefix"
        assert not any(row[0].startswith("×") for row in log)
        app.open_screen(BidHistoryScreen(app, t))
        rows = app.top.rows()  # type: ignore[union-attr]
        assert ("call", hud.names[1], tr("call.no_double"), "") in rows
        assert ("call", hud.names[1], tr("call.ashkal"), tr("call.gloss.ashkal")) in rows
    finally:
        app.close()


def test_the_doubling_panel_offers_no_double_rather_than_pass() -> None:
    import random

    from game.match import MatchState
    from game.phase import Phase
    from ui.table.choices import call_labels
    for seed in range(50):
        m, rng = MatchState(seed, Rules()), random.Random(seed)
        while m.round.phase is Phase.BIDDING:
            m.apply(rng.choice(m.legal_actions()))
        if m.round.phase is Phase.DOUBLING and PASS in m.legal_actions():
            labels = dict(call_labels(m.observation(m.to_move())))  # type: ignore[arg-type]
            assert labels[PASS] == tr("call.no_double") and len(labels) > 1
            return
    raise AssertionError("no doubling found")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_rule_variants_are_named_in_words_not_letters(language: str) -> None:
    i18n.set_language(language)
    every = Rules(**{name: True for name in VARIANTS})  # type: ignore[arg-type]
    lines = [rules_line(Rules(**{name: True})) for name in VARIANTS] + rules_details(every)  # type: ignore[arg-type]
    for line in lines:
        assert not any(tr(f"rules.tag.{v}") in line for v in VARIANTS), line
    assert tr("rules.short.projects_times_raise") in rules_line(Rules(projects_times_raise=True))
