"""Agents by name: make_agent("ismcts:hard", seed) -> Agent.

The registry is fixed: what a file or the game's own command line may name is
"random", "heuristic", a level ("ismcts:easy|medium|hard|expert", also "easy", ..., "expert") or a
custom budget "ismcts:iters=N" / "ismcts:time=S" (optionally after a level, e.g.
"ismcts:hard,iters=500") with bounded numbers. `check_spec` says whether a name is one of these
without building anything.

Tools (the arena) may also pass, from their command line only:
  experiments=True   the switches of `ai.levels.parse_budget` ("hard,c=0.7,calls=rules")
  allow_import=True  "package.module:Class" for any class that follows the Agent protocol
A saved match is data, so the game never passes either.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from collections.abc import Callable

from .agent import Agent, RandomAgent
from .levels import LEVEL_NAMES

LEVELS = LEVEL_NAMES
"""The difficulty levels' names, weakest first (ai/levels.py)."""

MAX_ITERATIONS = 100_000
MAX_SECONDS = 60.0

SPECS = ("random", "heuristic", *(f"ismcts:{lv}" for lv in LEVELS))
"""The named agents (a UI lists these)."""


class AgentSpecError(ValueError):
    """An agent name the registry does not know; the message says what is accepted."""


def available() -> list[str]:
    return list(SPECS)


def _int(lo: int, hi: int) -> Callable[[str], bool]:
    return lambda v: re.fullmatch(r"[0-9]{1,7}", v) is not None and lo <= int(v) <= hi


def _float(lo: float, hi: float, open_lo: bool = False) -> Callable[[str], bool]:
    def ok(v: str) -> bool:
        if re.fullmatch(r"-?[0-9]{1,6}(\.[0-9]{1,6})?", v) is None:
            return False
        x = float(v)
        return math.isfinite(x) and (lo < x if open_lo else lo <= x) and x <= hi
    return ok


def _choice(*values: str) -> Callable[[str], bool]:
    return lambda v: v in values


BUDGET_KEYS: dict[str, Callable[[str], bool]] = {
    "iters": _int(1, MAX_ITERATIONS),
    "time": _float(0.0, MAX_SECONDS, open_lo=True),
}
"""Budget keys a file may use, each with its bounds."""

EXPERIMENT_KEYS: dict[str, Callable[[str], bool]] = {
    "iterations": _int(1, MAX_ITERATIONS),
    "worlds": _int(1, MAX_ITERATIONS), "call_worlds": _int(1, MAX_ITERATIONS),
    "c": _float(0.0, 100.0), "exploration": _float(0.0, 100.0),
    "eps": _float(0.0, 1.0), "margin": _float(-100.0, 100.0), "scale": _float(1.0, 1000.0),
    "prior": _choice("0", "1"), "stop": _choice("0", "1"), "infer": _choice("0", "1"),
    "calls": _choice("sim", "rules"), "play": _choice("search", "rules"),
    "model": _choice("0", "1"), "cands": _int(1, 5000), "ess": _float(0.0, 1.0),
    "mismatch": _float(0.0, 1.0, open_lo=True), "solve": _int(0, 32), "sworlds": _int(1, 5000),
    "leaf": _int(0, 32), "readable": _float(-1.0, 100.0),
    "silent": _float(0.0, 1.0, open_lo=True), "opp": _choice("0", "1"),
    "tgate": _float(0.0, 1.0), "dfloor": _float(0.0, 1.0),
}
"""The switches of `ai.levels.parse_budget` (the same keys): tools' command lines only."""

_HELP = (f"known: {', '.join(SPECS)}, or ismcts:iters=N (1-{MAX_ITERATIONS}) / "
         f"ismcts:time=S (up to {MAX_SECONDS:g} s)")


def check_spec(spec: str, *, experiments: bool = False) -> str:
    """The registry's own spelling of `spec` ("Hard" -> "ismcts:hard"); AgentSpecError if it is not
    an agent of the registry. Imports nothing and builds nothing."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise AgentSpecError(f"unknown computer player; {_HELP}")
    low = spec.strip().lower()
    if low in ("random", "heuristic"):
        return low
    if low in LEVELS:
        return "ismcts:" + low
    family, colon, arg = low.partition(":")
    if family != "ismcts":
        raise AgentSpecError(f"unknown computer player {spec!r}; {_HELP}")
    if not colon or not arg:
        return "ismcts:medium"
    if arg in LEVELS:
        return "ismcts:" + arg
    keys = BUDGET_KEYS | EXPERIMENT_KEYS if experiments else BUDGET_KEYS
    seen: set[str] = set()
    for i, part in enumerate(arg.split(",")):
        key, eq, value = part.strip().partition("=")
        if not eq and i == 0 and key in LEVELS:
            continue
        if not eq or key not in keys or key in seen or not keys[key](value):
            raise AgentSpecError(f"bad ISMCTS budget {spec!r} ({part.strip()!r}); {_HELP}")
        seen.add(key)
    return "ismcts:" + ",".join(p.strip() for p in arg.split(","))


def make_agent(spec: str, seed: int, *, experiments: bool = False, allow_import: bool = False) -> Agent:
    """The agent named by `spec` (see the module doc); AgentSpecError for an unknown name."""
    if allow_import and ":" in spec and not spec.strip().lower().startswith("ismcts"):
        return _import_agent(spec.strip(), seed)
    name = check_spec(spec, experiments=experiments)
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        from .heuristic import HeuristicAgent
        return HeuristicAgent(seed)
    from .ismcts import ISMCTSAgent
    from .levels import level_config, parse_budget
    arg = name.partition(":")[2]
    if arg in LEVELS:
        return ISMCTSAgent(level_config(arg), seed=seed)
    return ISMCTSAgent(parse_budget(arg), seed=seed)


def _import_agent(spec: str, seed: int) -> Agent:
    """"package.module:Class" (the tools' explicit opt-in, never from a file)."""
    module_name, _, cls_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise AgentSpecError(f"cannot import {module_name!r} for agent {spec!r}: {e}") from None
    cls = getattr(module, cls_name, None)
    if not inspect.isclass(cls):  # a class, not any callable (os:abort is no agent)
        raise AgentSpecError(f"{module_name} has no class {cls_name!r}")
    factory: Callable[..., object] = cls
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    agent = factory(seed=seed) if "seed" in params else factory()
    if not isinstance(agent, Agent):
        raise AgentSpecError(f"{spec} is not an Agent: it needs name and choose(observation, legal_actions)")
    return agent
