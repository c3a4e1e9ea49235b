"""Issue 51: the course and the puzzles — the shipped data re-verified, the lessons played to their
end by a scripted player whose wrong moves are refused with the lesson's words, bad data reported,
progress and the streak."""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import action_str
from game.cards import SOUTH, cards_in
from game.notation import to_notation
from ui import i18n
from ui.files.stats import Statistics
from ui.files.storage import StoredFile
from ui.learn.data import load_lessons, load_puzzles
from ui.learn.lessons import LessonGame
from ui.learn.progress import (
    Progress,
    current_streak,
    daily_puzzle,
    load_progress,
    next_puzzle,
    record_puzzle,
    save_progress,
)
from ui.learn.puzzles import GOALS, PuzzleGame, reaches, verify

PUZZLES, PUZZLE_PROBLEMS = load_puzzles()
LESSONS, LESSON_PROBLEMS = load_lessons()


def test_the_shipped_puzzles_load_and_cover_both_rule_sets_and_every_goal() -> None:
    assert PUZZLE_PROBLEMS == []
    assert len(PUZZLES) >= 150
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for belote in (False, True):
        goals = {p.goal for p in PUZZLES if p.belote == belote}
        assert goals == (set(GOALS) - {"baloot"} if belote else set(GOALS))
    assert {p.difficulty for p in PUZZLES} == {1, 2, 3}
    assert sum(p.source == "hand" for p in PUZZLES) >= 3


def test_the_puzzles_climb_in_each_rule_set() -> None:
    """Next puzzle (the easiest unsolved) has somewhere to go: easy, medium and hard are each at
    least a fifth of a rule set's puzzles (the first release was 156/34/2 of 192)."""
    for belote in (False, True):
        mine = [p.difficulty for p in PUZZLES if p.belote == belote]
        for d in (1, 2, 3):
            assert mine.count(d) * 5 >= len(mine), (belote, d, mine.count(d), len(mine))


FIRST_RELEASE = (192, "758841d4fbdec9f7897e61784eedbec4f0db070f1a19994074349414a86f1928")
"""The count and the SHA-256 of the first shipped puzzles (json.dumps, sort_keys, as read)."""


def test_the_first_puzzles_open_the_file_unchanged() -> None:
    """A player's progress is saved by puzzle id: the generator only appends, so the puzzles of
    the first release keep their ids and their content, in the same order."""
    path = Path(__file__).resolve().parent.parent / "assets" / "learn" / "puzzles.json"
    items = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    count, digest = FIRST_RELEASE
    text = json.dumps(items[:count], sort_keys=True, ensure_ascii=False)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == digest


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_shipped_puzzle_is_sound(puzzle: object) -> None:
    """The solver again: South's card the only one that reaches the goal at each decision, the
    others' cards best for their side, the goal reached, the notation read back unchanged."""
    assert verify(puzzle) is None  # type: ignore[arg-type]


def test_a_losing_card_is_refused_with_its_cost_and_the_solution_solves() -> None:
    puzzle = next(p for p in PUZZLES if p.source == "generated" and p.goal == "sweep")
    game = PuzzleGame(puzzle)
    values = game.values()
    losing = [c for c, v in values.items() if not reaches(v)]
    assert losing, "a decision at the first move"
    before = to_notation(game.state)
    verdict = game.play_south(losing[0])
    assert not verdict.ok and not verdict.reaches and verdict.cost >= 0
    assert to_notation(game.state) == before and game.mistakes == 1
    assert game.hint() == game.next_card()
    while not game.solved():
        if game.to_move() == SOUTH:
            assert game.play_south(game.hint()).ok
        else:
            game.play_other()
    assert game.state.tricks_won[1] == PuzzleGame(puzzle).state.tricks_won[1]  # every trick taken


def write(tmp_path: Path, doc: object, name: str = "x.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


GOOD = {"id": "t-1", "goal": "sweep", "difficulty": 1,
        "position": "play rules=- dealer=W score=0-0 contract=sun/-/N/N/x1/open/- S=8S.AS E=7S.8C "
                    "N=10S.7D W=JS.9D lead=S done=6 won=3-3 points=48-49 projects=- pteam=- "
                    "baloot=- moves=-",
        "solution": ["AS", "7S", "10S", "JS", "8S", "8C", "7D", "9D"]}


@pytest.mark.parametrize(("doc", "words"), [
    ("{not json", "cannot be used"),
    ({"format": "baloot-lessons", "version": 1, "puzzles": []}, "cannot be used"),
    ({"format": "baloot-puzzles", "version": 1, "puzzles": [dict(GOOD, goal="win")]}, "not allowed"),
    ({"format": "baloot-puzzles", "version": 1, "puzzles": [dict(GOOD, difficulty=3.0)]}, "wrong kind"),
])
def test_a_damaged_puzzle_file_is_reported_not_fatal(tmp_path: Path, doc: object, words: str) -> None:
    puzzles, problems = load_puzzles(write(tmp_path, doc))
    assert puzzles == [] and len(problems) == 1 and words in problems[0]


@pytest.mark.parametrize(("change", "words"), [
    ({"position": str(GOOD["position"]).replace("S=8S.AS", "S=8S.KH")}, "points must add up"),
    ({"position": GOOD["position"].replace("done=6", "done=9")}, "done"),
    ({"goal": "defeat"}, "East-West to have declared"),
    ({"goal": "baloot"}, "Baloot"),
    ({"position": GOOD["position"].replace("lead=S", "lead=E")}, "South is not the player to move"),
])
def test_a_bad_puzzle_is_left_out_with_a_reason(tmp_path: Path, change: dict[str, str], words: str) -> None:
    doc = {"format": "baloot-puzzles", "version": 1, "puzzles": [GOOD, dict(GOOD, id="t-2", **change)]}
    puzzles, problems = load_puzzles(write(tmp_path, doc))
    assert [p.id for p in puzzles] == ["t-1"]
    assert len(problems) == 1 and "t-2" in problems[0] and words in problems[0]


def test_a_puzzle_whose_solution_is_not_unique_fails_verification() -> None:
    doc_puzzle = load_puzzles_from(GOOD)
    assert verify(doc_puzzle) is None  # AS is South's only card that takes both tricks
    assert "only one" in (verify(load_puzzles_from(dict(GOOD, solution=["8S", "7S", "10S", "JS"]))) or "")


def load_puzzles_from(item: dict[str, object]) -> object:
    from ui.learn.puzzles import Puzzle
    return Puzzle(str(item["id"]), str(item["goal"]), int(item["difficulty"]),  # type: ignore[call-overload]
                  str(item["position"]), tuple(item["solution"]))  # type: ignore[arg-type]


# ----- the course ------------------------------------------------------------------------------


def test_the_course_loads_in_the_issue_order() -> None:
    assert LESSON_PROBLEMS == []
    assert [les.id for les in LESSONS] == ["tricks", "sun", "hokum", "bidding", "ashkal", "projects",
                                           "doubling", "scoring", "belote_trumps", "belote_rebelote"]
    assert [" rules=belote" in les.position for les in LESSONS] == [False] * 8 + [True] * 2


@pytest.mark.parametrize("lesson", LESSONS, ids=[les.id for les in LESSONS])
def test_every_lesson_is_played_to_its_end_and_wrong_moves_get_its_words(lesson: object) -> None:
    """A scripted player: at each of its turns it first tries every other legal move and a card
    that is not legal, each refused with the step's own 'wrong' text (in both languages, the
    position unchanged), then the lesson's move."""
    game = LessonGame(lesson)  # type: ignore[arg-type]
    refused = 0
    assert game.caption() == game.lesson.intro
    while not game.finished():
        if game.waiting:
            game.go_on()
        elif game.computer_ready():
            game.play_computer()
        else:
            step = game.pending()
            assert step is not None and step.seat == SOUTH and game.players_turn()
            legal = game.state.legal_actions()
            hand = game.state.hands[SOUTH]
            illegal = [c for c in cards_in(hand) if c not in legal][:1] or \
                [c for c in range(32) if not hand >> c & 1][:1]
            for wrong in [a for a in legal if a != step.move] + illegal:
                before = to_notation(game.state)
                refusal = game.try_move(wrong)
                assert refusal is not None, action_str(wrong)
                assert refusal.text == step.wrong and step.wrong
                for lang in ("en", "ar"):
                    assert i18n.has_text(refusal.text, lang)
                assert to_notation(game.state) == before
                refused += 1
            assert game.try_move(step.move) is None
    assert refused >= 1 and game.mistakes == refused
    game.go_on()
    assert game.caption() == game.lesson.summary


def lessons_doc(steps: list[dict[str, str]], position: str | None = None) -> dict[str, object]:
    return {"format": "baloot-lessons", "version": 1, "lessons": [{
        "id": "x", "title": "learn.tricks.title", "intro": "learn.tricks.intro",
        "summary": "learn.tricks.summary",
        "position": position or str(GOOD["position"]).replace("lead=S", "lead=W"),
        "steps": steps}]}


@pytest.mark.parametrize(("steps", "words"), [
    ([{"seat": "W", "move": "JS", "say": "learn.nothing.here"}], "not in the catalogue"),
    ([{"seat": "W", "move": "AS"}], "not a legal move"),
    ([{"seat": "S", "move": "AS"}], "not S's turn"),
    ([{"seat": "W", "move": "JS"}, {"seat": "S", "move": "AS"}], "no 'wrong' text"),
    ([{"seat": "W", "move": "JS", "say": "learn.tricks.lead"}, {"seat": "S", "move": "AS",
      "wrong": "learn.tricks.wrong_follow", "then": "learn.ar_only"}], "not in the catalogue"),
    ([{"seat": "W", "move": "JS", "wrong": "learn.tricks.wrong_follow"}], "only the player's"),
    ([{"seat": "W", "move": "XX"}], "step 1"),
])
def test_a_bad_lesson_is_left_out_with_a_reason(tmp_path: Path, steps: list[dict[str, str]],
                                                 words: str) -> None:
    lessons, problems = load_lessons(write(tmp_path, lessons_doc(steps)))
    assert lessons == [] and len(problems) == 1 and words in problems[0], problems


def test_a_damaged_lessons_file_is_reported(tmp_path: Path) -> None:
    for doc in ("", "[1, 2]", json.dumps({"format": "baloot-lessons", "version": 1, "lessons": [{}]})):
        lessons, problems = load_lessons(write(tmp_path, doc))
        assert lessons == [] and problems and "cannot be used" in problems[0]
    lessons, problems = load_lessons(tmp_path / "missing.json")
    assert lessons == [] and "cannot be used" in problems[0]


# ----- progress, the streak, the daily puzzle ------------------------------------------------------


def test_the_streak_counts_days_in_a_row() -> None:
    s = Statistics()
    day = datetime.date(2026, 12, 6)
    record_puzzle(s, day)
    record_puzzle(s, day)
    assert (s.puzzles_solved, s.puzzle_streak) == (2, 1)
    record_puzzle(s, day + datetime.timedelta(days=1))
    assert (s.puzzle_streak, s.puzzle_best_streak) == (2, 2)
    assert current_streak(s, day + datetime.timedelta(days=2)) == 2
    assert current_streak(s, day + datetime.timedelta(days=3)) == 0
    record_puzzle(s, day + datetime.timedelta(days=5))
    assert (s.puzzle_streak, s.puzzle_best_streak) == (1, 2)
    assert Statistics.from_dict(s.to_dict()) == s


def test_daily_and_next_puzzle() -> None:
    day = datetime.date(2026, 12, 6)
    assert daily_puzzle(PUZZLES, day) == daily_puzzle(PUZZLES, day)
    assert daily_puzzle(PUZZLES, day) != daily_puzzle(PUZZLES, day + datetime.timedelta(days=1))
    first = next_puzzle(PUZZLES, [])
    assert first is not None and first.difficulty == 1
    second = next_puzzle(PUZZLES, [first.id])
    assert second is not None and second.id != first.id
    assert next_puzzle(PUZZLES, [], after=first.id) == second
    assert daily_puzzle([], day) is None and next_puzzle([], []) is None


def test_progress_is_saved_and_a_bad_file_is_set_aside(tmp_path: Path) -> None:
    store = StoredFile(tmp_path / "learn.json", "baloot-learn", 1, "learning progress")
    p = Progress()
    p.finish_lesson("tricks")
    p.solve("saudi-make-001")
    p.solve("saudi-make-001")
    save_progress(p, store)
    assert load_progress(store) == (Progress(["tricks"], ["saudi-make-001"]), None)
    (tmp_path / "learn.json").write_text('{"format": "baloot-learn", "version": 1, "data": '
                                         '{"lessons": ["import os"]}}', encoding="utf-8")
    progress, problem = load_progress(store)
    assert progress == Progress() and problem
    assert not (tmp_path / "learn.json").exists() and list(tmp_path.glob("learn.json.bad-*"))


# ----- damaged data, fuzzed ----------------------------------------------------------------------

JSON_LEAVES = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | \
    st.text(max_size=30) | st.sampled_from(["play", "deal", "S", "AS", "pass", "learn.tricks.lead", "sweep"])
TREES = st.recursive(JSON_LEAVES, lambda kids: st.lists(kids, max_size=4) |
                     st.dictionaries(st.text(max_size=10), kids, max_size=4), max_leaves=12)


def mutated(value: Any, data: st.DataObject) -> Any:
    """`value` with one random change somewhere inside it (replace, delete or add)."""
    value = copy.deepcopy(value)
    parent: Any = None
    key: Any = None
    node = value
    while isinstance(node, dict | list) and node and data.draw(st.integers(0, 4)) > 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, data.draw(st.sampled_from(keys))
        node = node[key]
    if parent is None:
        return data.draw(TREES)
    change = data.draw(st.sampled_from(["replace", "delete", "add"]))
    if change == "replace":
        if isinstance(node, str) and data.draw(st.booleans()):  # a small edit of a position or a key
            i = data.draw(st.integers(0, len(node)))
            parent[key] = node[:i] + data.draw(st.text(max_size=3)) + node[i + 1:]
        else:
            parent[key] = data.draw(TREES)
    elif change == "delete":
        del parent[key]
    elif isinstance(parent, dict):
        parent[data.draw(st.text(max_size=8))] = data.draw(TREES)
    else:
        parent.insert(key, data.draw(TREES))
    return value


def shipped(name: str, items: str, count: int) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((Path(__file__).resolve().parent.parent / "assets" / "learn" / name)
                                     .read_text(encoding="utf-8"))
    doc[items] = doc[items][:count]
    return doc


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_edited_or_damaged_data_is_reported_never_a_crash(tmp_path: Path, data: st.DataObject) -> None:
    """Random edits of the shipped files (a few items each): each loader returns what it could use
    and says in plain words what it could not; whatever it returns can be started."""
    files = (("puzzles.json", "puzzles", load_puzzles), ("lessons.json", "lessons", load_lessons))
    for name, items, load in files:
        text = json.dumps(mutated(shipped(name, items, 4), data))
        raw = text if data.draw(st.booleans()) else text[:data.draw(st.integers(0, 400))]
        loaded, problems = load(write(tmp_path, raw, name))  # type: ignore[operator]
        assert all(isinstance(p, str) and p for p in problems)
        for item in loaded:
            game = PuzzleGame(item) if items == "puzzles" else LessonGame(item)
            assert not game.state.is_over()
