from __future__ import annotations

import pytest

from game.actions import NUM_ACTIONS, action_str, parse_action
from game.cards import card_str, cards_in, mask_of, parse_card, parse_cards


def test_every_card_round_trips_in_both_forms() -> None:
    for c in range(32):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_str(c, symbols=True)) == c


def test_examples() -> None:
    assert card_str(parse_card("KC")) == "KC"
    assert card_str(parse_card("K♣"), symbols=True) == "K♣"
    assert parse_card("10H") == parse_card("TH") == parse_card("10♥")
    assert cards_in(parse_cards("AS 7S, KD")) == sorted(parse_card(x) for x in ("AS", "7S", "KD"))


@pytest.mark.parametrize("bad", ["", "K", "1C", "KX", "11H", "ZZ"])
def test_bad_cards_are_rejected_with_a_message(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


def test_duplicate_card_in_a_list_is_rejected() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_cards("KC KC")


def test_masks() -> None:
    assert mask_of(cards_in(0xF0F0)) == 0xF0F0


def test_every_action_round_trips() -> None:
    for a in range(NUM_ACTIONS):
        assert parse_action(action_str(a)) == a
    with pytest.raises(ValueError, match="not an action"):
        parse_action("bluff")
