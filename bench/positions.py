"""Seeded positions for tests and benchmarks: hands played part-way by given agents.

`scripted_hand(seed, kind)` deals a hand and makes the calls that lead to a contract of the
wanted kind ("hokum", "sun", "doubled", "locked"), so the card play of every kind can be
exercised however the agents would have bid.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from ai.agent import Agent
from ai.heuristic import HeuristicAgent
from game.actions import DOUBLE, HOKUM, LOCKED, OPEN, PASS, SUN, Action
from game.phase import Phase
from game.rules import Rules
from game.state import RoundState

KINDS = ("hokum", "sun", "doubled", "locked")


def random_positions(count: int, seed: int = 0, max_moves: int = 60,
                     rules: Rules | None = None) -> Iterator[tuple[RoundState, int]]:
    """(state, observing seat) reached by random legal actions from seeded deals (Baloot, or
    `rules`)."""
    rng = random.Random(seed)
    i = 0
    made = 0
    while made < count:
        s = RoundState.deal(random.Random(seed * 100_000 + i), dealer=i & 3,
                            rules=rules,
                            match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        i += 1
        for _ in range(rng.randrange(0, max_moves)):
            if s.is_over():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        if s.is_over():
            continue
        made += 1
        yield s, rng.randrange(4)


def heuristic_hand(seed: int, hand: int) -> Iterator[RoundState]:
    """Hand `hand` of seed `seed` played by four HeuristicAgents: the live state before each
    move (a caller that keeps one clones it; stopping early is fine)."""
    return played_hand(seed, hand, [HeuristicAgent(hand * 4 + s) for s in range(4)])


def played_hand(seed: int, hand: int, agents: Sequence[Agent]) -> Iterator[RoundState]:
    """Hand `hand` of seed `seed` bid and played by `agents` (one a seat), as `heuristic_hand`."""
    state = RoundState.deal(random.Random(seed * 100_000 + hand), dealer=hand & 3)
    while not state.is_over():
        yield state
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        state.apply(agents[seat].choose(obs, obs.legal_actions))


def scripted_calls(s: RoundState, kind: str, rng: random.Random) -> bool:
    """Make the calls that give a contract of `kind`; False if this deal cannot (Kawesh etc.)."""
    want_sun = kind == "sun"
    first = True
    while s.phase is Phase.BIDDING:
        legal = s.legal_actions()
        if first:
            a: Action = SUN if want_sun else HOKUM
            if a not in legal:
                return False
            s.apply(a)
            first = False
            continue
        if legal == [PASS, SUN] or PASS in legal:
            s.apply(PASS)
        elif HOKUM in legal and not want_sun:
            s.apply(HOKUM)
        elif SUN in legal:
            s.apply(SUN)
        else:
            s.apply(legal[0])
    while s.phase is Phase.DOUBLING:
        legal = s.legal_actions()
        if DOUBLE in legal:
            s.apply(DOUBLE if kind in ("doubled", "locked") else PASS)
        elif LOCKED in legal:
            s.apply(LOCKED if kind == "locked" else OPEN)
        else:
            s.apply(PASS if rng.random() < 0.7 else legal[-1])
    c = s.contract
    if c is None or s.phase is not Phase.PLAYING:
        return False
    if kind == "hokum":
        return not c.sun
    if kind == "sun":
        return c.sun
    if kind == "doubled":
        return c.raise_level >= 2
    return c.locked


def scripted_hand(seed: int, kind: str) -> RoundState | None:
    rng = random.Random(seed)
    s = RoundState.deal(random.Random(seed), dealer=seed & 3)
    return s if scripted_calls(s, kind, rng) else None


def play_out(s: RoundState, choose: Callable[[RoundState, int], Action]) -> None:
    """Finish the hand, asking `choose(state, seat)` for every action."""
    while not s.is_over():
        seat = s.to_move()
        assert seat is not None
        s.apply(choose(s, seat))
