"""A lesson being played: a prepared position, the computer seats' scripted moves, the player's
expected moves (any other refused with the lesson's own words) and the texts around them."""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action, action_str
from game.cards import SOUTH
from game.notation import from_notation
from game.state import RoundState


@dataclass(frozen=True)
class Step:
    seat: int
    move: int
    """An engine action (a card or a call)."""
    say: str = ""
    wrong: str = ""
    then: str = ""


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    intro: str
    position: str
    steps: tuple[Step, ...]
    summary: str



@dataclass(frozen=True)
class Refusal:
    """A move of the player's that the lesson does not take, and the lesson's explanation."""
    action: Action
    text: str
    """An i18n key."""


class LessonGame:
    """Steps through a lesson. `pending()` is the step to play next (None at the end); computer
    steps are played by `play_computer`, the player's by `try_move`.

    The words: the intro first; a computer move with a text of its own shows it, and so does the
    player's right move with its 'then' text, and each of those holds the lesson (`waiting`) until
    the player goes on; the player's turn shows its 'say'; the end shows the summary.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.restart()

    def restart(self) -> None:
        self.state: RoundState = from_notation(self.lesson.position)
        self.index = 0
        self.mistakes = 0
        self.shown = self.lesson.intro
        """The key of the text on the table now."""
        self.waiting = True
        """A text is being read: the lesson goes on when the player says so (`go_on`)."""

    def pending(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def players_turn(self) -> bool:
        step = self.pending()
        return step is not None and step.seat == SOUTH

    def computer_ready(self) -> bool:
        step = self.pending()
        return step is not None and step.seat != SOUTH and not self.waiting

    def go_on(self) -> None:
        self.waiting = False

    def caption(self) -> str:
        """The key of what the table says now."""
        step = self.pending()
        if not self.waiting and step is not None and step.seat == SOUTH and step.say:
            return step.say
        if self.finished() and not self.waiting:
            return self.lesson.summary
        return self.shown

    def play_computer(self) -> Action:
        step = self.pending()
        assert step is not None and step.seat != SOUTH
        self._apply(step, step.say or step.then)
        return step.move

    def try_move(self, action: Action) -> Refusal | None:
        """The player's move: taken if it is the step's, else refused with the lesson's words."""
        step = self.pending()
        assert step is not None and step.seat == SOUTH
        if action != step.move:
            self.mistakes += 1
            return Refusal(action, step.wrong)
        if step.say:
            self.shown = step.say
        self._apply(step, step.then)
        return None

    def _apply(self, step: Step, text: str) -> None:
        self.state.apply(step.move)
        self.index += 1
        if text:
            self.shown = text
            self.waiting = True


def lesson_problem(lesson: Lesson) -> str | None:
    """Why the lesson cannot be played as written (None: it can): every step's seat is the one to
    move and its move legal; each of the player's steps says why another move is wrong."""
    try:
        state = from_notation(lesson.position)
    except ValueError as e:
        return f"its position is not valid: {e}"
    for i, step in enumerate(lesson.steps):
        if state.is_over() or state.to_move() != step.seat:
            return f"step {i + 1} is not {'SENW'[step.seat]}'s turn"
        legal = state.legal_actions()
        if step.move not in legal:
            return f"step {i + 1} ({action_str(step.move)}) is not a legal move there"
        if step.seat == SOUTH and not step.wrong:
            return f"step {i + 1} is the player's but has no 'wrong' text"
        state.apply(step.move)
    return None
