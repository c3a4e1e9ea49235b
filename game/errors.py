"""The engine's errors: each a ValueError whose message a person can read."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why."""


class NotationError(ValueError):
    """A position string that is not a valid position, or an action token that names no action
    (`game.actions.parse_action`); the message says what is wrong."""


class InconsistentWorld(ValueError):
    """Proposed hidden cards that contradict the public history."""


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message names the problem."""
