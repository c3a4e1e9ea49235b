"""Where the hidden cards are: how well the Expert's weighted worlds locate them (not a test).

    python -m bench.card_location --hands 40 --workers 2 --log where.jsonl
    python -m bench.card_location --report where.jsonl

Seeded hands are bid and played by `--players` (Hard at an iteration budget) in every seat. At
every card decision with a choice, the mover's observation gives `--candidates` uniform deals
(ai/posterior.py, the Expert's sampler) and each is weighed in several ways: not at all (the
uniform prior), by the other seats' calls, by their calls and card plays (today's Expert), and
by those and their silence about projects in the first trick (likelihood 0.1 or 0.01 that a
seat holding projects keeps them back), and the plays scored instead by the networks of
ai/playnet.py (Hard's, the HeuristicAgent's, both), and the calls instead by the model fitted
to Hard's calls (ai/callfit.py) or by its mixture with the rules. The same deals serve every way, so only
the weights differ; each is tempered as the Expert tempers it. For each hidden card, the
weighted share of the deals that put it in the hand that really holds it.

Printed per way of weighing: the mean share over hidden cards and positions, its mean log
(floored at 1/(2N)), the effective number of deals, and each way minus today's Expert, per hand
with a 95% interval over hands (the positions of one hand are not independent), overall and by
trick. Iteration budgets only, so a log is the same on any machine; it resumes.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import Any

from ai.inference import CallModel
from ai.posterior import candidate_deals, effective_size, play_log_weights, tempered
from ai.registry import make_agent
from ai.sampler import WorldSampler
from bench.call_regret import Header, Rows, deal_state, logged_main, mean_interval
from game.phase import Phase
from game.state import RoundState

PLAYERS = "ismcts:hard,iters=3000,worlds=400"
MISMATCH = 0.1
"""The call model's mismatch, as the Expert weighs deals."""
MIN_ESS = 0.25
SILENT = 0.1
"""The silence likelihood scored in the log; 0.01 is the same count of silences, doubled."""
WAYS: dict[str, tuple[float, float, float, int, int]] = {
    "uniform": (0.0, 0.0, 0.0, 1, 0),
    "calls": (0.0, 1.0, 0.0, 1, 0),
    "calls+plays (the Expert)": (1.0, 1.0, 0.0, 1, 0),
    "+silence 0.1": (1.0, 1.0, 1.0, 1, 0),
    "+silence 0.01": (1.0, 1.0, 2.0, 1, 0),
    "calls+plays, Hard's network": (1.0, 1.0, 0.0, 3, 0),
    "+silence 0.1, Hard's network": (1.0, 1.0, 1.0, 3, 0),
    "+silence 0.1, the HeuristicAgent's network": (1.0, 1.0, 1.0, 4, 0),
    "+silence 0.1, both networks (today's Expert)": (1.0, 1.0, 1.0, 5, 0),
    "calls by the fitted model (cfit=1)": (0.0, 1.0, 0.0, 1, 1),
    "calls by the mixture (cfit=2)": (0.0, 1.0, 0.0, 1, 2),
    "today's Expert with cfit=1": (1.0, 1.0, 1.0, 5, 1),
    "today's Expert with cfit=2": (1.0, 1.0, 1.0, 5, 2),
}
"""How each way weighs the log-likelihoods: (plays, calls, silence at SILENT, the play model's
fit, ai/posterior.py play_log_weights; the call model, ai/inference.py CallModel `fitted`)."""
BASE = "+silence 0.1, both networks (today's Expert)"


def located(obs_state: RoundState, seat: int, candidates: int, seed: int) -> dict[str, Any]:
    """For `seat` to move in `obs_state`: per way of weighing, the mean share of the deals that
    put each hidden card in its true hand, the mean log of that share, and the effective size."""
    obs = obs_state.observation(seat)
    sampler = WorldSampler(obs)
    found = candidate_deals(obs, sampler, random.Random(seed), candidates,
                            MISMATCH, silent=SILENT)
    plays = {fit: found.plays if fit == 1 else play_log_weights(obs, found.hands, fit)
             for fit in sorted({w[3] for w in WAYS.values()})}
    calls = {0: found.calls}
    for kind in sorted({w[4] for w in WAYS.values()} - {0}):
        model = CallModel(obs, MISMATCH, fitted=kind)
        rng = random.Random(seed)
        calls[kind] = [math.log(model.weight(hands, rng)) if model.active else 0.0
                       for hands in found.hands]
    n = len(found.hands)
    floor = 1.0 / (2 * n)
    known = [obs.known_held(s) if s != seat else 0 for s in range(4)]
    # for each hidden card, which deals put it in the hand that holds it (the same for every way)
    where = [[hands[s] >> c & 1 == 1 for hands in found.hands]
             for s in range(4) if s != seat for c in range(32)
             if obs_state.hands[s] >> c & 1 and obs.unseen >> c & 1 and not known[s] >> c & 1]
    out: dict[str, Any] = {"trick": obs_state.tricks_done, "cards": len(where)}
    for name, (kp, kc, ks, fit, cfit) in WAYS.items():
        logw = [kp * p + kc * c + ks * q
                for p, c, q in zip(plays[fit], calls[cfit], found.silence, strict=True)]
        weights, _t = tempered(logw, MIN_ESS)
        total = sum(weights)
        share = log_share = 0.0
        for inside in where:
            x = sum(w for w, here in zip(weights, inside, strict=True) if here) / total
            share += x
            log_share += math.log(max(x, floor))
        out[name] = [share / len(where), log_share / len(where), effective_size(weights) / n]
    return out


def play_hand_located(index: int, seed: int, players: str, candidates: int) -> dict[str, Any]:
    st = deal_state(index, seed)
    agents = [make_agent(players, seed * 4 + s, experiments=True) for s in range(4)]
    positions: list[dict[str, Any]] = []
    while not st.is_over():
        seat = st.to_move()
        assert seat is not None
        legal = st.legal_actions()
        if len(legal) > 1 and st.phase is Phase.PLAYING and not st.must_decide_projects(seat):
            positions.append(located(st, seat, candidates, seed * 1_000 + len(positions)))
        st.apply(legal[0] if len(legal) == 1 else agents[seat].choose(st.observation(seat), legal))
    return {"index": index, "positions": positions}


def _job(args: tuple[int, int, str, int]) -> dict[str, Any]:
    return play_hand_located(*args)


def report(rows: Sequence[dict[str, Any]]) -> str:
    positions = [p for r in rows for p in r["positions"]]
    if len(rows) < 2 or not positions:
        return f"{len(rows)} hands: too few to report"
    lines = [f"{len(rows)} hands, {len(positions)} card decisions with a choice; the share of the "
             "deals that put a hidden card in its true hand:",
             "| weighed by | mean share | mean log share | effective deals | share minus today's "
             "Expert's, per hand (95%) |", "|---|---|---|---|---|"]
    for name in WAYS:
        share = sum(p[name][0] for p in positions) / len(positions)
        logs = sum(p[name][1] for p in positions) / len(positions)
        ess = sum(p[name][2] for p in positions) / len(positions)
        diff = [sum(p[name][0] - p[BASE][0] for p in r["positions"]) / len(r["positions"])
                for r in rows if r["positions"]]
        mu, half = mean_interval(diff)
        lines.append(f"| {name} | {share:.4f} | {logs:.4f} | {ess:.0%} | "
                     f"{mu:+.4f} ± {half:.4f} |")
    lines.append("")
    lines.append("| trick | positions | " + " | ".join(WAYS) + " |")
    lines.append("|---" * (len(WAYS) + 2) + "|")
    for trick in range(8):
        here = [p for p in positions if p["trick"] == trick]
        if here:
            cells = [f"{sum(p[name][0] for p in here) / len(here):.4f}" for name in WAYS]
            lines.append(f"| {trick + 1} | {len(here)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", default=PLAYERS)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidates", type=int, default=400)

    def header(args: argparse.Namespace) -> Header:
        return {"players": args.players, "seed": args.seed, "candidates": args.candidates,
                "mismatch": MISMATCH, "silent": SILENT, "min_ess": MIN_ESS}

    def todo(args: argparse.Namespace, rows: Rows) -> list[Any]:
        done = {r["index"] for r in rows}
        return [(i, args.seed, args.players, args.candidates) for i in range(args.hands)
                if i not in done]

    return logged_main(ap, argv, header, todo, _job, lambda _args, _head, rows: report(rows),
                       "hands")


if __name__ == "__main__":
    raise SystemExit(main())
