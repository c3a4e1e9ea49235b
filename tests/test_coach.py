"""The coach (ai/coach.py): a seeded deliberate mistake is marked with its cost, the engine's own move
never is, calls are valued in game points and match equity on shared deals, and a verdict is the
same every time (iterations, no clock)."""

from __future__ import annotations

from dataclasses import replace

from ai.coach import (
    COACH_CONFIG,
    MISTAKE_POINTS,
    Verdict,
    call_values,
    evaluate,
    forced_values,
)
from game.actions import DECLARE, NO_DECLARE, PASS, parse_action
from game.notation import from_notation
from game.phase import Phase
from game.state import RoundState

TRUMPS_PARTNER = ("deal rules=- dealer=N score=0-0 S=8S.10D.8C.9C.AC E=10H.KH.QD.KD.KC N=9S.10S.JH.AH.AD "
                  "W=QS.QH.9D.7C.QC buy=7S stock=7D.10C.KS.AS.JS.JC.8H.JD.8D.7H.9H "
                  "moves=pass,pass,pass,hokum,pass,pass,pass,hokum,pass,pass,7D,10D,declare,8D,AD,AH,QH")
"""Hokum ♠ by North. North leads A♥ (nobody can beat it but a trump), East follows, and South, out of
hearts, may play anything: J♠ on it, the top trump, throws away the card that takes a trick later."""


def test_trumping_a_partners_sure_trick_is_marked_as_a_mistake_with_its_cost() -> None:
    obs = from_notation(TRUMPS_PARTNER).observation(0)
    jack = parse_action("JS")
    assert obs.to_move == 0 and jack in obs.legal_actions
    v = evaluate(obs, jack)
    assert v.kind == "card" and not v.agrees
    assert v.preferred >> 3 != 0, "the coach keeps the trump: it throws a plain card"
    assert v.mistake and v.cost >= MISTAKE_POINTS, v
    assert v.played_value is not None and v.preferred_value is not None
    assert v.played_value.samples == v.preferred_value.samples > 0
    assert v.equity_cost > 0
    assert v.played_plan.get("plan") in ("partner", "feed", "take_trump", "take")
    # the engine's own move, judged the same way, is never a mistake
    own = evaluate(obs, v.preferred)
    assert own.agrees and not own.mistake and own.cost == 0.0
    assert own.reason.key != "only"


def test_the_forced_search_values_both_moves_on_the_same_deals() -> None:
    obs = from_notation(TRUMPS_PARTNER).observation(0)
    jack, club = parse_action("JS"), parse_action("8C")
    a = forced_values(obs, (club, jack), 300, COACH_CONFIG, seed=3)
    b = forced_values(obs, (club, jack), 300, COACH_CONFIG, seed=3)
    assert a == b, "iterations only: the same figures every time"
    assert a[club].samples == a[jack].samples == 300
    assert a[club].points > a[jack].points
    assert 0.0 <= a[jack].equity <= 1.0


def _first_bid() -> tuple[RoundState, list[int]]:
    s = from_notation("deal rules=- dealer=W score=0-0 S=JH.9H.AH.10S.AS E=7C.8C.9C.7D.8D "
                      "N=KC.QC.JC.9D.10D W=7S.8S.9S.QD.KD buy=10H "
                      "stock=AC.10C.AD.JD.KS.QS.JS.KH.QH.8H.7H moves=-")
    return s, list(s.observation(0).legal_actions)


def test_a_call_is_valued_in_game_points_and_match_equity_on_shared_deals() -> None:
    s, legal = _first_bid()
    obs = s.observation(0)
    assert obs.phase is Phase.BIDDING and PASS in legal
    values = call_values(obs, legal, 40, COACH_CONFIG, seed=0)
    assert set(values) == set(legal)
    assert len({e.samples for e in values.values()}) == 1, "every call on the same deals"
    sun, hokum = parse_action("sun"), parse_action("hokum")
    assert values[sun].points > values[hokum].points + MISTAKE_POINTS, "A 10 of spades, A J 9 of hearts: Sun"
    assert values[sun].equity > values[hokum].equity
    v = evaluate(obs, hokum, call_deals=40)
    assert v.kind == "call" and v.preferred == sun and v.mistake
    assert (v.played_value, v.preferred_value) == (values[hokum], values[sun]), "the same deals"
    assert not evaluate(obs, sun, call_deals=40).mistake


def test_declaring_projects_is_judged_and_a_single_legal_move_is_not() -> None:
    s = from_notation("deal rules=- dealer=W score=0-0 S=JH.9H.AH.10S.AS E=7C.8C.9C.7D.8D "
                      "N=KC.QC.JC.9D.10D W=7S.8S.9S.QD.KD buy=10H "
                      "stock=AC.10C.AD.JD.KS.QS.JS.KH.QH.8H.7H moves=hokum,pass,pass,pass,hokum,pass,pass")
    obs = s.observation(0)
    assert obs.phase is Phase.PLAYING and set(obs.legal_actions) == {DECLARE, NO_DECLARE}
    v = evaluate(obs, NO_DECLARE, card_iterations=300)
    assert v.kind == "declare" and v.preferred == DECLARE
    assert v.played_value is not None and v.preferred_value is not None
    assert v.preferred_value.points >= v.played_value.points, "a project scores for the side"


def test_a_lone_legal_move_is_not_judged_and_a_verdict_pickles() -> None:
    import pickle
    obs = from_notation(TRUMPS_PARTNER).observation(0)
    card = obs.legal_actions[0]
    v = evaluate(replace(obs, legal_actions=(card,)), card)
    assert v.kind == "only" and v.agrees and not v.mistake
    assert pickle.loads(pickle.dumps(v)) == v
    assert isinstance(v, Verdict)
