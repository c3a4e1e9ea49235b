"""Fixture builders shared by the engine tests."""

from __future__ import annotations

import random

from game.actions import Action, action_str, parse_action
from game.cards import SEAT_LETTERS, cards_str, parse_cards
from game.notation import from_notation
from game.ranking import NO_TRUMP, mask_points
from game.state import RoundState


def play_position(hands: dict[str, str], *, trump: str = "H", lead: str = "S", moves: str = "",
                  locked: bool = False, declarer: str = "S", dealer: str = "W",
                  rules: str = "-") -> RoundState:
    """A card-play position from the hands each seat holds now (earlier tricks as totals)."""
    masks = {s: parse_cards(hands[s]) for s in SEAT_LETTERS}
    size = masks["S"].bit_count()
    done = 8 - size
    played = ((1 << 32) - 1) ^ masks["S"] ^ masks["E"] ^ masks["N"] ^ masks["W"]
    kind = "sun" if trump == "-" else "hokum"
    t = NO_TRUMP if trump == "-" else "SHDC".index(trump)
    pts = mask_points(played, t)
    raise_part = "x2/locked/E" if locked else "x1/open/-"
    text = (f"play rules={rules} dealer={dealer} score=0-0 "
            f"contract={kind}/{trump}/{declarer}/{declarer}/{raise_part} "
            + " ".join(f"{s}={cards_str(masks[s], sep='.')}" for s in SEAT_LETTERS)
            + f" lead={lead} done={done} won={done}-0 points={pts}-0 projects=- pteam=- baloot=-"
            + f" moves={moves.replace(' ', '') or '-'}")
    return from_notation(text)


def legal_strs(state: RoundState) -> set[str]:
    return {action_str(a) for a in state.legal_actions()}


def apply_all(state: RoundState, tokens: str) -> list[object]:
    events: list[object] = []
    for tok in tokens.split():
        events += state.apply(parse_action(tok))
    return events


def biased_choice(legal: list[Action], rng: random.Random) -> Action:
    """Random legal play that still reaches Hokum, doubles and locks often enough to test them."""
    from game.actions import ASHKAL, DOUBLE, HOKUM, PASS, SUN
    if SUN in legal and PASS in legal and HOKUM not in legal:
        return SUN if rng.random() < 0.25 else PASS  # a Sun overcall offer
    if HOKUM in legal and PASS in legal:
        r = rng.random()
        if r < 0.3:
            return HOKUM
        if r < 0.4 and SUN in legal:
            return SUN
        if r < 0.45 and ASHKAL in legal:
            return ASHKAL
        return PASS
    if DOUBLE in legal:
        return DOUBLE if rng.random() < 0.3 else PASS
    return legal[rng.randrange(len(legal))]


def bid_by_rule(state: RoundState) -> None:
    """Bid `state` by the rule-based calls to the end of the bidding phase (they never double, so
    a contract stops at the offer to double)."""
    from ai.heuristic import heuristic_call  # only the AI tests call this: the engine's need no ai
    from game.phase import Phase
    while state.phase is Phase.BIDDING and not state.is_over():
        seat = state.to_move()
        assert seat is not None
        state.apply(heuristic_call(state.observation(seat), state.legal_actions()))
