"""Nothing a file says can crash the game or run code (issue 11): a save names only agents of the
registry, special files are never read, the data folder may be missing, stale temporary files go,
the worker does not outlive the game, and the crash dialog tells the truth."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ai.agent import RandomAgent
from ai.registry import LEVELS, AgentSpecError, check_spec, make_agent
from game.jsonfile import JSONFileError, read_json
from game.match import MatchState
from ui.files.savegame import SavedMatch, load_match, save_match, saved_this_run
from ui.files.settings import DIFFICULTIES, Settings
from ui.files.settings import SCHEMA as SETTINGS_SCHEMA
from ui.files.storage import ENV_DIR, STALE_TMP_S, StoredFile, prepare_data_dir, remove_stale_temporaries
from ui.table.worker import make_agent as worker_make_agent

ROOT = Path(__file__).resolve().parent.parent
ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def save_in(folder: Path, players: tuple[str, str, str, str]) -> StoredFile:
    store = StoredFile(folder / "match.json", "baloot-save", 1, "saved match")
    m = MatchState(seed=3)
    m.apply(m.legal_actions()[0])
    good = SavedMatch(m, ("human", "random", "random", "random"), 5).to_dict()
    store.save({**good, "players": list(players)})
    return store


# ----- a file never names code -----------------------------------------------------------------

@pytest.mark.parametrize("spec", ["os:abort", "sys:exit", "http.server:test", "ai.agent:RandomAgent",
                                  "builtins:print", "ismcts:iters=99999999", "ismcts:time=nan"])
def test_a_save_naming_code_is_a_damaged_save(tmp_path: Path, spec: str) -> None:
    store = save_in(tmp_path, ("human", spec, "random", "random"))
    raw = store.path.read_bytes()
    saved, problem = load_match(store)
    assert saved is None and problem is not None and "unknown computer player" in problem
    assert [p.read_bytes() for p in tmp_path.glob("match.json.bad-*")] == [raw]


def test_the_game_does_not_run_the_code_a_save_names(tmp_path: Path) -> None:
    """The demo continues a save that names os:abort and http.server:test: it says the save is
    damaged and exits normally, and neither module was imported."""
    save_in(tmp_path, ("human", "os:abort", "http.server:test", "sys:exit"))
    code = ("import sys, main\n"
            "code = main.main(['--demo', '--continue'])\n"
            "print('imported http.server:', 'http.server' in sys.modules)\n"
            "raise SystemExit(code)\n")
    env = {**os.environ, **ENV, ENV_DIR: str(tmp_path)}
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 1, p.stderr  # "no saved match to continue", not SIGABRT (-6) or a silent 0
    assert "unknown computer player 'os:abort'" in p.stderr
    assert "imported http.server: False" in p.stdout
    assert list(tmp_path.glob("match.json.bad-*"))


def test_the_registry_is_fixed() -> None:
    assert check_spec("Hard") == "ismcts:hard" and check_spec("ismcts") == "ismcts:medium"
    assert check_spec("ismcts:iters=500") == "ismcts:iters=500"
    assert check_spec("ismcts:hard,iters=100,time=0.5") == "ismcts:hard,iters=100,time=0.5"
    for bad in ("os:abort", "ai.agent:RandomAgent", "ismcts:iters=0", "ismcts:iters=100001",
                "ismcts:iters=1e9", "ismcts:time=0", "ismcts:time=61", "ismcts:time=inf",
                "ismcts:iters=5,iters=6", "ismcts:hard,c=0.7", "ismcts:legendary", "", "x" * 300):
        with pytest.raises(AgentSpecError):
            check_spec(bad)
    assert check_spec("ismcts:hard,c=0.7,calls=rules", experiments=True)  # the arena's switches
    with pytest.raises(AgentSpecError):
        make_agent("ai.agent:RandomAgent", 1)  # code only with the tools' explicit opt-in
    assert isinstance(make_agent("ai.agent:RandomAgent", 1, allow_import=True), RandomAgent)
    with pytest.raises(AgentSpecError, match="no class"):
        make_agent("os:abort", 1, allow_import=True)  # even then, only a class is built


def test_checking_a_name_imports_nothing() -> None:
    before = set(sys.modules)
    for spec in ("os.path:join", "http.server:test", "antigravity:x", "ismcts:hard", "random"):
        with contextlib.suppress(AgentSpecError):
            check_spec(spec)
    assert set(sys.modules) == before


def test_the_levels_are_the_searchs_and_the_settings() -> None:
    """A new level (an 'expert' one) is added in ai/levels.py LEVELS; the registry, the settings
    and the files' schema follow."""
    from ai.levels import LEVEL_CONFIGS
    assert tuple(LEVEL_CONFIGS) == LEVELS == DIFFICULTIES
    assert SETTINGS_SCHEMA["properties"]["difficulty_east"]["enum"] == list(LEVELS)
    for level in LEVELS:
        assert check_spec(level) == f"ismcts:{level}"


def test_the_worker_refuses_code_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(worker_make_agent("os:abort", 1), RandomAgent)
    assert "unknown computer player" in capsys.readouterr().err


def test_every_setting_has_a_schema() -> None:
    from dataclasses import fields
    assert set(SETTINGS_SCHEMA["properties"]) == {f.name for f in fields(Settings)}


# ----- special files ------------------------------------------------------------------------------

def load_within(store: StoredFile, seconds: float = 10.0) -> tuple[object, str | None]:
    out: list[tuple[object, str | None]] = []
    t = threading.Thread(target=lambda: out.append(load_match(store)), daemon=True)
    t.start()
    t.join(seconds)
    assert out, "loading blocked"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_in_place_of_the_save_does_not_block(tmp_path: Path) -> None:
    store = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    os.mkfifo(store.path)
    saved, problem = load_within(store)
    assert saved is None and problem is not None and "not a regular file" in problem
    kept = list(tmp_path.glob("match.json.bad-*"))
    assert len(kept) == 1 and kept[0].is_fifo()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_link_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    store = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    store.path.symlink_to("/dev/zero")
    saved, problem = load_within(store)
    assert saved is None and problem is not None and "not a regular file" in problem
    assert [p.readlink() for p in tmp_path.glob("match.json.bad-*")] == [Path("/dev/zero")]


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    with open(path, "wb") as f:
        f.truncate(4 << 30)  # 4 GiB, sparse: costs no disk
    with pytest.raises(JSONFileError, match="too large"):
        read_json(path)
    store = StoredFile(path, "baloot-save", 1, "saved match")
    saved, problem = load_within(store)
    assert saved is None and problem is not None and "too large" in problem


# ----- the data folder -----------------------------------------------------------------------

def test_an_uncreatable_data_folder_the_game_starts_and_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = {**os.environ, **ENV, ENV_DIR: str(blocker / "Baloot")}
    p = subprocess.run([sys.executable, "main.py", "--exit-after-first-frame", "--thinker", "inline"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "cannot be created" in p.stderr and "nothing will be saved" in p.stderr
    assert "first frame drawn" in p.stdout
    demo = subprocess.run([sys.executable, "main.py", "--demo", "--autosave", "--ai", "random"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert demo.returncode == 0 and "nothing will be saved" in demo.stderr, demo.stderr
    assert blocker.read_text() == "not a folder"


def test_prepare_data_dir_reports_instead_of_raising(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "f").write_text("")
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "f" / "d"))
    problem = prepare_data_dir()
    assert problem is not None and str(tmp_path / "f" / "d") in problem.message()
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "ok"))
    assert prepare_data_dir() is None and (tmp_path / "ok").is_dir()


def test_stale_temporary_files_are_removed_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = [tmp_path / "match.json.k3j2.tmp", tmp_path / "settings.json.x.tmp"]
    fresh = tmp_path / "match.json.now1.tmp"  # another game may be writing it right now
    other = tmp_path / "notes.json.x.tmp"
    for p in (*old, fresh, other):
        p.write_text("{")
    long_ago = time.time() - STALE_TMP_S - 10
    for p in (*old, other):
        os.utime(p, (long_ago, long_ago))
    (tmp_path / "match.json").write_text("keep")
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    assert prepare_data_dir() is None
    assert not any(p.exists() for p in old)
    assert fresh.exists() and other.exists() and (tmp_path / "match.json").read_text() == "keep"
    assert remove_stale_temporaries(tmp_path, now=time.time() + 2 * STALE_TMP_S) == [fresh]


# ----- the crash dialog -------------------------------------------------------------------------

def test_saved_this_run_follows_the_last_save(tmp_path: Path) -> None:
    store = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    saved = SavedMatch(MatchState(seed=1), ("human", "random", "random", "random"), 1)
    save_match(saved, store)
    assert saved_this_run() is True
    (tmp_path / "match.json").unlink()
    (tmp_path / "match.json").mkdir()  # a folder in the way: the write fails
    with pytest.raises(OSError):
        save_match(saved, store)
    assert saved_this_run() is False


def test_the_crash_dialog_does_not_claim_a_save_that_did_not_happen(tmp_path: Path) -> None:
    code = ("import main, ui.demo\n"
            "def broken(*a, **k):\n    raise RuntimeError('injected failure')\n"
            "ui.demo.run_demo = broken\n"
            "raise SystemExit(main.main(['--demo']))\n")
    env = {**os.environ, **ENV, ENV_DIR: str(tmp_path)}
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and "injected failure" in p.stderr
    assert "was saved" not in p.stderr and "could not be saved" not in p.stderr


# ----- the worker process -------------------------------------------------------------------

ORPHAN = """
import os, sys, time
sys.path.insert(0, {root!r})
from ui.table.worker import ProcessThinker


def spin(seconds):  # a search that holds the CPU when the game dies
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


if __name__ == "__main__":
    from multiprocessing import resource_tracker
    t = ProcessThinker()
    worker = t.executor.submit(os.getpid).result(timeout=60)
    t.executor.submit(spin, 600)
    print(worker, resource_tracker._resource_tracker._pid, flush=True)
    time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its (dead) parent's reaper counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except (FileNotFoundError, IndexError):
        return True


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")
def test_the_worker_exits_when_the_game_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "game.py"
    script.write_text(ORPHAN.format(root=str(ROOT)))
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    try:
        assert game.stdout is not None
        worker, tracker = (int(x) for x in game.stdout.readline().split())
        assert _alive(worker) and _alive(tracker)
    finally:
        game.kill()
        game.wait(timeout=30)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (_alive(worker) or _alive(tracker)):
        time.sleep(0.05)
    leftover = [pid for pid in (worker, tracker) if _alive(pid)]
    for pid in leftover:  # don't leave them to the next test run
        os.kill(pid, signal.SIGKILL)
    assert not leftover, "the worker (or the resource tracker) outlived the game by 5 s"


def test_a_save_with_the_registrys_players_loads(tmp_path: Path) -> None:
    """Players are data: a spec is kept as written and read back through the registry."""
    store = save_in(tmp_path, ("human", "Hard", "ismcts:iters=50", "heuristic"))
    saved, problem = load_match(store)
    assert problem is None and saved is not None
    assert json.loads(store.path.read_text())["data"]["players"][1] == "Hard"


def test_the_window_shows_that_nothing_will_be_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import main
    import ui.app
    shown: list[str] = []
    real_toast = ui.app.App.toast

    def toast(self: ui.app.App, text: str, *args: object, **kw: object) -> None:
        shown.append(text)
        real_toast(self, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ui.app.App, "toast", toast)
    (tmp_path / "f").write_text("")
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "f" / "Baloot"))
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    from ui import i18n
    try:
        assert main.main(["--exit-after-first-frame", "--thinker", "inline", "--language", "ar"]) == 0
    finally:
        i18n.set_language("en")
    assert any("لن يُحفظ شيء" in text for text in shown), shown  # in the player's language


def test_a_partly_bad_settings_file_is_kept_aside_and_the_rest_written_back(tmp_path: Path) -> None:
    from ui import i18n
    from ui.files.settings import load_settings, save_settings
    from ui.text import file_problem
    store = StoredFile(tmp_path / "settings.json", "baloot-settings", 1, "settings")
    save_settings(Settings(language="ar", name_east="فهد"), store)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    data["data"]["name_north"] = "a\x00b"
    data["data"]["mystery"] = 1
    store.path.write_text(json.dumps(data), encoding="utf-8")
    raw = store.path.read_bytes()
    settings, problem = load_settings(store)
    assert problem is not None and "name_north, mystery" in problem and "kept as" in problem
    assert settings.name_east == "فهد" and settings.name_north == Settings().name_north
    assert [p.read_bytes() for p in tmp_path.glob("settings.json.bad-*")] == [raw]
    assert load_settings(store) == (settings, None), "the understood settings were written back"
    i18n.set_language("ar")
    try:
        arabic = file_problem("settings", problem)
    finally:
        i18n.set_language("en")
    assert arabic is not None and "name_north, mystery" in arabic and "settings.json.bad-" in arabic
    assert "The old file" not in arabic


def test_match_saved_says_only_what_is_true(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.files import savegame
    from ui.files.crash import match_saved
    from ui.files.storage import save_file
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(savegame, "_last_save", {})
    assert match_saved() is None  # nothing saved in this run
    save_match(SavedMatch(MatchState(seed=1), ("human", "random", "random", "random"), 1))
    assert match_saved() is True
    save_file().delete()  # the match ended: its save is used up
    assert match_saved() is None
    monkeypatch.setattr(savegame, "_last_save", {"ok": False})
    assert match_saved() is False
