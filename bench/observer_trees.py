"""Separate trees per observer (multiple-observer ISMCTS) beside the one tree of ai/ismcts.py.

Multiple-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) keeps one tree per seat, whose
nodes are that seat's information sets, branching on the moves as that seat observes them; each
iteration walks every tree along the same moves and the mover's own tree chooses. In Baloot's
card play every move is a card laid face up, so every seat observes every move alike: the four
trees branch the same way, receive the same backups, and each choice is made from statistics
equal to those of the one shared tree. This benchmark checks that on seeded positions, by running
an independent four-tree search with the same generator stream beside `search_play` and comparing
each decision and every root move's visits and mean.

    python -m bench.observer_trees --spec "expert,iters=3000,worlds=400" --positions 60

Benchmark only (the levels keep the one tree). The four-tree walk is pure Python.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator
from dataclasses import replace

from ai.agent import plain_cards
from ai.config import SearchConfig, SearchResult
from ai.ismcts import (
    Node,
    WorldPool,
    _backup,
    _decided,
    _policy_seats,
    _readable_choice,
    _seat_models,
    decision_rng,
    leaf_result,
    parse_budget,
    reward_scale,
    root_result,
    search_play,
)
from ai.matchplay import match_value
from ai.policy import policy_card
from ai.posterior import PosteriorWorlds, posterior_worlds
from ai.registry import check_spec
from ai.treemodel import SeatModels
from bench.positions import random_positions
from game.actions import NO_DECLARE
from game.cardplay import CardPlay
from game.cards import nth_card, team_of
from game.observation import Observation
from game.phase import Phase


def _child(node: Node, card: int, mover: int) -> Node:
    ch = node.children.get(card)
    if ch is None:
        ch = node.children[card] = Node(team_of(mover))
        node.tried |= 1 << card
    return ch


def _walk(roots: list[Node], st: CardPlay, rng: random.Random, cfg: SearchConfig, follow: int,
          models: SeatModels | None) -> list[list[Node]]:
    """One iteration's descent through the four trees: the mover's tree chooses (UCB1 with
    availability counts, or the seat's follower card), every tree steps along; one new node is
    added in each. The paths, one per tree."""
    nodes = list(roots)
    paths: list[list[Node]] = [[], [], [], []]
    if models is not None:
        models.begin(st)
    while st.done < 8:
        legal = st.legal()
        mover = st.to_move()
        own = nodes[mover]
        card = -1
        expand = False
        if follow >> mover & 1:
            card = (models.card(id(own), legal, -1.0) if models is not None
                    else policy_card(st, legal, rng.random(), cfg.rollout_eps))
        if card < 0:
            untried = legal & ~own.tried
            if untried:
                if cfg.prior and not own.tried:
                    card = policy_card(st, legal, 1.0, 0.0)
                if card < 0 or not untried >> card & 1:
                    card = nth_card(untried, int(rng.random() * untried.bit_count()))
                expand = True
            else:
                best_u = -1.0
                m = legal
                while m:
                    low = m & -m
                    m ^= low
                    c = low.bit_length() - 1
                    ch = own.children[c]
                    ch.avail += 1
                    u = ch.total / ch.visits + cfg.exploration * math.sqrt(math.log(ch.avail) / ch.visits)
                    if u > best_u:
                        card, best_u = c, u
        for t in range(4):
            ch = _child(nodes[t], card, mover)
            if expand:
                m = legal & nodes[t].tried
                while m:
                    low = m & -m
                    m ^= low
                    nodes[t].children[low.bit_length() - 1].avail += 1
            nodes[t] = ch
            paths[t].append(ch)
        if models is not None and not expand:
            models.play(card)
        else:
            st.play(card)
        if expand:
            break
    return paths


def four_tree_search(obs: Observation, cfg: SearchConfig, rng: random.Random) -> SearchResult:
    """`search_play` with one tree per seat (no time cap; the levels' options only)."""
    if cfg.tree_sample or cfg.tree_prior or cfg.policy_bias:
        raise ValueError("the four-tree search covers the levels' options only")
    contract = obs.contract
    assert contract is not None
    scale = reward_scale(contract, obs.rules, cfg.belote_scale)
    gahwa = contract.raise_level == 5
    mv = match_value(obs.match_scores, obs.rules, scale, gahwa, cfg.match_play)
    worlds: WorldPool | PosteriorWorlds
    if cfg.play_model:
        worlds = posterior_worlds(obs, rng, cfg.candidates, cfg.min_ess, cfg.call_mismatch,
                                  silent=cfg.silent_projects, fit=cfg.play_fit, call_fit=cfg.call_fit)
    else:
        worlds = WorldPool(obs, cfg, None)
    roots = [Node(team_of(obs.seat)) for _ in range(4)]
    root = roots[obs.seat]
    follow = _policy_seats(obs.seat, cfg.policy_seats)
    models = _seat_models(obs, cfg, worlds) if follow and cfg.tree_net else None
    it = 0
    while it < cfg.iterations:
        if cfg.early_stop and it & 15 == 0 and it and _decided(root.children, cfg.iterations - it):
            break
        it += 1
        st = worlds.world(rng)
        paths = _walk(roots, st, rng, cfg, follow, models)
        r0 = leaf_result(st, rng, cfg, scale, gahwa, mv)
        for path in paths:
            _backup(path, r0)
    res = root_result(root, obs.seat, scale, gahwa, mv)
    res.iterations = it
    return _readable_choice(obs, cfg, res, None) if cfg.readable_margin >= 0 else res


def searched_positions(cfg: SearchConfig, count: int, seed: int) -> Iterator[tuple[int, Observation]]:
    """Seeded card decisions with a choice that the tree search (not the exact endgame) decides."""
    for i, (st, _seat) in enumerate(random_positions(count, seed=seed)):
        seat = st.to_move()
        if st.phase is not Phase.PLAYING or seat is None:
            continue
        legal = st.legal_actions()
        if NO_DECLARE in legal or len(plain_cards(legal)) < 2:
            continue
        obs = st.observation(seat)
        if cfg.solve_cards and sum(obs.hand_sizes) <= cfg.solve_cards:
            continue
        yield i, obs


def compare(spec: str, count: int, seed: int) -> tuple[int, int, float, float]:
    """(positions alike, positions that differ, seconds one tree, seconds four trees)."""
    check_spec("ismcts:" + spec, experiments=True)
    cfg = replace(parse_budget(spec), time_limit=None)
    alike = differ = 0
    one = four = 0.0
    for i, obs in searched_positions(cfg, count, seed):
        t0 = time.perf_counter()
        a = search_play(obs, cfg, decision_rng(i, obs))
        t1 = time.perf_counter()
        b = four_tree_search(obs, cfg, decision_rng(i, obs))
        four += time.perf_counter() - t1
        one += t1 - t0
        if a.action == b.action and a.stats == b.stats:
            alike += 1
        else:
            differ += 1
    return alike, differ, one, four


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spec", default="expert,iters=3000,worlds=400")
    ap.add_argument("--positions", type=int, default=60, help="seeded positions drawn (some are skipped)")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    alike, differ, one, four = compare(args.spec, args.positions, args.seed)
    print(f"{args.spec}: {alike} decisions alike (the card and every root move's visits and mean), "
          f"{differ} differ; one tree {one:.1f} s, four trees {four:.1f} s")


if __name__ == "__main__":
    main()
