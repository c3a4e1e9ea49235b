"""Search settings and results shared by the card-play search and the simulated calls:
`SearchConfig` and `SearchResult` (the levels and budgets by name are in ai/levels.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.actions import Action


class SearchKind(StrEnum):
    """How a decision was made."""
    PLAY = "play"
    """A card chosen by ISMCTS."""
    CALL = "call"
    """A call chosen by simulation."""
    DECLARE = "declare"
    """Projects: always declared."""
    FALLBACK = "fallback"
    """By the rules of the HeuristicAgent (search switched off, or no consistent deal)."""


@dataclass(frozen=True)
class SearchConfig:
    """What a level's search does and how much of it: the parts it is assembled from (ai/search.py
    reads these) and its budget. The levels are in ai/levels.py."""
    name: str = "custom"
    iterations: int = 1000
    """Iterations of the card-play search (and the cap on simulated deals for a call x 4)."""
    time_limit: float | None = None
    """Seconds per decision (None: iterations only, fully reproducible)."""
    exploration: float = 0.4
    rollout_eps: float = 0.1
    call_worlds: int = 100
    """Deals sampled to evaluate each possible call."""
    sim_calls: bool = True
    """False: make calls by the rules of ai/call_rules.py instead of by simulation."""
    search_cards: bool = True
    """False: play cards by the HeuristicAgent's rules instead of by search."""
    prior: bool = True
    """Expand the playout policy's move first at every new node."""
    call_margin: float = 1.0
    """A call other than the rule-based one must win by this many standard errors (0: best mean)."""
    infer: bool = True
    """Weigh deals by what the other seats' calls say about their hands (ai/call_likelihood.py)."""
    early_stop: bool = True
    """Stop once the remaining iterations cannot change the most visited move (same decision)."""
    belote_scale: float = 200.0
    """Classic Belote: the game-point difference that maps to a reward of 0 or 1."""
    # ----- the Expert's additions (off for the other levels) -----
    play_model: bool = False
    """Worlds: weigh the deals by the other seats' card plays (the play networks) and calls
    (ai/posterior.py) instead of drawing them uniformly."""
    candidates: int = 400
    """Deals drawn and weighed per decision when `play_model` is on."""
    min_ess: float = 0.25
    """Temper the weights so that at least this share of the candidates stays effective (with the
    networks it binds in most decisions)."""
    call_mismatch: float = 0.3
    """Likelihood of a call the rule-based call model would not have made (ai/call_likelihood.py)."""
    silent_projects: float = 1.0
    """Likelihood that a seat holding projects did not declare them (the Expert's posterior;
    1: no inference)."""
    solve_cards: int = 0
    """With `play_model`: solve every world exactly once at most this many cards are left in the
    hands (ai/endgame.py; 0: never)."""
    solve_worlds: int = 100
    """Worlds solved for an endgame decision."""
    leaf_solve: int = 0
    """Leaf value: finish a playout exactly once at most this many cards are left in the hands
    (0: never)."""
    model_opponents: bool = False
    """Other seats: in the tree, the opponents play the card the play networks find most likely
    for them (ai/seat_models.py) instead of being searched by UCB1, where it is at least
    `tree_gate` likely."""
    tree_gate: float = 0.0
    """With `model_opponents`: an opponent follows the networks only where their most likely
    card has at least this probability; elsewhere its node is searched."""
    readable_margin: float = -1.0
    """Keep the conventions of ai/conventions.py unless another card is better by more than this
    many game points (negative: no conventions)."""
    double_floor: float = 0.0
    """Double only where the simulation's mean gain of Double over Pass, in match-win chance,
    exceeds this (0: no floor). The playouts overrate a double: its gain by real play is about
    nothing where they estimate a few points (lab/doubles.py)."""


def points_scale(sun: bool, raise_level: int) -> float:
    """About the largest game-point difference a Baloot hand of this contract gives: the search's
    reward maps +-this to 1 and 0."""
    return (44.0 if sun else 26.0) * min(max(raise_level, 1), 4) + 10.0


@dataclass
class SearchResult:
    action: Action
    stats: dict[Action, tuple[int, float]] = field(default_factory=dict)
    """Per move: (visits or deals, mean result for the observer's side: game points for a card,
    match equity for a call)."""
    iterations: int = 0
    seconds: float = 0.0
    kind: SearchKind = SearchKind.PLAY
