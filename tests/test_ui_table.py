"""The table, headless: a person's clicks (real mouse events at the drawn positions) play a hand.

Frames advance by a fixed dt and the computer players think inline, so nothing here depends on
the wall clock.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from collections.abc import Callable

import pygame
import pytest

from game.actions import DECLARE, PASS, SUN, is_card
from game.notation import to_notation
from game.phase import Phase
from ui.app import App
from ui.files.settings import Settings
from ui.table.layout import Place
from ui.table.model import HAND, PILE, TRICK
from ui.table.worker import InlineThinker

DT = 50.0
SEED = 11


def make_app(seed: int = SEED, size: tuple[int, int] = (1280, 800)) -> App:
    settings = Settings(animation_speed="fast", sound=False)
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random")


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 4000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never reached the expected state")


def post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def visible_point(app: App, card: int) -> tuple[int, int]:
    """A point of the card as drawn that no card drawn above it covers."""
    t = app.match.table
    hand = t.hands[0]
    rect = app.renderer.sprite_rect(t, t.sprites[card])
    above = [app.renderer.sprite_rect(t, t.sprites[c]) for c in hand[hand.index(card) + 1:]]
    for fx in (0.15, 0.3, 0.5, 0.7, 0.85):
        for fy in (0.5, 0.3, 0.7):
            p = (rect.x + round(rect.w * fx), rect.y + round(rect.h * fy))
            if not any(r.collidepoint(p) for r in above):
                return p
    raise AssertionError(f"card {card} is hidden")


def waiting_for_human(app: App) -> bool:
    return app.match.human_turn() or app.match.animator.hud.summary is not None


def choose_call(legal: list[int]) -> int:
    for a in (SUN, DECLARE):
        if a in legal:
            return a
    if PASS in legal:
        return PASS
    return legal[0]


def test_a_person_plays_a_whole_hand_with_the_mouse() -> None:
    app = make_app()
    calls = plays = 0
    try:
        for _ in range(80):
            run_until(app, lambda: waiting_for_human(app))
            if app.match.animator.hud.summary is not None:
                break
            state = app.match.driver.state
            before = len(state.actions)
            legal = state.legal_actions()
            app.step(DT)  # the frame that shows the panel / highlights
            if state.round.phase is Phase.PLAYING and is_card(legal[0]):
                assert app.match.aff.playable == set(legal)
                card = legal[0]
                post_click(visible_point(app, card))
                plays += 1
            else:
                panel = app.match.gui.panel
                assert panel is not None, "no call panel on the human's turn"
                assert sorted(panel.buttons) == legal, "the panel must offer exactly the legal calls"
                action = choose_call(legal)
                post_click(panel.buttons[action].rect.center)
                calls += 1
            app.step(DT)
            app.step(DT)  # pygame-gui posts its button event on the next frame
            assert len(state.actions) == before + 1, "the click did not become the action"
        hud = app.match.animator.hud
        assert hud.summary is not None, "the hand summary was not shown"
        scored, record = hud.summary
        assert record is not None and record is app.match.driver.state.sheet[0]
        assert scored.score.points == record.score.points  # type: ignore[union-attr]
        assert calls >= 1 and plays == 8, (calls, plays, app.match.driver.state.sheet)
        summary = app.top
        assert summary is not None and summary is not app.match, "the summary is a screen of its own"
        post_click(summary.items[0].widgets[0].rect.center)  # type: ignore[attr-defined]
        run_until(app, lambda: app.match.animator.hud.hand_number == 2)
        assert app.match.animator.hud.summary is None
    finally:
        app.close()


def reach_human_play_with_an_illegal_card(app: App) -> int:
    for _ in range(60):
        run_until(app, lambda: waiting_for_human(app))
        assert app.match.animator.hud.summary is None, "no illegal card came up in the hand"
        state = app.match.driver.state
        legal = state.legal_actions()
        if state.round.phase is Phase.PLAYING and is_card(legal[0]):
            illegal = [c for c in app.match.table.hands[0] if c not in legal]
            if illegal:
                return illegal[0]
            post_click(visible_point(app, legal[0]))
        else:
            app.step(DT)
            panel = app.match.gui.panel
            assert panel is not None
            post_click(panel.buttons[choose_call(legal)].rect.center)
        app.step(DT)
        app.step(DT)
    raise AssertionError("no illegal card came up")


def test_clicking_an_illegal_card_changes_nothing_and_says_why() -> None:
    app = make_app()
    try:
        card = reach_human_play_with_an_illegal_card(app)
        app.step(DT)
        state = app.match.driver.state
        before = (to_notation(state.round), len(state.actions), list(app.match.table.hands[0]))
        reason = state.round.why_illegal(card)
        assert reason
        post_click(visible_point(app, card))
        app.step(DT)
        app.step(DT)
        assert (to_notation(state.round), len(state.actions), list(app.match.table.hands[0])) == before
        code, suit = app.match.driver.card_refusal(card)
        from game.cards import SUIT_SYMBOLS
        from ui import i18n
        assert code and app.toasts.text == i18n.tr(f"illegal.{code}",
                                                   suit=SUIT_SYMBOLS[suit] if suit >= 0 else "")
        rect = app.match.view.toast_rect
        assert rect is not None and app.layout.window().contains(rect)
        assert app.match.human_turn()
    finally:
        app.close()


SIZES = [(1024, 640), (1920, 1080), (1280, 720), (800, 600), (2560, 1440), (1100, 1000)]


def post_resize(w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))


def test_resizing_mid_trick_keeps_every_card_inside_the_window() -> None:
    app = make_app()
    try:
        card = None
        for _ in range(60):
            run_until(app, lambda: waiting_for_human(app))
            state = app.match.driver.state
            legal = state.legal_actions()
            if state.round.phase is Phase.PLAYING and is_card(legal[0]) and app.match.table.trick:
                card = legal[0]
                break
            if state.round.phase is Phase.PLAYING and is_card(legal[0]):
                post_click(visible_point(app, legal[0]))
            else:
                app.step(DT)
                panel = app.match.gui.panel
                assert panel is not None
                post_click(panel.buttons[choose_call(legal)].rect.center)
            app.step(DT)
            app.step(DT)
        assert card is not None and app.match.table.trick
        for w, h in SIZES:
            post_resize(w, h)
            app.step(DT)
            win = app.layout.window()
            assert win.size == app.screen.get_size()
            t = app.match.table
            kinds = {t.where[c][0] for c in range(32) if t.visible(c)}
            assert {HAND, TRICK} <= kinds
            for c in range(32):
                if not t.visible(c):
                    continue
                pose = t.target_pose(c)
                placed = Place(pose.x, pose.y, pose.w, pose.h, pose.angle).rect()
                assert win.contains(placed), f"card {c} at {placed} leaves the {win.size} window"
                drawn = app.renderer.sprite_rect(t, t.sprites[c])
                assert win.contains(drawn), f"card {c} drawn at {drawn} outside {win.size}"
            if app.match.gui.panel is not None:
                assert win.contains(app.match.gui.panel.rect)
            # the hand is still playable where it is drawn after the resize
            assert app.match.aff.playable == set(app.match.driver.legal_actions())
        before = len(app.match.driver.state.actions)
        post_click(visible_point(app, card))
        app.step(DT)
        assert len(app.match.driver.state.actions) == before + 1
    finally:
        app.close()


def last_trick_of(app: App) -> object:
    return app.match.animator.hud.last_trick


def last_trick_open(app: App) -> bool:
    from ui.table.overlays import LastTrickScreen
    return isinstance(app.top, LastTrickScreen)


def test_last_trick_key_and_click_to_skip() -> None:
    app = make_app()
    try:
        # get through the bidding and play until one trick is done
        for _ in range(60):
            run_until(app, lambda: waiting_for_human(app) or last_trick_of(app) is not None)
            if last_trick_of(app) is not None:
                break
            state = app.match.driver.state
            legal = state.legal_actions()
            if state.round.phase is Phase.PLAYING and is_card(legal[0]):
                post_click(visible_point(app, legal[0]))
            else:
                app.step(DT)
                panel = app.match.gui.panel
                assert panel is not None
                post_click(panel.buttons[choose_call(legal)].rect.center)
            app.step(DT)
            app.step(DT)
        assert last_trick_of(app) is not None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
        app.step(DT)
        assert last_trick_open(app)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        app.step(DT)
        assert not last_trick_open(app)
        # a click while cards are moving finishes the animation at once
        run_until(app, lambda: app.match.table.moving() or app.match.animator.busy())
        post_click((5, app.layout.h // 2))
        app.step(0.0)
        assert not app.match.table.moving()
        won = [c for c in range(32) if app.match.table.where[c][0] == PILE]
        assert len(won) % 4 == 0
    finally:
        app.close()


def test_a_card_clicked_during_the_bidding_says_why_and_changes_nothing() -> None:
    app = make_app()
    try:
        run_until(app, lambda: waiting_for_human(app))
        state = app.match.driver.state
        assert state.round.phase is Phase.BIDDING
        app.step(DT)
        before = len(state.actions)
        post_click(visible_point(app, app.match.table.hands[0][0]))
        app.step(DT)
        assert len(state.actions) == before
        from ui import i18n
        assert app.toasts.text == i18n.tr("illegal.bidding")
        assert app.match.gui.panel is not None
    finally:
        app.close()


@pytest.mark.slow
def test_the_window_with_a_worker_process_plays_and_quits_cleanly() -> None:
    from ui.table.worker import ProcessThinker

    thinker = ProcessThinker()
    app = App(5, humans=(0,), settings=Settings(animation_speed="fast", sound=False), thinker=thinker,
              size=(1024, 640), sound=False, ai="random")
    try:
        for _ in range(3000):
            if len(app.match.driver.state.actions) >= 1 or app.match.human_turn():
                break
            app.step(DT)
            thinker.wait()  # block on the worker between frames: no dependence on its speed
        assert len(app.match.driver.state.actions) >= 1 or app.match.human_turn()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.step(DT)
        assert not app.running
    finally:
        app.close()
    # close() has killed the worker; on a loaded machine the pool's own thread may reap it a
    # moment later than our join, so allow it time to be seen gone (a generous bound, not a speed).
    for _ in range(300):
        if not thinker.alive():
            break
        time.sleep(0.1)
    assert not thinker.alive()
