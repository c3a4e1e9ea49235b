"""bench/policy_duel.py: policies against each other on the same deals."""

from __future__ import annotations

from ai.cardsense import WEAK_ORDER
from ai.policy import policy_card
from bench.policy_duel import VARIANTS, Policy, duel, main
from game.cardplay import CardPlay
from game.cards import CardSet


def test_the_policy_against_itself_scores_nothing() -> None:
    assert duel(policy_card, "hokum", 20, 0.0) == [0.0] * 20
    assert duel(policy_card, "sun", 20, 0.1) == [0.0] * 20  # the same random moves both ways


def test_a_policy_that_always_plays_its_weakest_card_loses() -> None:
    def weakest(st: CardPlay, legal: CardSet, rnd: float, eps: float) -> int:
        return WEAK_ORDER[st.trump].first(legal)

    for kind in ("hokum", "sun"):
        d = duel(weakest, kind, 40, 0.0)
        assert sum(d) / len(d) < -2.0  # measured: about -3 in Hokum


def test_the_variants_play_legal_cards_and_report() -> None:
    for variant in VARIANTS.values():
        def checked(st: CardPlay, legal: CardSet, rnd: float, eps: float,
                    variant: Policy = variant) -> int:
            card = variant(st, legal, rnd, eps)
            assert legal >> card & 1
            return card

        assert len(duel(checked, "hokum", 10, 0.1)) == 10
        assert len(duel(checked, "sun", 10, 0.0)) == 10
    assert main(["--variant", "oracle-cash", "--deals", "5"]) == 0
