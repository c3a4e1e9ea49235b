"""The coach: what each of a player's decisions cost, judged only from what the player knew.

    verdict = evaluate(observation, played, seed=0)
    verdict.preferred, verdict.cost, verdict.mistake, verdict.reason

`observation` is the player's own view at the moment of the decision (never the open cards of
the review) and `played` the move they made. The engine of `COACH_CONFIG` picks the move it
prefers (its ordinary decision, so the coach's choice is the engine's), then both moves are
valued on the same simulated deals:

- a card (or the choice to declare projects): a search whose first move is forced, the same
  number of iterations for each move, each iteration's deal shared by both (ISMCTS below the
  first move, the playout policy at the leaves). The search's own figures are not used for
  the played move: the most visited move is measured well, a move it dropped after a few
  visits is not, and a cost built on those would be noise.
- a call (bid, double, lock, raise): every legal call is tried on each of the same sampled
  deals, the rest of the calls by rule and the hand played out by the playout policy (as
  ai/calls.py does), recording both the hand's game points and the match equity after it.

A move's value is the mean game-point difference of the hand for the player's team (ours
minus theirs, projects and Baloot included), and the mean chance to win the match afterwards
(ai/equity.py). The cost is the preferred move's value minus the played move's (never below
0: a move the engine does not prefer that measures as well is no mistake). A decision that
costs MISTAKE_POINTS or more is a mistake; under Gahwa, where the hand decides the match and
game points mean nothing, one that costs MISTAKE_EQUITY of the chance to win the match.

Budgets are iterations and deals, never seconds: the same decision gets the same verdict on
any machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

from game.actions import DECLARE, GAHWA, NO_DECLARE, Action, announced, card_of, is_card
from game.cardplay import CardPlay
from game.cards import team_of
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState
from game.worlds import InconsistentWorld, build_world

from .call_likelihood import CallModel, weighted_deals
from .calls import finish_calls
from .config import SearchConfig, SearchKind
from .equity import equity_after, match_equity
from .hints import HintReason, card_plan, reason_of
from .ismcts import ISMCTSAgent, Node, WorldPool, _backup, _descend, decision_rng, reward_scale
from .levels import EXPERT
from .policy import rollout
from .posterior import PosteriorWorlds, posterior_worlds
from .sampler import SamplerError, WorldSampler

COACH_LEVEL = EXPERT
"""The level whose move the coach prefers, and whose worlds value the moves (the one switch)."""
COACH_CONFIG: SearchConfig = replace(COACH_LEVEL.config, name="coach", time_limit=None)
"""The engine's search, by iterations only (no time cap), so a verdict is reproducible."""
CARD_EVAL_ITERATIONS = 1500
"""Iterations of the forced-first-move search, for each of the two cards compared."""
CALL_EVAL_DEALS = 300
"""Sampled deals on which every legal call is tried."""
MISTAKE_POINTS = 2.0
MISTAKE_EQUITY = 0.05
"""Under Gahwa: a mistake costs at least five points of percentage of the match."""

_WORLD_SALT = 0xC0AC
_TREE_SALT = 0x7EE
_CALL_SALT = 0xCA11


@dataclass(frozen=True)
class Estimate:
    """A move's value over the simulated deals, for the player's team."""
    points: float
    """Mean game-point difference of the hand: ours minus theirs."""
    equity: float
    """Mean chance to win the match after the hand (0-1)."""
    samples: int


@dataclass(frozen=True)
class Verdict:
    """The coach on one decision."""
    played: Action
    preferred: Action
    kind: str
    """"card", "declare", "call", "only" (a single legal move: nothing to judge) or "unknown"
    (no deal fits what the player knew: nothing can be simulated)."""
    played_value: Estimate | None = None
    preferred_value: Estimate | None = None
    """Both measured only when the moves differ."""
    reason: HintReason = field(default_factory=lambda: HintReason("rule"))
    """Why the engine prefers its move, as a hint gives it (ai/hints.py)."""
    played_plan: dict[str, int | float | str] = field(default_factory=dict)
    """What the played card does ("takes the trick", "keeps A♥ for later": ai.hints.card_plan)."""
    by_equity: bool = False
    """The hand decides the match (Gahwa): judged by the chance to win the match."""
    seconds: float = 0.0

    @property
    def agrees(self) -> bool:
        """The player made the engine's move."""
        return self.played == self.preferred

    @property
    def cost(self) -> float:
        """Game points the played move gives up against the preferred one (0 or more)."""
        if self.played_value is None or self.preferred_value is None:
            return 0.0
        return max(0.0, self.preferred_value.points - self.played_value.points)

    @property
    def equity_cost(self) -> float:
        """The chance to win the match the played move gives up (0-1, 0 or more)."""
        if self.played_value is None or self.preferred_value is None:
            return 0.0
        return max(0.0, self.preferred_value.equity - self.played_value.equity)

    @property
    def mistake(self) -> bool:
        if self.agrees:
            return False
        if self.by_equity:
            return self.equity_cost >= MISTAKE_EQUITY
        return self.cost >= MISTAKE_POINTS


def coach_agent(seed: int, config: SearchConfig | None = None) -> ISMCTSAgent:
    """The engine the coach asks for its move."""
    return ISMCTSAgent(config or COACH_CONFIG, seed=seed)


def evaluate(obs: Observation, played: Action, seed: int = 0,
             config: SearchConfig | None = None, card_iterations: int | None = None,
             call_deals: int | None = None) -> Verdict:
    """The verdict on `played`, a legal move of the seat of `obs` (which is to move)."""
    start = time.perf_counter()
    legal = list(obs.legal_actions)
    if played not in legal:
        raise ValueError("the played move is not one of the observation's legal moves")
    if len(legal) == 1:
        return Verdict(played, played, "only", reason=HintReason("only"))
    cfg = config or COACH_CONFIG
    res = coach_agent(seed, cfg).decide(obs, legal)
    preferred = res.action
    reason = reason_of(obs, res)
    playing = obs.phase is Phase.PLAYING
    kind = "card" if playing and card_of(played) >= 0 else ("declare" if playing else "call")
    plan = card_plan(obs, card_of(played)) if card_of(played) >= 0 else {}
    c = obs.contract
    by_equity = (c is not None and c.raise_level == 5) or GAHWA in (played, preferred)
    if preferred == played:
        return Verdict(played, preferred, kind, reason=reason, played_plan=plan, by_equity=by_equity,
                       seconds=time.perf_counter() - start)
    try:
        if playing:
            values = forced_values(obs, (preferred, played), card_iterations or CARD_EVAL_ITERATIONS,
                                   cfg, seed)
        else:
            values = call_values(obs, legal, call_deals or CALL_EVAL_DEALS, cfg, seed)
    except SamplerError:
        return Verdict(played, preferred, "unknown", reason=reason, played_plan=plan,
                       seconds=time.perf_counter() - start)
    if res.kind is SearchKind.FALLBACK and not values:
        return Verdict(played, preferred, "unknown", reason=reason, played_plan=plan,
                       seconds=time.perf_counter() - start)
    return Verdict(played, preferred, kind, values.get(played), values.get(preferred), reason, plan,
                   by_equity, time.perf_counter() - start)


def forced_values(obs: Observation, moves: tuple[Action, ...], iterations: int, cfg: SearchConfig,
                  seed: int) -> dict[Action, Estimate]:
    """Each move's value by a search that always makes that move first (a card, or DECLARE /
    NO_DECLARE for the seat's projects), on the same `iterations` deals for every move."""
    contract = obs.contract
    assert contract is not None
    world_rng = decision_rng(seed ^ _WORLD_SALT, obs)
    pool: WorldPool | PosteriorWorlds
    if cfg.play_model:  # the Expert's worlds: weighed by what the other seats played and called
        pool = posterior_worlds(obs, world_rng, cfg.candidates, cfg.min_ess, cfg.call_mismatch,
                                silent=cfg.silent_projects)
    else:
        pool = WorldPool(obs, cfg, None)
    worlds = [pool.world(world_rng) for _ in range(iterations)]
    scale = reward_scale(contract, obs.rules)
    gahwa = contract.raise_level == 5
    team = team_of(obs.seat)
    scores = obs.match_scores
    out: dict[Action, Estimate] = {}
    for move in dict.fromkeys(moves):
        rng = decision_rng(seed ^ _TREE_SALT, obs)
        node = Node(team)
        points = equity = 0.0
        for world in worlds:
            st = world.copy()
            _first_move(st, obs.seat, move, obs.legal_actions)
            path = [node, *_descend(node, st, rng, cfg.exploration, cfg.prior)]
            if st.done < 8:
                rollout(st, rng, cfg.rollout_eps)
            r = st.outcome()
            diff = r[0] - r[1]
            if gahwa:
                r0 = 1.0 if r[3] == 0 else 0.0
            else:
                r0 = min(1.0, max(0.0, 0.5 + diff / (2.0 * scale)))
            _backup(path, r0)
            points += diff if team == 0 else -diff
            equity += equity_after(scores, team, (r[0], r[1]), r[3] if r[3] >= 0 else None,
                                   obs.rules)
        n = len(worlds)
        out[move] = Estimate(points / n, equity / n, n)
    return out


def _first_move(st: CardPlay, seat: int, move: Action, legal: tuple[Action, ...]) -> None:
    if move == NO_DECLARE:
        st.declare(seat, ())
    elif move != DECLARE:  # the deals already have the seat declare what it holds
        if is_card(move) and announced(move) in legal:  # a belote left unsaid is lost
            st.blocked[seat] = True
        st.play(card_of(move))


def call_values(obs: Observation, legal: list[Action], deals: int, cfg: SearchConfig,
                seed: int) -> dict[Action, Estimate]:
    """Every legal call tried on the same sampled deals (and the same playout seeds): the rest of
    the calls by rule, the hand played out by the playout policy."""
    sampler = WorldSampler(obs)
    team = team_of(obs.seat)
    model = CallModel(obs) if cfg.infer else None
    rng = decision_rng(seed ^ _CALL_SALT, obs)
    sums = {a: [0.0, 0.0] for a in legal}
    n = 0
    for hands, stock in weighted_deals(sampler, model, rng, deals):
        try:
            base = build_world(obs, hands, stock)
        except InconsistentWorld:  # cannot happen for a sampled deal; skipped if it ever did
            continue
        sub = rng.getrandbits(32)
        for a in legal:
            st = base.clone()
            st.apply(a)
            p, e = call_outcome(st, team, random.Random(sub), cfg.rollout_eps)
            sums[a][0] += p
            sums[a][1] += e
        n += 1
    if n == 0:
        return {}
    return {a: Estimate(s[0] / n, s[1] / n, n) for a, s in sums.items()}


def call_outcome(st: RoundState, team: int, rng: random.Random, eps: float) -> tuple[float, float]:
    """(our game points minus theirs, our match equity) after finishing the hand from `st`."""
    finish_calls(st)
    scores = st.match_scores
    if st.is_over():  # thrown in: nobody scores
        return 0.0, match_equity(scores[team], scores[1 - team], st.rules)
    cp = st.card_play()
    rollout(cp, rng, eps)
    r = cp.outcome()
    return float(r[team] - r[1 - team]), equity_after(scores, team, (r[0], r[1]),
                                                      r[3] if r[3] >= 0 else None, st.rules)
