"""Search settings and results shared by the card-play search and the simulated calls:
`SearchConfig`, the difficulty levels, budgets given as text, `SearchResult`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

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
    """False: make calls by the rules of ai/evaluate.py instead of by simulation."""
    search_cards: bool = True
    """False: play cards by the HeuristicAgent's rules instead of by search."""
    prior: bool = True
    """Expand the playout policy's move first at every new node."""
    call_margin: float = 1.0
    """A call other than the rule-based one must win by this many standard errors (0: best mean)."""
    infer: bool = True
    """Weigh deals by what the other seats' calls say about their hands (ai/inference.py)."""
    early_stop: bool = True
    """Stop once the remaining iterations cannot change the most visited move (same decision)."""
    # ----- the Expert's additions (off for the other levels) -----
    play_model: bool = False
    """Weigh the deals by the other seats' card plays and calls (ai/posterior.py)."""
    candidates: int = 400
    """Deals drawn and weighed per decision when `play_model` is on."""
    min_ess: float = 0.25
    """Temper the weights so that at least this share of the candidates stays effective (with the
    networks it binds in most decisions). 0.5, a pilot (docs/ai-record.md): against Hard, deal by
    deal +0.24 +- 1.02 a deal over the Expert (130 matches, seed 44); 0.1, against the
    HeuristicAgent -0.35 +- 0.50 (70 matches, seed 43)."""
    call_mismatch: float = 0.3
    """Likelihood of a call the rule-based call model would not have made (ai/inference.py)."""
    solve_cards: int = 0
    """Solve every world exactly once at most this many cards are left in the hands (0: never)."""
    solve_worlds: int = 100
    """Worlds solved for an endgame decision."""
    leaf_solve: int = 0
    """Finish a playout exactly once at most this many cards are left in the hands (0: never)."""
    readable_margin: float = -1.0
    """Keep the conventions of ai/conventions.py unless another card is better by more than this
    many game points (negative: no conventions)."""
    silent_projects: float = 1.0
    """Likelihood that a seat holding projects did not declare them (the Expert's posterior;
    1: no inference)."""
    call_floor: float = 0.0
    """A call other than the rule-based one must also win by this much match equity."""
    declarer_bonus: float = 0.0
    """Game points (Hokum; twice as many in Sun unless sun_bonus says) added to the declarers'
    result in the simulated calls, for the playouts' bias against declarers (ai/calls.py hand_value).
    Not adopted (docs/ai-record.md): at 1.4, against Hard, +0.85 +- 0.99 a deal over the Expert
    on the same deals but 12 matches won alone against its 20 (130 matches, seed 45)."""
    sun_bonus: float = -1.0
    """Game points added to the declarers' result in a simulated Sun hand (negative: twice
    declarer_bonus)."""
    play_fit: int = 1
    """Which play model weighs the deals: 1, the linear model of ai/playmodel.py; 3-5, the
    networks of ai/playnet.py (ai/posterior.py NET_FITS)."""
    belote_scale: float = 200.0
    """Classic Belote: the game-point difference that maps to a reward of 0 or 1."""
    policy_seats: int = 0
    """Whose moves in the search tree follow the playout policy (their own view) instead of UCB1
    over statistics pooled across deals: 0, nobody; 1, the opponents; 2, every other seat (with
    `tree_net`, a pilot: against Hard -0.65 +- 0.95 a deal over the Expert, docs/ai-record.md)."""
    policy_bias: float = 0.0
    """At the other seats' tree nodes, UCB1 plus this bonus over (visits + 1) for the playout
    policy's card in the deal at hand (progressive bias; 0: none)."""
    tree_net: int = 0
    """The card the seats of `policy_seats` play in the tree: 0, the playout policy's; 3-5, the
    most likely under the play networks of ai/treemodel.py TREE_NETS (5: mixed per seat by how
    well each explains the seat's plays)."""
    tree_sample: bool = False
    """With `tree_net`: draw the followers' cards from the networks' probabilities (their moves
    then branch the tree) instead of playing the most likely. An experiment (docs/ai-record.md): against
    Hard, deal by deal -0.08 +- 1.00 a deal over the Expert (127 matches, seed 44)."""
    tree_gate: float = 0.0
    """With `tree_net`: a follower plays the networks' most likely card only where the networks
    give it at least this probability; elsewhere its node is searched by UCB1 like the others'.
    The Expert's 0.7 since session 28 (docs/ai-record.md "The gate on the open deals")."""
    sun_tree_gate: float = -1.0
    """`tree_gate` in Sun contracts (negative: `tree_gate` there too). An experiment: the seed-24
    logs said the gate won back in Sun what the networks lost there; fresh deals did not."""
    tree_prior: float = 0.0
    """With `tree_net`: the seats of `policy_seats` are searched by UCB1, not made to follow,
    with the networks' probability of each card as a progressive bias (this times the
    probability over visits + 1) and their most likely card expanded first; 0: they follow. An
    experiment, not adopted by its rule (docs/ai-record.md): at 1, deal by deal +0.07 +- 0.59 a deal
    over the Expert against Hard and -0.36 +- 0.48 against the HeuristicAgent."""
    call_fit: int = 0
    """Weigh the deals by the other seats' calls under the model fitted to Hard's calls
    (ai/callfit.py; 1) or under an even mixture, per seat, of it and the rule-based call with
    `call_mismatch` (2), instead of the rule-based call with `call_mismatch` alone (0)."""
    match_play: bool = False
    """Value the card play of a hand that can end the match by the chance of winning the match
    after it, not by its game points (ai/matchplay.py). An experiment: on 1,600 fresh match
    endings against Hard it won 18 more than the Expert without it (+1.1 +- 1.7 points of win
    rate) and lost 1.73 +- 0.59 game points a deal; not adopted by its rule (docs/ai-record.md)."""
    leaf_net: bool = False
    """With `leaf_solve`: a playout that reaches the start of the fourth trick stops there and
    takes the value network's estimate of the world's exact value (ai/leafnet.py) instead of
    playing on by the policy (Baloot's default rules, not Gahwa or match play). A pilot, not
    adopted (docs/ai-record.md): deal by deal under the Expert, -0.51 +- 0.91 a deal against Hard
    (130 matches, seed 44) and -0.28 +- 0.61 against the HeuristicAgent (70 matches, seed 43)."""
    double_floor: float = 0.0
    """Double only where the simulation's mean gain of Double over Pass, in match-win chance,
    exceeds this (0: no floor). The playouts overrate a double: its gain by real play is about
    nothing where they estimate a few points (bench/doubles.py)."""
    equity_fit: int = 0
    """1: the calls are valued by the match-win chance built from the outcomes of real play's
    hands (ai/equity.py `FITTED`) instead of the hand-made table (0). Baloot only."""
    triple_floor: float = 0.0
    """At the declarer's offer to Triple, Triple unless the simulation finds Pass better by more
    than this in match-win chance (0: the simulation and its margin, as for any call). The
    mirror of `double_floor`: the playouts underrate declarers, so they underrate a Triple. An
    experiment, not piloted by its rule (docs/ai-record.md): against Hard's doubles, by real play,
    0.08 gained 16.6 game points a changed call and lost 4.4 +- 3.4 points of match-win chance."""


def points_scale(sun: bool, raise_level: int) -> float:
    """About the largest game-point difference a Baloot hand of this contract gives: the search's
    reward maps +-this to 1 and 0 (and the leaf network's output 1 stands for it)."""
    return (44.0 if sun else 26.0) * min(max(raise_level, 1), 4) + 10.0


LEVEL_CONFIGS = {
    "easy": SearchConfig("easy", iterations=120, time_limit=0.2, call_worlds=24),
    "medium": SearchConfig("medium", iterations=700, time_limit=0.5, call_worlds=100),
    "hard": SearchConfig("hard", iterations=3000, time_limit=0.95, call_worlds=400),
    "expert": SearchConfig("expert", iterations=3000, time_limit=1.5, call_worlds=400,
                           play_model=True, candidates=400, min_ess=0.25, call_mismatch=0.1,
                           solve_cards=16, solve_worlds=160, leaf_solve=8, readable_margin=1.0,
                           silent_projects=0.1, play_fit=5, policy_seats=1, tree_net=5,
                           tree_gate=0.7, double_floor=0.08),
}


def level_config(level: str) -> SearchConfig:
    try:
        return LEVEL_CONFIGS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: {', '.join(LEVEL_CONFIGS)}") from None


_NUMBERS: dict[str, tuple[str, type[int] | type[float]]] = {
    "time": ("time_limit", float), "worlds": ("call_worlds", int), "call_worlds": ("call_worlds", int),
    "c": ("exploration", float), "exploration": ("exploration", float), "eps": ("rollout_eps", float),
    "scale": ("belote_scale", float), "margin": ("call_margin", float), "cands": ("candidates", int),
    "ess": ("min_ess", float), "mismatch": ("call_mismatch", float), "solve": ("solve_cards", int),
    "sworlds": ("solve_worlds", int), "leaf": ("leaf_solve", int),
    "readable": ("readable_margin", float), "floor": ("call_floor", float),
    "silent": ("silent_projects", float), "bonus": ("declarer_bonus", float),
    "sunbonus": ("sun_bonus", float), "fit": ("play_fit", int), "opp": ("policy_seats", int),
    "pbias": ("policy_bias", float), "tnet": ("tree_net", int), "tgate": ("tree_gate", float),
    "dfloor": ("double_floor", float), "tfloor": ("triple_floor", float), "sgate": ("sun_tree_gate", float),
    "tprior": ("tree_prior", float), "cfit": ("call_fit", int),
    "eqfit": ("equity_fit", int),
}
"""Budget keys that set a number: the SearchConfig field and its type."""
_SWITCHES: dict[str, tuple[str, str, str]] = {
    "prior": ("prior", "1", "0"), "stop": ("early_stop", "1", "0"), "infer": ("infer", "1", "0"),
    "model": ("play_model", "1", "0"), "calls": ("sim_calls", "sim", "rules"),
    "play": ("search_cards", "search", "rules"), "tsample": ("tree_sample", "1", "0"),
    "meq": ("match_play", "1", "0"), "vnet": ("leaf_net", "1", "0"),
}
"""Budget keys that switch a feature: the field, the value that turns it on, the one that turns it off."""


def parse_budget(text: str) -> SearchConfig:
    """'iters=500', 'time=0.5', 'iters=2000,time=1', 'hard,iters=100', ..."""
    cfg = SearchConfig()
    for part in text.split(","):
        key, eq, val = part.strip().partition("=")
        key = key.lower()
        if not eq and key in LEVEL_CONFIGS:
            cfg = LEVEL_CONFIGS[key]
        elif key in ("iters", "iterations"):
            limit = None if "time=" not in text else cfg.time_limit
            cfg = replace(cfg, iterations=int(val), time_limit=limit, call_worlds=max(8, int(val) // 8))
        elif key in _NUMBERS:
            name, kind = _NUMBERS[key]
            number: dict[str, Any] = {name: kind(val)}
            cfg = replace(cfg, **number)
        elif key in _SWITCHES and val in _SWITCHES[key][1:]:
            name, on, _off = _SWITCHES[key]
            switch: dict[str, Any] = {name: val == on}
            cfg = replace(cfg, **switch)
        else:
            raise ValueError(f"bad ISMCTS budget {text!r} (e.g. 'iters=500' or 'time=0.5')")
    return replace(cfg, name=text)


@dataclass
class SearchResult:
    action: Action
    stats: dict[Action, tuple[int, float]] = field(default_factory=dict)
    """Per move: (visits or deals, mean result for the observer's side: game points for a card,
    match equity for a call)."""
    iterations: int = 0
    seconds: float = 0.0
    kind: SearchKind = SearchKind.PLAY
