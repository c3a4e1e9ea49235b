"""The declared shape of the files the game reads, as JSON Schema (checked with `jsonschema`).

Each loader validates the whole file against its schema before it uses any value; the schemas of
the settings and the statistics sit beside their dataclasses (`ui/files/settings.py`, `ui/files/stats.py`),
the save's in `ui/files/savegame.py`; the pieces they share are here. Integers are strict (no 3.0, no
true), text that is shown must be drawable (no NUL, no lone surrogate, something visible), and an
agent must be one of the fixed registry's (`ai.registry.check_spec`): a file never names code.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import fields
from functools import lru_cache
from typing import Any

from ai.registry import AgentSpecError, check_spec
from game.rules import Rules, RuleSet

JSON = dict[str, Any]

SEED: JSON = {"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1}
COUNT: JSON = {"type": "integer", "minimum": 0, "maximum": 10**9}
RULES: JSON = {"type": "object", "additionalProperties": False,
               "properties": {f.name: ({"enum": list(RuleSet)} if f.name == "game" else {"type": "boolean"})
                              for f in fields(Rules)}}
ACTION: JSON = {"type": "string", "pattern": "^[A-Za-z0-9-]{1,12}!?$"}
"""A move: a card ('KC'; 'KH!' announcing belote), a call ('pass', 'hokum-S')."""
MAX_ACTIONS = 20_000
"""Far more than any match takes (a few hundred actions, to 152 or to 1000 in classic Belote)."""

RECORD: JSON = {
    "type": "object",
    "required": ["format", "version", "seed", "actions"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "baloot-record"},
        "version": {"type": "integer", "const": 1},
        "rules": RULES,
        "seed": SEED,
        "actions": {"type": "array", "maxItems": MAX_ACTIONS, "items": ACTION},
        "result": {
            "type": "object", "required": ["scores", "winner"], "additionalProperties": False,
            "properties": {
                "scores": {"type": "array", "minItems": 2, "maxItems": 2,
                           "items": {"type": "integer", "minimum": 0, "maximum": 100_000}},
                "winner": {"enum": [0, 1, None]},
            },
        },
    },
}
"""A game record (docs/records.md) as the save holds it."""

NAME_FORMAT, AGENT_FORMAT = "baloot-name", "baloot-player"
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0")  # Hangul fillers: letters that draw nothing
_FORBIDDEN = frozenset({"Cc", "Cs", "Zl", "Zp"})  # controls (NUL...), lone surrogates, line breaks


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (None: it can: it is drawn and saved as it is)."""
    if not 1 <= len(name) <= 20:
        return "a name has 1 to 20 characters"
    cats = [unicodedata.category(c) for c in name]
    if any(c in _FORBIDDEN for c in cats):
        return "a name cannot hold control characters"
    if not any(cat[0] in "LNPS" and ch not in _INVISIBLE for ch, cat in zip(name, cats, strict=True)):
        return "a name needs a visible character"
    return None


def agent_problem(spec: str) -> str | None:
    """Why a seat's player in a save is not 'human' or an agent of the registry."""
    if spec == "human":
        return None
    try:
        check_spec(spec)
    except AgentSpecError:
        return f"unknown computer player {plain(spec)!r}"
    return None


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    """Draft 2020-12 with strict integers (JSON Schema counts 3.0 as an integer; Python may not)."""
    from jsonschema import Draft202012Validator, validators

    def strict_int(_checker: object, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", strict_int)
    return validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]


@lru_cache(maxsize=1)
def _formats() -> Any:
    from jsonschema import FormatChecker

    fc = FormatChecker(formats=())
    for fmt, check in ((NAME_FORMAT, name_problem), (AGENT_FORMAT, agent_problem)):
        def ok(value: object, check: Any = check) -> bool:
            if not isinstance(value, str):
                return True  # "type" says what is wrong
            why = check(value)
            if why:
                raise ValueError(why)
            return True
        fc.checks(fmt, raises=ValueError)(ok)
    return fc


def validator(schema: Mapping[str, Any]) -> Any:
    return _validator_class()(schema, format_checker=_formats())


def check_schema(schema: Mapping[str, Any]) -> None:
    """Raises jsonschema's SchemaError if `schema` itself is not a valid schema (tests)."""
    _validator_class().check_schema(schema)


def errors(schema: Mapping[str, Any], instance: object) -> Iterator[Any]:
    """Every jsonschema ValidationError of `instance`."""
    return validator(schema).iter_errors(instance)  # type: ignore[no-any-return]


def first_problem(schema: Mapping[str, Any], instance: object) -> str | None:
    """The first thing wrong with `instance` in plain words (None: it is valid)."""
    try:
        error = next(errors(schema, instance), None)
    except RecursionError:
        return "its data is nested too deeply"
    return None if error is None else describe(error)


_KINDS = {
    "type": "a value of the wrong kind", "required": "an entry missing",
    "additionalProperties": "an entry it should not have", "minimum": "a number out of range",
    "maximum": "a number out of range", "minLength": "text of the wrong length",
    "maxLength": "text of the wrong length", "minItems": "a list of the wrong length",
    "maxItems": "a list of the wrong length", "pattern": "text that is not allowed",
}


def where(path: Any) -> str:
    return "/".join(plain(str(p)) for p in path) or "the top level"


def describe(error: Any) -> str:
    """A jsonschema error as a clause for the player, e.g. "it has a number out of range in
    data/volume". Never quotes the bad value itself (it may be huge or not drawable)."""
    kind = _KINDS.get(error.validator, "a value that is not allowed")
    detail = ""
    if error.validator == "format" and error.cause is not None:
        detail = f" ({plain(str(error.cause))})"
    elif error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        detail = f" ({plain(', '.join(missing))})"
    elif error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        extra = [k for k in error.instance if k not in known]
        detail = f" ({plain(str(extra[0]))})" if extra else ""
    return f"it has {kind} in {where(error.absolute_path)}{detail}"


def plain(text: str, limit: int = 60) -> str:
    """`text` made safe to show: nothing undrawable, at most `limit` characters."""
    out = "".join(c if c.isprintable() else "?" for c in text[:limit])
    return out + ("…" if len(text) > limit else "")
