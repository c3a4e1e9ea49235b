"""The course and the puzzles as data (assets/learn/*.json): their schemas and their loaders.

Each file is read with the size limit of `game.jsonfile`, checked whole against its schema
(`ui.files.schemas`), then item by item: a position must read in the engine's notation and fit its goal,
a lesson's texts must exist in the English catalogue and its moves must be moves. A bad file or a
bad item is reported in plain words (`problems`) and left out; nothing here raises on bad data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from game.actions import parse_action
from game.cards import parse_card
from game.jsonfile import JSONFileError, read_json
from ui import i18n
from ui.files import schemas
from ui.learn.lessons import Lesson, Step, lesson_problem
from ui.learn.puzzles import DIFFICULTIES, GOALS, Puzzle, goal_problem, load_position

PUZZLES_FORMAT, LESSONS_FORMAT = "baloot-puzzles", "baloot-lessons"
MAX_BYTES: Final = 1 << 20
ID: dict[str, Any] = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,39}$"}
POSITION: dict[str, Any] = {"type": "string", "pattern": "^(play|deal) [ -~]{1,600}$"}
TEXT_KEY: dict[str, Any] = {"type": "string", "pattern": "^learn\\.[a-z0-9_.]{1,60}$"}
"""A lesson's words are i18n keys (assets/i18n/*.po): one place for the English and the Arabic."""
CARD: dict[str, Any] = {"type": "string", "pattern": "^(7|8|9|10|J|Q|K|A)[SHDC]$"}

PUZZLES_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["format", "version", "puzzles"], "additionalProperties": False,
    "properties": {
        "format": {"const": PUZZLES_FORMAT},
        "version": {"type": "integer", "const": 1},
        "puzzles": {"type": "array", "maxItems": 2000, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "goal", "difficulty", "position", "solution"],
            "properties": {
                "id": ID, "goal": {"enum": list(GOALS)},
                "difficulty": {"type": "integer", "enum": list(DIFFICULTIES)},
                "position": POSITION, "solution": {"type": "array", "minItems": 1, "maxItems": 32,
                                                   "items": CARD},
                "source": {"enum": ["generated", "hand"]}, "note": TEXT_KEY}}},
    },
}

STEP: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["seat", "move"],
    "properties": {
        "seat": {"enum": ["S", "E", "N", "W"]},
        "move": schemas.ACTION,
        "say": TEXT_KEY,  # shown before the move: what happens, or what to look for
        "wrong": TEXT_KEY,  # the player's moves only: why any other move is refused
        "then": TEXT_KEY,  # shown after the move: why it was right
    },
}
LESSONS_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["format", "version", "lessons"], "additionalProperties": False,
    "properties": {
        "format": {"const": LESSONS_FORMAT},
        "version": {"type": "integer", "const": 1},
        "lessons": {"type": "array", "maxItems": 100, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "title", "intro", "position", "steps", "summary"],
            "properties": {
                "id": ID, "title": TEXT_KEY, "intro": TEXT_KEY, "summary": TEXT_KEY,
                "position": POSITION,
                "steps": {"type": "array", "minItems": 1, "maxItems": 40, "items": STEP}}}},
    },
}


def learn_dir() -> Path:
    return i18n.asset_root() / "learn"


def _read(path: Path, schema: dict[str, Any], what: str) -> tuple[dict[str, Any] | None, str | None]:
    try:
        data = read_json(path, MAX_BYTES)
    except JSONFileError as e:
        return None, f"The {what} file {path.name} cannot be used: {e}."
    problem = schemas.first_problem(schema, data)
    if problem:
        return None, f"The {what} file {path.name} cannot be used: {problem}."
    assert isinstance(data, dict)
    return data, None


def load_puzzles(path: Path | None = None) -> tuple[list[Puzzle], list[str]]:
    """The puzzles of the file (assets/learn/puzzles.json), and what was wrong (left out)."""
    path = path or learn_dir() / "puzzles.json"
    data, problem = _read(path, PUZZLES_SCHEMA, "puzzles")
    if data is None:
        return [], [problem or ""]
    out: list[Puzzle] = []
    problems: list[str] = []
    seen: set[str] = set()
    for item in data["puzzles"]:
        p = Puzzle(item["id"], item["goal"], item["difficulty"], item["position"],
                   tuple(item["solution"]), item.get("source", "generated"), item.get("note", ""))
        why = puzzle_problem(p, seen)
        if why:
            problems.append(f"Puzzle {p.id} is left out: {why}.")
        else:
            seen.add(p.id)
            out.append(p)
    return out, problems


def puzzle_problem(p: Puzzle, seen: set[str]) -> str | None:
    """What makes a puzzle unplayable, short of solving it (the game checks every move live)."""
    if p.id in seen:
        return "its id is used twice"
    if p.note and not i18n.has_text(p.note, "en"):
        return f"its note {p.note} is not in the catalogue"
    try:
        state = load_position(p)
        for text in p.solution:
            parse_card(text)
    except ValueError as e:
        return schemas.plain(str(e), 120)
    return goal_problem(p.goal, state)


def load_lessons(path: Path | None = None) -> tuple[list[Lesson], list[str]]:
    """The course (assets/learn/lessons.json), and what was wrong (left out)."""
    path = path or learn_dir() / "lessons.json"
    data, problem = _read(path, LESSONS_SCHEMA, "lessons")
    if data is None:
        return [], [problem or ""]
    out: list[Lesson] = []
    problems: list[str] = []
    seen: set[str] = set()
    for item in data["lessons"]:
        lesson, why = _lesson(item)
        if lesson is None or lesson.id in seen:
            problems.append(f"Lesson {item['id']} is left out: {why or 'its id is used twice'}.")
            continue
        seen.add(lesson.id)
        out.append(lesson)
    return out, problems


def _lesson(item: dict[str, Any]) -> tuple[Lesson | None, str | None]:
    keys = [item["title"], item["intro"], item["summary"]]
    steps: list[Step] = []
    for i, s in enumerate(item["steps"]):
        try:
            move = parse_action(s["move"])
        except ValueError as e:
            return None, f"step {i + 1}: {schemas.plain(str(e))}"
        if s["seat"] != "S" and "wrong" in s:
            return None, f"step {i + 1}: only the player's moves have a 'wrong' text"
        steps.append(Step("SENW".index(s["seat"]), move, s.get("say", ""), s.get("wrong", ""),
                          s.get("then", "")))
        keys += [s.get(k, "") for k in ("say", "wrong", "then")]
    missing = [k for k in keys if k and not i18n.has_text(k, "en")]
    if missing:
        return None, f"its text {missing[0]} is not in the catalogue"
    lesson = Lesson(item["id"], item["title"], item["intro"], item["position"], tuple(steps),
                    item["summary"])
    why = lesson_problem(lesson)
    return (None, why) if why else (lesson, None)
