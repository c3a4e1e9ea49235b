"""Make the shipped puzzles (assets/learn/puzzles.json) from seeded self-play.

    python tools/make_puzzles.py [--seed 1] [--per-difficulty 30] [--max-hands 25000] [--out FILE]

Every puzzle already in the file is kept as it is, with its id (a player's progress is saved by
id; the hand-written ones, source "hand", among them); the run adds puzzles until each rule set,
goal and difficulty has `--per-difficulty` of them, counting the kept ones, or `--max-hands`
hands of each rule set are played. Difficulty is the number of South's decisions (1, 2, 3 or
more); save the Baloot exists only in Saudi Baloot.

Four HeuristicAgents (15% of their cards at random) bid and play seeded hands, Saudi Baloot and
Classic Belote. At each trick boundary with 2 to 5 tricks left (only those that can still give a
difficulty some bucket lacks), the position is rebuilt from the engine's one-line notation (a
`play` base: earlier tricks as totals) and followed to South's turn in that trick; the goals that
fit it are tried, the one with the fewest puzzles first, with the exact solver
(ui.learn.puzzles.solution_line). A position is kept, for one goal, if along the line South's card
is unique at each of its decisions (and there is at least one), its difficulty's bucket is short,
no check of South's card visits more than CHECK_NODES solver nodes, the file does not have it
yet, and the rebuilt base is faithful to the real hand. New ids follow the kept ones of their
rule set and goal (saudi-make-031, ...). Deterministic for a seed and a starting file. Prints the
time per puzzle and the file's count by rule set, goal and difficulty.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.heuristic import HeuristicAgent
from ai.solver import Solver
from game.cards import SOUTH, parse_card
from game.deal import PlayBase
from game.notation import to_notation
from game.phase import Phase
from game.rules import Rules
from game.state import RoundState
from ui.learn.puzzles import DIFFICULTIES, GOALS, goal_problem, play_card, solution_line, utility

TRICKS_LEFT = (2, 3, 4, 5)
"""At most 20 cards. Five tricks left give South four turns with a choice, the room a hard
puzzle (three decisions) needs; there a check can be slow in pure Python, hence CHECK_NODES."""
NOISE = 0.15
"""A share of the cards played at random: hands less settled than the bots alone would leave."""
CHECK_NODES = 20_000
"""The most solver nodes one check of South's card may visit (what a click waits for,
`PuzzleGame.values`): at most about 80 ms in pure Python on the build machine (3-4 microseconds
a node). A count rather than a clock, so that the generator stays deterministic."""


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
    return RoundState(base)


def faithful(real: RoundState, rebuilt: RoundState) -> bool:
    """Whether the solver values the rebuilt position exactly as the real hand (if not, something
    of the hand the base does not carry changes the result). Asked only of a position that makes
    a puzzle: asked of every candidate, it took more than half of the generator's time."""
    return Solver().move_values(rebuilt.card_play()) == Solver().move_values(real.card_play())


def candidates(rules: Rules, seed: int,
               lefts: tuple[int, ...]) -> Iterator[tuple[RoundState, Callable[[], bool]]]:
    """South-to-move positions of one self-played hand, one per trick boundary with a number of
    tricks left in `lefts`, each with its `faithful` check still to ask."""
    rng = random.Random(seed)
    state = RoundState.deal(rng, dealer=seed & 3, rules=rules)
    agents = [HeuristicAgent(seed * 4 + s, noise=NOISE) for s in range(4)]
    start: RoundState | None = None
    real = state
    while not state.is_over():
        cp = state.cp
        if state.phase is Phase.PLAYING and cp is not None and not cp.trick:
            start = boundary(state) if 8 - cp.done in lefts else None
            if start is not None:
                real = state.clone()
        seat = state.to_move()
        assert seat is not None
        if seat == SOUTH and start is not None and cp is not None:
            pos = start
            check = partial(faithful, real, start.clone())
            for card in cp.trick:
                play_card(pos, card)
            start = None
            if not pos.must_decide_projects(SOUTH):
                yield pos, check
        obs = state.observation(seat)
        state.apply(agents[seat].choose(obs, obs.legal_actions))


def heaviest_check(goal: str, pos: RoundState, line: list[str]) -> int:
    """The most solver nodes one check of South's card visits along `line`: the search of
    ui.learn.puzzles.move_values, with its node count."""
    st = pos.clone()
    ew0 = st.tricks_won[1]
    most = 0
    for text in line:
        if st.to_move() == SOUTH:
            cp = st.card_play()
            start = cp.copy()
            start.tricks_won = [start.tricks_won[0], ew0]
            solver = Solver(utility(goal, start))
            solver.move_values(cp)
            most = max(most, solver.nodes)
        play_card(st, parse_card(text))
    return most


def too_short(pos: RoundState, need: int) -> bool:
    """Whether South's turns leave no room for `need` decisions: a turn with a single legal card
    is none, nor is the last trick. (A solver pre-check of the first turn, a search of the goal
    alone, gave the same file 10-15% faster: left out as not worth its code.)"""
    cp = pos.card_play()
    later = 8 - cp.done - 2  # South's turns with a choice after this one
    legal = cp.legal()
    return (later if legal & (legal - 1) == 0 else later + 1) < need


def rule_set(p: dict[str, object]) -> str:
    return "belote" if " rules=belote" in str(p["position"]) else "saudi"


def make(seed: int, per_difficulty: int, max_hands: int,
         kept: list[dict[str, object]]) -> tuple[list[dict[str, object]], float, int]:
    """New puzzles for every (rule set, goal, difficulty) that `kept` leaves short of
    `per_difficulty`: ids numbered after the kept ones of their rule set and goal (a player's
    progress is saved by id), positions that none of them has."""
    out: list[dict[str, object]] = []
    counts = Counter((rule_set(p), str(p["goal"]), int(str(p["difficulty"]))) for p in kept)
    last: dict[tuple[str, str], int] = {}
    seen = {str(p["position"]) for p in kept}
    for p in kept:
        number = str(p["id"]).rpartition("-")[2]
        if number.isdigit():
            key = (rule_set(p), str(p["goal"]))
            last[key] = max(last.get(key, 0), int(number))
    t0 = time.perf_counter()
    hands = 0
    for name in ("saudi", "belote"):
        rules = Rules.preset(name)
        goals = [g for g in GOALS if not (name == "belote" and g == "baloot")]

        def short(goal: str, cap: int, name: str = name) -> list[int]:
            """The difficulties up to `cap` still short for `goal` in this rule set."""
            return [d for d in DIFFICULTIES if d <= cap and counts[(name, goal, d)] < per_difficulty]

        def made(goal: str, name: str = name) -> int:
            return sum(counts[(name, goal, d)] for d in DIFFICULTIES)

        for h in range(max_hands):
            # South has one turn a trick and none to decide in the last: decisions < tricks left
            lefts = tuple(n for n in TRICKS_LEFT if any(short(g, n - 1) for g in goals))
            if not lefts:
                break
            hands += 1
            if hands % 200 == 0:
                print(f"{hands} hands, {len(out)} puzzles, {time.perf_counter() - t0:.0f} s", flush=True)
            for pos, check in candidates(rules, seed * 1_000_003 + h, lefts):
                text = to_notation(pos)
                if text in seen:
                    continue
                cap = 8 - pos.cp.done - 1 if pos.cp is not None else 0
                # the goal with the fewest puzzles first: a position is one puzzle
                for goal in sorted(goals, key=made):
                    if not short(goal, cap) or goal_problem(goal, pos):
                        continue
                    if too_short(pos, min(short(goal, cap))):
                        continue
                    found = solution_line(goal, pos)
                    if found is None or found[1] == 0:
                        continue
                    line, choices = found
                    difficulty = min(3, choices)
                    if difficulty not in short(goal, cap) or heaviest_check(goal, pos, line) > CHECK_NODES:
                        continue
                    if not check():
                        break  # the notation misses something of the real hand: no puzzle
                    counts[(name, goal, difficulty)] += 1
                    last[(name, goal)] = last.get((name, goal), 0) + 1
                    seen.add(text)
                    out.append({"id": f"{name}-{goal}-{last[(name, goal)]:03d}", "goal": goal,
                                "difficulty": difficulty, "position": text,
                                "solution": line, "source": "generated"})
                    break
    return out, time.perf_counter() - t0, hands


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-difficulty", type=int, default=30)
    ap.add_argument("--max-hands", type=int, default=25000, help="per rule set")
    ap.add_argument("--out", default=str(Path("assets") / "learn" / "puzzles.json"))
    args = ap.parse_args()
    path = Path(args.out)
    kept: list[dict[str, object]] = []
    if path.exists():
        kept = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    made, seconds, hands = make(args.seed, args.per_difficulty, args.max_hands, kept)
    doc = {"format": "baloot-puzzles", "version": 1, "puzzles": kept + made}
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    by: dict[str, int] = {}
    for p in kept + made:
        key = f"{rule_set(p)} {p['goal']} {p['difficulty']}"
        by[key] = by.get(key, 0) + 1
    print(f"{len(made)} new puzzles from {hands} hands in {seconds:.1f} s: "
          f"{seconds / max(1, len(made)) * 1000:.0f} ms per puzzle; the file by rule set, goal "
          f"and difficulty: {dict(sorted(by.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
