"""A learned leaf evaluation for the card-play search: the value of a fully known hand (one world)
at the start of the trick after `LEAF_TRICKS` tricks, as the exact solver would give it.

The search's playouts play the rest of a world's hand by the rule-based policy and solve its last
8 cards exactly. With `SearchConfig.leaf_net` a playout that reaches the start of trick
`LEAF_TRICKS + 1` stops there and takes this network's estimate of the exact (both teams seeing
every card) value instead: tricks 4 to 8 valued as strong play would, not as the rules would play
them. A one-hidden-layer network in numpy, fitted to positions of HeuristicAgent self-play solved
exactly (bench/valuedata.py, bench/leafnet_fit.py); the weights live in ai/leafnet_weights.py.
It knows Baloot's default rules only; `applies` says where it may be used.

The inputs are relative to the seat to lead (seat 0 of the description) and to the contract:
who holds each card, the cards named by suit (in Hokum the trump suit first) and by strength
within the suit; per suit and seat its length, its master card, its run of top cards and its
points; then the contract, what has been won so far, the projects and Baloot.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from game.cardplay import CardPlay
from game.cards import KING, QUEEN
from game.ranking import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH

from .config import points_scale

LEAF_TRICKS: Final = 3
"""The playout stops at the start of the fourth trick (20 cards left)."""
SUIT_FEATURES: Final = ("length", "master", "top_run", "points")
"""Per suit (in the order of the card inputs) and seat: the cards held / 8, holding the suit's
strongest card still out, the run of the strongest cards still out held / 8, points held / 20."""
DENSE: Final = ("sun", "declarer", "doubled", "tripled", "four", "points", "points_other",
                "tricks", "all_tricks", "no_tricks", "projects", "projects_other",
                "baloot", "baloot_other", "baloot_open", "baloot_open_other")
"""The inputs after the 128 card inputs (points / 100, tricks / LEAF_TRICKS, projects / 100)."""
N_CARDS: Final = 128
N_SUITS: Final = 16 * len(SUIT_FEATURES)
N_INPUTS: Final = N_CARDS + N_SUITS + len(DENSE)

FloatArray = npt.NDArray[np.float64]


def applies(st: CardPlay) -> bool:
    """The network's position: the start of trick LEAF_TRICKS + 1 under Baloot's default
    rules, not Gahwa."""
    return (st.done == LEAF_TRICKS and not st.trick and not st.classic and st.variants == 0
            and st.raise_level < 5)


def describe(st: CardPlay) -> dict[str, Any]:
    """The plain facts the inputs come from (what bench/valuedata.py stores)."""
    return {"hands": list(st.hands), "leader": st.leader, "trump": st.trump,
            "declarer": st.declarer_team, "raise": st.raise_level, "points": list(st.points),
            "tricks": list(st.tricks_won), "projects": [st.team_projects(0), st.team_projects(1)],
            "baloot": st.baloot, "kq": list(st.kq), "blocked": list(st.blocked)}


@cache
def canonical(trump: int) -> tuple[int, ...]:
    """Each card's index among the 32 inputs: suit (trump first) x 8 + strength in its suit."""
    suits = ([trump] + [s for s in range(4) if s != trump]) if trump >= 0 else [0, 1, 2, 3]
    index = [0] * 32
    for pos, s in enumerate(suits):
        strength = TRUMP_STRENGTH if s == trump else PLAIN_STRENGTH
        for rank in range(8):
            index[s * 8 + rank] = pos * 8 + strength[rank]
    return tuple(index)


def _by_strength(points: tuple[int, ...], strength: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * 8
    for rank in range(8):
        out[strength[rank]] = points[rank]
    return tuple(out)


_PLAIN_BY_STRENGTH: Final = _by_strength(PLAIN_POINTS, PLAIN_STRENGTH)
_TRUMP_BY_STRENGTH: Final = _by_strength(TRUMP_POINTS, TRUMP_STRENGTH)
"""Card points by strength in the suit, weakest first."""


def inputs(d: dict[str, Any]) -> FloatArray:
    """The network's inputs for a description."""
    x = [0.0] * N_INPUTS
    leader: int = d["leader"]
    trump: int = d["trump"]
    index = canonical(trump)
    holder = [-1] * 32  # by canonical index: the seat (relative to the leader) holding it
    for rel in range(4):
        hand: int = d["hands"][(leader + rel) & 3]
        while hand:
            low = hand & -hand
            hand ^= low
            i = index[low.bit_length() - 1]
            holder[i] = rel
            x[i * 4 + rel] = 1.0
    _suit_inputs(x, holder, trump >= 0)
    us = leader & 1
    them = 1 - us
    raise_level: int = d["raise"]
    tricks: list[int] = d["tricks"]
    baloot: int = d["baloot"]
    open_ = _baloot_open(d)
    dense = (trump < 0, d["declarer"] == us, raise_level == 2, raise_level == 3, raise_level == 4,
             d["points"][us] / 100, d["points"][them] / 100, tricks[us] / LEAF_TRICKS,
             tricks[them] == 0, tricks[us] == 0, d["projects"][us] / 100,
             d["projects"][them] / 100, baloot >= 0 and baloot & 1 == us,
             baloot >= 0 and baloot & 1 == them, open_[us], open_[them])
    x[N_CARDS + N_SUITS:] = [float(v) for v in dense]
    return np.array(x)


def _suit_inputs(x: list[float], holder: list[int], hokum: bool) -> None:
    """Fill the per-suit inputs (x[N_CARDS:N_CARDS + N_SUITS], suit x seat x feature)."""
    nf = len(SUIT_FEATURES)
    for pos in range(4):
        points = _TRUMP_BY_STRENGTH if hokum and pos == 0 else _PLAIN_BY_STRENGTH
        base = N_CARDS + pos * 4 * nf
        run_seat = -1
        run = 0
        running = True
        for k in range(7, -1, -1):
            seat = holder[pos * 8 + k]
            if seat < 0:
                continue
            x[base + seat * nf] += 1 / 8
            x[base + seat * nf + 3] += points[k] / 20
            if run_seat < 0:
                run_seat = seat
                x[base + seat * nf + 1] = 1.0
            if running and seat == run_seat:
                run += 1
            else:
                running = False
        if run_seat >= 0:
            x[base + run_seat * nf + 2] = run / 8


def _baloot_open(d: dict[str, Any]) -> tuple[bool, bool]:
    """Per team: Baloot not yet made, and one of its seats holds or has played both of the
    trump K and Q (and is not blocked)."""
    trump: int = d["trump"]
    out = [False, False]
    if trump < 0 or d["baloot"] >= 0:
        return out[0], out[1]
    kq_cards = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
    for seat in range(4):
        if not d["blocked"][seat] and d["kq"][seat] + (d["hands"][seat] & kq_cards).bit_count() == 2:
            out[seat & 1] = True
    return out[0], out[1]


@cache
def _weights() -> tuple[FloatArray, FloatArray, FloatArray, float]:
    """The hidden weights with the linear term as one more column, the hidden biases, the output
    weights and bias."""
    from .leafnet_weights import NET  # written by bench/leafnet_fit.py --write
    hidden, w1, b1, w2, b2, lin = NET
    both = np.hstack([np.array(w1).reshape(N_INPUTS, hidden), np.array(lin).reshape(N_INPUTS, 1)])
    return both, np.array(b1), np.array(w2), float(b2)


def forward(x: FloatArray, w1: FloatArray, b1: FloatArray, w2: FloatArray, b2: float,
            lin: FloatArray) -> FloatArray:
    """The network's output (the leader's team's value / scale) for rows of inputs."""
    h = np.maximum(x @ w1 + b1, 0.0)
    out: FloatArray = h @ w2 + b2 + x @ lin
    return out


def leaf_value(st: CardPlay) -> float:
    """North-South minus East-West in game points, as the network estimates the exact value."""
    return described_value(describe(st))


def described_value(d: dict[str, Any]) -> float:
    """`leaf_value` of a description."""
    both, b1, w2, b2 = _weights()
    z = inputs(d) @ both
    y = float(np.maximum(z[:-1] + b1, 0.0) @ w2) + b2 + float(z[-1])
    v = y * points_scale(d["trump"] < 0, d["raise"])
    return v if d["leader"] & 1 == 0 else -v
