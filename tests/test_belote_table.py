"""Classic Belote at the table, headless: a hand played by mouse to its summary, belote and rebelote
announced with Space (and by the "announce for me" setting), a King of trump played without its
announcement, the calls of both rounds, the summary's numbers from the engine's HandScore.

Seeds are found with the table's own driver (tests/belote_helpers.py), so the hand the window deals
is the one searched for.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from functools import cache

import pygame
import pytest

from game.actions import HOKUM, HOKUM_SUIT_BASE, PASS, card_of, is_announced
from game.cards import KING, QUEEN, SUIT_SYMBOLS, card_str, suit_of
from game.phase import Phase
from tests.belote_helpers import BELOTE, find_seed, first_hand, south_choice, south_plays_with_belote
from tests.test_ui_table import DT, post_click, run_until, visible_point
from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.table.overlays import HandSummaryScreen
from ui.table.summary_words import belote_rows
from ui.table.worker import InlineThinker
from ui.text import tr


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


@cache
def belote_seed() -> int:
    """A first hand in which South takes in round 1 and plays with the King and Queen of trump."""
    def want(d: object, _rec: object) -> bool:
        took = (0, HOKUM) in d.observation(0).bids  # type: ignore[attr-defined]
        return took and south_plays_with_belote(d)  # type: ignore[arg-type]
    return find_seed(want, until=south_plays_with_belote)


@cache
def round_two_seed() -> int:
    """A first hand in which everybody passes round 1 and South speaks in round 2."""
    def there(d: object) -> bool:
        obs = d.observation(0)  # type: ignore[attr-defined]
        return obs.phase is Phase.BIDDING and obs.bidding_round == 2 and obs.to_move == 0
    return find_seed(lambda d, _rec: there(d), take=False, until=there)


def make_app(seed: int, announce: bool = False, language: str = "en",
             size: tuple[int, int] = (1280, 800)) -> App:
    settings = Settings(animation_speed="fast", sound=False, rules=BELOTE, announce_belote=announce,
                        language=language)
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random")


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def south_turn(app: App) -> bool:
    t = app.match
    return t is not None and (t.human_turn() or t.animator.hud.summary is not None)


def click_call(app: App, action: int) -> None:
    panel = app.match.gui.panel
    assert panel is not None, "no call panel on South's turn"
    post_click(panel.buttons[action].rect.center)
    for _ in range(3):
        app.step(DT)


def play_hand(app: App, space: bool) -> list[int]:
    """South's first hand by mouse (calls on the panel, cards where they are drawn) to the summary;
    with `space`, Space before each announced card. Returns South's actions."""
    t = app.match
    done: list[int] = []
    for _ in range(40):
        run_until(app, lambda: south_turn(app), 6000)
        if t.animator.hud.summary is not None:
            return done
        app.step(DT)
        obs = t.observation()
        want = south_choice(obs)
        state = t.driver.state
        before = len(state.actions)
        if obs.phase is Phase.BIDDING:
            click_call(app, want)
        else:
            if is_announced(want) and space:
                press(app, pygame.K_SPACE)
                assert t.belote_armed, "Space arms the announcement"
                kq = (obs.contract.trump * 8 + KING, obs.contract.trump * 8 + QUEEN)  # type: ignore[union-attr]
                key = "announce.belote_armed" if card_of(want) == kq[0] else "announce.rebelote_armed"
                armed = tr(key, king=card_label_of(kq[0]), queen=card_label_of(kq[1]),
                           card=card_label_of(kq[1]))
                assert armed in app.toasts.text, (app.toasts.text, armed)
            post_click(visible_point(app, card_of(want)))
            app.step(DT)
        assert len(state.actions) == before + 1 and state.actions[-1] == want, (
            "the click became another action", want, state.actions[-1:])
        done.append(want)
    raise AssertionError("the hand never ended")


def card_label_of(card: int) -> str:
    from ui.text import card_label
    return card_label(card)


def test_a_belote_hand_by_mouse_announcing_belote_and_rebelote_with_space() -> None:
    seed = belote_seed()
    app = make_app(seed)
    try:
        t = app.match
        run_until(app, lambda: south_turn(app))
        obs = t.observation()
        assert obs.phase is Phase.BIDDING and obs.bidding_round == 1  # the round 1 panel: Pass, Take ♦
        app.step(DT)
        words = [label for _a, label in t.call_labels()]
        assert words == ["Pass", f"Take {SUIT_SYMBOLS[suit_of(obs.buying_card)]}"]
        assert sorted(t.gui.panel.buttons) == [PASS, HOKUM]
        assert t.gui.panel.subtitle == tr("panel.belote_round1", card=card_label_of(obs.buying_card))
        actions = play_hand(app, space=True)
        said = [a for a in actions if is_announced(a)]
        assert len(said) == 2, f"belote and rebelote, each with Space: {actions}"
        trump = t.driver.state.sheet[0].contract.trump  # type: ignore[union-attr]
        assert [card_of(a) for a in said] == [trump * 8 + KING, trump * 8 + QUEEN]
        assert any(s == "You: Belote!" for s in t.narrator.said), t.narrator.said
        assert any(s == "You: Rebelote!" for s in t.narrator.said)
        # the summary: a screen of its own, its numbers those of the engine's HandScore
        summary = app.top
        assert isinstance(summary, HandSummaryScreen)
        e, record = t.animator.hud.summary  # type: ignore[misc]
        assert record is t.driver.state.sheet[0] and record.score == e.score
        sc = e.score
        assert sc.project_points == (20, 0), "our belote: 20 to us, in every case"
        rows = {label: (us, them) for label, us, them in belote_rows(e, record)}
        assert rows[tr("sum.card_points")] == (str(e.card_points[0]), str(e.card_points[1]))
        assert rows[tr("sum.belote")] == ("20", tr("sum.none"))
        assert rows[tr("sum.added")] == (f"+{sc.points[0]}", f"+{sc.points[1]}")
        assert rows[tr("sum.total")] == tuple(str(v) for v in t.driver.state.scores)
        assert sum(e.card_points) == 162 and sc.points[0] >= 20
        post_click(summary.items[0].widgets[0].rect.center)  # type: ignore[attr-defined]
        run_until(app, lambda: t.animator.hud.hand_number == 2)
    finally:
        app.close()


def test_announce_for_me_plays_the_king_and_queen_announced() -> None:
    app = make_app(belote_seed(), announce=True)
    try:
        actions = play_hand(app, space=False)
        assert len([a for a in actions if is_announced(a)]) == 2
        assert app.match.driver.state.sheet[0].score.project_points[0] == 20  # type: ignore[union-attr]
    finally:
        app.close()


def test_the_king_of_trump_played_without_its_announcement_loses_the_belote() -> None:
    seed = belote_seed()
    app = make_app(seed)
    try:
        t = app.match
        for _ in range(40):
            run_until(app, lambda: south_turn(app), 6000)
            app.step(DT)
            obs = t.observation()
            want = south_choice(obs)
            if obs.phase is Phase.BIDDING:
                click_call(app, want)
                continue
            if not is_announced(want):
                post_click(visible_point(app, card_of(want)))
                app.step(DT)
                continue
            ann = t.announce("space")  # the status first: Space arms it...
            assert t.belote_armed and "ready" in ann.text
            t.belote_armed = False  # ...but this player forgets to
            post_click(visible_point(app, card_of(want)))
            app.step(DT)
            assert t.driver.state.actions[-1] == card_of(want), "the plain King"
            assert app.toasts.text == tr("toast.belote_lost")
            assert t.announce("space").text == tr("announce.belote_lost")
            assert t.observation().belote_said[0] == 0
            return
        raise AssertionError("South never played its King")
    finally:
        app.close()


def test_space_tells_the_belote_of_the_other_seats_and_before_the_trump() -> None:
    from ui.audio.announce import announce

    d, _rec = first_hand(belote_seed(), until=south_plays_with_belote)
    obs = d.observation(0)
    kq = (obs.contract.trump * 8 + KING, obs.contract.trump * 8 + QUEEN)  # type: ignore[union-attr]
    names = ("You", "Fahad", "Noura", "Saad")
    text = announce("space", obs, names).text
    assert "press Space" in text and card_str(kq[0]) != "" and "K" in text
    assert "announced for you" in announce("space", obs, names, auto=True).text
    seat1 = d.observation(1)
    assert announce("space", seat1, names).text in (tr("announce.belote_none"),
                                                      tr("announce.belote_seat", seat="You", team="Them"))
    fresh, _ = first_hand(belote_seed(), until=lambda dd: True)
    assert announce("space", fresh.observation(0), names).text == tr("announce.belote_no_contract")
    assert "1000" in announce("s", obs, names).text


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_round_two_panel_names_the_other_three_suits(language: str) -> None:
    app = make_app(round_two_seed(), language=language)
    try:
        t = app.match
        for _ in range(12):
            run_until(app, lambda: south_turn(app))
            app.step(DT)
            obs = t.observation()
            if obs.bidding_round == 2:
                break
            click_call(app, PASS)
        assert obs.bidding_round == 2 and obs.phase is Phase.BIDDING
        panel = t.gui.panel
        assert panel is not None
        buy = suit_of(obs.buying_card)
        others = [s for s in range(4) if s != buy]
        assert sorted(panel.buttons) == [PASS, *(HOKUM_SUIT_BASE + s for s in others)]
        labels = dict(t.call_labels())
        for s in others:
            assert labels[HOKUM_SUIT_BASE + s] == tr("call.trump_suit", suit=SUIT_SYMBOLS[s])
        assert labels[HOKUM_SUIT_BASE + others[0]] == (
            f"{SUIT_SYMBOLS[others[0]]} trump" if language == "en" else f"الحكم {SUIT_SYMBOLS[others[0]]}")
        assert panel.subtitle == tr("panel.belote_round2", card=card_label_of(obs.buying_card))
        # a call of round 2 on the table: its bubble and the calls panel say "♠ trump"
        click_call(app, HOKUM_SUIT_BASE + others[0])
        run_until(app, lambda: bool(t.animator.hud.calls) and t.animator.hud.calls[-1].seat == 0)
        assert t.animator.hud.calls[-1].words() == labels[HOKUM_SUIT_BASE + others[0]]
        assert t.animator.hud.bubbles[0].text == labels[HOKUM_SUIT_BASE + others[0]]
    finally:
        app.close()


def test_the_demo_plays_classic_belote_with_rules_belote(tmp_path: object) -> None:
    from pathlib import Path

    import main
    from ui.demo import DemoApp, run_demo
    from ui.table.worker import InlineThinker

    out = Path(str(tmp_path))
    args = main.parse_args(["--demo", "--rules", "belote", "--hands", "1"])
    assert args.rules == "belote"
    with pytest.raises(SystemExit):
        main.parse_args(["--rules", "belgian"])
    seen: list[DemoApp] = []
    real_close = DemoApp.close

    def keep(self: DemoApp) -> None:
        seen.append(self)
        real_close(self)

    DemoApp.close = keep  # type: ignore[method-assign]
    try:
        rc = run_demo(2, 1, out, (1024, 640), "random", InlineThinker(), speed="instant", rules="belote")
        assert rc == 0
    finally:
        DemoApp.close = real_close  # type: ignore[method-assign]
    assert seen and seen[0].match is not None and seen[0].match.driver.state.rules == BELOTE
    names = {p.name for p in out.glob("*.png")}
    assert {"01_deal.png", "bid_history_01.png", "05_hand_summary_01.png"} <= names, names
