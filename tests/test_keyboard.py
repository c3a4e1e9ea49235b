"""Keyboard play, headless: a whole hand with arrows and Enter only (no mouse event at all), the
announcement keys C, A, F, S and Space (on screen and to speech), the hint key, the speed keys.

Frames advance by a fixed dt and the computer players think inline: no wall-clock dependence.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.actions import DECLARE, PASS, SUN, is_card
from game.phase import Phase
from ui import i18n
from ui.app import App
from ui.audio.announce import announce
from ui.audio.speech import Speaker
from ui.files.settings import Settings
from ui.table.worker import InlineThinker

DT = 50.0
MOUSE_EVENTS = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


class FakeVoice:
    name = "fake"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def speak(self, text: str, language: str) -> None:
        self.said.append((text, language))

    def stop(self) -> None:
        pass


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def make_app(seed: int = 11, language: str = "en", voice: FakeVoice | None = None) -> App:
    settings = Settings(animation_speed="fast", sound=False, language=language, speech=voice is not None)
    speaker = Speaker(enabled=voice is not None, language=language, backend=voice, detect=False)
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=(1280, 800), sound=False,
               ai="random", speaker=speaker, hint_level="easy")


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.step(DT)


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 4000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never reached the expected state")


def waiting_for_human(app: App) -> bool:
    return app.match.human_turn() or app.match.animator.hud.summary is not None


def choose(legal: list[int], hand: list[int]) -> int:
    for a in (SUN, DECLARE):
        if a in legal:
            return a
    if PASS in legal:
        return PASS
    cards = [c for c in hand if c in legal]
    return cards[-1] if cards else legal[0]


def select(app: App, want: int, key: int = pygame.K_RIGHT) -> list[object]:
    """Arrows until the selection is on `want`; returns every target the selection visited."""
    seen: list[object] = []
    press(app, key)  # the first arrow shows the selection
    for _ in range(16):
        assert app.match.selection.active and app.match.selection.target is not None
        seen.append(app.match.selection.target)
        if app.match.selection.target[1] == want:
            return seen
        press(app, key)
    raise AssertionError(f"the selection never reached {want}: {seen}")


def play_decision_by_keyboard(app: App) -> tuple[int, list[object]]:
    state = app.match.driver.state
    legal = state.legal_actions()
    app.step(DT)  # the frame that shows the panel / the playable cards
    want = choose(legal, app.match.table.hands[0])
    seen = select(app, want)
    before = len(state.actions)
    press(app, pygame.K_RETURN)
    app.step(DT)
    assert len(state.actions) == before + 1, "Enter did not take the selected move"
    assert state.actions[-1] == want
    return want, seen


def test_a_whole_hand_by_keyboard_only() -> None:
    app = make_app()
    posted: list[int] = []
    real_post = pygame.event.post

    def spy(event: pygame.event.Event) -> bool:
        posted.append(event.type)
        return bool(real_post(event))

    pygame.event.post = spy  # type: ignore[assignment]
    calls = plays = 0
    try:
        for _ in range(80):
            run_until(app, lambda: waiting_for_human(app))
            if app.match.animator.hud.summary is not None:
                break
            rnd = app.match.driver.state.round
            playing = rnd.phase is Phase.PLAYING and is_card(app.match.driver.state.legal_actions()[0])
            legal = set(app.match.driver.state.legal_actions())
            _, seen = play_decision_by_keyboard(app)
            if playing:
                plays += 1
                assert all(t[0] == "card" and t[1] in legal  # type: ignore[index]
                           for t in seen), "only legal cards are selectable"
            else:
                calls += 1
                assert all(t[0] == "call" and t[1] in legal for t in seen)  # type: ignore[index]
        hud = app.match.animator.hud
        assert hud.summary is not None, "the hand summary was not shown"
        assert plays == 8 and calls >= 1
        press(app, pygame.K_RETURN)  # Enter continues after the summary
        run_until(app, lambda: app.match.animator.hud.hand_number == 2)
        assert hud.summary is None
        assert posted and not (set(posted) & MOUSE_EVENTS), "no mouse event was used"
    finally:
        pygame.event.post = real_post  # type: ignore[assignment]
        app.close()


def test_the_first_enter_shows_the_selection_and_a_click_hides_it() -> None:
    app = make_app()
    try:
        run_until(app, lambda: app.match.human_turn())
        app.step(DT)
        n = len(app.match.driver.state.actions)
        press(app, pygame.K_RETURN)
        sel = app.match.selection
        assert sel.active and sel.target is not None and len(app.match.driver.state.actions) == n
        button = app.match.gui.buttons_in_view()[0][2]
        in_view = app.match.gui.buttons_in_view()
        assert any(b.is_selected for _k, _c, b in in_view) or app.match.aff.selected is not None
        pos = (3, 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.step(DT)
        assert not app.match.selection.active and not button.is_selected
    finally:
        app.close()


def reach_mid_trick(app: App) -> None:
    """Keyboard play until South is to play with cards already on the table."""
    for _ in range(80):
        run_until(app, lambda: waiting_for_human(app))
        assert app.match.animator.hud.summary is None, "no trick with cards before South's turn"
        rnd = app.match.driver.state.round
        if rnd.phase is Phase.PLAYING and rnd.trick and is_card(app.match.driver.state.legal_actions()[0]):
            app.step(DT)
            return
        play_decision_by_keyboard(app)
    raise AssertionError("never mid-trick")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_announcement_keys_show_and_speak(language: str) -> None:
    voice = FakeVoice()
    app = make_app(seed=5, language=language, voice=voice)
    try:
        reach_mid_trick(app)
        keys = {pygame.K_c: "c", pygame.K_a: "a", pygame.K_f: "f", pygame.K_s: "s", pygame.K_SPACE: "space"}
        n = len(app.match.driver.state.actions)
        speed = app.settings.animation_speed
        for key, name in keys.items():
            voice.said.clear()
            press(app, key)
            expected = announce(name, app.match.driver.state.observation(0), app.match.animator.hud.names)
            assert app.toasts.text == expected.text and app.toasts.kind == "info"
            assert app.match.last_announcement == expected
            assert voice.said == [(expected.speech, language)]
            rect = app.match.view.toast_rect
            assert rect is not None and app.layout.window().contains(rect)
            if language == "ar":
                assert i18n.has_arabic(expected.text)
        # the right words: the trump, the suit led, the cards on the table
        obs = app.match.driver.state.observation(0)
        assert obs.contract is not None
        press(app, pygame.K_c)
        table = app.toasts.text
        from game.cards import RANK_LABELS, SUIT_SYMBOLS
        for card in obs.trick:
            assert RANK_LABELS[card & 7] + SUIT_SYMBOLS[card >> 3] in table
        press(app, pygame.K_f)
        assert i18n.tr(f"suit.{obs.trick[0] >> 3}") in app.toasts.text
        # announcements change nothing: no move, no speed change (S used to be the speed key)
        assert len(app.match.driver.state.actions) == n and app.settings.animation_speed == speed
        assert app.match.human_turn()
    finally:
        app.close()


def test_space_no_longer_skips_enter_does() -> None:
    app = make_app()
    try:
        run_until(app, lambda: app.match.table.moving())
        press(app, pygame.K_SPACE)
        assert app.match.last_announcement is not None and app.match.last_announcement.key == "space"
        run_until(app, lambda: app.match.table.moving())
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        pygame.event.post(enter)
        app.step(0.0)
        assert not app.match.table.moving()
    finally:
        app.close()


def test_hint_key_recommends_a_legal_move_and_enter_plays_it() -> None:
    voice = FakeVoice()
    app = make_app(voice=voice)
    try:
        run_until(app, lambda: app.match.human_turn())
        app.step(DT)
        legal = app.match.driver.state.legal_actions()
        press(app, pygame.K_h)
        app.step(DT)
        hint = app.match.hints.last
        assert hint is not None
        n, move = hint.index, hint.action
        assert n == len(app.match.driver.state.actions) and move in legal
        assert app.toasts.text.startswith(i18n.tr("hint.suggested", move="", reason="").split("{")[0][:9])
        sel = app.match.selection
        assert sel.active and sel.target is not None and sel.target[1] == move
        assert voice.said, "the hint is spoken too"
        press(app, pygame.K_RETURN)
        app.step(DT)
        assert app.match.driver.state.actions[n] == move
    finally:
        app.close()


def test_hint_when_there_is_nothing_to_decide() -> None:
    app = make_app()
    try:
        run_until(app, lambda: app.match.table.moving())
        press(app, pygame.K_h)
        assert app.toasts.text == i18n.tr("hint.none")
    finally:
        app.close()


def test_speed_keys() -> None:
    app = make_app()
    try:
        app.step(DT)
        press(app, pygame.K_MINUS)
        assert app.settings.animation_speed == "normal"
        press(app, pygame.K_MINUS)
        press(app, pygame.K_MINUS)
        assert app.settings.animation_speed == "slow"
        press(app, pygame.K_PLUS)
        assert app.settings.animation_speed == "normal"
        assert "Normal" in app.toasts.text
        press(app, pygame.K_s)  # S announces the scores now
        assert app.settings.animation_speed == "normal" and app.match.last_announcement is not None
    finally:
        app.close()


def test_a_hand_by_keyboard_in_arabic() -> None:
    app = make_app(seed=23, language="ar")
    try:
        for _ in range(80):
            run_until(app, lambda: waiting_for_human(app))
            if app.match.animator.hud.summary is not None:
                break
            if app.match.gui.panel is not None:
                for b in app.match.gui.panel.buttons.values():
                    assert i18n.has_arabic(str(b.text)), b.text
            play_decision_by_keyboard(app)
        assert app.match.animator.hud.summary is not None
    finally:
        app.close()


def test_the_match_end_buttons_by_keyboard() -> None:
    from game.events import MatchOver
    from ui.screens.menus import MainMenu
    from ui.table.overlays import MatchEndScreen

    app = make_app()
    try:
        run_until(app, lambda: app.match.human_turn())
        app.match.animator.hud.match_over = MatchOver(0, (160, 98), False)
        app.step(DT)
        end = app.top
        assert isinstance(end, MatchEndScreen)
        assert [it.name for it in end.items] == ["new", "replay", "main_menu", "quit"]
        assert end.focused().name == "new"  # type: ignore[union-attr]
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        assert end.focused().name == "quit"  # type: ignore[union-attr]
        press(app, pygame.K_RETURN)
        assert not app.running, "Quit"
        app.running = True
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MainMenu), "Esc at the match end: the main menu, never Resume"
    finally:
        app.close()


def test_new_match_from_the_match_end_says_its_seed_and_replay_keeps_it() -> None:
    from game.events import MatchOver
    from ui.table.overlays import MatchEndScreen

    app = make_app()
    try:
        run_until(app, lambda: app.match.human_turn())
        app.match.animator.hud.match_over = MatchOver(0, (160, 98), False)
        app.step(DT)
        assert isinstance(app.top, MatchEndScreen)
        press(app, pygame.K_RETURN)  # New match
        assert app.match.driver.match_seed == 12 and app.seed == 12
        assert "12" in app.toasts.text, "a new seed is said, never recorded silently"
        app.match.animator.hud.match_over = MatchOver(1, (98, 160), False)
        app.step(DT)
        end = app.top
        assert isinstance(end, MatchEndScreen)
        end.set_focus("replay")
        press(app, pygame.K_RETURN)  # the same deals again
        assert app.match.driver.match_seed == 12
    finally:
        app.close()
