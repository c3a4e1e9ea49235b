"""Card play judged by the exact solver on the true deal: each policy's double-dummy regret
(not a test; a quick screen for card-play changes before matches).

    python -m lab.dd_regret --policies "ismcts:hard,iters=3000,worlds=400" \\
        "ismcts:expert,iters=3000,worlds=400" open-hand --hands 100 --workers 2 --log F
    python -m lab.dd_regret --report F

Seeded hands are bid and played by `--players` in every seat. At every card decision with a
choice once at most `--max-cards` cards are left in the hands, every legal card is valued
exactly on the true deal (ai/solver.py: the rest of the hand played by both teams seeing every
card, the hand's game points as the engine settles them), and each policy chooses a card from
the mover's own view. A policy's regret there is the value of the best card minus the value of
its card, for the mover's team. Matches score a change with a spread of about 10 game points a
deal; here every policy answers the same positions, so the paired difference is far less noisy.

The solver's line after the card assumes perfect information, so the regret is a proxy: it
faults a reasonable guess that the cards punish, and it says nothing about the calls. The
`open-hand` policy (lab/openhand.py: the Expert's search over the one true deal) shows how
far a player that sees every card gets by it. Gahwa hands (valued as the match) are skipped.
Iteration budgets only, so a log is the same on any machine; it resumes.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ai.agent import plain_cards
from ai.levels import parse_budget
from ai.registry import make_agent
from ai.solver import Solver, cards_left
from game.actions import Action, card_of
from game.cards import team_of
from game.phase import Phase
from game.state import RoundState
from lab.call_regret import Header, Rows, deal_state, logged_main, mean_interval
from lab.openhand import OPEN_BUDGET, OpenHandAgent

PLAYERS = "ismcts:hard,iters=3000,worlds=400"
OPEN = "open-hand"
"""The policy name of the player that sees every card."""


def choose(policy: str, st: RoundState, seat: int, legal: Sequence[Action], seed: int) -> int:
    """The card `policy` plays at this position (its decision depends on seed and view only)."""
    if policy == OPEN:
        return card_of(OpenHandAgent(parse_budget(OPEN_BUDGET), seed).decide(st, seat, legal))
    obs = st.observation(seat)
    return card_of(make_agent(policy, seed, experiments=True).choose(obs, legal))


def judged(st: RoundState, seat: int, policies: Sequence[str], seed: int) -> dict[str, Any]:
    """The exact value of every legal card for the mover's team and each policy's regret."""
    legal = st.legal_actions()
    cp = st.card_play()
    left = cards_left(cp)
    values = Solver().move_values(cp)
    sign = 1 if team_of(seat) == 0 else -1
    best = max(sign * v for v in values.values())
    regrets = [best - sign * values[choose(p, st, seat, legal, seed)] for p in policies]
    return {"trick": st.tricks_done, "cards": left,
            "choices": len(plain_cards(legal)), "regret": regrets}


def play_hand_judged(index: int, seed: int, players: str, policies: Sequence[str],
                     max_cards: int) -> dict[str, Any]:
    st = deal_state(index, seed)
    agents = [make_agent(players, seed * 4 + s, experiments=True) for s in range(4)]
    positions: list[dict[str, Any]] = []
    while not st.is_over():
        seat = st.to_move()
        assert seat is not None
        legal = st.legal_actions()
        if len(legal) > 1 and st.phase is Phase.PLAYING and not st.must_decide_projects(seat) \
                and len(plain_cards(legal)) > 1 and st.contract is not None \
                and st.contract.raise_level < 5 and cards_left(st.card_play()) <= max_cards:
            positions.append(judged(st, seat, policies, (seed * 1_000 + index) * 64 + len(positions)))
        st.apply(legal[0] if len(legal) == 1 else agents[seat].choose(st.observation(seat), legal))
    return {"index": index, "positions": positions}


def _job(args: tuple[int, int, str, tuple[str, ...], int]) -> dict[str, Any]:
    return play_hand_judged(*args)


BANDS = ((17, 32, "before the last four tricks"), (0, 16, "the last four tricks"))


def report(rows: Sequence[dict[str, Any]], policies: Sequence[str]) -> str:
    positions = [p for r in rows for p in r["positions"]]
    if len(rows) < 2 or not positions:
        return f"{len(rows)} hands: too few to report"
    lines = [f"{len(rows)} hands, {len(positions)} card decisions with a choice; double-dummy "
             "regret in game points (0: the solver's best card):",
             f"| policy | mean regret a decision | decisions with regret | regret a hand | "
             f"minus {policies[0]}, a hand (95%) |", "|---|---|---|---|---|"]
    for k, name in enumerate(policies):
        mean = sum(p["regret"][k] for p in positions) / len(positions)
        share = sum(1 for p in positions if p["regret"][k] > 0) / len(positions)
        diff = [sum(p["regret"][k] - p["regret"][0] for p in r["positions"]) for r in rows]
        mu, half = mean_interval(diff)
        lines.append(f"| {name} | {mean:.3f} | {share:.1%} | {mean * len(positions) / len(rows):.2f} | "
                     f"{mu:+.2f} ± {half:.2f} |")
    for lo, hi, what in BANDS:
        here = [[p for p in r["positions"] if lo <= p["cards"] <= hi] for r in rows]
        count = sum(len(h) for h in here)
        if not count:
            continue
        lines += ["", f"{what} ({lo}-{hi} cards left, {count} decisions): regret a hand, minus "
                  f"{policies[0]}", "| policy | regret a hand | minus the first (95%) |",
                  "|---|---|---|"]
        for k, name in enumerate(policies):
            total = sum(p["regret"][k] for h in here for p in h) / len(rows)
            mu, half = mean_interval([sum(p["regret"][k] - p["regret"][0] for p in h)
                                      for h in here])
            lines.append(f"| {name} | {total:.2f} | {mu:+.2f} ± {half:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--policies", nargs="+", default=[PLAYERS])
    ap.add_argument("--players", default=PLAYERS)
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-cards", type=int, default=24)

    def header(args: argparse.Namespace) -> Header:
        return {"policies": args.policies, "players": args.players, "seed": args.seed,
                "max_cards": args.max_cards}

    def todo(args: argparse.Namespace, rows: Rows) -> list[Any]:
        done = {r["index"] for r in rows}
        return [(i, args.seed, args.players, tuple(args.policies), args.max_cards)
                for i in range(args.hands) if i not in done]

    return logged_main(ap, argv, header, todo, _job,
                       lambda _args, head, rows: report(rows, head["policies"]), "hands")


if __name__ == "__main__":
    raise SystemExit(main())
