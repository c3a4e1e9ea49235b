"""The network play model (ai/playnet.py): probabilities that sum to one, the same inputs for
fitting and for inference, and worlds weighed by it that still reproduce the observation."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

import ai.playnet as playnet
from ai.playnet import INPUTS, N_INPUTS, NetLikelihood, Replay, decision_inputs, group_log_probs
from ai.posterior import posterior_worlds
from ai.sampler import WorldSampler
from bench.positions import heuristic_hand, random_positions
from game.actions import card_of, is_card
from game.cardplay import CardPlay
from game.cards import cards_in, parse_cards
from game.phase import Phase
from game.state import RoundState
from game.worlds import build_world
from tests.test_ai_ismcts import fixture


def _random_weights(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return (rng.normal(0, 0.5, (N_INPUTS, 6)), rng.normal(0, 0.5, 6), rng.normal(0, 1.0, 6),
            rng.normal(0, 1.0, N_INPUTS))


NET = _random_weights(7)
"""Weights that make every input count (a fitted network may leave some near zero)."""


def _card_positions(n: int, seed: int) -> list[RoundState]:
    out = []
    for state, _ in random_positions(n, seed=seed):
        if state.phase is Phase.PLAYING and all(is_card(a) for a in state.legal_actions()):
            cp = state.card_play()
            legal = cp.legal()
            if legal & (legal - 1):
                out.append(state)
    return out


def test_group_log_probs_are_a_softmax_per_decision() -> None:
    s = np.array([0.3, -1.0, 2.0, 0.5, 0.5, 7.0, -3.0])
    starts = np.array([0, 3, 5], dtype=np.intp)
    for chosen in ([0, 3, 5], [2, 4, 6]):
        lp = group_log_probs(s, starts, np.array(chosen, dtype=np.intp))
        for (a, b), c, got in zip(((0, 3), (3, 5), (5, 7)), chosen, lp, strict=True):
            want = s[c] - math.log(sum(math.exp(v) for v in s[a:b]))
            assert got == pytest.approx(want)
    for g, (a, b) in enumerate(((0, 3), (3, 5), (5, 7))):  # over a decision's cards, P adds to 1
        probs = []
        for k in range(a, b):
            chosen = [0, 3, 5]
            chosen[g] = k
            probs.append(math.exp(group_log_probs(s, starts, np.array(chosen, dtype=np.intp))[g]))
        assert sum(probs) == pytest.approx(1.0)


def test_the_probabilities_of_the_legal_cards_sum_to_one() -> None:
    checked = 0
    for state in _card_positions(80, seed=11):
        cp = state.card_play()
        rows, cards = decision_inputs(state.observation(cp.to_move()), list(cp.hands))
        assert cards == cards_in(cp.legal())
        assert len(rows) == len(cards) * N_INPUTS
        s = playnet.scores(np.array(rows).reshape(-1, N_INPUTS), NET)
        lps = [group_log_probs(s, np.zeros(1, dtype=np.intp), np.array([k], dtype=np.intp))[0]
               for k in range(len(cards))]
        assert sum(math.exp(v) for v in lps) == pytest.approx(1.0)
        checked += 1
    assert checked > 20


def _chosen_log_probs(seed: int, hand: int, stop: int) -> tuple[RoundState, list[tuple[int, float]]]:
    """A HeuristicAgent hand stopped at its `stop`-th card decision with a choice, and for every
    card decision with a choice before it, the mover and log P of its card by the fitting path
    (decision_inputs on the true holdings)."""
    pending: list[tuple[int, int, dict[int, float]]] = []
    for state in heuristic_hand(seed, hand):
        seat = state.to_move()
        legal = state.legal_actions()
        if state.phase is not Phase.PLAYING or len(legal) < 2 or not all(is_card(a) for a in legal):
            continue
        obs = state.observation(seat)
        if len(pending) == stop:
            plays = [card_of(a) for _, a in obs.history if card_of(a) >= 0]
            return state, [(p, lps[plays[k]]) for p, k, lps in pending]
        cp = state.card_play()
        rows, cards = decision_inputs(obs, list(cp.hands))
        s = playnet.scores(np.array(rows).reshape(-1, N_INPUTS), NET)
        top = s.max()
        norm = top + math.log(float(np.exp(s - top).sum()))
        pending.append((seat, sum(b.bit_count() for b in obs.played_by),
                        {c: float(v) - norm for c, v in zip(cards, s, strict=True)}))
    raise AssertionError("the hand ended first")


@pytest.mark.parametrize("hand", [0, 2, 3, 5, 8])  # the hands of seed 21 that are played
def test_inference_scores_each_play_as_the_fit_encodes_it(hand: int) -> None:
    """NetLikelihood on the true deal = the sum, over the other seats' plays with a choice, of
    log P(card) from the fitting path (decision_inputs at each of those decisions)."""
    state, chosen = _chosen_log_probs(21, hand, 4 + 2 * hand)
    seat = state.to_move()
    assert seat is not None
    want = sum(lp for p, lp in chosen if p != seat)
    hands = list(state.card_play().hands)
    got = NetLikelihood(state.observation(seat), [NET]).log_weights([hands, hands])
    assert got[0] == pytest.approx(want) and got[1] == pytest.approx(want)
    assert want < 0


def test_many_worlds_at_once_score_as_each_world_alone() -> None:
    """The batch shares a decision's encoding between worlds where its mover holds the same
    hand: each world's figure must still be its own."""
    checked = 0
    for state in _card_positions(60, seed=15)[:12]:
        obs = state.observation(state.to_move())
        sampler = WorldSampler(obs)
        rng = random.Random(4)
        worlds = [sampler.sample(rng)[0] for _ in range(40)]
        net = NetLikelihood(obs, [NET, _random_weights(8)])
        together = net.log_weights(worlds)
        alone = [net.log_weights([w])[0] for w in worlds]
        assert together == pytest.approx(alone)
        checked += len(set(together)) > 1
    assert checked > 5


def test_a_mixture_scores_each_seat_by_the_mean_of_the_networks_likelihoods() -> None:
    other = _random_weights(8)
    checked = 0
    for state in _card_positions(60, seed=14):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        worlds = [list(state.card_play().hands)]
        one, two = (NetLikelihood(obs, [w]).log_weights(worlds)[0] for w in (NET, other))
        same = NetLikelihood(obs, [NET, NET]).log_weights(worlds)[0]
        both = NetLikelihood(obs, [NET, other]).log_weights(worlds)[0]
        assert same == pytest.approx(one)
        # per seat, the log of the mean of two likelihoods is at least the larger one halved
        assert max(one, two) - 3 * math.log(2) - 1e-9 <= both
        assert both != pytest.approx(one) and both != pytest.approx(two)
        checked += one != two
    assert checked > 10


def test_the_replay_records_leads_and_voids() -> None:
    state = fixture("sun/-/S/S/x1/open/-", {"S": "8S QH KH AD 7C", "E": "9S 7H 8D 9C 10C",
                                              "N": "10S JH 9D JD QC", "W": "7S AS KD QD KC"},
                    "N", 3, "10S,7S,8S,9S")
    obs = state.observation(0)
    cp = state.card_play()
    start = [cp.hands[i] | obs.played_by[i] for i in range(4)]
    r = Replay(CardPlay.start(-1, False, 0, 1, 2, start))
    for card in cards_in(parse_cards("10S")) + cards_in(parse_cards("7S")):
        r.play(card)
    r.play(cards_in(parse_cards("QH"))[0])  # South does not follow: a void in spades shown
    assert r.led[2] == 1 << 0 and r.void[0] == 1 << 0 and r.void[1] == 0
    rows: list[float] = []
    cards = r.encode(r.st.legal(), rows)
    x = dict(zip(INPUTS, rows[:N_INPUTS], strict=True))
    assert cards == cards_in(parse_cards("9S"))  # East has one spade left: it must follow
    assert x["follow"] == 1.0 and x["ctx_opponent"] == 1.0 and x["place"] == 1.0
    assert x["void_opponent"] == 1.0  # South, an opponent of East, showed no spades


def test_worlds_weighed_by_the_network_reproduce_the_observation() -> None:
    checked = weighted = 0
    for state in _card_positions(80, seed=13)[:25]:
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        post = posterior_worlds(obs, random.Random(seat), 30, 0.25)
        assert len(post.weights) == len(post.states) and post.total > 0
        weighted += post.ess < len(post.states) - 1e-9
        for st in post.states[:3]:
            world = build_world(obs, st.hands)
            assert world.observation(seat) == obs
            assert world.card_play().hands == st.hands
        checked += 1
    assert checked == 25 and weighted > 10


# ----- the weights are data ----------------------------------------------------------------------

def test_the_shipped_weights_are_the_file_whose_digest_the_code_names() -> None:
    """ai/data/playnets.npz is checked by its SHA-256 (a changed file must come with a new
    digest, which lab/playnet_fit.py --write prints), holds plain arrays only, and gives the two
    networks the Expert reads the others by."""
    import hashlib

    raw = playnet.WEIGHTS_FILE.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == playnet.WEIGHTS_SHA256
    with np.load(playnet.WEIGHTS_FILE, allow_pickle=False) as data:  # no pickled objects
        assert all(data[k].dtype.kind in "fU" for k in data.files)
    nets, notes = playnet.load_networks()
    assert tuple(nets) == playnet.PLAY_NETWORKS and set(notes) == set(nets)
    for w1, b1, out, lin in nets.values():
        assert w1.shape == (N_INPUTS, len(b1)) and out.shape == b1.shape and lin.shape == (N_INPUTS,)
        assert all(np.isfinite(a).all() for a in (w1, b1, out, lin))


def test_an_altered_or_missing_weights_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    altered = tmp_path / "playnets.npz"
    raw = bytearray(playnet.WEIGHTS_FILE.read_bytes())
    raw[-100] ^= 1
    altered.write_bytes(bytes(raw))
    with pytest.raises(playnet.WeightsError, match="SHA-256"):
        playnet.load_networks(altered)
    with pytest.raises(playnet.WeightsError, match="cannot read"):
        playnet.load_networks(tmp_path / "missing.npz")
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, **{"x/w1": np.zeros((3, 2)), "x/b1": np.zeros(2), "x/out": np.zeros(2),
                       "x/lin": np.zeros(3), "x/note": np.array("a test")})
    with pytest.raises(playnet.WeightsError, match="wrong shape"):
        playnet.load_networks(wrong, digest=None)


def test_a_missing_weights_file_is_an_error_at_first_use_not_while_the_players_load(tmp_path: Path) -> None:
    """The weights are read when the Expert first needs them: importing the players (compiled or
    not) never reads them, so a missing file is a WeightsError the caller reports, not an error
    inside a compiled module's import (which brings the interpreter down when it is collected)."""
    import shutil
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    for pkg in ("game", "ai"):
        shutil.copytree(root / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "ai" / "data" / "playnets.npz").unlink()
    code = ("import gc, ai.ismcts, ai.posterior, ai.playnet as p\n"
            "try:\n    p.play_networks()\nexcept p.WeightsError as e:\n    print('refused:', e)\n"
            "gc.collect()\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "refused: cannot read the play networks' weights" in done.stdout
