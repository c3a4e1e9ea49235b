"""One game per data folder (issue 48, item 4), and the data folder's files as links, FIFOs,
folders and devices: a second start says the game is already open and touches nothing; a game
killed with SIGKILL never leaves the lock stuck; no file of the folder, whatever it is, stops the
game or makes it write outside the folder."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ui import i18n
from ui.files import logfile
from ui.files.instance import LOCK_NAME, AlreadyOpen, already_open_lines, hold_data_folder
from ui.files.rating import load_rating
from ui.files.savegame import load_match
from ui.files.settings import load_settings
from ui.files.stats import load_stats
from ui.files.storage import ENV_DIR, FILE_NAMES, save_file

ROOT = Path(__file__).resolve().parent.parent
HOLDER = ("import sys, time\n"
          "from pathlib import Path\n"
          "from ui.files.instance import hold_data_folder\n"
          "lock = hold_data_folder(Path(sys.argv[1]))\n"
          "print('held' if lock is not None else 'no lock', flush=True)\n"
          "sys.stdin.read()\n")
"""A process that holds the folder's lock until its standard input closes (or it is killed)."""


def env_for(folder: Path) -> dict[str, str]:
    return {**os.environ, ENV_DIR: str(folder), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    p = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "held"
    yield p
    if p.poll() is None:
        p.kill()
    p.wait()


def start_game(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "--mute", "--exit-after-first-frame", *args], cwd=ROOT,
                          env=env_for(folder), capture_output=True, text=True, timeout=300)


def test_a_second_start_says_the_game_is_open_and_touches_nothing(tmp_path: Path,
                                                                  holder: subprocess.Popen[str]) -> None:
    (tmp_path / "settings.json").write_text('{"format": "baloot-settings", "version": 1, '
                                            '"data": {"volume": 7, "language": "ar"}}')
    (tmp_path / "match.json").write_text("{damaged")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != LOCK_NAME}
    for args in ((), ("--new",), ("--continue",)):
        p = start_game(tmp_path, *args)
        assert p.returncode == 1 and "already open" in p.stderr, p.stderr
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != LOCK_NAME} == before


def test_a_game_killed_with_sigkill_leaves_no_lock_stuck(tmp_path: Path,
                                                         holder: subprocess.Popen[str]) -> None:
    with pytest.raises(AlreadyOpen):
        hold_data_folder(tmp_path)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert (tmp_path / LOCK_NAME).exists(), "the killed game's lock file is still there..."
    lock = hold_data_folder(tmp_path)  # ...and it holds nothing
    assert lock is not None
    lock.release()
    p = start_game(tmp_path, "--new")
    assert p.returncode == 0 and "already open" not in p.stderr, p.stderr


def test_the_lock_is_released_when_the_game_ends(tmp_path: Path) -> None:
    assert start_game(tmp_path, "--new").returncode == 0
    lock = hold_data_folder(tmp_path)
    assert lock is not None
    lock.release()


def test_the_message_in_both_languages() -> None:
    try:
        for language, word in (("en", "already open"), ("ar", "مفتوحة بالفعل")):
            i18n.set_language(language)
            lines = already_open_lines("/data")
            assert word in lines[0] and "/data" in lines[2]
    finally:
        i18n.set_language("en")


# ----- the data folder's files as links, FIFOs, folders, devices --------------------------------

def make_link_out(path: Path, outside: Path) -> None:
    path.symlink_to(outside)


def make_dangling(path: Path, outside: Path) -> None:
    path.symlink_to(outside.parent / "nowhere")


def make_loop(path: Path, outside: Path) -> None:
    path.symlink_to(path.name)


def make_fifo(path: Path, outside: Path) -> None:
    os.mkfifo(path)


def make_folder(path: Path, outside: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("x")


def make_device(path: Path, outside: Path) -> None:
    try:
        os.mknod(path, 0o666 | 0o020000, os.makedev(1, 3))  # a character device: /dev/null's numbers
    except (PermissionError, AttributeError):
        path.symlink_to("/dev/null")  # without the right to make one: a link to one


def make_dev_zero(path: Path, outside: Path) -> None:
    path.symlink_to("/dev/zero")


KINDS: dict[str, Callable[[Path, Path], None]] = {
    "link out": make_link_out, "dangling link": make_dangling, "link loop": make_loop, "fifo": make_fifo,
    "folder": make_folder, "device": make_device, "link to /dev/zero": make_dev_zero}
NAMES = (*FILE_NAMES, "baloot.log", LOCK_NAME)


def within(fn: Callable[[], object], seconds: float = 30.0) -> object:
    """`fn()` in a thread; the wait is only a safety net for a call that would block forever."""
    out: list[object] = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert out, "blocked"
    return out[0]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")
@settings(derandomize=True, database=None, deadline=None, max_examples=60,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(weird=st.dictionaries(st.sampled_from(NAMES), st.sampled_from(sorted(KINDS)), min_size=1, max_size=4))
def test_special_files_in_the_data_folder(tmp_path_factory: pytest.TempPathFactory,
                                          weird: dict[str, str]) -> None:
    base = tmp_path_factory.mktemp("weird")
    folder, outside = base / "data", base / "outside.txt"
    folder.mkdir()
    outside.write_text("the player's own file")
    for name, kind in weird.items():
        KINDS[kind](folder / name, outside)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_DIR, str(folder))
        assert save_file().path.parent == folder
        for load in (load_match, load_settings, load_stats, load_rating):
            within(load)
        within(lambda: logfile.log_problem("a problem"))
        lock = within(lambda: hold_data_folder(folder))
        if lock is not None:
            lock.release()  # type: ignore[attr-defined]  # a FileLock
    assert outside.read_text() == "the player's own file"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")
def test_the_game_starts_with_every_file_of_its_folder_special(tmp_path: Path) -> None:
    folder, outside = tmp_path / "data", tmp_path / "outside.txt"
    folder.mkdir()
    outside.write_text("mine")
    kinds = itertools.cycle(["fifo", "link out", "folder", "device", "link to /dev/zero", "link loop"])
    for name, kind in zip(NAMES, kinds, strict=False):
        KINDS[kind](folder / name, outside)
    p = start_game(folder, "--new")
    assert p.returncode == 0, p.stderr
    assert outside.read_text() == "mine"
    assert "Traceback" not in p.stderr
