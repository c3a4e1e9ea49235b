"""The action space: one int per decision, shared by every phase.

0-31 play that card; 32-48 the calls; 49-80 (classic Belote) play a card announcing "Belote"
(the K of trump) or "Rebelote" (the Q). `legal_actions()` returns sorted ints of this space.
"""

from __future__ import annotations

from .cards import SUIT_LETTERS, card_str, parse_card
from .errors import NotationError

Action = int

PASS = 32
HOKUM = 33  # round 1: buy as Hokum / keep Hokum; round 2: bid Hokum in another suit
SUN = 34  # bid Sun, overcall with Sun, or switch a Hokum bid to Sun
ASHKAL = 35
KAWESH = 36
HOKUM_SUIT_BASE = 37  # 37..40: round 2, keep Hokum and name this suit as trump
DOUBLE = 41
TRIPLE = 42
FOUR = 43
GAHWA = 44
LOCKED = 45
OPEN = 46
DECLARE = 47  # declare the projects found in the hand (first trick)
NO_DECLARE = 48
ANNOUNCED_BASE = 49  # 49..80: this card, announcing belote / rebelote (classic Belote)
NUM_ACTIONS = 81


def hokum_suit(suit: int) -> Action:
    return HOKUM_SUIT_BASE + suit


def is_card(action: Action) -> bool:
    """A card played without an announcement."""
    return 0 <= action < 32


def announced(card: int) -> Action:
    """Play `card` announcing belote (K of trump) or rebelote (Q of trump)."""
    return ANNOUNCED_BASE + card


def is_announced(action: Action) -> bool:
    return ANNOUNCED_BASE <= action < ANNOUNCED_BASE + 32


def card_of(action: Action) -> int:
    """The card an action plays, announced or not; -1 for a call."""
    if 0 <= action < 32:
        return action
    if ANNOUNCED_BASE <= action < ANNOUNCED_BASE + 32:
        return action - ANNOUNCED_BASE
    return -1


_NAMES = {
    PASS: "pass", HOKUM: "hokum", SUN: "sun", ASHKAL: "ashkal", KAWESH: "kawesh",
    DOUBLE: "double", TRIPLE: "triple", FOUR: "four", GAHWA: "gahwa",
    LOCKED: "locked", OPEN: "open", DECLARE: "declare", NO_DECLARE: "nodeclare",
}
for _s, _l in enumerate(SUIT_LETTERS):
    _NAMES[HOKUM_SUIT_BASE + _s] = "hokum-" + _l
_BY_NAME = {v.lower(): k for k, v in _NAMES.items()}  # calls are read case-insensitively


def action_str(action: Action) -> str:
    """'KC' for a card, 'KH!' for a card announcing belote or rebelote, otherwise the call's
    name ('pass', 'hokum-S', 'double', ...)."""
    if is_card(action):
        return card_str(action)
    if is_announced(action):
        return card_str(action - ANNOUNCED_BASE) + "!"
    if action in _NAMES:
        return _NAMES[action]
    raise ValueError(f"not an action: {action!r}")


def parse_action(text: str) -> Action:
    """The action `text` names ('KC', 'K♣', 'KH!', 'pass', 'hokum-S', any case); NotationError
    (a ValueError) for any other text, so a reader of a file or a paste has one error to handle."""
    if not isinstance(text, str):
        raise NotationError(f"not an action: {text!r} (an action is text)")
    t = text.strip()
    if t.isascii() and t.lower() in _BY_NAME:  # ASCII only: str.lower() maps some letters to two
        return _BY_NAME[t.lower()]
    try:
        if t.endswith("!"):
            return announced(parse_card(t[:-1]))
        return parse_card(t)
    except ValueError:
        raise NotationError(
            f"not an action: {text[:40]!r} (a card like 'KC' or a call like 'pass', 'sun')"
        ) from None
