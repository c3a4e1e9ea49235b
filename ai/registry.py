"""Agents by name: make_agent("ismcts:hard", seed) -> Agent.

Specs: "random", "heuristic", "ismcts:easy|medium|hard" (also "easy", "medium", "hard"),
"ismcts:iters=N" / "ismcts:time=S" for a custom budget, and "package.module:Class" for any
class that follows the Agent protocol (constructed with `seed=` if it accepts it).
"""

from __future__ import annotations

import importlib
import inspect

from .agent import Agent, RandomAgent

LEVELS = ("easy", "medium", "hard")


SPECS = ("random", "heuristic", *(f"ismcts:{lv}" for lv in LEVELS))
"""The named agents (a UI lists these)."""


def available() -> list[str]:
    return list(SPECS)


def make_agent(spec: str, seed: int) -> Agent:
    s = spec.strip()
    low = s.lower()
    if low == "random":
        return RandomAgent(seed)
    if low == "heuristic":
        from .heuristic import HeuristicAgent
        return HeuristicAgent(seed)
    if low in LEVELS:
        low, s = "ismcts:" + low, "ismcts:" + low
    if low.startswith("ismcts"):
        from .ismcts import ISMCTSAgent, level_config, parse_budget
        arg = s.partition(":")[2].strip() or "medium"
        if arg.lower() in LEVELS:
            return ISMCTSAgent(level_config(arg.lower()), seed=seed)
        return ISMCTSAgent(parse_budget(arg), seed=seed)
    if ":" in s:
        module_name, _, cls_name = s.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as e:
            raise ValueError(f"cannot import {module_name!r} for agent {spec!r}: {e}") from None
        cls = getattr(module, cls_name, None)
        if cls is None:
            raise ValueError(f"{module_name} has no {cls_name!r}")
        try:
            params = inspect.signature(cls).parameters
        except (TypeError, ValueError):
            params = {}  # type: ignore[assignment]
        agent = cls(seed=seed) if "seed" in params else cls()
        if not isinstance(agent, Agent):
            raise ValueError(f"{spec} is not an Agent: it needs name and choose(observation, legal_actions)")
        return agent
    raise ValueError(f"unknown agent {spec!r}; known: {', '.join(available())} or module:Class")
