"""Saudi Baloot rules engine: pure, typed, deterministic, standard library only.

    from game import MatchState, Rules
    m = MatchState(seed=1)
    while not m.is_over():
        m.apply(m.legal_actions()[0])

`BUILD` says whether the mypyc-compiled hot modules or the pure-Python sources run
(game/_native.py); it is decided here, before any other module of the engine is imported.
"""

from ._native import select as _select

BUILD = _select()

from .actions import (  # noqa: E402
    ASHKAL,
    DECLARE,
    DOUBLE,
    FOUR,
    GAHWA,
    HOKUM,
    HOKUM_SUIT_BASE,
    KAWESH,
    LOCKED,
    NO_DECLARE,
    NUM_ACTIONS,
    OPEN,
    PASS,
    SUN,
    TRIPLE,
    Action,
    action_str,
    announced,
    card_of,
    hokum_suit,
    is_card,
    parse_action,
)
from .bidding import BiddingOutcome, BiddingStage  # noqa: E402
from .cardplay import CardPlay, legal_mask  # noqa: E402
from .cards import Card, CardSet, card_str, cards_str, parse_card, parse_cards  # noqa: E402
from .contract import Contract, ContractKind  # noqa: E402
from .deal import DealBase, PlayBase  # noqa: E402
from .doubling import DoublingStage  # noqa: E402
from .errors import IllegalActionError, InconsistentWorld, NotationError, RecordError  # noqa: E402
from .events import (  # noqa: E402
    BalootCalled,
    BeloteAnnounced,
    BidMade,
    CardPlayed,
    CardsDealt,
    ContractFixed,
    Event,
    HandScored,
    HandThrownIn,
    HeldPointsAwarded,
    MatchOver,
    NewHand,
    ProjectsCompared,
    ProjectsDeclared,
    ProjectsHidden,
    ProjectsShown,
    RaiseMade,
    TrickWon,
)
from .match import HandRecord, MatchState  # noqa: E402
from .notation import cardplay_from_notation, from_notation, to_notation  # noqa: E402
from .observation import Observation  # noqa: E402
from .phase import Phase  # noqa: E402
from .play import Refusal  # noqa: E402
from .projects import Project, ProjectKind  # noqa: E402
from .rules import Rules, RuleSet  # noqa: E402
from .scoring import HandScore, score_hand, settle  # noqa: E402
from .state import RoundState  # noqa: E402
from .worlds import build_world  # noqa: E402

__all__ = [
    "ASHKAL",
    "BUILD",
    "DECLARE",
    "DOUBLE",
    "FOUR",
    "GAHWA",
    "HOKUM",
    "HOKUM_SUIT_BASE",
    "KAWESH",
    "LOCKED",
    "NO_DECLARE",
    "NUM_ACTIONS",
    "OPEN",
    "PASS",
    "SUN",
    "TRIPLE",
    "Action",
    "BalootCalled",
    "BeloteAnnounced",
    "BidMade",
    "BiddingOutcome",
    "BiddingStage",
    "Card",
    "CardPlay",
    "CardPlayed",
    "CardSet",
    "CardsDealt",
    "Contract",
    "ContractFixed",
    "ContractKind",
    "DealBase",
    "DoublingStage",
    "Event",
    "HandRecord",
    "HandScore",
    "HandScored",
    "HandThrownIn",
    "HeldPointsAwarded",
    "IllegalActionError",
    "InconsistentWorld",
    "MatchOver",
    "MatchState",
    "NewHand",
    "NotationError",
    "Observation",
    "Phase",
    "PlayBase",
    "Project",
    "ProjectKind",
    "ProjectsCompared",
    "ProjectsDeclared",
    "ProjectsHidden",
    "ProjectsShown",
    "RaiseMade",
    "RecordError",
    "Refusal",
    "RoundState",
    "RuleSet",
    "Rules",
    "TrickWon",
    "action_str",
    "announced",
    "build_world",
    "card_of",
    "card_str",
    "cardplay_from_notation",
    "cards_str",
    "from_notation",
    "hokum_suit",
    "is_card",
    "legal_mask",
    "parse_action",
    "parse_card",
    "parse_cards",
    "score_hand",
    "settle",
    "to_notation",
]
