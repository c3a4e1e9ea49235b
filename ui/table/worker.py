"""Where the computer players think: inline, in a worker thread, or in a worker process.

The search is CPU-bound pure Python, so a thread would take the GIL from the drawing loop; the
default for the window is a pool of one *process* (spawn-safe: the worker imports only `game`,
`ai` and this module, never pygame). Requests carry the seat's `Observation` (a picklable frozen
dataclass) and the legal actions, never the RoundState. The worker keeps one agent per
(driver, seat), created from a seed, so a match is reproducible whichever thinker runs it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from ai.agent import Agent, RandomAgent
from ai.coach import Verdict
from ai.hints import HintReason, recommend_explained
from ai.registry import make_agent as registry_make
from game.actions import Action
from game.observation import Observation

Token = tuple[int, int]
Answer = Action | tuple[Action, HintReason | None] | Verdict
"""A move; for a hint request a move and why (a code the table translates); for a coach request
the coach's verdict on the move played."""
HINT_PREFIX = "hint:"
"""Spec of a hint request: "hint:medium" asks `ai.hints.recommend_explained` at that level."""
COACH_SPEC = "coach"
"""Spec of a coach request: `ai.coach.evaluate` of the request's `played` move."""


@dataclass(frozen=True)
class Request:
    token: Token
    agent_key: tuple[int, int]
    spec: str
    seed: int
    observation: Observation
    legal: tuple[Action, ...]
    played: Action | None = None
    """A coach request: the move the player made."""


def make_agent(spec: str, seed: int) -> Agent:
    """The agent of a spec of the fixed registry (`ai.registry`); a spec it does not know plays
    randomly (a save or a setting can name only registry agents: they are checked on load)."""
    try:
        return registry_make(spec, seed)
    except (ValueError, KeyError) as exc:
        print(f"baloot: unknown computer player {spec!r} ({exc}); playing random", file=sys.stderr)
        return RandomAgent(seed)


_AGENTS: dict[tuple[tuple[int, int], str, int], Agent] = {}


def choose(req: Request) -> Answer:
    """Runs in the worker: the agent of (driver, seat) picks one of the legal actions
    (a hint request: the recommended move and why)."""
    if req.spec.startswith(HINT_PREFIX):
        return hint(req)
    if req.spec == COACH_SPEC:
        return coach(req)
    key = (req.agent_key, req.spec, req.seed)
    agent = _AGENTS.get(key)
    if agent is None:
        if len(_AGENTS) > 64:
            _AGENTS.clear()
        agent = _AGENTS[key] = make_agent(req.spec, req.seed)
    return agent.choose(req.observation, list(req.legal))


def hint(req: Request) -> tuple[Action, HintReason | None]:
    """The recommended move for a person, with the reason (`ai.hints`)."""
    level = req.spec[len(HINT_PREFIX):] or "medium"
    action, why = recommend_explained(req.observation, level, seed=req.seed)
    if action not in req.legal:
        return req.legal[0], None
    return action, why


def coach(req: Request) -> Verdict:
    """The coach's verdict on the move a person made (`ai.coach`)."""
    from ai.coach import evaluate
    if req.played is None:
        raise ValueError("a coach request names the move played")
    return evaluate(req.observation, req.played, seed=req.seed)


def lower_priority() -> None:
    """Runs first in the worker: the search yields the CPU to the drawing loop (and, on a busy
    machine, to the window system) whenever they compete for it."""
    try:
        if hasattr(os, "nice"):
            os.nice(10)
        elif sys.platform == "win32":
            import ctypes
            below_normal = 0x4000
            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
    except (OSError, AttributeError):
        pass


def watch_parent() -> None:
    """Runs first in the worker: exit as soon as the game's process is gone (killed with -9, or
    crashed), so neither the worker nor the resource tracker it keeps open is left behind. The
    parent's sentinel (a pipe on POSIX, a process handle on Windows) becomes ready when it dies."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="baloot-parent-watch", daemon=True).start()


def _worker_init() -> None:
    lower_priority()
    watch_parent()


def _warm_up() -> int:
    """Import the agents in the worker before the first move is needed."""
    make_agent("random", 0)
    with contextlib.suppress(ImportError):
        import ai.registry  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    return 0


class Thinker(Protocol):
    def request(self, req: Request) -> None: ...

    def poll(self) -> list[tuple[Token, Answer]]:
        """Answers that arrived since the last poll (never blocks)."""
        ...

    def wait(self) -> None:
        """Block until every open request is answered (tools and tests only)."""
        ...

    def close(self) -> None: ...


class InlineThinker:
    """Thinks at once, on the caller's thread (headless demo and tests: fully deterministic)."""

    def __init__(self) -> None:
        self._done: list[tuple[Token, Answer]] = []

    def request(self, req: Request) -> None:
        self._done.append((req.token, _safe_choose(req)))

    def poll(self) -> list[tuple[Token, Answer]]:
        out, self._done = self._done, []
        return out

    def wait(self) -> None:
        pass

    def close(self) -> None:
        pass


def _safe_choose(req: Request) -> Answer:
    try:
        return choose(req)
    except Exception as exc:  # a crashing bot must not take the table down
        print(f"baloot: computer player failed ({exc!r}); playing the first legal move",
              file=sys.stderr)
        return req.legal[0]


class SharedThinker:
    """One worker for several clients (the match, a hand played again, the coach): each client's
    `poll()` returns the answers to its own requests only, so none takes another's answer."""

    def __init__(self, inner: Thinker) -> None:
        self.inner = inner
        self._owner: dict[Token, ThinkerClient] = {}

    def client(self) -> ThinkerClient:
        return ThinkerClient(self)

    def submit(self, client: ThinkerClient, req: Request) -> None:
        self._owner[req.token] = client
        self.inner.request(req)

    def deliver(self) -> None:
        for token, answer in self.inner.poll():
            owner = self._owner.pop(token, None)
            if owner is not None:
                owner.inbox.append((token, answer))


class ThinkerClient:
    """A `Thinker` that shares its worker through a `SharedThinker` (closing it closes nothing)."""

    def __init__(self, hub: SharedThinker) -> None:
        self.hub = hub
        self.inbox: list[tuple[Token, Answer]] = []

    def request(self, req: Request) -> None:
        self.hub.submit(self, req)

    def poll(self) -> list[tuple[Token, Answer]]:
        self.hub.deliver()
        out, self.inbox = self.inbox, []
        return out

    def wait(self) -> None:
        self.hub.inner.wait()

    def busy(self) -> bool:
        busy = getattr(self.hub.inner, "busy", None)
        return bool(busy()) if callable(busy) else False

    def close(self) -> None:
        pass


class _PoolThinker:
    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self._open: list[tuple[Request, Future[Answer]]] = []

    def request(self, req: Request) -> None:
        try:
            fut = self.executor.submit(_safe_choose, req)
        except RuntimeError as exc:  # a broken pool (BrokenProcessPool is a RuntimeError)
            print(f"baloot: worker unavailable ({exc!r}); thinking inline", file=sys.stderr)
            fut = Future()
            fut.set_result(_safe_choose(req))
        self._open.append((req, fut))

    def poll(self) -> list[tuple[Token, Answer]]:
        done: list[tuple[Token, Answer]] = []
        still: list[tuple[Request, Future[Answer]]] = []
        for req, fut in self._open:
            if not fut.done():
                still.append((req, fut))
                continue
            try:
                done.append((req.token, fut.result()))
            except Exception as exc:  # e.g. the worker process died
                print(f"baloot: computer player failed ({exc!r})", file=sys.stderr)
                done.append((req.token, req.legal[0]))
        self._open = still
        return done

    def wait(self) -> None:
        for _, fut in self._open:
            fut.exception()

    def busy(self) -> bool:
        return any(not fut.done() for _, fut in self._open)

    def close(self) -> None:
        for _, fut in self._open:
            fut.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)


class ProcessThinker(_PoolThinker):
    """One worker process (spawn), so the search never competes with drawing for the GIL."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_worker_init)
        self._seen: list[multiprocessing.process.BaseProcess] = []
        super().__init__(self.pool)
        self.executor.submit(_warm_up)

    def _processes(self) -> list[multiprocessing.process.BaseProcess]:
        return list((getattr(self.pool, "_processes", None) or {}).values())

    def close(self) -> None:
        processes = self._seen = self._processes()
        super().close()
        for proc in processes:  # a search still running would otherwise hold up the exit
            proc.terminate()
        for proc in processes:
            proc.join(timeout=5)
        for proc in processes:  # a low-priority worker on a busy machine may be slow to go
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)

    def alive(self) -> bool:
        """Whether a worker process is still running (False after close())."""
        return any(p.is_alive() for p in self._processes() + self._seen)


class ThreadThinker(_PoolThinker):
    """One worker thread: simpler, but a pure-Python search starves the drawing loop (GIL)."""

    def __init__(self) -> None:
        super().__init__(ThreadPoolExecutor(max_workers=1))


def make_thinker(kind: str) -> Thinker:
    if kind == "process":
        return ProcessThinker()
    if kind == "thread":
        return ThreadThinker()
    if kind == "inline":
        return InlineThinker()
    raise ValueError(f"unknown thinker {kind!r} (process, thread or inline)")
