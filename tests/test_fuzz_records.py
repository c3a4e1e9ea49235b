"""Fuzzing what issue 15 reads (as tests/test_fuzz_files.py does the other loaders): a record file
opened for review and the rating file. Random JSON trees, mutations of a valid record, random
bytes: only "opened (and reviewable)" or "reported in drawable words" may come out — never another
exception — and the player's record file is never changed or moved; a bad rating file is reported
and kept aside. Seeded and modest."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.record import random_match, record_of
from tests.test_fuzz_files import FUZZ, KEYS, TREES, encode, mutate, renders
from ui.files.rating import SCHEMA as RATING_SCHEMA
from ui.files.rating import Rating, load_rating
from ui.files.records import OpenError, open_path
from ui.files.storage import StoredFile
from ui.review.model import source_of_match
from ui.screens.open_record import problem_words

VALID_RECORD: dict[str, Any] = record_of(random_match(3, 3)) | {
    "players": ["human", "ismcts:hard", "heuristic", "ismcts:easy"]}


def check_open(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_bytes(raw)
        try:
            source = open_path(path)
        except OpenError as e:
            words = problem_words(e)
            assert words and renders(words), words
        else:
            assert source.hands and source.review(0).steps
        assert path.read_bytes() == raw, "the player's file is left as it was"
        assert [p.name for p in Path(tmp).iterdir()] == ["record.json"]


@settings(FUZZ, max_examples=30)
@given(tree=TREES)
def test_random_trees_as_a_record(tree: object) -> None:
    check_open(encode(tree))


@settings(FUZZ, max_examples=50)
@given(data=st.data())
def test_mutations_of_a_valid_record(data: st.DataObject) -> None:
    check_open(encode(mutate(VALID_RECORD, data)))


@settings(FUZZ, max_examples=30)
@given(raw=st.binary(max_size=64))
def test_random_bytes_as_a_record(raw: bytes) -> None:
    check_open(raw)


@settings(FUZZ, max_examples=40)
@given(tree=TREES | st.dictionaries(st.sampled_from(["rating", "matches", "record"]) | KEYS, TREES,
                                    max_size=3))
def test_random_rating_files(tree: object) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = StoredFile(Path(tmp) / "rating.json", "baloot-rating", 1, "rating")
        raw = json.dumps({"format": "baloot-rating", "version": 1, "data": tree}).encode()
        store.path.write_bytes(raw)
        rating, problem = load_rating(store)
        assert isinstance(rating, Rating)
        if problem is None:
            from ui.files import schemas
            assert schemas.first_problem(RATING_SCHEMA, rating.to_dict()) is None
        else:
            assert rating == Rating() and renders(problem)
            assert [p.read_bytes() for p in Path(tmp).iterdir()] == [raw], "kept aside as it was"


def test_the_valid_record_opens() -> None:
    check_open(json.dumps(VALID_RECORD).encode())
    source = source_of_match(random_match(3, 3), ("human", "ismcts:hard", "heuristic", "ismcts:easy"), 3)
    assert source.record() == VALID_RECORD
