"""Make the shipped puzzles (assets/learn/puzzles.json) from seeded self-play.

    python tools/make_puzzles.py [--seed 1] [--per-goal 30] [--out assets/learn/puzzles.json]

Four HeuristicAgents (15% of their cards at random) bid and play seeded hands, Saudi Baloot and
Classic Belote. At each trick boundary with 2 to 4 tricks left, the position is rebuilt from the
engine's one-line notation (a `play` base: earlier tricks as totals) and followed to South's turn
in that trick; every goal that fits it is tried with the exact solver
(ui.learn.puzzles.solution_line), and the position is kept only if, along the line, South's card
is unique at each of its decisions (and there is at least one). The difficulty is the number of
South's decisions (1, 2, 3 or more). Up to `--per-goal` puzzles of each rule set and goal are kept
(save the Baloot exists only in Saudi Baloot); the hand-written puzzles in the file (source
"hand") are kept as they are. Deterministic for a seed. Prints the time per puzzle.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.heuristic import HeuristicAgent
from ai.solver import Solver
from game.cards import SOUTH
from game.deal import PlayBase
from game.notation import to_notation
from game.phase import Phase
from game.rules import Rules
from game.state import RoundState
from ui.learn.puzzles import GOALS, goal_problem, play_card, solution_line

TRICKS_LEFT = (2, 3, 4)
"""At most 16 cards: the solver checks a move in milliseconds there (docs/ui.md has the figures)."""
NOISE = 0.15
"""A share of the cards played at random: hands less settled than the bots alone would leave."""


def boundary(state: RoundState) -> RoundState | None:
    """The position at this trick boundary as a `play` notation base, or None when the base
    cannot say everything the rest of the hand depends on (a K or Q of trump played alone)."""
    cp = state.cp
    c = state.contract
    assert cp is not None and c is not None
    if any(k == 1 for k in cp.kq) or state.must_decide_projects(cp.to_move()):
        return None
    team = cp.project_team if cp.project_team >= 0 else None
    declared = tuple(cp.declared[s] if team is not None and s & 1 == team else () for s in range(4))
    base = PlayBase(state.rules, state.dealer, state.match_scores, c,
                    (cp.hands[0], cp.hands[1], cp.hands[2], cp.hands[3]), cp.leader, cp.done,
                    (cp.points[0], cp.points[1]), (cp.tricks_won[0], cp.tricks_won[1]), declared,
                    team, cp.baloot if cp.baloot >= 0 else None)
    rebuilt = RoundState(base)
    if Solver().move_values(rebuilt.card_play()) != Solver().move_values(state.card_play()):
        return None  # something of the hand the base does not carry changes the result
    return rebuilt


def candidates(rules: Rules, seed: int) -> Iterator[RoundState]:
    """South-to-move positions of one self-played hand, one per trick boundary with 2-4 left."""
    rng = random.Random(seed)
    state = RoundState.deal(rng, dealer=seed & 3, rules=rules)
    agents = [HeuristicAgent(seed * 4 + s, noise=NOISE) for s in range(4)]
    start: RoundState | None = None
    while not state.is_over():
        cp = state.cp
        if state.phase is Phase.PLAYING and cp is not None and not cp.trick:
            start = boundary(state) if 8 - cp.done in TRICKS_LEFT else None
        seat = state.to_move()
        assert seat is not None
        if seat == SOUTH and start is not None and cp is not None:
            pos = start
            for card in cp.trick:
                play_card(pos, card)
            start = None
            if not pos.must_decide_projects(SOUTH):
                yield pos
        obs = state.observation(seat)
        state.apply(agents[seat].choose(obs, obs.legal_actions))


def make(seed: int, per_goal: int, max_hands: int) -> tuple[list[dict[str, object]], float, int]:
    out: list[dict[str, object]] = []
    counts: dict[tuple[str, str], int] = {}
    t0 = time.perf_counter()
    hands = 0
    for name in ("saudi", "belote"):
        rules = Rules.preset(name)
        goals = [g for g in GOALS if not (name == "belote" and g == "baloot")]
        for h in range(max_hands):
            if all(counts.get((name, g), 0) >= per_goal for g in goals):
                break
            hands += 1
            if hands % 200 == 0:
                print(f"{hands} hands, {len(out)} puzzles, {time.perf_counter() - t0:.0f} s", flush=True)
            for pos in candidates(rules, seed * 1_000_003 + h):
                # the rarest goals first: a position is one puzzle
                for goal in sorted(goals, key=lambda g: counts.get((name, g), 0)):
                    if counts.get((name, goal), 0) >= per_goal or goal_problem(goal, pos):
                        continue
                    found = solution_line(goal, pos)
                    if found is None or found[1] == 0:
                        continue
                    line, choices = found
                    counts[(name, goal)] = counts.get((name, goal), 0) + 1
                    out.append({"id": f"{name}-{goal}-{counts[(name, goal)]:03d}", "goal": goal,
                                "difficulty": min(3, choices), "position": to_notation(pos),
                                "solution": line, "source": "generated"})
                    break
    return out, time.perf_counter() - t0, hands


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-goal", type=int, default=24)
    ap.add_argument("--max-hands", type=int, default=3000)
    ap.add_argument("--out", default=str(Path("assets") / "learn" / "puzzles.json"))
    args = ap.parse_args()
    path = Path(args.out)
    kept: list[dict[str, object]] = []
    if path.exists():
        kept = [p for p in json.loads(path.read_text(encoding="utf-8"))["puzzles"]
                if p.get("source") == "hand"]
    made, seconds, hands = make(args.seed, args.per_goal, args.max_hands)
    doc = {"format": "baloot-puzzles", "version": 1, "puzzles": kept + made}
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    by: dict[str, int] = {}
    for p in made:
        key = f"{str(p['id']).split('-')[0]} {p['goal']}"
        by[key] = by.get(key, 0) + 1
    print(f"{len(made)} puzzles from {hands} hands in {seconds:.1f} s: "
          f"{seconds / max(1, len(made)) * 1000:.0f} ms per puzzle; {by}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
