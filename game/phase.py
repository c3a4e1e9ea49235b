"""The phases of a hand."""

from enum import Enum


class Phase(Enum):
    BIDDING = "bidding"
    DOUBLING = "doubling"
    PLAYING = "playing"
    OVER = "over"
