"""The agent interface: a seat's Observation and its legal actions in, one action out.

An agent never receives the RoundState, so it cannot look at hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from game.actions import Action, announced, is_card
from game.observation import Observation

RULE_SETS = ("baloot", "belote")
"""The rule sets this project's agents play (an agent may say which it knows by `rule_sets`)."""


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Return one of `legal_actions`."""
        ...


def plays_rule_set(agent: object, game: str) -> bool:
    """Whether an agent says it plays this rule set (agents that say nothing know only Baloot)."""
    return game in getattr(agent, "rule_sets", ("baloot",))


def plain_cards(legal: Sequence[Action]) -> list[Action]:
    """The cards among the legal actions, announcements aside (classic Belote)."""
    return [a for a in legal if is_card(a)]


def with_announcement(action: Action, legal: Sequence[Action]) -> Action:
    """The card played announcing belote or rebelote when that is possible: always say it."""
    if is_card(action) and announced(action) in legal:
        return announced(action)
    return action


class RandomAgent:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"
    rule_sets = RULE_SETS

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.randrange(len(legal_actions))]
