"""The play model as a small neural network: P(card) for a seat's play from a richer description
of each legal card, for the Expert's inference (its weights and the networks in its tree).

Each legal card is described by `INPUTS`: what it does in the trick (follows, discards, ruffs,
wins, wins for sure), its place in its suit (its rank, the cards above it still out, the cards of
its suit the mover holds above and below it, the suit's length and how much of it is gone), its
points, whether it is the playout policy's card, what the public play says of its suit (led
before by the mover, its partner or an opponent; an opponent or the partner known to be void),
and the situation, shared by every card of the decision (leading, the partner or an opponent
winning, the seat's place in the trick, declaring or defending, Sun, the trick, the points on
the table, the mover's trumps). A card's score is a linear term plus a one-hidden-layer network
of the same inputs (the network learns how the situation changes what a feature means); P(card)
is the softmax of the scores over the legal cards. Two networks are fitted, one to Hard's
decisions in self-play and one to the HeuristicAgent's (lab/playnet_fit.py); their weights are
data, ai/data/playnets.npz, checked against `WEIGHTS_SHA256` when loaded (`make playnet-weights`
makes the self-play data and fits them again: docs/ai.md).

`NetLikelihood` is the likelihood of the other seats' card plays in many worlds at once: each
world is replayed in the kernel (the features need the mover's hand there), and all the rows are
scored by one matrix product.
"""

from __future__ import annotations

import hashlib
from importlib.resources import files
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from game.actions import card_of
from game.cardplay import CardPlay
from game.cards import FULL_DECK, SUIT_MASKS
from game.observation import Observation

from .policy import policy_card

INPUTS: Final = (
    "trump", "follow", "discard", "ruff",
    "rank0", "rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7",
    "stronger_out", "master", "held_above", "held_below", "lowest", "highest",
    "length", "suit_played",
    "wins", "wins_sure", "points", "wins_table", "points_sure",
    "led_self", "led_partner", "led_opponent", "void_opponent", "void_partner",
    "lead_from_ten", "policy",
    "ctx_lead", "ctx_partner", "ctx_opponent", "place", "declarer", "sun", "trick",
    "table", "trumps_held",
)
"""The inputs of a legal card (rank0-7: its strength among the 8 cards of its suit, 7 the
strongest; counts of cards / 8; points / 10; `wins_table`: wins, times the points on the table;
`points_sure`: its points on a trick the partner is sure to win; `lead_from_ten`: leading a plain
suit whose ten the mover holds without the ace, the ace still out; from `ctx_lead` on, the
situation, the same for every card of the decision)."""
N_INPUTS: Final = len(INPUTS)
TEN: Final = 3
ACE: Final = 7

FloatArray = npt.NDArray[np.float64]
Weights = tuple[FloatArray, FloatArray, FloatArray, FloatArray]
"""A network: the hidden layer's weights (inputs x hidden) and biases, the output weights, and
the linear term's weights."""


# Found through the package, not __file__: a mypyc-compiled module's __file__ names the shared
# library's folder (game/), not its own.
WEIGHTS_FILE: Final = Path(str(files("ai") / "data" / "playnets.npz"))
WEIGHTS_SHA256: Final = "78b21521e46cd8abe06522281dca415912f04f69e9239204f41a4082b062e411"
"""The shipped weights' digest (lab/playnet_fit.py --write prints the new one)."""


class WeightsError(ValueError):
    """The weights file is missing, altered or not what the networks need."""


def load_networks(path: Path = WEIGHTS_FILE, digest: str | None = WEIGHTS_SHA256
                  ) -> tuple[dict[str, Weights], dict[str, str]]:
    """The networks by name and how each was fitted, from an .npz of plain arrays ("NAME/w1",
    "NAME/b1", "NAME/out", "NAME/lin", "NAME/note"; no pickles); `digest`: the file's expected
    SHA-256 (None: not checked)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise WeightsError(f"cannot read the play networks' weights {path}: {e}") from None
    if digest is not None and hashlib.sha256(raw).hexdigest() != digest:
        raise WeightsError(f"{path} is not the weights this version ships (SHA-256 differs)")
    nets: dict[str, Weights] = {}
    notes: dict[str, str] = {}
    with np.load(path, allow_pickle=False) as data:
        for name in sorted({key.split("/")[0] for key in data.files}):
            w1, b1, out, lin = (np.asarray(data[f"{name}/{k}"], dtype=np.float64)
                                for k in ("w1", "b1", "out", "lin"))
            hidden = len(b1)
            if w1.shape != (N_INPUTS, hidden) or out.shape != (hidden,) or lin.shape != (N_INPUTS,):
                raise WeightsError(f"{path}: network {name!r} has the wrong shape for "
                                   f"{N_INPUTS} inputs")
            nets[name] = (w1, b1, out, lin)
            notes[name] = str(data[f"{name}/note"])
    return nets, notes


class PlayHistory:
    """The card play of the hand so far as one seat saw it, to be replayed in a world (a deal of
    the hidden cards): the contract, the first leader, and every card in order with its seat."""

    def __init__(self, obs: Observation) -> None:
        c = obs.contract
        assert c is not None
        self.seat = obs.seat
        self.trump, self.locked = c.trump, c.locked
        self.declarer_team, self.raise_level = c.declarer_team, c.raise_level
        self.classic = obs.rules.belote
        pb = obs.play_base
        if pb is not None:
            self.leader = pb.leader
        else:
            self.leader = obs.tricks[0][0] if obs.tricks else obs.trick_leader
        self.played_by = obs.played_by
        self.plays = [(seat, card_of(a)) for seat, a in obs.history if card_of(a) >= 0]
        self.scored = sum(1 for seat, _ in self.plays if seat != obs.seat)

    @property
    def active(self) -> bool:
        """Some other seat has played a card."""
        return self.scored > 0

    def start(self, hands: list[int]) -> CardPlay:
        """The card play from its first card in the world `hands` (the current holdings; the
        cards played are added back)."""
        start = [hands[s] | self.played_by[s] for s in range(4)]
        return CardPlay.start(self.trump, self.locked, self.declarer_team, self.raise_level,
                              self.leader, start, classic=self.classic)


class Replay:
    """One world's card play replayed from its first card, with the public facts the inputs use
    (the suits each seat has led, the suits each has shown it lacks)."""

    __slots__ = ("led", "st", "void")

    def __init__(self, st: CardPlay) -> None:
        self.st = st
        self.led = [0, 0, 0, 0]
        self.void = [0, 0, 0, 0]

    def play(self, card: int) -> None:
        st = self.st
        seat = st.to_move()
        if st.trick:
            led = st.trick[0] >> 3
            if card >> 3 != led:
                self.void[seat] |= 1 << led
        else:
            self.led[seat] |= 1 << (card >> 3)
        st.play(card)

    def encode(self, legal: int, rows: list[float]) -> list[int]:
        """Append the inputs of every legal card of the seat to move to `rows` (flat, card
        order); the cards."""
        st = self.st
        seat = st.to_move()
        partner = seat ^ 2
        hand = st.hands[seat]
        out = FULL_DECK & ~st.played & ~hand
        trump = st.trump
        trick = st.trick
        n = len(trick)
        strength, stronger_of, values = st.strength, st.stronger, st.values
        led = trick[0] >> 3 if n else -1
        ctx = 0 if n == 0 else (1 if n - st.win_idx == 2 else 2)
        best = trick[st.win_idx] if n else -1
        table = 0
        for c in trick:
            table += values[c]
        sure_partner = ctx == 1 and (n == 3 or not stronger_of[best] & out)
        trumps = (hand & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
        policy = policy_card(st, legal, 1.0, 0.0)
        led_opp = self.led[seat ^ 1] | self.led[seat ^ 3]
        void_opp = self.void[seat ^ 1] | self.void[seat ^ 3]
        situation = (1.0 if ctx == 0 else 0.0, 1.0 if ctx == 1 else 0.0, 1.0 if ctx == 2 else 0.0,
                     n / 3.0, 1.0 if seat & 1 == st.declarer_team else 0.0,
                     1.0 if trump < 0 else 0.0, st.done / 7.0, table / 10.0, trumps / 8.0)
        cards: list[int] = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            cards.append(c)
            suit = c >> 3
            smask = SUIT_MASKS[suit]
            same = hand & smask
            stronger = stronger_of[c] & smask
            is_trump = suit == trump
            above = (same & stronger).bit_count()
            below = (same & ~stronger).bit_count() - 1
            rank = (smask & ~stronger).bit_count() - 1
            wins = n > 0 and strength[c] > strength[best] and (suit == led or is_trump)
            sure = wins and (n == 3 or not stronger_of[c] & out)
            pts = values[c] / 10.0
            ten_lead = (n == 0 and not is_trump and hand >> (suit * 8 + TEN) & 1
                        and not hand >> (suit * 8 + ACE) & 1 and out >> (suit * 8 + ACE) & 1)
            row = [0.0] * 12
            row[0] = 1.0 if is_trump else 0.0
            row[1] = 1.0 if suit == led else 0.0
            row[2] = 1.0 if n and suit != led and not is_trump else 0.0
            row[3] = 1.0 if n and suit != led and is_trump else 0.0
            row[4 + rank] = 1.0
            rows.extend(row)
            rows.append((stronger & out).bit_count() / 8.0)
            rows.append(0.0 if stronger_of[c] & out else 1.0)
            rows.append(above / 8.0)
            rows.append(below / 8.0)
            rows.append(1.0 if below == 0 else 0.0)
            rows.append(1.0 if above == 0 else 0.0)
            rows.append(same.bit_count() / 8.0)
            rows.append((st.played & smask).bit_count() / 8.0)
            rows.append(1.0 if wins else 0.0)
            rows.append(1.0 if sure else 0.0)
            rows.append(pts)
            rows.append(table / 10.0 if wins else 0.0)
            rows.append(pts if sure_partner else 0.0)
            rows.append(float(self.led[seat] >> suit & 1))
            rows.append(float(self.led[partner] >> suit & 1))
            rows.append(float(led_opp >> suit & 1))
            rows.append(float(void_opp >> suit & 1))
            rows.append(float(self.void[partner] >> suit & 1))
            rows.append(1.0 if ten_lead else 0.0)
            rows.append(1.0 if c == policy else 0.0)
            rows.extend(situation)
        return cards


def scores(x: FloatArray, net: Weights) -> FloatArray:
    """The score of each row of inputs under the network `net` (the log-odds of its card up to
    its decision's constant)."""
    w1, b1, out, lin = net
    return np.asarray(np.tanh(x @ w1 + b1) @ out + x @ lin, dtype=np.float64)


def group_log_probs(s: FloatArray, starts: npt.NDArray[np.intp],
                    chosen: npt.NDArray[np.intp]) -> FloatArray:
    """log P of the chosen row of each decision: decision i's rows are starts[i]:starts[i+1]
    (the last runs to the end); `chosen` are row indices."""
    top = np.maximum.reduceat(s, starts)
    counts = np.diff(np.append(starts, len(s)))
    shifted = s - np.repeat(top, counts)
    total = np.add.reduceat(np.exp(shifted), starts)
    return np.asarray(shifted[chosen] - np.log(total), dtype=np.float64)


class NetLikelihood:
    """The log-likelihood of the other seats' card plays so far, world by world, under one
    network or an even mixture of several (a seat plays the whole hand in the manner of one of
    them: each seat's plays are scored by each network and the seat's likelihood is their mean).
    The observer's own plays are not scored: they do not depend on the hidden cards."""

    def __init__(self, obs: Observation, nets: list[Weights]) -> None:
        self.history = PlayHistory(obs)
        self.nets = nets
        self.evidence = [[0.0] * len(nets) for _ in range(4)]
        """After log_weights: per seat, per network, the log of the mean likelihood of the
        seat's plays over the worlds (how well each network explains the seat)."""

    @property
    def active(self) -> bool:
        """Some other seat has played a card."""
        return self.history.active

    def log_weights(self, worlds: list[list[int]]) -> list[float]:
        """For each world (the current holdings; the cards played are added back), the
        log-likelihood of the other seats' plays with a choice.

        A decision's probabilities depend only on the public play before it and on the mover's
        hand then, so the play is replayed once (in the first world), and each decision is
        encoded once per distinct hand its mover may hold among the worlds (about one world in
        ten late in a hand)."""
        rows: list[float] = []
        starts: list[int] = []
        chosen: list[int] = []
        owner: list[int] = []
        group: list[int] = []
        at = 0
        h = self.history
        r = Replay(h.start(worlds[0]))
        st = r.st
        gone = [0, 0, 0, 0]  # the cards each seat has played so far in the replay
        for seat, card in h.plays:
            if seat != h.seat:
                own = st.hands[seat]
                seen: dict[int, int] = {}  # the mover's hand -> its decision's index, -1: no choice
                for w, hands in enumerate(worlds):
                    hand = (hands[seat] | h.played_by[seat]) & ~gone[seat]
                    g = seen.get(hand, -2)
                    if g == -2:
                        st.hands[seat] = hand
                        legal = st.legal()
                        g = -1
                        if legal & (legal - 1):
                            cards = r.encode(legal, rows)
                            g = len(starts)
                            starts.append(at)
                            chosen.append(at + cards.index(card))
                            at += len(cards)
                        seen[hand] = g
                    if g >= 0:
                        owner.append(w * 4 + seat)
                        group.append(g)
                st.hands[seat] = own
            r.play(card)
            gone[seat] |= 1 << card
        if not starts:
            return [0.0] * len(worlds)
        x = np.array(rows, dtype=np.float64).reshape(-1, N_INPUTS)
        first, pick = np.array(starts, dtype=np.intp), np.array(chosen, dtype=np.intp)
        seats, refs = np.array(owner, dtype=np.intp), np.array(group, dtype=np.intp)
        per_seat = np.stack([np.bincount(seats, weights=group_log_probs(scores(x, net), first, pick)[refs],
                                         minlength=4 * len(worlds)) for net in self.nets])
        top = per_seat.max(axis=0)
        mixed = top + np.log(np.exp(per_seat - top).mean(axis=0))
        by_seat = per_seat.reshape(len(self.nets), len(worlds), 4)
        peak = by_seat.max(axis=1, keepdims=True)
        evidence = (peak + np.log(np.exp(by_seat - peak).mean(axis=1, keepdims=True)))[:, 0, :]
        self.evidence = [[float(evidence[k, s]) for k in range(len(self.nets))] for s in range(4)]
        return [float(v) for v in mixed.reshape(len(worlds), 4).sum(axis=1)]


def decision_inputs(obs: Observation, hands: list[int]) -> tuple[list[float], list[int]]:
    """The inputs of the decision of the seat to move in `obs` in the world `hands` (the current
    holdings), and its legal cards: for fitting (lab/playnet_fit.py)."""
    h = PlayHistory(obs)
    r = Replay(h.start(hands))
    for _seat, card in h.plays:
        r.play(card)
    rows: list[float] = []
    cards = r.encode(r.st.legal(), rows)
    return rows, cards


PLAY_NETWORKS: Final = ("hard", "heuristic")
"""The networks the Expert reads the other seats by, mixed per seat by how well each explains its
plays (ai/posterior.py, ai/seat_models.py): fitted to Hard's play and to the HeuristicAgent's."""
_loaded: dict[str, Weights] = {}


def play_networks() -> list[Weights]:
    """The networks of PLAY_NETWORKS, read from the weights file at their first use: a missing or
    altered file is a WeightsError where the caller can report it, never an error while a compiled
    module loads (mypyc's half-made module then crashes the interpreter)."""
    if not _loaded:
        _loaded.update(load_networks()[0])
    return [_loaded[name] for name in PLAY_NETWORKS]
