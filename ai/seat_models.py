"""How the Expert's opponents move inside the search tree: by the play networks.

Single-observer ISMCTS chooses an opponent's card by statistics pooled over every world, hands
it does not hold included, which makes each opponent a best responder to the average world.
`SeatModels` instead gives the seats it follows the card the play networks of ai/playnet.py find
most likely for that seat in the world at hand: the most likely under their mixture weighted by
how well each explains the seat's own plays so far (its evidence: the log of the mean likelihood
of those plays over the candidate deals, NetLikelihood.evidence), so a seat that plays like the
rule-based player is soon read by that player's network. A seat follows only where its most
likely card has at least the gate's probability (`SearchConfig.tree_gate`): a network that
predicts the searching player Hard about half the time is confident (and then mostly right) in
a minority of its positions, and elsewhere the seat is searched.

The inputs of a card need the public facts of the hand (the suits each seat has led, those it
has shown it lacks): they are replayed once from the observation and carried down the tree.
A seat's card in a tree node depends only on the node and the seat's hand, so it is kept.
"""

from __future__ import annotations

import math

import numpy as np

from game.cardplay import CardPlay
from game.observation import Observation

from .playnet import (
    N_INPUTS,
    PLAY_NETWORKS,
    NetLikelihood,
    PlayHistory,
    Replay,
    Weights,
    play_networks,
    scores,
)


def mixture(evidence: list[float]) -> list[float]:
    """Posterior weights of the networks for one seat from their evidence (even prior)."""
    top = max(evidence)
    w = [math.exp(e - top) for e in evidence]
    total = sum(w)
    return [x / total for x in w]


class SeatModels:
    """The card of a following seat in a tree node, by the networks (see the module)."""

    def __init__(self, obs: Observation, follows: int, worlds: list[list[int]],
                 evidence: list[list[float]] | None = None, gate: float = 0.0) -> None:
        names = PLAY_NETWORKS
        self.follows = follows
        """The bit mask of the seats that follow the networks."""
        self.gate = gate
        self.nets: list[Weights] = play_networks()
        if len(names) > 1 and evidence is None and worlds:
            net = NetLikelihood(obs, self.nets)
            if net.active:
                net.log_weights(worlds)
            evidence = net.evidence
        self.mix = [mixture(evidence[s]) if evidence is not None else [1.0] * len(names)
                    for s in range(4)]
        h = PlayHistory(obs)
        r = Replay(h.start([0, 0, 0, 0]))  # the public facts need only the cards played
        for _seat, card in h.plays:
            r.play(card)
        self.led = r.led
        self.void = r.void
        self.replay = r
        self.memo: dict[tuple[int, int], tuple[list[int], list[float], float]] = {}
        """(node, the mover's hand) -> its cards, the most likely first, their probabilities and
        the probabilities' sum (computed once: the descents ask again and again)."""

    def begin(self, st: CardPlay) -> None:
        """A new descent from the root in the world `st` (moves go through `play`)."""
        r = Replay(st)
        r.led = self.led.copy()
        r.void = self.void.copy()
        self.replay = r

    def play(self, card: int) -> None:
        self.replay.play(card)

    def _dist(self, node: int, legal: int) -> tuple[list[int], list[float], float]:
        """The mover's cards among `legal`, the most likely first, their probabilities and the
        probabilities' sum."""
        r = self.replay
        st = r.st
        seat = st.to_move()
        key = (node, st.hands[seat])
        dist = self.memo.get(key)
        if dist is None:
            rows: list[float] = []
            cards = r.encode(legal, rows)
            x = np.array(rows, dtype=np.float64).reshape(-1, N_INPUTS)
            p = np.zeros(len(cards))
            for w, net in zip(self.mix[seat], self.nets, strict=True):
                if w > 1e-6:
                    s = scores(x, net)
                    e = np.exp(s - s.max())
                    p += w * e / e.sum()
            top = int(np.argmax(p))
            order = [top] + [i for i in range(len(cards)) if i != top]
            ps = [float(p[i]) for i in order]
            dist = ([cards[i] for i in order], ps, sum(ps))
            self.memo[key] = dist
        return dist

    def card(self, node: int, legal: int) -> int:
        """The most likely card of the seat to move among `legal` (`node` names the tree node);
        -1 where its probability is below the gate (the node is searched)."""
        cards, probs, total = self._dist(node, legal)
        if self.gate and probs[0] < self.gate * total:
            return -1
        return cards[0]
