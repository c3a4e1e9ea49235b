"""The review's model (ui/review/model.py, ui/files/records.py; no pygame): a match split into its hands,
each step's open hands and tricks, the player's decisions with the observations they were made
from, records and deals written and read back, and bad ones refused with their reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.actions import is_card
from game.match import MatchState
from game.record import random_match, record_of
from game.state import RoundState
from ui.files.records import OpenError, export_match, open_data, open_path, open_text
from ui.review.model import HUMAN, source_of_match, source_of_notation


def test_a_match_is_split_into_its_hands_and_each_replays_to_its_score() -> None:
    m = random_match(11, 12)
    source = source_of_match(m, ("human", "random", "random", "random"), 11)
    assert [a for h in source.hands for a in h.actions] == m.actions
    assert [h.number for h in source.hands] == [r.number for r in m.sheet]
    for i, hand in enumerate(source.hands):
        rv = source.review(i)
        last = rv.steps[-1]
        assert hand.record is not None
        if hand.record.score is None:
            assert last.thrown_in and not last.tricks
        else:
            assert last.score == hand.record.score and len(last.tricks) == 8
            assert sum(t.points for t in last.tricks) == sum(last.points)
        for step in rv.steps:
            sizes = [h.bit_count() for h in step.hands]
            played = sum(len(t.cards) for t in step.tricks) + (
                len(step.trick.cards) if step.trick is not None and step.trick.winner is None else 0)
            assert sum(sizes) + played + (step.buying_card >= 0) == (21 if step.contract is None else 32)
        m_at = source.match_at(i, 0)
        assert m_at.round.base == hand.base and m_at.scores == hand.base.match_scores


def test_each_decision_keeps_the_players_observation_of_that_moment() -> None:
    m = random_match(3, 4)
    source = source_of_match(m, ("human", "random", "random", "random"), 3)
    rv = source.review(0)
    assert rv.decisions
    st = RoundState(rv.base)
    by_step = {d.step: d for d in rv.decisions}
    for i, a in enumerate(rv.actions):
        if i + 1 in by_step:
            d = by_step[i + 1]
            assert st.to_move() == HUMAN and d.played == a
            assert d.observation == st.observation(HUMAN), "the player's view, not the open cards"
            assert d.observation.hand == st.hands[HUMAN]
        elif st.to_move() == HUMAN:
            assert len(st.legal_actions()) == 1, "a forced move is no decision"
        st.apply(a)


def test_a_record_and_a_deal_round_trip(tmp_path: Path) -> None:
    m = random_match(8, 9)
    source = source_of_match(m, ("human", "ismcts:hard", "ismcts:easy", "ismcts:hard"), 8)
    path = export_match(source, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == record_of(m) | {"players": ["human", "ismcts:hard", "ismcts:easy", "ismcts:hard"]}
    again = open_path(path)
    assert again.players == source.players and again.seed == 8
    assert [again.review(i).steps for i in range(len(again.hands))] == \
        [source.review(i).steps for i in range(len(source.hands))]
    rv = source.review(2)
    deal = source_of_notation(rv.notation())
    assert not deal.is_match and deal.review(0).steps == rv.steps
    assert deal.match_at(0, 5).round.actions == list(rv.actions[:5])
    assert open_text("  " + rv.notation() + "\n").review(0).steps == rv.steps
    assert export_match(source, tmp_path) != path, "a second export never overwrites the first"


def test_the_games_own_save_can_be_opened_for_review() -> None:
    m = MatchState(5)
    for _ in range(40):
        m.apply(m.legal_actions()[0])
    save = {"format": "baloot-save", "version": 1, "data": {
        "record": record_of(m), "players": ["human", "random", "random", "random"], "agent_seed": 5}}
    source = open_data(save, "match.json")
    assert source.players[1] == "random" and source.all_actions() == m.actions


@pytest.mark.parametrize(("data", "key"), [
    ({"format": "baloot-record", "version": 1, "seed": 4, "actions": ["pass"] * 3 + ["KS"]}, "open.illegal"),
    ({"format": "baloot-record", "version": 1, "seed": 4, "actions": [], "extra": 1}, "open.invalid"),
    ({"format": "baloot-record", "version": 1, "seed": 4, "actions": []}, "open.no_hand"),
    ({"format": "baloot-record", "version": 2, "seed": 4, "actions": []}, "open.version"),
    ({"format": "baloot-record", "version": 1, "seed": True, "actions": []}, "open.invalid"),
    ({"format": "baloot-record", "version": 1, "seed": 4, "actions": ["pass"],
      "result": {"scores": [152, 0], "winner": 0}}, "open.result"),
    ({"format": "baloot-record", "version": 1, "seed": 4, "actions": ["pass"],
      "players": ["human", "http.server:test", "random", "random"]}, "open.invalid"),
    ([1, 2, 3], "open.not_record"),
])
def test_a_bad_record_is_refused_with_its_reason(data: object, key: str) -> None:
    with pytest.raises(OpenError) as e:
        open_data(data, "x.json")
    assert e.value.key == key, e.value
    assert e.value.values.get("name") == "x.json"


def test_a_bad_deal_and_nothing_at_all_are_refused() -> None:
    for text, key in (("", "open.nothing"), ("deal rules=- dealer=S", "open.bad_deal"),
                      ("play rules=- dealer=S score=0-0 contract=sun/-/S/S/x1/open/- S=AS E=KS N=QS W=JS "
                       "lead=S done=7 won=4-3 points=70-50 projects=- pteam=- baloot=- moves=-",
                       "open.bad_deal")):
        with pytest.raises(OpenError) as e:
            open_text(text)
        assert e.value.key == key, (text, e.value)


def test_steps_show_the_trick_as_it_fell() -> None:
    rv = source_of_match(random_match(6, 6), ("human", "random", "random", "random"), 6).review(0)
    for k, step in enumerate(rv.steps[1:], start=1):
        if step.action is not None and is_card(step.action):
            assert step.trick is not None and step.trick.cards[-1] == step.action
            assert step.trick.seat_of(len(step.trick.cards) - 1) == step.seat
            if len(step.trick.cards) == 4:
                assert step.trick.winner is not None and step.tricks[-1] == step.trick
            assert rv.steps[k - 1].hands[step.seat] & (1 << step.action)
