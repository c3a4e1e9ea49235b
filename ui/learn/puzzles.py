"""Puzzles: a position with all four hands open where South must find the only line to a goal.

A puzzle's goal is one of GOALS; the exact solver (ai/solver.py) values every legal card with a
utility that puts the goal first and the game points second, so "the card that reaches the goal"
and "what another card costs" both come from one search. A puzzle is sound (`verify`) when, along
its stored solution, South has at least one decision and at each of them exactly one card still
reaches the goal (a turn where every card keeps the goal is no decision: any card is accepted),
every other seat's card is best for its side, and the goal is reached at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ai.solver import Solver, final_value
from game.actions import announced
from game.cardplay import CardPlay
from game.cards import SOUTH, card_str, parse_card
from game.notation import from_notation, to_notation
from game.state import RoundState

GOALS: Final = ("sweep", "make", "defeat", "baloot")
"""Take every remaining trick; make the contract (North-South declared); defeat it (East-West
declared); save the Baloot (North-South declared in Hokum and hold the Baloot, which goes to the
opponents if the contract fails: docs/rules.md section 7)."""
GOAL_BONUS: Final = 4096
"""Added to a finished hand's value when the goal is reached: far above any game-point score
(a hand is worth a few hundred at most; Gahwa positions are not puzzles)."""
DIFFICULTIES: Final = (1, 2, 3)


class PuzzleError(ValueError):
    """A puzzle that cannot be played as written; the message says why in plain words."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    goal: str
    difficulty: int
    position: str
    """The position in the engine's notation (docs/notation.md), South to move."""
    solution: tuple[str, ...]
    """Every card from the position to the end of the hand, all seats, in order."""
    source: str = "generated"
    """"generated" (tools/make_puzzles.py) or "hand" (written for a teaching point)."""
    note: str = ""
    """An i18n key: a sentence about the idea (hand-written puzzles)."""

    @property
    def belote(self) -> bool:
        return " rules=belote" in self.position


def goal_met(goal: str, st: CardPlay, ew_tricks_at_start: int) -> bool:
    """Whether the finished hand `st` reached `goal` for North-South."""
    if goal == "sweep":
        return st.tricks_won[1] == ew_tricks_at_start
    return st.outcome()[2] == 0  # make, defeat, save the Baloot: North-South win the hand


def utility(goal: str, start: CardPlay) -> Callable[[CardPlay], int]:
    """The solver's value of a finished hand: GOAL_BONUS if the goal is met, plus North-South's
    game points minus East-West's."""
    ew0 = start.tricks_won[1]

    def value(st: CardPlay) -> int:
        return (GOAL_BONUS if goal_met(goal, st, ew0) else 0) + final_value(st)
    return value


def reaches(value: int) -> bool:
    return value > GOAL_BONUS // 2


def points_of(value: int) -> int:
    """The game-point part of a value (North-South minus East-West)."""
    return value - GOAL_BONUS if reaches(value) else value


def baloot_pending(state: RoundState) -> bool:
    """North-South's Baloot will count for them if they win: called already, or both K and Q of
    trump in South's or North's hand (not blocked by a shown project)."""
    cp = state.cp
    if cp is None or cp.sun or state.rules.belote:
        return False
    if cp.baloot >= 0:
        return cp.baloot & 1 == 0
    kq = cp.kq_cards
    return any(cp.hands[s] & kq == kq and not cp.blocked[s] for s in (0, 2))


def goal_problem(goal: str, state: RoundState) -> str | None:
    """Why `goal` does not fit the position (None: it does)."""
    c = state.contract
    if state.cp is None or c is None or state.is_over():
        return "the position is not in the card play"
    if state.to_move() != SOUTH:
        return "South is not the player to move"
    if state.must_decide_projects(SOUTH):
        return "South must first decide on projects"
    if c.raise_level == 5:
        return "a Gahwa hand is not a puzzle"
    if goal in ("make", "baloot") and c.declarer_team != 0:
        return f"'{goal}' needs North-South to have declared"
    if goal == "defeat" and c.declarer_team != 1:
        return "'defeat' needs East-West to have declared"
    if goal == "baloot" and not baloot_pending(state):
        return "'baloot' needs North-South to hold the Baloot in a Saudi Hokum hand"
    return None


def play_card(state: RoundState, card: int) -> None:
    """Play `card` for the seat to move, announcing belote / rebelote with it where it can (the
    computer seats always do; the puzzle announces for the player, as the setting does)."""
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_play_mask()
    action = announced(card)
    if action not in state.announcements(seat, legal):
        action = card
    state.apply(action)


@dataclass
class Verdict:
    """What the solver says about one card of South's."""
    card: int
    ok: bool
    reaches: bool
    cost: int
    """Game points it gives away against the best card (0 for the best)."""


class PuzzleGame:
    """One attempt at a puzzle: the position as it stands, South's cards checked by the solver,
    the other seats playing the stored solution."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.mistakes = 0
        self.hints = 0
        self.restart()

    def restart(self) -> None:
        self.state = load_position(self.puzzle)
        self.ew_tricks = self.state.tricks_won[1]
        self.step = 0
        """How many cards have been played since the position."""
        self.on_line = True
        """Every card so far was the solution's."""

    def to_move(self) -> int | None:
        return None if self.state.is_over() else self.state.to_move()

    def solved(self) -> bool:
        return self.state.is_over()

    def next_card(self) -> int:
        """The solution's next card (-1 past its end or where it is not a card)."""
        try:
            return parse_card(self.puzzle.solution[self.step])
        except (IndexError, ValueError):
            return -1

    def values(self) -> dict[int, int]:
        """The exact value of every legal card of the seat to move (the check of one move)."""
        return move_values(self.puzzle.goal, self.state, self.ew_tricks)

    def judge(self, card: int) -> Verdict:
        """South's card against the solver: accepted only if it keeps the best value."""
        values = self.values()
        best = max(values.values())
        v = values[card]
        ok = v == best
        return Verdict(card, ok, reaches(v), 0 if ok else max(0, points_of(best) - points_of(v)))

    def play_south(self, card: int) -> Verdict:
        """South plays `card` if the solver accepts it (counted a mistake otherwise). A card
        other than the solution's (a turn where any card keeps the goal) leaves the solution:
        the other seats then play the solver's best card."""
        verdict = self.judge(card)
        if verdict.ok:
            if self.on_line and card != self.next_card():
                self.on_line = False
            play_card(self.state, card)
            self.step += 1
        else:
            self.mistakes += 1
        return verdict

    def play_other(self) -> int:
        """The next seat's card (not South's): the solution's, or the solver's best off it."""
        card = self.next_card() if self.on_line else -1
        if card < 0 or not self.state.legal_play_mask() >> card & 1:
            values = self.values()
            sign = 1 if self.state.to_move() == 2 else -1
            card = max(sorted(values), key=lambda c: sign * values[c])
        play_card(self.state, card)
        self.step += 1
        return card

    def play_solution_card(self) -> int:
        """The next card of the solution, whoever holds it (the solution replayed)."""
        return self.play_other() if self.to_move() != SOUTH else self._solution_south()

    def _solution_south(self) -> int:
        card = self.next_card()
        play_card(self.state, card)
        self.step += 1
        return card

    def hint(self) -> int:
        """The card the solution plays next (South's); off the solution, the solver's best."""
        self.hints += 1
        if self.on_line:
            return self.next_card()
        values = self.values()
        return max(sorted(values), key=lambda c: values[c])


def move_values(goal: str, state: RoundState, ew_tricks: int) -> dict[int, int]:
    """The exact value (module doc) of every legal card of the seat to move."""
    cp = state.card_play()
    start = cp.copy()
    start.tricks_won = [start.tricks_won[0], ew_tricks]
    return Solver(utility(goal, start)).move_values(cp)


def load_position(p: Puzzle) -> RoundState:
    """The puzzle's position (NotationError, a ValueError, if the text is not one)."""
    return from_notation(p.position)


def verify(p: Puzzle) -> str | None:
    """Why `p` is not a sound puzzle (None: it is): see the module doc. Also: the notation
    round-trips, South has a real choice at least once, and every solution card is legal."""
    try:
        state = load_position(p)
    except ValueError as e:
        return f"its position is not valid: {e}"
    if to_notation(state) != p.position:
        return "its position does not read back to the same text"
    problem = goal_problem(p.goal, state)
    if problem:
        return problem
    ew0 = state.tricks_won[1]
    choices = 0
    for i, text in enumerate(p.solution):
        if state.is_over():
            return "its solution goes on after the end of the hand"
        try:
            card = parse_card(text)
        except ValueError:
            return f"solution card {i + 1} ({text!r}) is not a card"
        seat = state.to_move()
        values = move_values(p.goal, state, ew0)
        if card not in values:
            return f"solution card {i + 1} ({text}) is not legal there"
        if seat == SOUTH:
            winners = [c for c, v in values.items() if reaches(v)]
            if len(winners) < len(values):  # a decision: exactly one card keeps the goal
                if winners != [card]:
                    return (f"South's card {i + 1} ({text}) is not the only one reaching the "
                            f"goal (these do: {' '.join(card_str(c) for c in winners) or 'none'})")
                choices += 1
        else:
            target = max(values.values()) if seat == 2 else min(values.values())
            if values[card] != target:
                return f"card {i + 1} ({text}) is not the best for its side"
        play_card(state, card)
    if not state.is_over():
        return "its solution stops before the end of the hand"
    if not choices:
        return "South never has a decision to make"
    return None


def solution_line(goal: str, state: RoundState) -> tuple[list[str], int] | None:
    """The solution from `state` (a copy is played) if South's card is unique at each of its
    turns and the goal is reachable; with the number of South's real choices. Other seats play
    their side's best card, the lowest of equals. None if there is no unique line."""
    st = state.clone()
    ew0 = st.tricks_won[1]
    line: list[str] = []
    choices = 0
    while not st.is_over():
        seat = st.to_move()
        values = move_values(goal, st, ew0)
        if seat == SOUTH:
            winners = [c for c, v in values.items() if reaches(v)]
            if not winners or 1 < len(winners) < len(values):
                return None
            if len(winners) < len(values):
                choices += 1
            card = max(sorted(values), key=lambda c: values[c])
        else:
            sign = 1 if seat == 2 else -1
            card = max(sorted(values), key=lambda c: sign * values[c])
        line.append(card_str(card))
        play_card(st, card)
    return line, choices


__all__ = ["GOALS", "Puzzle", "PuzzleError", "PuzzleGame", "Verdict", "baloot_pending",
           "goal_problem", "load_position", "move_values", "solution_line", "verify"]
