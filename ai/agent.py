"""The agent interface: a seat's Observation and its legal actions in, one action out.

An agent never receives the RoundState, so it cannot look at hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from game.actions import Action
from game.observation import Observation


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Return one of `legal_actions`."""
        ...


class RandomAgent:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.randrange(len(legal_actions))]
