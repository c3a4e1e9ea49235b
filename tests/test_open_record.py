"""Open a record's file picker (issue 50 item 12, with issue 48): the records opened lately and the
exported matches, remembered in a checked file of the data folder; browsing folders by keyboard;
any paste answered with a message."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.record import dumps, random_match
from ui.app import App
from ui.files.record_picker import (
    KEEP,
    folder_entries,
    load_recent,
    recent_and_exported,
    recent_file,
    remember_opened,
)
from ui.files.settings import Settings
from ui.files.storage import ENV_DIR
from ui.review.screen import ReviewScreen
from ui.screens.open_record import OpenRecordScreen
from ui.table.worker import InlineThinker

DT = 40.0


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DIR, str(folder))
    return folder


def write_record(path: Path, seed: int = 4) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(random_match(seed, seed)))
    return path


def test_opened_records_are_remembered_newest_first_and_gone_ones_dropped(data: Path, tmp_path: Path) -> None:
    a, b = write_record(tmp_path / "a.json"), write_record(tmp_path / "b.json")
    exported = write_record(data / "records" / "baloot-1.json")
    remember_opened(a)
    remember_opened(b)
    remember_opened(a)
    assert [e.path for e in recent_and_exported()] == [a, b, exported]
    b.unlink()
    assert [e.path for e in recent_and_exported()] == [a, exported]
    for i in range(3 * KEEP):
        remember_opened(tmp_path / f"r{i}.json")
    assert len(load_recent()[0]) == KEEP


ENVELOPE = b'{"format": "baloot-recent", "version": 1, "data": '


@pytest.mark.parametrize("content", [b"{", ENVELOPE + b'{"paths": [1]}}',
                                     ENVELOPE + b'{"paths": ["a\\u0000b"]}}',
                                     ENVELOPE + b'{"run": "os:system"}}'])
def test_a_bad_recent_list_is_kept_aside(data: Path, content: bytes) -> None:
    data.mkdir(parents=True)
    (data / "recent.json").write_bytes(content)
    paths, problem = load_recent()
    assert paths == [] and problem is not None
    assert [p.read_bytes() for p in data.glob("recent.json.bad-*")] == [content]
    assert recent_and_exported() == []


def test_folder_entries(tmp_path: Path) -> None:
    (tmp_path / "b-folder").mkdir()
    (tmp_path / "A-folder").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("z.json", "m.JSON", "notes.txt", ".secret.json"):
        (tmp_path / name).write_text("{}")
    rows = folder_entries(tmp_path)
    assert [(e.kind, e.label) for e in rows] == [("up", ".."), ("folder", "A-folder"), ("folder", "b-folder"),
                                                  ("file", "m.JSON"), ("file", "z.json")]
    with pytest.raises(OSError):
        folder_entries(tmp_path / "z.json")


def make_app(language: str = "en", size: tuple[int, int] = (1024, 640)) -> App:
    settings = Settings(animation_speed="instant", sound=False, language=language)
    return App(7, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random", menu=True)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def focus_to(app: App, screen: OpenRecordScreen, name: str) -> None:
    for _ in range(len(screen.items) + 1):
        item = screen.focused()
        if item is not None and item.name == name:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {name}")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_browse_and_open_by_keyboard(data: Path, language: str) -> None:
    """Browse from the exported matches' folder: down the rows (the list scrolls), into a folder,
    Backspace back up, Enter on a record opens its review, which is then remembered."""
    for i in range(30):
        write_record(data / "records" / f"match-{i:02d}.json", seed=i % 5 + 1)
    write_record(data / "records" / "friends" / "from-reem.json", seed=6)
    app = make_app(language)
    try:
        app.step(DT)
        screen = OpenRecordScreen(app)
        app.open_screen(screen)
        app.step(DT)
        assert len(screen.files) == 12  # the newest exported matches
        focus_to(app, screen, "mode")
        key(app, pygame.K_RETURN)
        assert screen.browsing and screen.folder == data / "records"
        assert [e.label for e in screen.rows[:3]] == ["..", "friends", "match-00.json"]
        assert screen.focused() is not None and screen.focused().name == "entry_0"  # type: ignore[union-attr]
        assert screen.shown < len(screen.rows), "more rows than fit: the list scrolls"
        for _ in range(screen.shown + 2):
            key(app, pygame.K_DOWN)
        row = screen.focused_row()
        assert row == screen.shown + 2 and screen.offset == 3
        key(app, pygame.K_PAGEUP)
        assert screen.offset == 0
        screen.set_focus("entry_1")
        key(app, pygame.K_RETURN)
        assert screen.folder == data / "records" / "friends"
        assert [e.label for e in screen.rows] == ["..", "from-reem.json"]
        key(app, pygame.K_BACKSPACE)
        assert screen.folder == data / "records"
        screen.set_focus("entry_1")
        key(app, pygame.K_RETURN)
        screen.set_focus("entry_1")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, ReviewScreen)
        assert load_recent()[0] == [data / "records" / "friends" / "from-reem.json"]
    finally:
        app.close()


@pytest.mark.parametrize("text", ["x" * 1999, "/" + "y" * 1500, "deal " + "z" * 1500])
def test_a_long_paste_on_the_screen_gets_a_message(data: Path, text: str) -> None:
    app = make_app()
    try:
        app.step(DT)
        screen = OpenRecordScreen(app)
        app.open_screen(screen)
        screen.items[0].widgets[0].set_text(text)
        screen.set_focus("entry")
        key(app, pygame.K_RETURN)
        app.step(DT)
        assert app.top is screen and screen.problem
    finally:
        app.close()


def test_a_paste_longer_than_the_field_is_said(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.screens.open_record as module
    monkeypatch.setattr(module, "paste_text", lambda: "p" * 100_000)
    app = make_app()
    try:
        app.step(DT)
        screen = OpenRecordScreen(app)
        app.open_screen(screen)
        screen.pressed("paste")
        assert "neither a deal" in screen.problem and screen.entry_value() == ""
    finally:
        app.close()


def test_an_unreadable_folder_is_said(data: Path, tmp_path: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        screen = OpenRecordScreen(app)
        app.open_screen(screen)
        screen.go_into(tmp_path / "no-such-folder")
        assert "cannot be read" in screen.problem and "no-such-folder" in screen.problem
        assert app.top is screen
    finally:
        app.close()


def test_the_recent_file_is_in_the_data_folder(data: Path) -> None:
    assert recent_file().path == data / "recent.json"
