"""The levels are named objects in one place: each says what it adds, the Expert is found by its
name, the registry, the hint and the coach take them from there, and the budget keys a tool may
name are the keys the parser reads."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from ai import levels, registry
from ai.coach import COACH_CONFIG, COACH_LEVEL
from ai.config import SearchConfig
from ai.levels import EASY, EXPERT, HARD, LEVEL_NAMES, LEVELS, MEDIUM, level_config, parse_budget


def test_the_levels_are_named_weakest_first_and_the_registry_takes_their_names() -> None:
    assert LEVELS == (EASY, MEDIUM, HARD, EXPERT)
    assert LEVEL_NAMES == ("easy", "medium", "hard", "expert") == registry.LEVELS
    for lv in LEVELS:
        assert lv.config.name == lv.name and level_config(lv.name) is lv.config
        assert lv.adds and registry.check_spec(lv.name) == f"ismcts:{lv.name}"
    with pytest.raises(ValueError, match="unknown level"):
        level_config("grandmaster")


def test_the_budgets_grow_with_the_level() -> None:
    budgets = [(lv.config.iterations, lv.config.call_worlds) for lv in LEVELS[:3]]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


def _changed(lower: SearchConfig, upper: SearchConfig) -> set[str]:
    return {f.name for f in dataclasses.fields(SearchConfig)
            if getattr(lower, f.name) != getattr(upper, f.name)}


def test_below_the_expert_only_the_budget_changes() -> None:
    for lower, upper in itertools.pairwise(LEVELS[:3]):
        assert _changed(lower.config, upper.config) <= {"name", "iterations", "time_limit", "call_worlds"}


def test_the_expert_is_hard_with_its_parts_added() -> None:
    """What the Expert adds over Hard: its worlds, its leaves, its opponents, its endgame, its
    conventions and its calls, and a longer time cap; nothing else."""
    assert _changed(HARD.config, EXPERT.config) == {
        "name", "time_limit", "play_model", "call_mismatch", "silent_projects", "leaf_solve",
        "model_opponents", "tree_gate", "solve_cards", "solve_worlds", "readable_margin",
        "double_floor"}
    assert EXPERT.config.iterations == HARD.config.iterations
    assert "Hard" in EXPERT.adds


def test_the_coach_judges_with_the_expert_uncapped() -> None:
    assert COACH_LEVEL is EXPERT
    assert dataclasses.replace(COACH_CONFIG, name="expert", time_limit=EXPERT.config.time_limit) \
        == EXPERT.config


def test_the_keys_a_tool_may_name_are_the_keys_the_parser_reads() -> None:
    named = set(registry.BUDGET_KEYS) | set(registry.EXPERIMENT_KEYS)
    assert named == set(levels.PARSED_KEYS)
    for key in named - {"iters", "iterations"}:
        value = {"calls": "rules", "play": "rules"}.get(key, "1")
        assert isinstance(parse_budget(f"hard,{key}={value}"), SearchConfig)
    with pytest.raises(ValueError):
        parse_budget("hard,tnet=5")  # a retired pilot's key
