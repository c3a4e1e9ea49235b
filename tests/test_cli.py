"""Bad command lines are one-line usage errors with exit status 2, checked before anything is played
(issue 11): python -m ai.arena, python -m game.record, main.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import main
from ai.arena import main as arena
from game.record import main as record
from ui.display import DEFAULT_SIZE
from ui.files.storage import ENV_DIR

ARENA = ["--ns", "random", "--ew", "random", "--quiet"]


def usage_error(run: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        run(argv)  # type: ignore[operator]
    out, err = capsys.readouterr()
    assert stop.value.code == 2, err
    assert out == "", "nothing was played or written"
    assert err.count("\n") == 1 and "error:" in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(("args", "says"), [
    (["--ns", "nobody", "--ew", "random"], "unknown computer player 'nobody'"),
    (["--ns", "os:abort", "--ew", "random"], "needs --allow-import"),
    (["--ns", "random", "--ew", "ismcts:iters=0"], "bad ISMCTS budget"),
    (["--ns", "random", "--ew", "ismcts:hard,c=zero"], "bad ISMCTS budget"),
    (["--ns", "random", "--ew", "ismcts:time=-1"], "bad ISMCTS budget"),
    ([*ARENA, "--matches", "0"], "--matches: must be at least 1"),
    ([*ARENA, "--workers", "0"], "--workers: must be at least 1"),
    ([*ARENA, "--matches", "-3"], "--matches"),
    ([*ARENA, "--log", "/nonexistent/dir/run.jsonl"], "--log /nonexistent/dir/run.jsonl: cannot write"),
    ([*ARENA, "--json", "/nonexistent/dir/out.json"], "--json /nonexistent/dir/out.json: cannot write"),
])
def test_arena_usage_errors(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert says in usage_error(arena, [*args, "--quiet"] if "--quiet" not in args else args, capsys)


def test_arena_checks_the_output_paths_before_playing(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(arena, [*ARENA, "--matches", "50", "--json", str(tmp_path)], capsys)
    assert "not a regular file" in err
    (tmp_path / "plain").write_text("")
    usage_error(arena, [*ARENA, "--log", str(tmp_path / "plain" / "x.jsonl")], capsys)
    assert not (tmp_path / "out.json").exists()
    usage_error(arena, [*ARENA, "--matches", "1", "--json", str(tmp_path / "no" / "out.json")], capsys)
    assert arena([*ARENA, "--matches", "1", "--json", str(tmp_path / "out.json")]) == 0
    assert (tmp_path / "out.json").stat().st_size > 0


def test_arena_loads_code_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena(["--ns", "ai.agent:RandomAgent", "--ew", "random", "--matches", "1", "--quiet",
                  "--allow-import"]) == 0
    assert "A = ai.agent:RandomAgent" in capsys.readouterr().out
    assert arena(["--ns", "ismcts:iters=10,calls=rules", "--ew", "random", "--matches", "1", "--quiet"]) == 0


def test_record_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(record, ["random", "--out", str(tmp_path / "missing" / "r.json")], capsys)
    assert "its folder does not exist" in err
    assert "is a folder" in usage_error(record, ["random", "--out", str(tmp_path)], capsys)
    usage_error(record, ["random", "--seed", "x", "--out", str(tmp_path / "r.json")], capsys)
    usage_error(record, ["nothing"], capsys)
    assert record(["random", "--out", str(tmp_path / "r.json")]) == 0


def test_record_replay_of_special_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        assert record(["replay", str(tmp_path / "fifo")]) == 1
        assert "not a regular file" in capsys.readouterr().err
    (tmp_path / "list.json").write_text('{"format": "baloot-record", "version": 1, "rules": [], '
                                        '"seed": 1, "actions": []}')
    assert record(["replay", str(tmp_path / "list.json")]) == 1
    assert "bad rules" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "says"), [
    (["--ai", "os:abort"], "--ai: unknown computer player"),
    (["--ai", "ismcts:iters=abc"], "--ai: bad ISMCTS budget"),
    (["--hands", "-1"], "--hands: must be 0 or more"),
    (["--size", "0x800"], "size must be positive"),
    (["--size", "wide"], "size must look like 1280x800"),
    (["--seed", "9" * 40], "a seed fits in 64 bits"),
    (["--thinker", "gpu"], "invalid choice"),
])
def test_main_usage_errors(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert says in usage_error(main.parse_args, ["--demo", *args], capsys)


def test_main_screenshot_dir_on_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "shots").write_text("a file")
    for where in (tmp_path / "shots", tmp_path / "shots" / "sub"):
        err = usage_error(main.parse_args, ["--demo", "--screenshot-dir", str(where)], capsys)
        assert "--screenshot-dir" in err
    made = main.parse_args(["--demo", "--screenshot-dir", str(tmp_path / "new" / "dir")]).screenshot_dir
    assert made.is_dir()


class Opened(Exception):
    """Raised by a stand-in window: the size main handed it, nothing more run."""


@pytest.mark.parametrize(("argv", "size"), [
    (["--size", "99999x99999", "--new", "--thinker", "inline"], (99999, 99999)),
    (["--new", "--thinker", "inline"], None),
    (["--demo", "--size", "99999x99999"], (99999, 99999)),
    (["--demo"], DEFAULT_SIZE),
])
def test_main_hands_the_size_to_the_window_which_fits_it(argv: list[str], size: tuple[int, int] | None,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`--size` is fitted once, where the window opens (ui.display via ui.app), not first here."""
    import ui.app
    import ui.demo

    def opened(*args: object, **kw: object) -> None:
        raise Opened(kw["size"] if "size" in kw else args[3])
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(ui.app, "App", opened)
    monkeypatch.setattr(ui.demo, "run_demo", opened)
    with pytest.raises(Opened) as e:
        main.run(main.parse_args(argv))
    assert e.value.args[0] == size


def test_main_ai_level_names() -> None:
    assert main.parse_args(["--ai", "Hard"]).ai == "ismcts:hard"
