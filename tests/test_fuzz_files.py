"""Fuzzing every loader and the position notation (issue 11): random JSON trees, mutations of valid
files, random bytes and strings. Only the documented outcomes are allowed — loaded (and usable),
or reported in drawable words with the file kept aside byte for byte / NotationError — never
another exception. Seeded (derandomize) and modest, so the suite is reproducible and quick."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ai.registry import check_spec
from game.match import MatchState
from game.notation import NotationError, from_notation, to_notation
from game.record import RecordError, dumps, load, random_match, replay
from game.state import RoundState
from ui import i18n
from ui.files import schemas
from ui.files.savegame import SavedMatch, load_match, save_match
from ui.files.settings import SCHEMA as SETTINGS_SCHEMA
from ui.files.settings import Settings, load_settings, save_settings
from ui.files.stats import SCHEMA as STATS_SCHEMA
from ui.files.stats import Statistics, load_stats, save_stats
from ui.files.storage import StoredFile
from ui.i18n import asset_root
from ui.theme import FONT_FILES

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ANY_CHAR = st.characters(exclude_categories=())  # surrogates, NUL and every control included
SCALARS = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(ANY_CHAR, max_size=12))
KEYS = st.sampled_from(sorted({*SETTINGS_SCHEMA["properties"], *STATS_SCHEMA["properties"], "record",
                               "players", "agent_seed", "format", "version", "seed", "actions",
                               "rules", "result", "scores", "winner", "data", "kawesh"})) \
    | st.text(ANY_CHAR, max_size=8)
TREES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                     | st.dictionaries(KEYS, kids, max_size=4), max_leaves=16)
REPLACEMENTS = st.text(ANY_CHAR, max_size=24) | st.integers(-(2**70), 2**70) | TREES
"""What a mutation puts in place of a value: as often text or a number as a whole tree."""


pygame.font.init()
FONT = pygame.font.Font(str(asset_root() / "fonts" / FONT_FILES[False]), 18)


def drawable(text: str) -> bool:
    return bool(text) and all(c.isprintable() for c in text)


def renders(text: str) -> bool:
    """The table can draw `text` (a NUL, a lone surrogate or nothing visible raise in pygame)."""
    try:
        return i18n.render_text(FONT, text, (255, 255, 255)).get_width() > 0
    except (pygame.error, ValueError):
        return False


def _valid_save() -> dict[str, Any]:
    m = MatchState(seed=31)
    for _ in range(40):
        m.apply(m.legal_actions()[-1])
    return SavedMatch(m, ("human", "ismcts:easy", "heuristic", "random"), 77).to_dict()


def _valid_stats() -> dict[str, Any]:
    s = Statistics()
    m = random_match(6, 6)
    for h in m.sheet:
        s.record_hand(h)
    assert m.winner is not None
    s.record_match(m.winner, m.scores)
    return s.to_dict()


VALID: dict[str, dict[str, Any]] = {
    "save": _valid_save(),
    "settings": Settings(language="ar", volume=0.25, name_east="فهد").to_dict(),
    "stats": _valid_stats(),
}
KINDS = {"save": ("match.json", "baloot-save", "saved match"),
         "settings": ("settings.json", "baloot-settings", "settings"),
         "stats": ("statistics.json", "baloot-statistics", "statistics")}


def envelope(kind: str, data: object) -> dict[str, object]:
    return {"format": KINDS[kind][1], "version": 1, "saved_at": "2026-12-01T10:00:00", "data": data}


def encode(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=True).encode("utf-8")  # NaN and lone surrogates survive


def kept_aside(folder: Path, name: str) -> list[bytes]:
    return [p.read_bytes() for p in folder.iterdir() if p.name.startswith(name + ".bad-")]


def check_loader(kind: str, raw: bytes) -> None:
    """Load `raw` as the file of `kind` and check that the outcome is a documented one."""
    name, fmt, what = KINDS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store = StoredFile(folder / name, fmt, 1, what)
        store.path.write_bytes(raw)
        if kind == "save":
            saved, problem = load_match(store)
            if problem is None:
                if saved is None:  # a finished match is used up
                    assert not store.path.exists()
                else:
                    assert all(p == "human" or check_spec(p) for p in saved.players)
                    assert not saved.match.is_over() and saved.match.legal_actions()
                    save_match(saved, store)
        elif kind == "settings":
            loaded, problem = load_settings(store)
            assert schemas.first_problem(SETTINGS_SCHEMA, loaded.to_dict()) is None
            assert all(renders(name) for name in loaded.names()), loaded.names()
            save_settings(loaded, store)
            assert load_settings(store) == (loaded, None)
        else:
            stats, problem = load_stats(store)
            assert schemas.first_problem(STATS_SCHEMA, stats.to_dict()) is None
            if problem is not None:
                assert stats == Statistics()
            save_stats(stats, store)
        if problem is not None:
            assert drawable(problem) and renders(problem), problem
            assert raw in kept_aside(folder, name), "the bad file is kept aside as it was"


def mutate(value: Any, data: st.DataObject) -> Any:
    """`value` with one random change somewhere inside it."""
    value = copy.deepcopy(value)
    parent: Any = None
    key: Any = None
    node = value
    while isinstance(node, dict | list) and node and data.draw(st.integers(0, 3)) > 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, data.draw(st.sampled_from(keys))
        node = node[key]
    change = data.draw(st.sampled_from(["replace", "delete", "add"]))
    if parent is None:
        return data.draw(TREES) if change == "replace" else value
    if change == "replace":
        parent[key] = data.draw(REPLACEMENTS)
    elif change == "delete":
        del parent[key]
    elif isinstance(parent, dict):
        parent[data.draw(KEYS)] = data.draw(TREES)
    else:
        parent.insert(key, data.draw(TREES))
    return value


@pytest.mark.parametrize("kind", list(KINDS))
@FUZZ
@given(tree=TREES, wrap=st.booleans())
def test_random_json_trees(kind: str, tree: object, wrap: bool) -> None:
    check_loader(kind, encode(envelope(kind, tree) if wrap else tree))


@pytest.mark.parametrize("kind", list(KINDS))
@settings(FUZZ, max_examples=100)
@given(data=st.data())
def test_mutations_of_valid_files(kind: str, data: st.DataObject) -> None:
    mutated = mutate(VALID[kind], data)
    check_loader(kind, encode(envelope(kind, mutated)))


def _with(kind: str, path: tuple[str | int, ...], value: object) -> bytes:
    data = copy.deepcopy(VALID[kind])
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return encode(envelope(kind, data))


ISSUE_CASES = [  # the cases of issue 11, each a documented outcome too
    ("save", ("players", 1), "os:abort"), ("save", ("players", 2), "sys:exit"),
    ("save", ("players", 3), "http.server:test"), ("save", ("players", 1), "ismcts:iters=99999999"),
    ("save", ("record", "rules"), []), ("save", ("record", "seed"), 1.5),
    ("save", ("record", "actions"), ["pass", "\ud800"]), ("save", ("agent_seed",), True),
    ("settings", ("name_east",), "a\x00b"), ("settings", ("name_north",), "\ud800"),
    ("settings", ("name_west",), "\u200b"), ("settings", ("name_south",), " \u3164 "),
    ("settings", ("rules",), ["kawesh"]), ("settings", ("volume",), float("nan")),
    ("stats", ("recent",), ["152-98 won", "\x00"]), ("stats", ("recent",), ["\udfff"]),
    ("stats", ("hands_won",), 3.0), ("stats", ("best_hand",), 10**40),
]


@pytest.mark.parametrize(("kind", "path", "value"), ISSUE_CASES)
def test_the_issue_cases_are_reported_and_kept_aside(kind: str, path: tuple[str | int, ...],
                                                      value: object) -> None:
    raw = _with(kind, path, value)
    check_loader(kind, raw)
    name, fmt, what = KINDS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        store = StoredFile(Path(tmp) / name, fmt, 1, what)
        store.path.write_bytes(raw)
        loader: Callable[..., tuple[object, str | None]] = {
            "save": load_match, "settings": load_settings, "stats": load_stats}[kind]
        _, problem = loader(store)
        assert problem is not None, "every case is a bad file"
        assert str(path[0]) in problem or "number that is too large" in problem, problem


@pytest.mark.parametrize("kind", list(KINDS))
@FUZZ
@given(edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255), st.sampled_from("fid")), max_size=4))
def test_byte_mutations_of_valid_files(kind: str, edits: list[tuple[float, int, str]]) -> None:
    raw = bytearray(json.dumps(envelope(kind, VALID[kind]), ensure_ascii=False, indent=1).encode())
    for where, byte, op in edits:
        i = int(where * (len(raw) - 1))
        if op == "f":
            raw[i] = byte
        elif op == "i":
            raw.insert(i, byte)
        else:
            del raw[i]
    check_loader(kind, bytes(raw))


@pytest.mark.parametrize("kind", list(KINDS))
@FUZZ
@given(raw=st.binary(max_size=64) | st.text(ANY_CHAR, max_size=40).map(
    lambda t: t.encode("utf-8", "surrogatepass")))
@example(raw=b"[" * 100_000)
@example(raw=b'{"format": 1' + b"9" * 5000 + b"}")
def test_random_bytes(kind: str, raw: bytes) -> None:
    check_loader(kind, raw)


@settings(FUZZ, max_examples=400)
@given(name=st.text(ANY_CHAR, max_size=24))
@example(name="\u200b")
@example(name="\u3164")
@example(name="a\x00")
def test_an_accepted_name_is_drawn_and_saved(name: str) -> None:
    """The name check against the real renderer: whatever it accepts, the table can draw (in
    English and in Arabic, where it is reordered) and the settings file can hold."""
    if schemas.name_problem(name) is not None:
        return
    name.encode("utf-8")
    for language in ("en", "ar"):
        i18n.set_language(language)
        try:
            assert renders(name), repr(name)
        finally:
            i18n.set_language("en")


def test_the_valid_files_load() -> None:
    for kind in KINDS:  # the fuzz starts from files that really load
        name, fmt, what = KINDS[kind]
        with tempfile.TemporaryDirectory() as tmp:
            store = StoredFile(Path(tmp) / name, fmt, 1, what)
            store.path.write_bytes(encode(envelope(kind, VALID[kind])))
            loader: Callable[..., tuple[object, str | None]] = {
                "save": load_match, "settings": load_settings, "stats": load_stats}[kind]
            value, problem = loader(store)
            assert problem is None and value is not None


# ----- game records (python -m game.record replay FILE) ----------------------------------------

VALID_RECORD = json.loads(dumps(random_match(4, 4)))


def check_record(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.json"
        path.write_bytes(raw)
        try:
            match = replay(load(path))
        except RecordError as e:
            assert str(e)
        else:
            assert isinstance(match, MatchState)


@settings(FUZZ, max_examples=100)
@given(data=st.data())
@example(data=None)
def test_record_mutations(data: st.DataObject | None) -> None:
    if data is None:  # issue 11: "rules" as a list crashed the replay
        check_record(encode({**VALID_RECORD, "rules": ["kawesh"]}))
        return
    check_record(encode(mutate(VALID_RECORD, data)))


@FUZZ
@given(tree=TREES)
def test_record_random_trees(tree: object) -> None:
    check_record(encode(tree))


# ----- position notation --------------------------------------------------------------------

def _positions() -> list[str]:
    rng = random.Random(5)
    texts = []
    for seed in range(12):
        s = RoundState.deal(random.Random(seed), dealer=seed % 4)
        for _ in range(rng.randrange(70)):
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
        texts.append(to_notation(s))
    texts.append("play rules=- dealer=W score=0-0 contract=hokum/S/E/E/x2/locked/S S=QH.9D E=10D.KD "
                 "N=QC.KC W=7C.10C lead=N done=6 won=4-2 points=80-38 projects=E:fifty(7H.8H.9H.10H) "
                 "pteam=1 baloot=- moves=-")
    return texts


POSITIONS = _positions()
NOTATION_ALPHABET = "0123456789-=SENWHDC.,/+:()xpasthokumlockedopenfifty♠♥QKJA7 "


def check_notation(text: str) -> None:
    try:
        state = from_notation(text)
    except NotationError as e:
        assert str(e)
    else:
        assert from_notation(to_notation(state)).legal_actions() == state.legal_actions()


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_notation_mutations(data: st.DataObject) -> None:
    tokens = data.draw(st.sampled_from(POSITIONS)).split()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(tokens) - 1))
        key, eq, _ = tokens[i].partition("=")
        value = data.draw(st.text(st.sampled_from(NOTATION_ALPHABET), max_size=8)
                          | st.integers(-3, 12).map(str) | st.text(ANY_CHAR, max_size=4))
        tokens[i] = key + eq + value
    check_notation(" ".join(tokens))


@settings(FUZZ, max_examples=200)
@given(text=st.text(ANY_CHAR, max_size=80) | st.lists(st.sampled_from(
    " ".join(POSITIONS).split()), max_size=20).map(" ".join))
@example(text=POSITIONS[-1].replace("pteam=1", "pteam=2"))
@example(text=POSITIONS[-1].replace("pteam=1", "pteam=-1"))
def test_notation_random_strings(text: str) -> None:
    check_notation(text)
