"""The open-hand benchmark player (lab/openhand.py): it plays legal hands in both of its modes,
the game's registry cannot name it, its figures pair the deals of two runs, and its configuration
is pinned."""

from __future__ import annotations

import dataclasses

import pytest

from ai.levels import parse_budget
from ai.registry import AgentSpecError, check_spec
from lab.openhand import OPEN_BUDGET, compare, losses, play_deal

TINY_OPEN = "expert,iters=8,worlds=4,cands=6,sworlds=2"
TINY_TESTED = "ismcts:iters=8"


@pytest.mark.parametrize("open_calls", [True, False])
def test_the_open_hand_player_finishes_a_hand_legally(open_calls: bool) -> None:
    for index in range(3):
        for team in (0, 1):
            row = play_deal(index, 1, TINY_TESTED, team, TINY_OPEN, open_calls)
            assert row["index"] == index and row["open_team"] == team
            assert isinstance(row["diff"], int)  # play_deal raises on an illegal action


def test_the_registry_cannot_name_the_open_hand_player() -> None:
    for spec in ("open-hand", "openhand", "lab.openhand:OpenHandAgent"):
        with pytest.raises(AgentSpecError):
            check_spec(spec)


def test_losses_average_the_two_seatings_and_compare_pairs_the_deals() -> None:
    Rows = list[dict[str, object]]
    a: Rows = [{"index": 0, "open_team": 0, "diff": 10}, {"index": 0, "open_team": 1, "diff": 4},
         {"index": 1, "open_team": 0, "diff": -2}, {"index": 1, "open_team": 1, "diff": 6},
         {"index": 2, "open_team": 0, "diff": 8}]  # deal 2 not played both ways: left out
    b: Rows = [{"index": 0, "open_team": 0, "diff": 2}, {"index": 0, "open_team": 1, "diff": 2},
         {"index": 1, "open_team": 0, "diff": 0}, {"index": 1, "open_team": 1, "diff": 0}]
    assert losses(a) == {0: 7.0, 1: 2.0}
    text = compare(a, b)
    assert "on the 2 deals" in text and "difference (this - other) +3.50" in text


# The yardstick's whole configuration. OPEN_BUDGET starts from the Expert's level, so a change to
# ai/levels.py EXPERT reaches it unless the budget overrides it: session 18's floor on doubles
# (`double_floor`) reached it unseen (found in session 29). A change here moves every figure measured against
# the open-hand player: override the new setting in OPEN_BUDGET instead, or re-measure them all.
PINNED_YARDSTICK = {
    "iterations": 3000, "time_limit": None, "exploration": 0.4, "rollout_eps": 0.1,
    "call_worlds": 400, "sim_calls": True, "search_cards": True, "prior": True, "call_margin": 1.0,
    "infer": True, "early_stop": True, "play_model": True, "candidates": 400, "min_ess": 0.25,
    "call_mismatch": 0.1, "solve_cards": 16, "solve_worlds": 160, "leaf_solve": 8,
    "readable_margin": 1.0, "silent_projects": 0.1, "belote_scale": 200.0,
    "model_opponents": False,
    "tree_gate": 0.7,  # no effect: the gate acts on the modelled opponents, off here
    "double_floor": 0.08,
}


def test_the_open_hand_players_configuration_is_pinned() -> None:
    settings = dataclasses.asdict(parse_budget(OPEN_BUDGET))
    assert settings.pop("name") == OPEN_BUDGET
    assert settings == PINNED_YARDSTICK
