"""What the player has done in the course and the puzzles (learning.json in the data folder), and the
puzzle counts and streak kept in the statistics.

The file is a versioned JSON envelope validated like every other (`ui.files.storage.StoredFile`): a bad
one is reported and moved aside, and the game starts the course afresh.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from ui.files.stats import Statistics
from ui.files.storage import StoredFile, data_dir
from ui.learn.data import ID
from ui.learn.puzzles import Puzzle

MAX_IDS = 5000
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {"lessons": {"type": "array", "maxItems": MAX_IDS, "items": ID},
                   "puzzles": {"type": "array", "maxItems": MAX_IDS, "items": ID}},
}


@dataclass
class Progress:
    lessons: list[str] = field(default_factory=list)
    """The lessons played to their end."""
    puzzles: list[str] = field(default_factory=list)
    """The puzzles solved."""

    def to_dict(self) -> dict[str, Any]:
        return {"lessons": self.lessons, "puzzles": self.puzzles}

    def finish_lesson(self, lesson_id: str) -> None:
        if lesson_id not in self.lessons:
            self.lessons.append(lesson_id)

    def solve(self, puzzle_id: str) -> None:
        if puzzle_id not in self.puzzles:
            self.puzzles.append(puzzle_id)


def progress_file() -> StoredFile:
    return StoredFile(data_dir() / "learning.json", "baloot-learn", 1, "learning progress")


def load_progress(store: StoredFile | None = None) -> tuple[Progress, str | None]:
    """The saved progress (an empty one if there is none), and a problem with a bad file."""
    try:
        store = store or progress_file()
    except OSError as e:
        return Progress(), f"The data folder cannot be used: {e.strerror or e}."
    result = store.load(SCHEMA)
    if result.data is None:
        return Progress(), result.problem
    return Progress(list(dict.fromkeys(result.data.get("lessons", []))),
                    list(dict.fromkeys(result.data.get("puzzles", [])))), None


def save_progress(progress: Progress, store: StoredFile | None = None) -> None:
    (store or progress_file()).save(progress.to_dict())


def record_puzzle(stats: Statistics, today: datetime.date) -> None:
    """A puzzle solved today: one more solved; the streak counts the days in a row with one."""
    day = today.toordinal()
    stats.puzzles_solved += 1
    if stats.puzzle_day == day:
        return
    stats.puzzle_streak = stats.puzzle_streak + 1 if stats.puzzle_day == day - 1 else 1
    stats.puzzle_best_streak = max(stats.puzzle_best_streak, stats.puzzle_streak)
    stats.puzzle_day = day


def current_streak(stats: Statistics, today: datetime.date) -> int:
    """The streak as it stands today (broken once a whole day passed without a puzzle)."""
    return stats.puzzle_streak if today.toordinal() - stats.puzzle_day <= 1 else 0


def daily_puzzle(puzzles: list[Puzzle], today: datetime.date) -> Puzzle | None:
    """The same puzzle for everyone on a given day (none if there are no puzzles)."""
    if not puzzles:
        return None
    return puzzles[today.toordinal() * 7919 % len(puzzles)]


def next_puzzle(puzzles: list[Puzzle], solved: list[str], after: str | None = None) -> Puzzle | None:
    """The easiest unsolved puzzle (after `after` in that order, when given); the first puzzle
    again once all are solved."""
    order = sorted(puzzles, key=lambda p: (p.difficulty, p.id))
    if after is not None:
        ids = [p.id for p in order]
        if after in ids:
            k = ids.index(after) + 1
            order = order[k:] + order[:k]
    done = set(solved)
    return next((p for p in order if p.id not in done), order[0] if order else None)
