"""The four levels of the computer players, by name, each saying what it adds over the one below;
and budgets given as text ("hard,iters=500") for the tools.

A level is a `SearchConfig` (ai/config.py) with a name and a sentence. Easy, Medium and Hard are
the same search with more time; the Expert is Hard's search with its worlds weighed, its leaves
finished exactly, its opponents modelled, its endgame solved and its calls more careful. To add
a level, define it here from the one below with `replace` and put it in `LEVELS`: the registry,
the settings and the arena take the names from there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .config import SearchConfig


@dataclass(frozen=True)
class Level:
    name: str
    adds: str
    """What the level adds over the one below, in a sentence."""
    config: SearchConfig


EASY = Level("easy", "ISMCTS with a short budget: 120 iterations or 0.2 s a card, 24 deals a call.",
             SearchConfig("easy", iterations=120, time_limit=0.2, call_worlds=24))
MEDIUM = Level("medium", "More of the same search: 700 iterations or 0.5 s a card, 100 deals a call.",
               SearchConfig("medium", iterations=700, time_limit=0.5, call_worlds=100))
HARD = Level("hard", "More again: 3,000 iterations or 0.95 s a card, 400 deals a call.",
             SearchConfig("hard", iterations=3000, time_limit=0.95, call_worlds=400))
EXPERT = Level(
    "expert",
    "Hard's search with 1.5 s a card, and: worlds weighed by what the others played, called and "
    "kept silent (the play networks); playouts finished exactly from 8 cards; the opponents "
    "playing the networks' likely card in the tree where it is 70% likely; the last 16 cards "
    "solved exactly in 160 worlds; a readable card kept unless another is a point better; a "
    "stricter reading of the calls; and no double unless it gains 8 points of match-win chance.",
    replace(HARD.config, name="expert", time_limit=1.5,
            play_model=True, candidates=400, min_ess=0.25, call_mismatch=0.1,
            silent_projects=0.1,                      # the worlds
            leaf_solve=8,                             # the leaf value
            model_opponents=True, tree_gate=0.7,      # how the other seats move
            solve_cards=16, solve_worlds=160,         # the endgame
            readable_margin=1.0, double_floor=0.08),
)
LEVELS: tuple[Level, ...] = (EASY, MEDIUM, HARD, EXPERT)
"""Weakest first."""
LEVEL_NAMES: tuple[str, ...] = tuple(lv.name for lv in LEVELS)
LEVEL_CONFIGS: dict[str, SearchConfig] = {lv.name: lv.config for lv in LEVELS}


def level_config(name: str) -> SearchConfig:
    try:
        return LEVEL_CONFIGS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}: {', '.join(LEVEL_NAMES)}") from None


_NUMBERS: dict[str, tuple[str, type[int] | type[float]]] = {
    "time": ("time_limit", float), "worlds": ("call_worlds", int), "call_worlds": ("call_worlds", int),
    "c": ("exploration", float), "exploration": ("exploration", float), "eps": ("rollout_eps", float),
    "scale": ("belote_scale", float), "margin": ("call_margin", float), "cands": ("candidates", int),
    "ess": ("min_ess", float), "mismatch": ("call_mismatch", float), "solve": ("solve_cards", int),
    "sworlds": ("solve_worlds", int), "leaf": ("leaf_solve", int),
    "readable": ("readable_margin", float), "silent": ("silent_projects", float),
    "tgate": ("tree_gate", float), "dfloor": ("double_floor", float),
}
"""Budget keys that set a number: the SearchConfig field and its type (ai/registry.py bounds them)."""
_SWITCHES: dict[str, tuple[str, str, str]] = {
    "prior": ("prior", "1", "0"), "stop": ("early_stop", "1", "0"), "infer": ("infer", "1", "0"),
    "model": ("play_model", "1", "0"), "calls": ("sim_calls", "sim", "rules"),
    "play": ("search_cards", "search", "rules"), "opp": ("model_opponents", "1", "0"),
}
"""Budget keys that switch a part: the field, the value that turns it on, the one that turns it off."""
PARSED_KEYS = ("iters", "iterations", *_NUMBERS, *_SWITCHES)
"""Every key `parse_budget` reads (ai/registry.py says which a file or a tool may use)."""


def parse_budget(text: str) -> SearchConfig:
    """'iters=500', 'time=0.5', 'iters=2000,time=1', 'hard,iters=100', ..."""
    cfg = SearchConfig()
    for part in text.split(","):
        key, eq, val = part.strip().partition("=")
        key = key.lower()
        if not eq and key in LEVEL_CONFIGS:
            cfg = LEVEL_CONFIGS[key]
        elif key in ("iters", "iterations"):
            limit = None if "time=" not in text else cfg.time_limit
            cfg = replace(cfg, iterations=int(val), time_limit=limit, call_worlds=max(8, int(val) // 8))
        elif key in _NUMBERS:
            name, kind = _NUMBERS[key]
            number: dict[str, Any] = {name: kind(val)}
            cfg = replace(cfg, **number)
        elif key in _SWITCHES and val in _SWITCHES[key][1:]:
            name, on, _off = _SWITCHES[key]
            switch: dict[str, Any] = {name: val == on}
            cfg = replace(cfg, **switch)
        else:
            raise ValueError(f"bad ISMCTS budget {text!r} (e.g. 'iters=500' or 'time=0.5')")
    return replace(cfg, name=text)
