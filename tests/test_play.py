"""docs/rules.md section 5: who may play what, seat by seat, in Hokum and Sun."""

from __future__ import annotations

import pytest

from game.bidding import IllegalActionError
from game.cards import parse_card
from game.events import CardPlayed, TrickWon
from game.notation import from_notation
from tests.helpers import apply_all, legal_strs, play_position

# Hokum, hearts trump. South leads; East is 2nd, North 3rd (South's partner), West 4th.
# (id, hands S/E/N/W, moves before the seat under test, the legal cards expected)
HOKUM_CASES = [
    ("2nd can follow: any card of the suit",
     ("KS 7D 8D", "7S AS 9H", "8S 9D 10D", "QS QD JD"), "KS", {"7S", "AS"}),
    ("2nd cannot follow: must trump",
     ("KS 7D 8D", "7H 9D 8C", "8S 10D JD", "AS QD KD"), "KS", {"7H"}),
    ("2nd cannot follow, no trump: anything",
     ("KS 7D 8D", "9D 8C 7C", "8S 10D JD", "AS QD KD"), "KS", {"9D", "8C", "7C"}),
    ("3rd, partner leads a King with the Ace out: must trump",
     ("KS 7D 8D", "7S 9C 10C", "8H 9D 8C", "AS QD KD"), "KS 7S", {"8H"}),
    ("3rd, partner leads an Ace: anything",
     ("AS 7D 8D", "7S 9C 10C", "8H 9D 8C", "KS QD KD"), "AS 7S", {"8H", "9D", "8C"}),
    ("3rd, partner leads an Ekka (A and 10 gone): anything",
     ("KS 7D 8D", "7S 9C 10C", "8H 9D 8C", "QS QD KD"), "KS 7S", {"8H", "9D", "8C"}),
    ("3rd, 2nd seat trumped: must overtrump",
     ("KS 7D 8D", "QH 9C 10C", "7H KH 9D", "AS QD KD"), "KS QH", {"KH"}),
    ("3rd, 2nd seat trumped too high: anything",
     ("KS 7D 8D", "JH 9C 10C", "7H 8H 9D", "AS QD KD"), "KS JH", {"7H", "8H", "9D"}),
    ("3rd, 2nd seat winning in suit: must trump",
     ("KS 7D 8D", "AS 9C 10C", "7H KH 9D", "QS QD KD"), "KS AS", {"7H", "KH"}),
    ("4th, partner (2nd) winning: anything",
     ("KS 7D 8D", "AS 9C 10C", "7S 9D 10D", "7H QD KD"), "KS AS 7S", {"7H", "QD", "KD"}),
    ("4th, opponent winning in suit: must trump",
     ("KS 7D 8D", "7S 9C 10C", "8S 9D 10D", "7H QD KD"), "KS 7S 8S", {"7H"}),
    ("4th, opponent trumped: must overtrump",
     ("KS 7D 8D", "7S 9C 10C", "9H 10D JD", "7H JH KD"), "KS 7S 9H", {"JH"}),
    ("4th, opponent trumped, cannot overtrump: anything",
     ("KS 7D 8D", "7S 9C 10C", "JH 10D JD", "7H QD KD"), "KS 7S JH", {"7H", "QD", "KD"}),
    ("trump led: must beat the highest trump",
     ("QH 7D 8D", "KH 7H 9D", "8S 10D JD", "AS QD KD"), "QH", {"KH"}),
    ("trump led, cannot beat: any trump",
     ("JH 7D 8D", "7H 8H 9D", "8S 10D KD", "AS QD JD"), "JH", {"7H", "8H"}),
    ("trump led, partner winning: any trump",
     ("JH 7D 8D", "7H 10C 9D", "9H 8H 10D", "AS QD KD"), "JH 7H", {"9H", "8H"}),
    ("trump led, no trump: anything",
     ("JH 7D 8D", "7S 8C 9D", "8S 10D KD", "AS QD JD"), "JH", {"7S", "8C", "9D"}),
]


@pytest.mark.parametrize("case", HOKUM_CASES, ids=[c[0] for c in HOKUM_CASES])
def test_hokum_legality(case: tuple[str, tuple[str, str, str, str], str, set[str]]) -> None:
    _, (s, e, n, w), moves, expected = case
    state = play_position({"S": s, "E": e, "N": n, "W": w}, trump="H", moves=moves.replace(" ", ","))
    assert legal_strs(state) == expected


def test_locked_game_forbids_leading_trump_unless_only_trumps() -> None:
    hands = {"S": "7H AS 9D", "E": "7S 9C 10C", "N": "8S 10D JD", "W": "QS QD KD"}
    assert legal_strs(play_position(hands, locked=True)) == {"AS", "9D"}
    assert legal_strs(play_position(hands, locked=False)) == {"7H", "AS", "9D"}
    only_trumps = {"S": "7H 8H 9H", "E": "7S 9C 10C", "N": "8S 10D JD", "W": "QS QD KD"}
    assert legal_strs(play_position(only_trumps, locked=True)) == {"7H", "8H", "9H"}
    state = play_position(hands, locked=True)
    with pytest.raises(IllegalActionError, match="Locked: you may not lead trump"):
        apply_all(state, "7H")


SUN_CASES = [
    ("2nd follows suit", ("KS 7D 8D", "7S AS 9H", "8S 9D 10D", "QS QD JD"), "KS", {"7S", "AS"}),
    ("2nd cannot follow: anything", ("KS 7D 8D", "7H 9D 8C", "8S 10D JD", "AS QD KD"), "KS",
     {"7H", "9D", "8C"}),
    ("3rd cannot follow, partner not winning: anything (no trumping in Sun)",
     ("KS 7D 8D", "AS 9C 10C", "7H KH 9D", "QS QD KD"), "KS AS", {"7H", "KH", "9D"}),
    ("leader: anything", ("KS 7D 8D", "AS 9C 10C", "7H KH 9D", "QS QD KD"), "",
     {"KS", "7D", "8D"}),
]


@pytest.mark.parametrize("case", SUN_CASES, ids=[c[0] for c in SUN_CASES])
def test_sun_legality(case: tuple[str, tuple[str, str, str, str], str, set[str]]) -> None:
    _, (s, e, n, w), moves, expected = case
    state = play_position({"S": s, "E": e, "N": n, "W": w}, trump="-", moves=moves.replace(" ", ","))
    assert legal_strs(state) == expected


def test_illegal_card_is_refused_with_the_reason_and_changes_nothing() -> None:
    state = play_position({"S": "KS 7D 8D", "E": "7S AS 9H", "N": "8S 9D 10D", "W": "QS QD JD"},
                          moves="KS")
    before = repr(state)
    with pytest.raises(IllegalActionError, match="You must follow ♠"):
        apply_all(state, "9H")
    assert repr(state) == before
    assert state.why_illegal(parse_card("7C")) == "You do not hold that card"
    trump = play_position({"S": "KS 7D 8D", "E": "7H 9D 8C", "N": "8S 10D JD", "W": "AS QD KD"},
                          moves="KS")
    assert trump.why_illegal(trump.legal_actions()[0]) == ""
    with pytest.raises(IllegalActionError, match=r"You must trump \(♥\)"):
        apply_all(trump, "9D")
    over = play_position({"S": "QH 7D 8D", "E": "KH 7H 9D", "N": "8S 10D JD", "W": "AS QD KD"},
                         moves="QH")
    with pytest.raises(IllegalActionError, match="higher trump"):
        apply_all(over, "7H")


def test_worked_example_two_tricks() -> None:
    """docs/rules.md section 5: Hokum, hearts trump, North leads K♣ with two tricks left."""
    state = from_notation(
        "play rules=- dealer=W score=0-0 contract=hokum/H/N/N/x1/open/- S=QH.9D E=10D.KD "
        "N=QC.KC W=7C.10C lead=N done=6 won=3-3 points=60-58 projects=- pteam=- baloot=- moves=-")
    assert legal_strs(state) == {"QC", "KC"}
    events = apply_all(state, "KC")
    assert not any(isinstance(e, CardPlayed) and e.ekka for e in events)  # 10♣ is unplayed
    apply_all(state, "7C")
    assert legal_strs(state) == {"QH"}  # South must trump: partner winning without Ace/Ekka
    apply_all(state, "QH")
    assert legal_strs(state) == {"10D", "KD"}  # East cannot follow or win: anything
    events = apply_all(state, "KD")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won and won[0].seat == 0
    assert legal_strs(state) == {"9D"}
    apply_all(state, "9D 10D QC 10C")
    assert state.tricks_log[-1][1][1] == parse_card("10D")  # East's 10♦ took the last trick
    assert state.leader == 1
    assert state.is_over() and state.tricks_won == [4, 4]
    assert sum(state.points) == 162


def test_ekka_is_announced_for_the_highest_unplayed_card() -> None:
    state = play_position({"S": "KS 7D 8D", "E": "7S 9C 10C", "N": "8H 9D 8C", "W": "QS QD KD"})
    events = apply_all(state, "KS")
    assert any(isinstance(e, CardPlayed) and e.ekka for e in events)


def test_refusal_codes_for_translation() -> None:
    from game.play import Refusal
    FOLLOW, NOT_HELD, TRUMP = Refusal.FOLLOW, Refusal.NOT_HELD, Refusal.TRUMP
    state = play_position({"S": "KS 7D 8D", "E": "7S AS 9H", "N": "8S 9D 10D", "W": "QS QD JD"},
                          moves="KS")
    assert state.card_refusal(parse_card("9H")) == (FOLLOW, 0)
    assert state.card_refusal(parse_card("7C")) == (NOT_HELD, -1)
    assert state.card_refusal(parse_card("AS")) == ("", -1)
    trump = play_position({"S": "KS 7D 8D", "E": "7H 9D 8C", "N": "8S 10D JD", "W": "AS QD KD"},
                          moves="KS")
    assert trump.card_refusal(parse_card("9D")) == (TRUMP, 1)
