"""The open-hand benchmark player (bench/openhand.py): it plays legal hands in both of its modes,
the game's registry cannot name it, and its figures pair the deals of two runs."""

from __future__ import annotations

import pytest

from ai.registry import AgentSpecError, check_spec
from bench.openhand import compare, losses, play_deal

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
    for spec in ("open-hand", "openhand", "bench.openhand:OpenHandAgent"):
        with pytest.raises(AgentSpecError):
            check_spec(spec)


def test_losses_average_the_two_seatings_and_compare_pairs_the_deals() -> None:
    a = [{"index": 0, "open_team": 0, "diff": 10}, {"index": 0, "open_team": 1, "diff": 4},
         {"index": 1, "open_team": 0, "diff": -2}, {"index": 1, "open_team": 1, "diff": 6},
         {"index": 2, "open_team": 0, "diff": 8}]  # deal 2 not played both ways: left out
    b = [{"index": 0, "open_team": 0, "diff": 2}, {"index": 0, "open_team": 1, "diff": 2},
         {"index": 1, "open_team": 0, "diff": 0}, {"index": 1, "open_team": 1, "diff": 0}]
    assert losses(a) == {0: 7.0, 1: 2.0}
    text = compare(a, b)
    assert "on the 2 deals" in text and "difference (this - other) +3.50" in text
