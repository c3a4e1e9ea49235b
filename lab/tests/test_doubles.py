"""The doubling bench (lab/doubles.py): it finds the offers to double (or to raise further),
values the raise and Pass by real play only where a policy raises, and reports each policy over
its own raises, each raise on its own."""

from __future__ import annotations

from game.actions import DOUBLE
from game.cards import team_of
from lab.doubles import RAISES, RULE, deal_state, play_deal, report, value
from tests.helpers import bid_by_rule

TINY = "ismcts:iters=8,worlds=4"


def test_deals_are_reproducible_at_scores_within_the_match() -> None:
    for i in range(20):
        a, b = deal_state(i, 2), deal_state(i, 2)
        assert a.hands == b.hands and a.match_scores == b.match_scores
        assert all(0 <= s <= 140 for s in a.match_scores)
    assert len({deal_state(i, 2).match_scores for i in range(20)}) > 10


def test_offers_are_valued_only_where_a_policy_doubles() -> None:
    doubled = 0
    for i in range(12):
        row = play_deal(i, 4, [TINY], "heuristic", "heuristic", 2)
        assert row["index"] == i
        for offer in row["offers"]:
            assert set(offer["choices"]) == {RULE, TINY}
            assert set(offer["choices"].values()) <= {"double", "pass"}
            assert set(offer["sim"]) == {TINY} and set(offer["sim"][TINY]) >= {"double", "pass"}
            if "double" in offer["choices"].values():
                doubled += 1
                values = offer["values"]
                assert set(values) == {"double", "pass"}
                for v in values.values():
                    assert len(v["pts"]) == len(v["eq"]) == 2
                    assert all(0.0 <= e <= 1.0 for e in v["eq"])
            else:
                assert "values" not in offer
    assert doubled, "no policy doubled on these deals"


def test_a_value_is_reproducible() -> None:
    for i in range(40):  # the first offer to double among the seeded deals, bid by rule
        st = deal_state(i, 1)
        bid_by_rule(st)
        if not st.is_over() and DOUBLE in st.legal_actions():
            break
    else:
        raise AssertionError("no offer to double in 40 deals")
    seat = st.to_move()
    assert seat is not None
    once = value(st, DOUBLE, team_of(seat), "heuristic", "heuristic", 3, 2)
    assert once == value(st, DOUBLE, team_of(seat), "heuristic", "heuristic", 3, 2)
    assert len(once["pts"]) == 2 and all(0.0 <= e <= 1.0 for e in once["eq"])


def test_report_is_over_each_policys_own_doubles() -> None:
    def offer(choices: dict[str, str], d: list[float], p: list[float], sim: float) -> dict:
        return {"seat": 0, "scores": [0, 0], "sun": False, "choices": choices,
                "sim": {"b": {"double": 0.5 + sim, "pass": 0.5}},
                "values": {"double": {"pts": d, "eq": [0.6, 0.4]},
                           "pass": {"pts": p, "eq": [0.5, 0.5]}}}
    rows = [{"index": 0, "offers": [offer({RULE: "pass", "a": "pass", "b": "double"},
                                          [32.0, -32.0], [-6.0, -6.0], 0.1)]},
            {"index": 1, "offers": [offer({RULE: "pass", "a": "double", "b": "double"},
                                          [-32.0, -32.0], [-10.0, 0.0], 0.02)]}]
    lines = report(rows, ["a", "b"]).splitlines()
    assert lines[0].startswith("2 deals, 2 offers to double")
    assert lines[1] == "  rule: never doubles"
    # a: one offer, -32 - (-5) = -27; equity (0.5 - 0.5) = 0
    assert lines[2].startswith("  a: doubles 1 (0 in Sun): -27.00 ± 0.00 game points, +0.00 ± 0.00")
    # b: +6 and -27 -> mean -10.5, sd 23.33, half-width 1.96 * 23.33 / sqrt(2) = 32.34
    assert lines[3].startswith("  b: doubles 2 (0 in Sun): -10.50 ± 32.34 game points")
    assert "the side that raised won 1 of 4 hands so raised" in lines[3]
    assert lines[3].endswith("the simulation's own estimate +6.00 points of chance")
    # b against a where they differ (deal 0 only): Double - Pass = 0 - (-6)
    assert lines[4] == ("  b minus a, over the 1 offers where one of them doubles (1 against 2): "
                        "+6.00 ± 0.00 game points, +0.00 ± 0.00 points of match-win chance a "
                        "changed call")
    assert len(lines) == 5  # no other raise offered: no other section


def test_later_raises_are_offered_valued_and_reported_on_their_own() -> None:
    # The driver doubles now and then, so the declarers are offered Triple; only the raises named
    # are offered, and an offer is valued (the raise against Pass) where a policy raises.
    kinds: set[str] = set()
    valued = []
    for i in range(80):
        row = play_deal(i, 4, [TINY], TINY, "heuristic", 1, ("triple", "four", "gahwa"))
        for offer in row["offers"]:
            name = offer["raise"]
            kinds.add(name)
            assert set(offer["choices"].values()) <= {name, "pass"}
            assert ("values" in offer) == (name in offer["choices"].values())
            if "values" in offer:
                assert set(offer["values"]) == {name, "pass"}
                valued.append(dict(row, offers=[offer]))
    assert "double" not in kinds and "triple" in kinds
    assert valued, "no policy raised on these deals"
    text = report(valued, [TINY])
    assert text.startswith(f"{len(valued)} deals, {len(valued)} offers to triple; over the offers "
                           "each triples, Triple minus Pass by real play")
    assert "offers to double" not in text  # only the raises offered have a section
    assert f"  {TINY}: triples {len(valued)} (" in text
    assert list(RAISES) == ["double", "triple", "four", "gahwa"]


def test_a_gahwa_is_won_by_the_match_not_by_game_points() -> None:
    # A Gahwa hand scores 0-0 in game points and hands the match to its winner (equity 1 or 0).
    offer = {"seat": 0, "scores": [100, 140], "sun": False, "raise": "gahwa",
             "choices": {RULE: "pass", "a": "gahwa"}, "sim": {"a": {"gahwa": 0.3, "pass": 0.2}},
             "values": {"gahwa": {"pts": [0.0, 0.0], "eq": [1.0, 0.0]},
                        "pass": {"pts": [-20.0, 10.0], "eq": [0.1, 0.3]}}}
    text = report([{"index": 0, "offers": [offer]}], ["a"])
    line = next(x for x in text.splitlines() if x.startswith("  a: calls Gahwa"))
    assert "the side that raised won 1 of 2 hands so raised" in line
