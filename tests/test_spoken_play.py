"""Played by ear: with speech on, a hand played with keyboard events alone is spoken from the deal
to the summary — every call and card with its seat, each trick's winner, 'your turn' with what may
be played, the focused card or call as the arrows move, the hand read suit by suit (R).

The voice is a fake backend that records what it is given; frames advance by a fixed dt.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.actions import PASS, SUN, is_card
from game.events import BidMade, CardPlayed, HandScored, RaiseMade, TrickWon
from game.match import MatchState
from ui import i18n
from ui.app import App
from ui.audio.announce import card_words
from ui.audio.narrator import hand_by_suit, spoken
from ui.audio.speech import Speaker
from ui.files.settings import Settings
from ui.table.worker import InlineThinker
from ui.text import seat_tr

DT = 50.0
MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


class FakeVoice:
    name = "fake"

    def __init__(self) -> None:
        self.said: list[str] = []

    def speak(self, text: str, language: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        pass


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def make_app(voice: FakeVoice, language: str = "en", seed: int = 8) -> App:
    settings = Settings(animation_speed="fast", sound=False, language=language, speech=True)
    speaker = Speaker(enabled=True, language=language, backend=voice, detect=False)
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=(1280, 800), sound=False,
               ai="random", speaker=speaker)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 4000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never reached the expected state")


def in_order(said: list[str], wanted: list[str]) -> None:
    """Each wanted text is in an utterance, in this order."""
    i = 0
    for want in wanted:
        while i < len(said) and want not in said[i]:
            i += 1
        assert i < len(said), f"never said (in order): {want!r}\nsaid: {said}"
        i += 1


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_hand_played_by_keyboard_is_spoken_from_deal_to_summary(language: str) -> None:
    voice = FakeVoice()
    app = make_app(voice, language)
    t = app.match
    assert t is not None
    posted: list[int] = []
    real_post = pygame.event.post

    def spy(event: pygame.event.Event) -> bool:
        posted.append(event.type)
        return bool(real_post(event))

    pygame.event.post = spy  # type: ignore[assignment]
    turns: list[tuple[int, list[str]]] = []
    read = ""
    try:
        for _ in range(80):
            run_until(app, lambda: t.human_turn() or t.animator.hud.summary is not None)
            if t.animator.hud.summary is not None:
                break
            app.step(DT)
            legal = t.driver.legal_actions()
            before = len(voice.said)
            want = next((a for a in (SUN, PASS) if a in legal), None)
            if want is None:
                cards = [c for c in t.table.hands[0] if c in legal]
                want = cards[-1] if cards else legal[0]
            if is_card(want) and not read:
                read = hand_by_suit(t.table.hands[0])  # in the order drawn
                press(app, pygame.K_r)  # R reads the hand, suit by suit
                assert voice.said[-1] == read
                before = len(voice.said)
            press(app, pygame.K_RIGHT)  # the first arrow shows the selection, and says it
            for _ in range(16):
                if t.selection.target is not None and t.selection.target[1] == want:
                    break
                press(app, pygame.K_RIGHT)
            focus = voice.said[before:]
            expected = card_words(want) if is_card(want) else spoken(t.action_label(want))
            assert focus and focus[-1] == expected, "the focus says the card or call it is on"
            turns.append((want, focus))
            n = t.driver.actions_count()
            press(app, pygame.K_RETURN)
            assert t.driver.actions_count() == n + 1
        run_until(app, lambda: t.animator.hud.summary is not None)
        app.step(DT)
    finally:
        pygame.event.post = real_post  # type: ignore[assignment]
    try:
        assert posted and not set(posted) & MOUSE, "keyboard events only"
        said = voice.said
        names = t.animator.hud.names
        # replay the hand in the engine: what had to be said, in order
        replay = MatchState(t.driver.match_seed, t.driver.state.rules)
        events = []
        for a in t.driver.state.actions:
            events += replay.apply(a)
        wanted = [seat_tr("note.new_hand", replay.sheet[0].dealer, names, number=1)]
        for e in events:
            if isinstance(e, BidMade | RaiseMade):
                wanted.append(names[e.seat] + ": ")
            elif isinstance(e, CardPlayed):
                wanted.append(i18n.tr("say.card", seat=names[e.seat], card=card_words(e.card)))
            elif isinstance(e, TrickWon):
                key = "announce.trick_won_you" if e.seat == 0 else "announce.trick_won"
                wanted.append(i18n.tr(key, seat=names[e.seat]))
            elif isinstance(e, HandScored):
                wanted.append(i18n.tr(f"sum.winner.{e.score.winner}"))
                break
        in_order(said, wanted)
        cards_played = sum(isinstance(e, CardPlayed) for e in events)
        assert cards_played == 32
        # 'your turn' with what may be played, before each of South's cards
        south_cards = [a for a, _f in turns if is_card(a)]
        assert len(south_cards) == 8
        start = i18n.tr("say.your_turn_cards", cards="")[:5]
        prompts = [s for s in said if s.startswith(start)]
        assert len(prompts) >= 8
        anything = [i18n.tr("say.your_turn_any", count=n) for n in range(2, 9)]
        for card in south_cards:
            assert any(card_words(card) in p or p in anything for p in prompts)
        assert any(p not in anything for p in prompts), "a turn that lists the playable cards"
        assert read, "R was pressed during the card play"
        if language == "ar":
            assert all(i18n.has_arabic(s) for s in said if s.strip())
    finally:
        app.close()


def test_r_reads_the_hand_by_suit() -> None:
    from game.cards import parse_cards

    hand = parse_cards("AS KS 9H JC 7D")
    text = hand_by_suit(hand)
    assert text.startswith("Your hand, 5 cards.")
    assert "Spades: Ace, King" in text and "Hearts: Nine" in text and "Clubs: Jack" in text
    assert "Diamonds: Seven" in text
    assert text.index("Spades") < text.index("Hearts") < text.index("Clubs") < text.index("Diamonds")
    i18n.set_language("ar")
    assert i18n.has_arabic(hand_by_suit(hand))


def test_the_commentary_waits_for_the_voice_and_the_table_waits_for_the_commentary() -> None:
    """A voice still speaking holds the next computer move (a blind player keeps up), and queued
    sentences are spoken one after another, not cut off; a key the player presses cuts in."""

    class SlowVoice(FakeVoice):
        def __init__(self) -> None:
            super().__init__()
            self.speaking = False

        def busy(self) -> bool:
            return self.speaking

        def speak(self, text: str, language: str) -> None:
            super().speak(text, language)
            self.speaking = self.holds

        holds = True

    voice = SlowVoice()
    speaker = Speaker(enabled=True, backend=voice, detect=False)
    speaker.queue("one")
    speaker.queue("two")
    assert voice.said == ["one"] and speaker.busy()
    speaker.poll()
    assert voice.said == ["one"], "the second waits for the first"
    voice.speaking = False
    speaker.poll()
    assert voice.said == ["one", "two"]
    speaker.queue("three")
    speaker.say("cut in")
    assert voice.said[-1] == "cut in"
    voice.speaking = False
    speaker.poll()
    assert "three" not in voice.said, "what the player asked for replaces the queue"

    voice = SlowVoice()
    app = make_app(voice, seed=1)  # North speaks first
    t = app.match
    assert t is not None
    try:
        for _ in range(200):  # the deal is said and the voice never finishes
            app.step(DT)
        assert voice.said and t.idle() and t.driver.thinking_seat() == 2
        assert t.driver.actions_count() == 0, "no move while the voice speaks"
        voice.holds = voice.speaking = False
        run_until(app, lambda: t.driver.actions_count() > 0)
    finally:
        app.close()


def test_the_menus_say_where_the_focus_is() -> None:
    voice = FakeVoice()
    settings = Settings(sound=False, speech=True)
    speaker = Speaker(enabled=True, backend=voice, detect=False)
    app = App(1, settings=settings, thinker=InlineThinker(), size=(1280, 800), sound=False, menu=True,
              speaker=speaker)
    try:
        app.step(DT)
        press(app, pygame.K_DOWN)
        assert voice.said[-1] == i18n.tr("menu.learn")
        press(app, pygame.K_DOWN)
        assert voice.said[-1] == i18n.tr("menu.puzzles")
        press(app, pygame.K_DOWN)
        assert voice.said[-1] == i18n.tr("menu.settings")
        press(app, pygame.K_DOWN)
        assert voice.said[-1] == i18n.tr("menu.howto")
        press(app, pygame.K_UP)
        press(app, pygame.K_RETURN)  # Settings: the tabs, then each row with its value
        press(app, pygame.K_DOWN)
        assert voice.said[-1] == f"{i18n.tr('settings.name_south')}: You"
        press(app, pygame.K_TAB)
        press(app, pygame.K_TAB)
        press(app, pygame.K_TAB)
        press(app, pygame.K_TAB)
        assert voice.said[-1] == f"{i18n.tr('settings.difficulty_east')}: {i18n.tr('difficulty.medium')}"
        press(app, pygame.K_RIGHT)
        assert voice.said[-1] == f"{i18n.tr('settings.difficulty_east')}: {i18n.tr('difficulty.hard')}"
    finally:
        app.close()


def test_an_overlay_says_what_it_shows_when_it_opens() -> None:
    voice = FakeVoice()
    app = make_app(voice, seed=2)
    t = app.match
    assert t is not None
    try:
        for _ in range(4000):
            if t.animator.hud.last_trick is not None and t.human_turn():
                break
            if t.human_turn():
                legal = t.driver.legal_actions()
                t.submit(PASS if PASS in legal else legal[0])
            app.step(DT)
        assert t.animator.hud.last_trick is not None
        press(app, pygame.K_l)
        winner, cards = t.animator.hud.last_trick
        said = voice.said[-1]
        assert said.startswith(seat_tr("last.title", winner, t.animator.hud.names))
        for seat, card in cards:
            assert card_words(card) in said and t.animator.hud.names[seat] in said
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_b)
        assert all(c.words() in voice.said[-1] or spoken(c.words()) in voice.said[-1]
                   for c in t.animator.hud.calls)
    finally:
        app.close()


def test_shown_projects_and_the_best_project_are_said() -> None:
    from game.events import ProjectsCompared, ProjectsShown
    from game.projects import Project
    from ui.audio.narrator import Narrator
    from ui.table.animator import Hud

    said: list[str] = []
    narrator = Narrator(said.append)
    sira = Project("sira", (1 << 7) | (1 << 6) | (1 << 5), 7, False, 0)
    hud = Hud(names=("You", "Fahad", "Noura", "Saad"))
    narrator.on_event(ProjectsCompared(1, sira, 1), hud)
    narrator.on_event(ProjectsShown(1, (sira,)), hud)
    assert said == ["Best project: Sira (Fahad)",
                    "Fahad shows Ace of Spades, King of Spades, Queen of Spades"]
