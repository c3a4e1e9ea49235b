"""Issue 51, headless: the course and the puzzles from the main menu, played with clicks as a person
would; a refusal is shown with the lesson's words or the card's cost; progress and the statistics
are saved. Frames advance by a fixed dt; every file goes to a temporary BALOOT_DATA_DIR."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ui import i18n
from ui.app import App
from ui.audio.narrator import spoken
from ui.audio.speech import Speaker
from ui.files.settings import Settings
from ui.files.storage import ENV_DIR
from ui.learn.puzzles import reaches
from ui.learn.screens import LessonScreen, LessonsMenu, PuzzleScreen, PuzzlesMenu
from ui.table.worker import InlineThinker
from ui.text import tr

DT = 50.0


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DIR, str(folder))
    yield folder
    i18n.set_language("en")


def make_app(language: str = "en") -> App:
    return App(3, humans=(0,), settings=Settings(animation_speed="fast", sound=False, language=language),
               thinker=InlineThinker(), size=(1024, 640), sound=False, ai="random", persist=True, menu=True)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def button(app: App, name: str) -> tuple[int, int]:
    screen = app.screens[-1]
    for it in screen.items:
        if it.name == name:
            c = it.widgets[0].rect.center
            return int(c[0]), int(c[1])
    raise AssertionError(f"no {name} in {[it.name for it in screen.items]}")


def play(app: App, screen: LessonScreen | PuzzleScreen, action: int) -> None:
    for a, rect in screen.call_rects:
        if a == action:
            click(app, rect.center)
            return
    for card, rect in screen.south_cards():
        if card == action:
            click(app, (rect.centerx, rect.y + rect.h // 4))
            return
    raise AssertionError(f"cannot play {action}")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_lesson_from_the_main_menu_to_its_end(data_dir: Path, language: str) -> None:
    app = make_app(language)
    try:
        app.step(DT)
        click(app, button(app, "learn"))
        menu = app.screens[-1]
        assert isinstance(menu, LessonsMenu) and len(menu.lessons) == 10
        click(app, button(app, "lesson:2"))  # Hokum: a refusal, then to the end
        screen = app.screens[-1]
        assert isinstance(screen, LessonScreen)
        g = screen.game
        refused = False
        for _ in range(500):
            if g.finished():
                break
            if g.waiting:
                click(app, button(app, "next"))
            elif g.players_turn():
                step = g.pending()
                assert step is not None
                wrong = [a for a in g.state.legal_actions() if a != step.move]
                if wrong and not refused:
                    play(app, screen, wrong[0])
                    assert screen.feedback == tr(step.wrong) and screen.tone == "mistake"
                    refused = True
                play(app, screen, step.move)
            else:
                app.step(DT)
        assert g.finished() and refused
        saved = json.loads((data_dir / "learning.json").read_text(encoding="utf-8"))
        assert saved["data"]["lessons"] == ["hokum"]
        press(app, pygame.K_ESCAPE)
        assert app.screens[-1] is menu
        assert "✓" in next(it.words for it in menu.items if it.name == "lesson:2")
    finally:
        app.close()


def test_a_puzzle_refuses_a_losing_card_and_counts_the_solve(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        click(app, button(app, "puzzles"))
        menu = app.screens[-1]
        assert isinstance(menu, PuzzlesMenu) and len(menu.puzzles) >= 90
        click(app, button(app, "next"))
        screen = app.screens[-1]
        assert isinstance(screen, PuzzleScreen)
        values = screen.game.values()
        losing = [c for c, v in values.items() if not reaches(v)]
        play(app, screen, losing[0])
        assert screen.tone == "mistake" and screen.game.step == 0
        click(app, button(app, "hint"))
        assert screen.tone == "small" and list(screen.rings) == [screen.game.next_card()]
        for _ in range(500):
            if screen.game.solved():
                break
            if screen.players_turn():
                play(app, screen, screen.game.hint())
            else:
                app.step(DT)
        assert screen.game.solved()
        stats = json.loads((data_dir / "statistics.json").read_text(encoding="utf-8"))["data"]
        assert stats["puzzles_solved"] == 1 and stats["puzzle_streak"] == 1
        progress = json.loads((data_dir / "learning.json").read_text(encoding="utf-8"))["data"]
        assert progress["puzzles"] == [screen.game.puzzle.id]
        click(app, button(app, "next"))  # the next puzzle, another one
        nxt = app.screens[-1]
        assert isinstance(nxt, PuzzleScreen) and nxt.game.puzzle.id != screen.game.puzzle.id
    finally:
        app.close()


def test_a_damaged_progress_file_is_reported_on_the_menu(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "learning.json").write_text("{broken", encoding="utf-8")
    app = make_app()
    try:
        app.step(DT)
        click(app, button(app, "learn"))
        menu = app.screens[-1]
        assert isinstance(menu, LessonsMenu) and menu.problems and len(menu.lessons) == 10
        assert list(data_dir.glob("learning.json.bad-*"))
    finally:
        app.close()


def test_with_speech_on_the_lesson_says_its_words() -> None:
    voice = FakeVoice()
    speaker = Speaker(enabled=True, backend=voice, detect=False)
    app = App(3, humans=(0,), settings=Settings(sound=False, speech=True), thinker=InlineThinker(),
              size=(1024, 640), sound=False, menu=True, speaker=speaker)
    try:
        app.step(DT)
        click(app, button(app, "learn"))
        click(app, button(app, "lesson:0"))
        screen = app.screens[-1]
        assert isinstance(screen, LessonScreen)
        for _ in range(40):
            app.step(DT)
        assert spoken(tr("learn.tricks.intro")) in " ".join(voice.said)
        for _ in range(200):
            if screen.game.waiting:
                press(app, pygame.K_SPACE)
            elif screen.game.computer_ready():
                app.step(DT)
            else:
                break
        play(app, screen, next(c for c in screen.state.legal_actions() if c != screen.game.pending().move))  # type: ignore[union-attr]
        app.step(DT)
        assert voice.said[-1] == spoken(tr("learn.tricks.wrong_follow"))
    finally:
        app.close()


class FakeVoice:
    name = "fake"

    def __init__(self) -> None:
        self.said: list[str] = []

    def speak(self, text: str, language: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        pass
