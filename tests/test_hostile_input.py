"""A file, a paste or a full disk never stops the game (issue 48): every action token the save and
record formats allow, text of any length pasted into Open a record, the crash log as a link or a
FIFO, a full disk while the settings are repaired, the arena's flags and logs, and the smaller
checks of the start (--new with --continue, the remembered window size, statistics that count
more won than played, file problems on stderr and in the log)."""

from __future__ import annotations

import errno
import itertools
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from ai import arena
from game.actions import NUM_ACTIONS, action_str, parse_action
from game.cards import SUIT_LETTERS
from game.errors import NotationError, RecordError
from game.match import MatchState
from game.notation import to_notation
from game.record import dumps, random_match, replay
from game.state import RoundState
from ui.files import logfile, schemas, storage
from ui.files.records import OpenError, open_path, open_text
from ui.files.savegame import SavedMatch, load_match, save_match
from ui.files.settings import Settings, load_settings
from ui.files.stats import Statistics, load_stats
from ui.files.storage import StoredFile

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
ANY_CHAR = st.characters(exclude_categories=())  # NUL, controls, lone surrogates included
TOKEN_SHAPE = st.from_regex(schemas.ACTION["pattern"], fullmatch=True)
"""Every token the save's and the record's schema lets through."""


# ----- 1. every action token ---------------------------------------------------------------------

SHORT_ALPHABET = ("".join(SUIT_LETTERS) + "hokumpasnuvlceiwrfdtgbHOKUMPASNUVLCEIWRFDTGB0123456789JQKATX"
                  "-!♠♥♦♣ ßİıﬀ\u212a\x00\n")
"""Letters of every name and card in both cases, digits, the punctuation of the format, suit
symbols, and characters whose case mapping changes length (ß, İ, ﬀ, the Kelvin sign)."""


def check_token(token: str) -> None:
    try:
        action = parse_action(token)
    except NotationError as e:
        assert str(e)
        return
    assert 0 <= action < NUM_ACTIONS
    assert parse_action(action_str(action)) == action


def test_every_short_token_is_an_action_or_a_notation_error() -> None:
    """Exhaustive: every token of up to 3 characters of SHORT_ALPHABET, and every known name and
    card with one character changed, added or removed."""
    n = 0
    for length in range(4):
        for chars in itertools.product(SHORT_ALPHABET, repeat=length):
            check_token("".join(chars))
            n += 1
    names = [action_str(a) for a in range(NUM_ACTIONS)]
    for name in names:
        for i in range(len(name) + 1):
            for c in SHORT_ALPHABET:
                for edited in (name[:i] + c + name[i + 1:], name[:i] + c + name[i:], name[:i] + name[i + 1:]):
                    check_token(edited)
                    n += 1
    assert n > 300_000


@pytest.mark.parametrize("token", ["hokum-x", "hokum-1", "hokum-ß", "HOKUM-\u212a", "hokum-!", "hokum--"])
def test_hokum_with_no_suit_is_a_notation_error(token: str) -> None:
    with pytest.raises(NotationError):
        parse_action(token)


@FUZZ
@given(token=TOKEN_SHAPE)
def test_every_token_shape_of_the_formats(token: str) -> None:
    check_token(token)


def record_with(token: str, at: int = 0) -> dict[str, object]:
    record = json.loads(dumps(random_match(4, 4)))
    record["actions"] = [*record["actions"][:at], token]
    record.pop("result", None)
    return record


def save_with(folder: Path, token: str, at: int = 3) -> StoredFile:
    store = StoredFile(folder / "match.json", "baloot-save", 1, "saved match")
    m = MatchState(seed=4)
    good = SavedMatch(m, ("human", "random", "random", "random"), 5).to_dict()
    good["record"] = record_with(token, at)
    store.save(good)
    return store


def test_a_save_with_an_unknown_call_is_kept_aside_not_a_crash(tmp_path: Path) -> None:
    store = save_with(tmp_path, "hokum-x")
    raw = store.path.read_bytes()
    saved, problem = load_match(store)
    assert saved is None and problem is not None and "hokum-x" in problem
    assert [p.read_bytes() for p in tmp_path.glob("match.json.bad-*")] == [raw]
    assert load_match(store) == (None, None), "the next start finds no save: it starts"


def test_the_game_starts_with_such_a_save_twice(tmp_path: Path) -> None:
    """The menu reads the save: the first start keeps it aside and says so, the second is clean."""
    save_with(tmp_path, "hokum-x")
    env = {**os.environ, storage.ENV_DIR: str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    for start in range(2):
        p = subprocess.run([sys.executable, "main.py", "--mute", "--exit-after-first-frame"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
        assert ("Your saved match could not be used" in p.stderr) == (start == 0), p.stderr
    assert len(list(tmp_path.glob("match.json.bad-*"))) == 1 and not (tmp_path / "match.json").exists()


def test_the_replay_tool_says_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record_with("hokum-x", 2)))
    p = subprocess.run([sys.executable, "-m", "game.record", "replay", str(path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.startswith("error: action 3 ('hokum-x'")


def test_open_a_record_or_a_pasted_deal_with_an_unknown_call(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record_with("hokum-x", 2)))
    with pytest.raises(OpenError) as e:
        open_path(path)
    assert e.value.key == "open.illegal"
    deal = to_notation(RoundState.deal(__import__("random").Random(3), dealer=0))
    pasted = deal.replace("moves=-", "moves=hokum-x")
    assert pasted != deal
    with pytest.raises(OpenError) as e:
        open_text(pasted)
    assert e.value.key == "open.bad_deal"


@settings(FUZZ, max_examples=80)
@given(token=TOKEN_SHAPE, at=st.integers(0, 40))
def test_any_token_in_a_record_or_a_save(tmp_path: Path, token: str, at: int) -> None:
    """The record replays or is a RecordError; the save with the same record loads, or is kept
    aside with a message: never another exception."""
    record = record_with(token, at)
    try:
        replay(record)
        replays = True
    except RecordError as e:
        assert str(e)
        replays = False
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    store = save_with(folder, token, at)
    saved, problem = load_match(store)
    if replays:
        assert problem is None
    else:
        assert saved is None and problem is not None and "could not be used" in problem
        assert len(list(folder.glob("match.json.bad-*"))) == 1


# ----- 2. text of any length pasted into Open a record ------------------------------------------

@pytest.mark.parametrize("text", ["x" * 5000, "a" * 300, "/tmp/" + "b" * 300 + "/c.json", "a\x00b",
                                  "line one\nline two", "~nosuchuser48/x.json", "deal " + "x" * 10_000])
def test_a_long_or_strange_paste_gets_a_message(text: str) -> None:
    with pytest.raises(OpenError) as e:
        open_text(text)
    assert e.value.key.startswith("open.")


@settings(FUZZ, max_examples=300)
@given(text=st.text(ANY_CHAR, max_size=60) | st.text(ANY_CHAR, min_size=200, max_size=20_000)
       | st.text(st.sampled_from("/.~ab\\'\"-_deal "), max_size=600))
def test_any_pasted_text_opens_or_gets_a_message(text: str) -> None:
    try:
        open_text(text)
    except OpenError as e:
        assert e.key.startswith("open.")


# ----- 3. the crash log ------------------------------------------------------------------------

def test_a_log_that_is_a_link_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "baloot.log").symlink_to(outside)
    assert logfile.append_log("boom\n", folder / "baloot.log") is None
    assert outside.read_text() == "mine"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_log_that_is_a_fifo_does_not_block(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "baloot.log")
    out: list[object] = []
    t = threading.Thread(target=lambda: out.append(logfile.append_log("boom\n", tmp_path / "baloot.log")),
                         daemon=True)
    t.start()
    t.join(30)  # a safety net: the write returns at once, or never (the old code blocked forever)
    assert out == [None]


def test_the_log_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "baloot.log"
    entry = "x" * 1000 + "\n"
    for _ in range(3 * logfile.MAX_BYTES // len(entry)):
        assert logfile.append_log(entry, path) == path
    assert path.stat().st_size <= logfile.MAX_BYTES
    assert (tmp_path / "baloot.log.old").stat().st_size <= logfile.MAX_BYTES
    assert logfile.append_log("y" * (10 * logfile.MAX_ENTRY), path) == path
    assert path.stat().st_size <= logfile.MAX_BYTES


def test_the_crash_handler_with_a_fifo_log_ends_and_says_so(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    os.mkfifo(tmp_path / "baloot.log")
    code = "from ui.files.crash import report\nprint('status', report(RuntimeError('injected')))\n"
    env = {**os.environ, storage.ENV_DIR: str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert "status 2" in p.stdout and "injected" in p.stderr


# ----- 5. a full disk --------------------------------------------------------------------------

PARTLY_BAD = {"volume": 0.25, "language": "ar", "deck": "4color", "name_south": "Reem", "sound": "loud"}


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage.os, "fsync", no_space)


def check_settings_repair_on_a_full_disk(store: StoredFile) -> None:
    raw = store.path.read_bytes()
    settings, problem = load_settings(store)
    assert (settings.volume, settings.language, settings.name_south) == (0.25, "ar", "Reem")
    assert problem is not None and "the disk is full" in problem and "left as it was" in problem
    assert store.path.read_bytes() == raw, "the file stays where it was, as it was"
    assert not list(store.path.parent.glob("settings.json.*"))
    again, _ = load_settings(store)
    assert again == settings, "the next start has the same values, not the defaults"


def test_a_full_disk_never_loses_the_settings_injected(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    store = StoredFile(tmp_path / "settings.json", "baloot-settings", 1, "settings")
    store.save(PARTLY_BAD)
    full_disk(monkeypatch)
    check_settings_repair_on_a_full_disk(store)
    monkeypatch.undo()
    settings, problem = load_settings(store)
    assert problem is not None and "kept as" in problem and settings.language == "ar"
    assert load_settings(store) == (settings, None), "repaired once there is room"


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> object:
    """A 64 kB tmpfs (root on Linux); skipped where it cannot be mounted (the injected full disk
    above runs everywhere)."""
    where = tmp_path / "small"
    where.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)]
    if sys.platform != "linux" or subprocess.run(mount, capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    yield where
    subprocess.run(["umount", str(where)], check=True)


def fill(folder: Path) -> None:
    with pytest.raises(OSError) as e, open(folder / "filler", "wb", buffering=0) as f:
        while True:
            f.write(b"\0" * 4096)
    assert e.value.errno == errno.ENOSPC


def test_a_full_disk_never_loses_the_settings_tmpfs(small_tmpfs: Path) -> None:
    store = StoredFile(small_tmpfs / "settings.json", "baloot-settings", 1, "settings")
    store.save(PARTLY_BAD)
    fill(small_tmpfs)
    check_settings_repair_on_a_full_disk(store)


def test_a_full_disk_during_play_keeps_the_save_and_says_so(small_tmpfs: Path) -> None:
    from ui.files.recorder import MatchRecorder
    from ui.toasts import Toasts
    store = StoredFile(small_tmpfs / "match.json", "baloot-save", 1, "saved match")
    m = MatchState(seed=3)
    m.apply(m.legal_actions()[0])
    save_match(SavedMatch(m, ("human", "random", "random", "random"), 5), store)
    raw = store.path.read_bytes()
    fill(small_tmpfs)
    toasts = Toasts()
    rec = MatchRecorder(toasts, Statistics(), True, False)
    m.apply(m.legal_actions()[0])
    rec.safely(lambda: save_match(SavedMatch(m, ("human", "random", "random", "random"), 5), store))
    assert "disk is full" in toasts.text
    assert store.path.read_bytes() == raw and not list(small_tmpfs.glob("match.json.*"))


STEPS = [("tempfile", "mkstemp"), ("os", "fsync"), ("os", "link"), ("os", "replace")]


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s[1])
@pytest.mark.parametrize("keep_old", [False, True])
def test_a_full_disk_at_any_step_of_a_write_leaves_the_old_file(tmp_path: Path, step: tuple[str, str],
                                                                keep_old: bool) -> None:
    """ENOSPC at each system call of a write (a plain save, or a repair keeping the old file): the
    file is the old one, whole, and nothing else is left in the folder."""
    store = StoredFile(tmp_path / "f.json", "baloot-x", 1, "x")
    store.save({"v": 1})
    raw = store.path.read_bytes()

    def no_space(*args: object, **kw: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    module = storage.tempfile if step[0] == "tempfile" else storage.os
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(module, step[1], no_space)
        try:
            if keep_old:
                store.replace_keeping_old({"v": 2})
            else:
                store.save({"v": 2})
        except OSError as e:
            assert e.errno == errno.ENOSPC
            assert store.path.read_bytes() == raw
            assert [p.name for p in tmp_path.iterdir()] == ["f.json"]
            return
    # no error: a plain save makes no link, and a failed hard link falls back to a rename
    assert step[1] == "link"
    assert json.loads(store.path.read_bytes())["data"] == {"v": 2}
    assert [p.read_bytes() for p in tmp_path.glob("f.json.bad-*")] == ([raw] if keep_old else [])


# ----- 6. the arena's flags and logs -----------------------------------------------------------

@pytest.mark.parametrize("spec", ["subprocess:Popen", "builtins:type", "builtins:int", "os:DirEntry"])
def test_arena_a_class_that_is_no_agent_is_a_usage_error(spec: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        arena.main(["--allow-import", "--ns", spec, "--ew", "random", "--matches", "1", "--quiet"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--ns" in err


GOOD_LINE = {"index": 0, "seed": 1, "a_team": 0, "a_won": True, "hands": 3, "a_hands_won": 2,
             "diffs": [10, -5, 20], "deal_diffs": [10, -5, 20], "gahwa": False, "final": [152, 40],
             "think": [0.5, 0.4], "decisions": [30, 30], "max_think": [0.1, 0.1],
             "deal_contracts": ["sun", "hokum", "sun"], "deal_points": [[26, 0], [0, 16], [26, 0]],
             "code": ""}
HEADER = {"ns": "random", "ew": "random", "seed": 1, "duplicate": False}


def run_report(tmp_path: Path, lines: list[object]) -> int:
    log = tmp_path / "arena.log"
    log.write_text("".join(json.dumps(x) + "\n" for x in [HEADER, *lines, GOOD_LINE]))
    argv = ["--ns", "random", "--ew", "random", "--matches", "4", "--log", str(log), "--report", "--quiet"]
    try:
        return arena.main(argv)
    except SystemExit as e:
        return int(e.code or 0)


@pytest.mark.parametrize("field", ["diffs", "final", "think", "a_won", "deal_points", "hands", "index"])
def test_arena_a_log_field_of_the_wrong_type_is_a_usage_error(tmp_path: Path, field: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    code = run_report(tmp_path, [{**GOOD_LINE, field: "abc"}])
    err = capsys.readouterr().err
    assert code == 2 and "line 2 is not a match result" in err and err.count("\n") == 1


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats()
                           | st.text(max_size=4), lambda kids: st.lists(kids, max_size=3), max_leaves=6)


@settings(FUZZ, max_examples=150)
@given(changes=st.dictionaries(st.sampled_from(sorted(GOOD_LINE)) | st.text(max_size=3), JSON_VALUES,
                               max_size=3), drop=st.sets(st.sampled_from(sorted(GOOD_LINE)), max_size=2))
def test_arena_any_log_line_is_read_or_a_usage_error(tmp_path: Path, changes: dict[str, object],
                                                     drop: set[str],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    line = {k: v for k, v in {**GOOD_LINE, **changes}.items() if k not in drop}
    code = run_report(tmp_path, [line])
    out = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert out.err.count("\n") == 1


# ----- 7. the start's smaller checks -----------------------------------------------------------

@pytest.mark.parametrize(("args", "says"), [
    (["--new", "--continue"], "--new and --continue"),
    (["--speed", "instant"], "--speed instant: only with --demo"),
    (["--menus"], "--menus: only with --demo"),
    (["--screenshot-dir", "shots"], "--screenshot-dir: only with --demo"),
])
def test_flags_that_do_not_go_together(args: list[str], says: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main.parse_args(args)
    assert e.value.code == 2 and says in capsys.readouterr().err
    main.parse_args(["--speed", "slow"])  # the window's own speeds are fine


def test_a_remembered_window_size_is_limited_to_the_display() -> None:
    from ui.app import App
    from ui.display import HEADLESS_MAX_SIZE
    from ui.table.worker import InlineThinker
    app = App(7, settings=Settings(sound=False, window_w=8192, window_h=8192), thinker=InlineThinker(),
              size=None, sound=False, ai="random", menu=True)
    try:
        w, h = app.screen.get_size()
        assert w <= HEADLESS_MAX_SIZE[0] and h <= HEADLESS_MAX_SIZE[1]
    finally:
        app.close()


@pytest.mark.parametrize(("data", "says"), [
    ({"matches_played": 3, "matches_won": 5}, "matches_won"),
    ({"hands_played": 1, "hands_won": 2}, "hands_won"),
    ({"sun_taken": 0, "sun_made": 1}, "sun_made"),
    ({"belote": {"matches_played": 1, "matches_won": 4}}, "belote/matches_won"),
])
def test_statistics_that_count_more_won_than_played_are_kept_aside(tmp_path: Path, data: dict[str, object],
                                                                   says: str) -> None:
    store = StoredFile(tmp_path / "statistics.json", "baloot-statistics", 1, "statistics")
    store.save(data)
    stats, problem = load_stats(store)
    assert stats == Statistics() and problem is not None and says in problem
    assert len(list(tmp_path.glob("statistics.json.bad-*"))) == 1


def test_rating_that_records_more_than_it_rated_is_kept_aside(tmp_path: Path) -> None:
    from ui.files.rating import Rating, load_rating
    store = StoredFile(tmp_path / "rating.json", "baloot-rating", 1, "rating")
    store.save({"rating": 1200, "matches": 1, "record": {"ismcts:hard": [5, 0]}})
    rating, problem = load_rating(store)
    assert rating == Rating() and problem is not None


def test_statistics_and_rating_problems_go_to_stderr_and_the_log(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from ui.app import App
    from ui.table.worker import InlineThinker
    monkeypatch.setenv(storage.ENV_DIR, str(tmp_path))
    (tmp_path / "statistics.json").write_text("{not json")
    (tmp_path / "rating.json").write_text("[]")
    app = App(7, settings=Settings(sound=False), thinker=InlineThinker(), size=(1024, 640), sound=False,
              ai="random", menu=True, persist=True)
    app.close()
    err = capsys.readouterr().err
    log = (tmp_path / "baloot.log").read_text(encoding="utf-8")
    for what in ("statistics", "rating"):
        assert f"Your {what} could not be used" in err and f"Your {what} could not be used" in log


def test_settings_and_save_problems_are_logged_too(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{")
    env = {**os.environ, storage.ENV_DIR: str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    p = subprocess.run([sys.executable, "main.py", "--new", "--mute", "--exit-after-first-frame"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "Your settings could not be used" in p.stderr
    assert "Your settings could not be used" in (tmp_path / "baloot.log").read_text(encoding="utf-8")
