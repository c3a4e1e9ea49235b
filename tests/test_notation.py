"""The one-line position notation round-trips exactly and explains bad input."""

from __future__ import annotations

import random

import pytest

from game.notation import from_notation, to_notation
from game.state import RoundState
from tests.helpers import biased_choice

EXAMPLES = [
    "deal rules=- dealer=S score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H N=9H.10H.JH.QH.KH "
    "W=AH.7D.8D.9D.10D buy=JD stock=QD.KD.AD.7C.8C.9C.10C.JC.QC.KC.AC moves=-",
    "deal rules=LK dealer=E score=120-80 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H N=9H.10H.JH.QH.KH "
    "W=AH.7D.8D.9D.10D buy=JD stock=QD.KD.AD.7C.8C.9C.10C.JC.QC.KC.AC moves=pass,sun,pass,double",
    "play rules=- dealer=W score=0-0 contract=hokum/H/N/N/x1/open/- S=QH.9D E=10D.KD N=QC.KC "
    "W=7C.10C lead=N done=6 won=3-3 points=60-58 projects=- pteam=- baloot=- moves=KC,7C",
    "play rules=- dealer=W score=0-0 contract=hokum/S/E/E/x2/locked/S S=QH.9D E=10D.KD N=QC.KC "
    "W=7C.10C lead=N done=6 won=4-2 points=80-38 projects=E:fifty(7H.8H.9H.10H) pteam=1 baloot=- "
    "moves=-",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_documented_examples_round_trip(text: str) -> None:
    assert to_notation(from_notation(text)) == text


def test_random_positions_round_trip() -> None:
    rng = random.Random(11)
    for seed in range(300):
        s = RoundState.deal(random.Random(seed), dealer=seed % 4)
        for _ in range(rng.randrange(70)):
            if s.is_over():
                break
            s.apply(biased_choice(s.legal_actions(), rng))
        text = to_notation(s)
        again = from_notation(text)
        assert to_notation(again) == text
        assert again.legal_actions() == s.legal_actions()
        assert again.observation(0) == s.observation(0)


def test_symbols_and_tens_are_accepted_and_normalised() -> None:
    text = EXAMPLES[2].replace("S=QH.9D", "S=9♦.Q♥").replace("W=7C.10C", "W=7C.TC")
    assert to_notation(from_notation(text)) == EXAMPLES[2]


@pytest.mark.parametrize(("change", "message"), [
    (("deal ", "chess "), "starts with 'deal' or 'play'"),
    (("dealer=S", "dealer=X"), "not a seat"),
    (("S=7S.8S.9S.10S.JS", "S=7S.8S.9S.10S.QS"), "in two hands"),
    (("buy=JD", "buy=ZZ"), "not a card"),
    (("moves=-", "moves=double"), "move 1 .double."),
    (("score=0-0", "score=zero"), "score must look like"),
    (("rules=-", "rules=Q"), "unknown rule flag"),
])
def test_bad_notation_is_explained(change: tuple[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        from_notation(EXAMPLES[0].replace(*change))


def test_play_position_points_must_match_the_cards_played() -> None:
    with pytest.raises(ValueError, match="points must add up to 118"):
        from_notation(EXAMPLES[2].replace("points=60-58", "points=60-60"))
