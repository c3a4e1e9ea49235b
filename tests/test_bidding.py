"""docs/rules.md sections 2-4: the deal, both bidding rounds, Ashkal, doubling up to Gahwa."""

from __future__ import annotations

import random

import pytest

from game.actions import (
    ASHKAL,
    DOUBLE,
    FOUR,
    GAHWA,
    HOKUM,
    KAWESH,
    LOCKED,
    OPEN,
    PASS,
    SUN,
    TRIPLE,
    hokum_suit,
)
from game.bidding import IllegalActionError
from game.cards import EAST, NORTH, SOUTH, WEST, parse_cards, suit_of
from game.events import CardsDealt, ContractFixed, HandThrownIn, NewHand
from game.match import MatchState
from game.notation import from_notation
from game.phase import Phase
from game.rules import Rules
from game.state import RoundState

# South deals: East is P1, North P2, West P3, South P4.
DEAL = ("deal rules=- dealer=S score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H N=9H.10H.JH.QH.KH "
        "W=AH.7D.8D.9D.10D buy=JD stock=QD.KD.AD.7C.8C.9C.10C.JC.QC.KC.AC moves=-")


def fresh(rules: str = "-", scores: str = "0-0") -> RoundState:
    return from_notation(DEAL.replace("rules=-", f"rules={rules}").replace("score=0-0",
                                                                            f"score={scores}"))


def bid(state: RoundState, *actions: int) -> list[object]:
    events: list[object] = []
    for a in actions:
        events += state.apply(a)
    return events


def test_deal_three_then_two_from_the_dealers_right_and_turn_the_21st() -> None:
    rng = random.Random(5)
    s = RoundState.deal(rng, dealer=SOUTH)
    assert all(s.hand_size(seat) == 5 for seat in range(4))
    assert len(s.stock) == 11 and s.buying_card not in s.stock
    assert s.to_move() == EAST


def test_all_pass_twice_throws_the_hand_in() -> None:
    s = fresh()
    events = bid(s, *[PASS] * 8)
    assert s.is_over() and s.result is None
    assert any(isinstance(e, HandThrownIn) for e in events)


def test_thrown_in_hand_passes_the_deal_and_scores_nothing() -> None:
    m = MatchState(seed=3)
    dealer = m.dealer
    events: list[object] = []
    for _ in range(8):
        events += m.apply(PASS)
    assert m.scores == (0, 0) and m.dealer == (dealer + 1) % 4 and m.hand_number == 2
    assert any(isinstance(e, NewHand) for e in events)


def test_hokum_kept_completes_the_deal() -> None:
    s = fresh()
    events = bid(s, HOKUM, PASS, PASS, PASS, HOKUM)  # East buys; W, S, N decline Sun; East keeps
    c = s.contract
    assert c is not None and c.kind == "hokum" and c.trump == suit_of(s.buying_card)
    assert c.declarer == EAST
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert [d.seat for d in dealt] == [EAST, NORTH, WEST, SOUTH]
    assert [d.count for d in dealt] == [3, 3, 3, 3]
    assert s.hands[EAST] >> s.buying_card & 1
    assert all(s.hand_size(seat) == 8 for seat in range(4))


def test_sun_offers_go_lowest_priority_first_after_hokum() -> None:
    s = fresh()
    bid(s, HOKUM)
    order = []
    while s.phase is Phase.BIDDING and s.bidding.stage == "sun_offer":
        order.append(s.to_move())
        bid(s, PASS)
    assert order == [SOUTH, WEST, NORTH]


def test_hokum_then_sun_convert() -> None:
    s = fresh()
    bid(s, HOKUM, PASS, PASS, PASS)
    assert s.legal_actions() == [HOKUM, SUN]
    bid(s, SUN)
    c = s.contract
    assert c is not None and c.kind == "sun" and c.declarer == EAST


def test_rule_book_example_north_overcalls_west() -> None:
    """South deals; East, North, West pass; South says Hokum. West Sun, North Sun, East passes."""
    s = fresh()
    bid(s, PASS, PASS, PASS, HOKUM)
    assert s.to_move() == WEST
    bid(s, SUN)
    assert s.to_move() == NORTH
    bid(s, SUN)
    assert s.to_move() == EAST
    events = bid(s, PASS)
    fixed = [e for e in events if isinstance(e, ContractFixed)]
    assert fixed and fixed[0].contract.kind == "sun" and fixed[0].contract.declarer == NORTH


def test_sun_overcall_by_a_higher_priority_speaker() -> None:
    s = fresh()
    bid(s, PASS, PASS, SUN)  # West (P3) bids Sun
    assert s.to_move() == NORTH and s.legal_actions() == [PASS, SUN]
    bid(s, PASS)
    assert s.to_move() == EAST
    bid(s, SUN)
    c = s.contract
    assert c is not None and c.kind == "sun" and c.declarer == EAST


def test_sun_by_the_first_speaker_ends_bidding_at_once() -> None:
    s = fresh()
    bid(s, SUN)
    assert s.contract is not None and s.contract.declarer == EAST and s.phase is Phase.PLAYING


def test_ashkal_gives_the_buying_card_to_the_partner() -> None:
    s = fresh()
    assert ASHKAL not in s.legal_actions()  # P1 may not
    bid(s, PASS)
    assert ASHKAL not in s.legal_actions()  # nor P2
    bid(s, PASS)
    assert ASHKAL in s.legal_actions()
    bid(s, ASHKAL, PASS, PASS)  # West says Ashkal; North and East decline Sun
    c = s.contract
    assert c is not None and c.kind == "sun" and c.declarer == EAST and c.bidder == WEST
    assert s.hands[EAST] >> s.buying_card & 1


def test_ashkal_on_an_ace_variant() -> None:
    text = DEAL.replace("rules=-", "rules=A").replace("buy=JD", "buy=AD").replace("AD.7C", "JD.7C")
    s = from_notation(text)
    bid(s, PASS, PASS)
    assert ASHKAL not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="Ace"):
        bid(s, ASHKAL)


def test_round_two_hokum_overcalled_by_sun() -> None:
    s = fresh()
    bid(s, *[PASS] * 4)
    assert s.bidding.round == 2
    bid(s, PASS, HOKUM)  # North bids Hokum in another suit
    assert s.to_move() == WEST and s.legal_actions() == [PASS, SUN]
    bid(s, SUN)
    c = s.contract
    assert c is not None and c.kind == "sun" and c.declarer == WEST


def test_round_two_hokum_names_another_suit() -> None:
    s = fresh()
    bid(s, *[PASS] * 4, PASS, HOKUM, PASS, PASS)
    buy_suit = suit_of(s.buying_card)
    assert hokum_suit(buy_suit) not in s.legal_actions()
    assert SUN in s.legal_actions()
    with pytest.raises(IllegalActionError):
        bid(s, hokum_suit(buy_suit))
    bid(s, hokum_suit((buy_suit + 1) % 4))
    c = s.contract
    assert c is not None and c.kind == "hokum" and c.trump == (buy_suit + 1) % 4 and c.declarer == NORTH


def test_no_ashkal_in_round_two_and_sun_ends_it() -> None:
    s = fresh()
    bid(s, *[PASS] * 6)
    assert ASHKAL not in s.legal_actions()
    bid(s, SUN)
    assert s.contract is not None and s.contract.declarer == WEST


def test_kawesh_variant_annuls_a_hand_of_sevens_eights_nines() -> None:
    text = DEAL.replace("rules=-", "rules=K").replace("E=QS.KS.AS.7H.8H", "E=7H.8H.9H.7S.8S") \
        .replace("S=7S.8S.9S.10S.JS", "S=QS.KS.AS.10S.JS").replace("N=9H.10H.JH.QH.KH",
                                                                  "N=9S.10H.JH.QH.KH")
    s = from_notation(text)
    assert KAWESH in s.legal_actions()
    events = bid(s, KAWESH)
    assert s.is_over() and any(isinstance(e, HandThrownIn) for e in events)
    assert KAWESH not in fresh().legal_actions()


def hokum_by_east() -> RoundState:
    s = fresh()
    bid(s, HOKUM, PASS, PASS, PASS, HOKUM)
    return s


def test_doubling_ladder_up_to_gahwa() -> None:
    s = hokum_by_east()
    assert s.phase is Phase.DOUBLING and s.to_move() == NORTH  # the opponent after the declarer
    bid(s, PASS)
    assert s.to_move() == SOUTH
    bid(s, DOUBLE)
    assert s.legal_actions() == [LOCKED, OPEN]
    bid(s, LOCKED)
    assert s.contract is not None and s.contract.raise_level == 2 and s.contract.locked
    assert s.to_move() == EAST and s.legal_actions() == [PASS, TRIPLE]
    bid(s, TRIPLE)
    assert not s.contract.locked and s.to_move() == SOUTH
    bid(s, FOUR, OPEN)
    assert s.contract.raise_level == 4 and not s.contract.locked
    assert s.to_move() == EAST and s.legal_actions() == [PASS, GAHWA]
    bid(s, GAHWA)
    assert s.contract.raise_level == 5 and s.phase is Phase.PLAYING


def test_locked_double_stands_if_nobody_raises() -> None:
    s = hokum_by_east()
    bid(s, DOUBLE, LOCKED, PASS)
    assert s.contract is not None and s.contract.locked and s.contract.doubler == NORTH
    assert s.phase is Phase.PLAYING and s.to_move() == EAST  # P1 leads, whoever declared


def test_declarer_leads_variant() -> None:
    s = fresh(rules="L")
    bid(s, PASS, HOKUM, PASS, PASS, PASS, HOKUM, PASS, PASS)
    assert s.to_move() == NORTH


def test_sun_double_only_with_one_team_above_100_and_the_other_below() -> None:
    s = fresh(scores="0-0")
    bid(s, SUN)
    assert s.phase is Phase.PLAYING
    s = fresh(scores="120-80")
    bid(s, SUN)
    assert s.phase is Phase.DOUBLING and s.legal_actions() == [PASS, DOUBLE]
    bid(s, DOUBLE)
    assert s.contract is not None and s.contract.raise_level == 2 and s.phase is Phase.PLAYING
    s = fresh(scores="110-120")
    bid(s, SUN)
    assert s.phase is Phase.PLAYING


def test_wrong_speaker_calls_are_explained() -> None:
    s = fresh()
    with pytest.raises(IllegalActionError, match="Ashkal may only be called by the third or fourth"):
        bid(s, ASHKAL)
    with pytest.raises(IllegalActionError, match="after the bidding"):
        s.apply(parse_cards("QS").bit_length() - 1)
    assert s.why_illegal(DOUBLE) != ""


def test_rules_flags_round_trip() -> None:
    r = Rules(declarer_leads=True, kawesh=True)
    assert Rules.from_flags(r.flags()) == r
    assert Rules.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError, match="unknown rule"):
        Rules.from_dict({"cheating": True})
