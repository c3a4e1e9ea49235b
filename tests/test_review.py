"""The review of a hand (ui/review/screen.py), headless, by the window's own events: opened after a
hand from its summary, stepped through with the keys (open hands and tricks checked against the
record, replayed apart), the coach marking a seeded deliberate mistake and not the engine's own
move, "take back to here" restarting at that decision with the same cards (a practice, not saved
or counted), a match exported and opened again reviewing identically, a damaged record reported
in plain words and left alone, a deal copied and opened again.

The coach thinks inline here (the test's frames wait for it); most tests give it a small budget,
the deliberate mistake is judged with the real one.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import ai.coach as coach_module
from ai.coach import Estimate, Verdict, evaluate
from game.actions import action_str, is_card, parse_action
from game.events import TrickWon
from game.match import MatchState
from game.notation import from_notation
from game.record import main as record_main
from game.record import record_of
from game.rules import Rules
from game.state import RoundState
from ui import i18n
from ui.app import App
from ui.clipboard import paste_text
from ui.files.records import records_dir
from ui.files.savegame import load_match
from ui.files.settings import Settings
from ui.review.model import source_of_match
from ui.review.practice import PracticeEndScreen, PracticeTable
from ui.review.screen import ReviewScreen
from ui.screens import MainMenu, Screen
from ui.screens.open_record import OpenRecordScreen
from ui.table.overlays import HandSummaryScreen
from ui.table.scene import TableScene
from ui.table.worker import InlineThinker
from ui.text import card_label, contract_label, seat_tr, tr, trn

DT = 40.0
TRUMPS_PARTNER = ("deal rules=- dealer=N score=0-0 S=8S.10D.8C.9C.AC E=10H.KH.QD.KD.KC N=9S.10S.JH.AH.AD "
                  "W=QS.QH.9D.7C.QC buy=7S stock=7D.10C.KS.AS.JS.JC.8H.JD.8D.7H.9H "
                  "moves=pass,pass,pass,hokum,pass,pass,pass,hokum,pass,pass,7D,10D,declare,8D,AD,AH,QH")
"""North leads A♥ to a Hokum ♠ hand and South, out of hearts, may play anything (tests/test_coach.py)."""


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach with a small budget: these tests look at the review, not at the verdicts."""
    monkeypatch.setattr(coach_module, "COACH_CONFIG", replace(coach_module.COACH_CONFIG, iterations=150,
                                                               call_worlds=16))
    monkeypatch.setattr(coach_module, "CARD_EVAL_ITERATIONS", 120)
    monkeypatch.setattr(coach_module, "CALL_EVAL_DEALS", 16)


@pytest.fixture
def quick_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's real card search, with fewer simulated deals for the calls before the card."""
    monkeypatch.setattr(coach_module, "COACH_CONFIG", replace(coach_module.COACH_CONFIG, call_worlds=40))
    monkeypatch.setattr(coach_module, "CALL_EVAL_DEALS", 40)


def make_app(menu: bool = False, persist: bool = False, language: str = "en") -> App:
    settings = Settings(animation_speed="instant", sound=False, language=language)
    return App(7, humans=(0,), settings=settings, thinker=InlineThinker(), size=(1280, 800), sound=False,
               ai="random", menu=menu, persist=persist)


def run_until(app: App, cond: Callable[[], bool], frames: int = 6000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("never got there")


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)


def press_button(app: App, name: str) -> None:
    """Click the top screen's button `name` where it is drawn."""
    screen = app.top
    assert screen is not None
    assert isinstance(screen, Screen)
    item = next(it for it in screen.items if it.name == name)
    click(app, item.rect.center)


def play_hand(app: App, seed: int = 3) -> None:
    """South plays seeded random legal moves until the hand summary."""
    t = app.match
    assert t is not None
    rng = random.Random(seed)
    for _ in range(20_000):
        if isinstance(app.top, HandSummaryScreen):
            return
        if t.human_turn():
            legal = t.driver.legal_actions()
            t.submit(legal[rng.randrange(len(legal))])
        app.step(DT)
    raise AssertionError("the hand never ended")


def review_on_top(app: App) -> ReviewScreen:
    top = app.top
    assert isinstance(top, ReviewScreen), type(top)
    return top


def open_text(app: App, text: str) -> None:
    """Main menu → Open a record, the text typed into its field, Enter."""
    if not isinstance(app.top, OpenRecordScreen):
        press_button(app, "open")
    screen = app.top
    assert isinstance(screen, OpenRecordScreen)
    screen.items[0].widgets[0].set_text(text)
    screen.set_focus("entry")
    key(app, pygame.K_RETURN)
    app.step(DT)  # the field's "finished" event comes on the next frame


def test_the_review_after_a_hand_steps_through_the_open_hands_and_tricks_of_the_record(
        quick_coach: None) -> None:
    app = make_app()
    try:
        play_hand(app)
        press_button(app, "review")
        rv = review_on_top(app)
        assert rv.review.number == 1 and rv.source.is_match
        # the hand replayed apart from the review, from the record of the match
        record = record_of(app.match.driver.state)  # type: ignore[union-attr]
        m = MatchState(record["seed"])
        ref = RoundState(m.round.base)  # type: ignore[arg-type]
        actions = [parse_action(a) for a in record["actions"]]
        key(app, pygame.K_HOME)
        assert rv.index == 0
        assert rv.review.steps[0].hands == tuple(ref.hands)
        tricks: list[TrickWon] = []
        for i, a in enumerate(actions):
            if ref.is_over():
                break
            events = ref.apply(a)
            key(app, pygame.K_RIGHT)
            assert rv.index == i + 1
            step = rv.review.steps[rv.index]
            assert step.hands == tuple(ref.hands), f"the open hands after action {i + 1}"
            assert step.action == a and step.points == tuple(ref.points)
            tricks += [e for e in events if isinstance(e, TrickWon)]
            assert [(t.leader, t.cards, t.winner, t.points) for t in step.tricks] == \
                [(t.leader, t.cards, t.seat, t.points) for t in tricks]
            if is_card(a) and not any(isinstance(e, TrickWon) for e in events):
                assert step.trick is not None and step.trick.cards == tuple(ref.trick)
            assert rv.caption(), "every step is said in words"
        assert ref.is_over() and rv.index == len(rv.review.steps) - 1
        key(app, pygame.K_RIGHT)
        assert rv.index == len(rv.review.steps) - 1, "→ stops at the end"
        names = rv.names()
        rows = rv.list_rows()
        assert len(rows) == 1 + len(tricks)
        for row, t in zip(rows[1:], tricks, strict=True):
            assert names[t.seat] in row.detail and str(t.points) in row.detail
        click(app, rv.row_rects[2].center)
        assert rv.review.steps[rv.index].trick is not None
        assert rv.review.steps[rv.index].trick.number == 2  # type: ignore[union-attr]
        slider = rv.rl.slider
        click(app, (slider.left, slider.centery))
        assert rv.index == 0
        key(app, pygame.K_END)
        assert rv.index == len(rv.review.steps) - 1
        run_until(app, rv.coach.done)
        assert rv.coach.total() == len(rv.review.decisions) > 0
        press_button(app, "close")
        assert isinstance(app.top, HandSummaryScreen)
        # during the next hand, the score sheet reviews the hands played (not the one being played)
        press_button(app, "continue")
        t = app.match
        assert t is not None
        run_until(app, t.human_turn)
        key(app, pygame.K_p)
        press_button(app, "review")
        again = review_on_top(app)
        assert [h.number for h in again.source.hands] == [1] and again.review.steps == rv.review.steps
    finally:
        app.close()


def _deal_with(move: str) -> str:
    return TRUMPS_PARTNER + "," + move


def test_the_coach_marks_a_deliberate_mistake_and_not_the_engines_own_move(quick_calls: None) -> None:
    obs = from_notation(TRUMPS_PARTNER).observation(0)
    preferred = evaluate(obs, parse_action("JS")).preferred
    app = make_app(menu=True)
    try:
        app.step(DT)
        open_text(app, _deal_with("JS"))
        rv = review_on_top(app)
        last = len(rv.review.steps) - 1
        assert rv.review.decision_at(last) is not None, "South's J♠ is one of its decisions"
        run_until(app, rv.coach.done, 400)
        v = rv.coach.verdict(last)
        assert v is not None and v.mistake and v.cost >= 2 and v.preferred == preferred
        assert rv.tone(last) == "mistake"
        assert last in rv.coach.mistakes()
        assert rv.index == min(rv.coach.mistakes()), "the review opens on the first mistake"
        assert "Mistake" in (rv.verdict_words() or rv).head  # type: ignore[union-attr]
        assert "never from the open cards" in i18n.tr("coach.caveat")
        press_button(app, "close")
        # the same deal, South making the engine's own move there: not marked
        open_text(app, _deal_with(action_str(preferred)))
        rv = review_on_top(app)
        run_until(app, rv.coach.done, 400)
        own = rv.coach.verdict(len(rv.review.steps) - 1)
        assert own is not None and own.agrees and not own.mistake
        assert rv.tone(len(rv.review.steps) - 1) == "good"
        for d in rv.review.decisions:
            verdict = rv.coach.verdict(d.step)
            assert verdict is not None and (not verdict.agrees or not verdict.mistake)
    finally:
        app.close()


def test_take_back_restarts_at_that_decision_with_the_same_cards_and_is_not_counted(
        quick_coach: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path))
    app = make_app(persist=True)
    try:
        play_hand(app)
        real_actions = list(app.match.driver.state.actions)  # type: ignore[union-attr]
        hands_counted = app.recorder.statistics.hands_played
        press_button(app, "review")
        rv = review_on_top(app)
        d = rv.review.decisions[len(rv.review.decisions) // 2]
        rv.go(d.step)
        app.step(DT)
        press_button(app, "takeback")
        practice = app.top
        assert isinstance(practice, PracticeTable)
        run_until(app, practice.human_turn)
        st = practice.driver.state.round
        before = rv.review.state_at(d.action_index)
        assert st.hands == before.hands and list(st.actions) == list(before.actions), "the same cards"
        assert practice.driver.human_to_move() == 0
        assert tuple(practice.observation().legal_actions) == d.observation.legal_actions
        assert practice.observation() == d.observation, "the very position South decided in"
        # play the hand out differently: the window's match and its statistics do not change
        run_until(app, lambda: _play_first(app, practice) or isinstance(app.top, PracticeEndScreen), 20_000)
        assert app.recorder.statistics.hands_played == hands_counted, "practice is not counted"
        saved, _problem = load_match()
        assert saved is not None and list(saved.match.actions) == real_actions, "nor saved"
        press_button(app, "done")
        assert app.top is rv
        press_button(app, "replay")  # the deal from its first call
        again = app.top
        assert isinstance(again, PracticeTable)
        assert again.driver.state.round.base == rv.review.base, "the same cards, dealer and score"
        run_until(app, again.human_turn)
        first = rv.review.decisions[0].action_index
        assert again.driver.state.round.actions == list(rv.review.actions[:first]), \
            "the same computer players: the same calls up to South's first decision"
        again.leave()
        press_button(app, "close")
        press_button(app, "continue")
        t = app.match
        assert t is not None
        # the match goes on: its computer players' answers were not taken by the practice's
        run_until(app, lambda: _play_first(app, t) or len(t.driver.state.actions) > len(real_actions) + 4,
                  3000)
        assert any(seat != 0 for seat, _a in t.driver.state.round.log)
    finally:
        app.close()


def _play_first(app: App, practice: TableScene) -> bool:
    if app.top is practice and practice.human_turn():
        practice.submit(practice.driver.legal_actions()[0])
    return False


def test_a_match_exported_and_opened_again_reviews_identically(
        quick_coach: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path))
    app = make_app()
    try:
        play_hand(app)
        press_button(app, "review")
        rv = review_on_top(app)
        run_until(app, rv.coach.done)
        press_button(app, "export")
        files = list(records_dir().glob("*.json"))
        assert len(files) == 1 and str(files[0]) in rv.notice and not app.toasts.text
        data = json.loads(files[0].read_text(encoding="utf-8"))
        assert data["format"] == "baloot-record" and data["players"][0] == "human"
        assert record_main(["replay", str(files[0])]) == 0, "python -m game.record replays it"
        original = rv
        app.to_main_menu()
        app.step(DT)
        press_button(app, "open")
        opener = app.top
        assert isinstance(opener, OpenRecordScreen) and opener.files == files
        press_button(app, "file_0")
        again = review_on_top(app)
        assert [h.number for h in again.source.hands] == [h.number for h in original.source.hands]
        assert again.review.steps == original.review.steps
        assert [d.observation for d in again.review.decisions] == \
            [d.observation for d in original.review.decisions]
        run_until(app, again.coach.done)
        assert [again.coach.verdict(d.step) for d in again.review.decisions] == \
            [original.coach.verdict(d.step) for d in original.review.decisions]
        assert again.index == original.index or not original.coach.mistakes()
    finally:
        app.close()


BAD_FILES: list[tuple[str, bytes, str]] = [
    ("garbage.json", b"\x00\xff not json at all", "damaged or incomplete"),
    ("truncated.json", b'{"format": "baloot-record", "version": 1, "seed": 4, "actions": ["pa', "damaged"),
    ("empty.json", b"   ", "is empty"),
    ("foreign.json", b'{"hello": "world"}', "not a Baloot record"),
    ("newer.json", b'{"format": "baloot-record", "version": 9, "seed": 1, "actions": []}', "another version"),
    ("illegal.json", b'{"format": "baloot-record", "version": 1, "seed": 4, "actions": ["AS", "pass"]}',
     "move 1 is not possible"),
    ("code.json", b'{"format": "baloot-record", "version": 1, "seed": 4, "actions": ["pass"],'
                  b' "players": ["human", "os:system", "random", "random"]}', "not allowed (players/1)"),
    ("huge_number.json",
     b'{"format": "baloot-record", "version": 1, "seed": ' + b"9" * 40 + b', "actions": []}', "damaged"),
]


def test_a_damaged_record_is_reported_in_plain_words_and_left_alone(tmp_path: Path) -> None:
    app = make_app(menu=True)
    try:
        app.step(DT)
        for name, content, words in BAD_FILES:
            path = tmp_path / name
            path.write_bytes(content)
            open_text(app, str(path))
            screen = app.top
            assert isinstance(screen, OpenRecordScreen), name
            assert words in screen.problem and name in screen.problem, (name, screen.problem)
            assert path.read_bytes() == content, "the player's file is never changed or moved"
        open_text(app, str(tmp_path / "nowhere.json"))
        assert "There is no file called nowhere.json" in app.top.problem  # type: ignore[union-attr]
        open_text(app, "deal rules=- dealer=Q")
        assert "not a deal" in app.top.problem  # type: ignore[union-attr]
        i18n.set_language("ar")
        app.apply_settings(replace(app.settings, language="ar"))
        open_text(app, str(tmp_path / "foreign.json"))
        problem = app.top.problem  # type: ignore[union-attr]
        assert "foreign.json" in problem and any("\u0600" <= ch <= "\u06ff" for ch in problem)
        assert "Baloot record" not in problem, "no English in Arabic"
        app.step(DT)
    finally:
        app.close()


def test_a_deal_copied_from_the_review_opens_again(quick_coach: None) -> None:
    app = make_app()
    try:
        play_hand(app)
        press_button(app, "review")
        rv = review_on_top(app)
        press_button(app, "copy")
        notation = rv.review.notation()
        assert notation.startswith("deal ") and paste_text() == notation
        assert "clipboard" in rv.notice and not app.toasts.text, "said in the review, not over its title"
        app.to_main_menu()
        app.step(DT)
        press_button(app, "open")
        opener = app.top
        assert isinstance(opener, OpenRecordScreen)
        assert opener.entry_value() == notation, "a copied deal is there already"
        key(app, pygame.K_RETURN)
        app.step(DT)
        again = review_on_top(app)
        assert not again.source.is_match
        assert again.review.steps == rv.review.steps
        assert "export" not in {it.name for it in again.items}, "a deal is not a match to export"
    finally:
        app.close()


def test_page_down_reviews_the_next_hand_and_m_the_next_mistake(quick_coach: None) -> None:
    from game.record import random_match
    from ui.review.model import source_of_match
    m = random_match(5, 5)
    source = source_of_match(m, ("human", "random", "random", "random"), 5)
    app = make_app(menu=True)
    try:
        app.step(DT)
        rv = ReviewScreen(app, source, 0)
        app.open_screen(rv)
        run_until(app, rv.coach.done)
        key(app, pygame.K_PAGEDOWN)
        assert rv.hand == 1 and rv.review.number == 2 and rv.index == 0
        key(app, pygame.K_PAGEUP)
        key(app, pygame.K_PAGEUP)
        assert rv.hand == 0
        run_until(app, rv.coach.done)
        key(app, pygame.K_HOME)
        key(app, pygame.K_m)
        mistakes = rv.coach.mistakes()
        assert rv.index == (mistakes[0] if mistakes else 0)
        assert "→" not in rv.caption()
        for _ in range(3):
            key(app, pygame.K_TAB)
        assert rv.keyboard, "the focus ring shows once the keyboard moves it"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MainMenu)
    finally:
        app.close()


# ----- issue 50: what a newcomer read in the review ----------------------------------------------

def _one_hand(seed: int, rules: Rules | None = None) -> MatchState:
    """A match whose first hand was played to its end by random legal moves (the engine alone)."""
    m = MatchState(seed, rules or Rules())
    rng = random.Random(seed)
    while not m.sheet:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def _review_of(app: App, m: MatchState) -> ReviewScreen:
    rv = ReviewScreen(app, source_of_match(m, ("human",) * 4, 0, finished_only=True), 0)  # type: ignore[arg-type]
    app.open_screen(rv)
    return rv


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_coach_says_you_deal_not_you_deals(quick_coach: None, language: str) -> None:
    """The player's own seat takes the `_you` form of a sentence (item 3): 'you deal', 'أنت الموزّع'."""
    seed = next(s for s in range(40) if MatchState(s, Rules()).dealer == 0)
    app = make_app(language=language)
    try:
        rv = _review_of(app, _one_hand(seed))
        assert rv.review.base.dealer == 0
        words = rv.caption(0)
        assert words == tr("review.dealt_you", card=card_label(rv.review.base.buying_card))
        assert ("you deal;" in words) if language == "en" else ("أنت الموزّع" in words and "يوزّع" not in words)
        names = rv.names()
        assert seat_tr("review.dealt", 1, names, card="9♠") == tr("review.dealt", seat=names[1], card="9♠")
        noura = seat_tr("review.dealt", 2, names, card="9♠")  # Noura, a woman: the verb agrees
        assert noura == tr("review.dealt_she", seat=names[2], card="9♠")
        if language == "ar":
            assert "توزّع" in noura and "يوزّع" not in noura
    finally:
        app.close()


def test_a_belote_record_names_its_contract_as_its_table_does(quick_coach: None) -> None:
    """Classic Belote reviewed: '♥ trump by Saad', never 'Hokum ♥' (item 4)."""
    belote = Rules.preset("belote")
    hands = (_one_hand(s, belote) for s in range(60))
    m = next(h for h in hands if h.sheet[0].contract is not None and not h.sheet[0].contract.sun)
    app = make_app()
    try:
        rv = _review_of(app, m)
        contract = rv.review.steps[-1].contract
        assert contract is not None
        detail = rv.list_rows()[0].detail
        assert detail == contract_label(contract, rv.names(), belote=True) and "Hokum" not in detail
        captions = " ".join(rv.caption(k) for k in range(1, len(rv.review.steps)))
        assert "Hokum" not in captions and "trump" in captions
    finally:
        app.close()


def test_no_mistake_is_never_said_beside_an_orange_mark_and_m_speaks_in_the_panel(quick_coach: None) -> None:
    """Item 6: a small slip (orange) is counted beside 'no mistake'; item 5: M with no mistake
    left says so in the coach's panel, not in a toast over the title."""
    app = make_app()
    try:
        rv = _review_of(app, _one_hand(5))
        decisions = [d for d in rv.review.decisions if len(d.observation.legal_actions) > 1]
        assert decisions
        rv.coach.stop()
        for d in rv.review.decisions:  # the coach agrees with every move but one, a small slip
            rv.coach.cache[rv.coach._cache_key(d)] = Verdict(d.played, d.played, "card")
        slip = decisions[0]
        other = next(a for a in slip.observation.legal_actions if a != slip.played)
        cost = Estimate(-1.0, 0.5, 50), Estimate(0.4, 0.5, 50)  # 1.4 game points: under a mistake
        rv.coach.cache[rv.coach._cache_key(slip)] = Verdict(slip.played, other, "card", *cost)
        assert rv.tone(slip.step) == "small" and not rv.coach.mistakes()
        assert rv.status() == trn("review.no_mistakes_slips", 1) != tr("review.no_mistakes")
        rv.key(pygame.K_m)
        assert rv.notice == rv.status() and not app.toasts.text
        for _ in range(80):
            app.step(DT)
        assert rv.notice == "", "the notice goes after a while"
    finally:
        app.close()
