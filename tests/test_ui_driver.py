"""The match driver (pygame-free): seeded, paced by the dt it is given, bots see observations only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.actions import PASS
from game.bidding import IllegalActionError
from game.events import NewHand
from game.observation import Observation
from ui.table.driver import DealStarted, MatchDriver
from ui.table.worker import InlineThinker, ProcessThinker, Request, Token

ROOT = Path(__file__).resolve().parent.parent


class RecordingThinker(InlineThinker):
    def __init__(self) -> None:
        super().__init__()
        self.requests: list[Request] = []

    def request(self, req: Request) -> None:
        self.requests.append(req)
        super().request(req)


def play_out(driver: MatchDriver, max_steps: int = 5000) -> None:
    for _ in range(max_steps):
        if driver.is_over():
            return
        driver.update(0.0, True)
        driver.thinker.wait()
        driver.events.clear()
    raise AssertionError("the match did not end")


def test_same_seed_same_match() -> None:
    a = MatchDriver(21, humans=(), agent_spec="random")
    b = MatchDriver(21, humans=(), agent_spec="random")
    play_out(a)
    play_out(b)
    assert a.state.actions == b.state.actions and a.state.scores == b.state.scores
    c = MatchDriver(22, humans=(), agent_spec="random")
    play_out(c)
    assert c.state.actions != a.state.actions


def test_agents_get_the_observation_of_the_seat_to_move_only() -> None:
    th = RecordingThinker()
    d = MatchDriver(4, humans=(), agent_spec="random", thinker=th)
    for _ in range(60):
        seat = d.to_move()
        d.update(0.0, True)
        req = th.requests[-1]
        assert isinstance(req.observation, Observation)
        assert req.observation.seat == seat == req.agent_key[1]
        assert not hasattr(req, "state")
    assert len({r.token for r in th.requests}) == len(th.requests)


def test_a_computer_move_waits_for_the_animation_and_the_pace() -> None:
    d = MatchDriver(4, humans=(), agent_spec="random", min_bot_ms=300.0)
    assert isinstance(d.pop_event(), DealStarted)
    assert not d.update(16.0, idle=False)
    assert not d.update(16.0, idle=True)  # 32 ms < 300 ms
    for _ in range(20):
        if d.update(16.0, idle=True):
            break
    assert len(d.state.actions) == 1
    assert d.events, "the move's events are queued for the animator"


def test_human_moves_are_checked() -> None:
    d = MatchDriver(9, humans=(0, 1, 2, 3))
    seat = d.human_to_move()
    assert seat is not None
    before = list(d.state.actions)
    with pytest.raises(IllegalActionError):
        d.submit(0 if 0 not in d.legal_actions() else 31)
    assert d.state.actions == before
    d.submit(PASS)
    assert len(d.state.actions) == 1
    assert not d.update(1000.0, True), "no computer seat: nothing happens on its own"


def test_a_new_hand_brings_its_deal() -> None:
    d = MatchDriver(3, humans=(), agent_spec="random")
    seen: list[object] = []
    for _ in range(400):
        d.update(0.0, True)
        while (e := d.pop_event()) is not None:
            seen.append(e)
        if any(isinstance(e, NewHand) for e in seen):
            break
    i = next(i for i, e in enumerate(seen) if isinstance(e, NewHand))
    nxt = seen[i + 1]
    assert isinstance(nxt, DealStarted) and nxt.number == 2
    assert nxt.base is d.state.round.base


def test_the_driver_and_worker_never_import_pygame() -> None:
    for name in ("driver.py", "worker.py"):
        tree = ast.parse((ROOT / "ui" / "table" / name).read_text(encoding="utf-8"))
        mods: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                mods.add(node.module.split(".")[0])
        assert not mods & {"pygame", "pygame_gui"}, name


@pytest.mark.slow
def test_the_worker_process_plays_the_same_match_as_inline() -> None:
    inline = MatchDriver(13, humans=(), agent_spec="random")
    play_out(inline)
    th = ProcessThinker()
    try:
        proc = MatchDriver(13, humans=(), agent_spec="random", thinker=th)
        play_out(proc)
    finally:
        th.close()
    assert proc.state.actions == inline.state.actions


def test_a_stale_answer_is_ignored() -> None:
    class Late(InlineThinker):
        def poll(self) -> list[tuple[Token, int]]:
            return [((-1, -1), PASS), *super().poll()]

    d = MatchDriver(5, humans=(), agent_spec="random", thinker=Late())
    d.update(0.0, True)
    d.update(0.0, True)
    assert len(d.state.actions) >= 1
