"""Every string the table shows goes through `tr(key, **kw)` (or `trn(key, count)` for a count):
the gettext catalogues in assets/i18n (en.po is the source of truth, ar.po the Arabic) through `ui.i18n`.

An unknown key is returned as it is, formatted with `kw` when given. Strings stay in logical order
here; drawing turns them into visual order (`ui.i18n.render_text`, `display_text`).
"""

from __future__ import annotations

import re

from game.actions import (
    ASHKAL,
    DECLARE,
    DOUBLE,
    FOUR,
    GAHWA,
    HOKUM,
    HOKUM_SUIT_BASE,
    KAWESH,
    LOCKED,
    NO_DECLARE,
    OPEN,
    PASS,
    SUN,
    TRIPLE,
    Action,
)
from game.cards import RANK_LABELS, SUIT_SYMBOLS, rank_of, suit_of
from game.contract import Contract
from ui import i18n

EN: set[str] = i18n.load_catalogue("en").keys()
"""Every key of the English catalogue (assets/i18n/en.po)."""


def tr(key: str, **kw: object) -> str:
    """The displayed text for `key` in the current language (English, else the key itself)."""
    return i18n.tr(key, **kw)


def trn(key: str, n: int, **kw: object) -> str:
    """A count with the language's plural form (`{count}` is the number)."""
    return i18n.trn(key, n, **kw)


def seat_name(seat: int) -> str:
    return tr(f"seat.{seat}")


def seat_full(seat: int) -> str:
    return tr(f"seat.full.{seat}")


def team_name(team: int) -> str:
    return tr(f"team.{team}")


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOLS[suit]


def card_label(card: int) -> str:
    return RANK_LABELS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def project_name(kind: str) -> str:
    return tr(f"project.{kind}")


_CALL_KEYS = {
    PASS: "call.pass", SUN: "call.sun", ASHKAL: "call.ashkal", KAWESH: "call.kawesh",
    DOUBLE: "call.double", TRIPLE: "call.triple", FOUR: "call.four", GAHWA: "call.gahwa",
    LOCKED: "call.locked", OPEN: "call.open", DECLARE: "call.declare", NO_DECLARE: "call.no_declare",
}


def call_label(action: Action, buying_suit: int | None = None, round_: int = 1,
               choice: bool = False, belote: bool = False, doubling: bool = False) -> str:
    """The words for a call. `choice`: the Hokum bidder keeps Hokum or switches to Sun.
    `belote`: classic Belote's calls, "Take ♦" (round 1) and "♠ trump" (round 2). `doubling`: a
    call of the doubling, where a pass is "No double"."""
    if doubling and action == PASS:
        return tr("call.no_double")
    if belote and action == HOKUM and buying_suit is not None:
        return tr("call.take_suit", suit=SUIT_SYMBOLS[buying_suit])
    if belote and HOKUM_SUIT_BASE <= action < HOKUM_SUIT_BASE + 4:
        return tr("call.trump_suit", suit=SUIT_SYMBOLS[action - HOKUM_SUIT_BASE])
    if HOKUM_SUIT_BASE <= action < HOKUM_SUIT_BASE + 4:
        return tr("call.hokum_suit", suit=SUIT_SYMBOLS[action - HOKUM_SUIT_BASE])
    if action == HOKUM:
        if round_ == 2:
            return tr("call.hokum_other")
        if buying_suit is None:
            return tr("call.hokum")
        key = "call.keep_hokum" if choice else "call.hokum_suit"
        return tr(key, suit=SUIT_SYMBOLS[buying_suit])
    if action == SUN and choice:
        return tr("call.switch_sun")
    return tr(_CALL_KEYS.get(action, str(action)))


_GLOSS_KEYS = {
    SUN: "call.gloss.sun", ASHKAL: "call.gloss.ashkal", KAWESH: "call.gloss.kawesh",
    DOUBLE: "call.gloss.double", TRIPLE: "call.gloss.triple", FOUR: "call.gloss.four",
    GAHWA: "call.gloss.gahwa", LOCKED: "call.gloss.locked", OPEN: "call.gloss.open",
}


def call_gloss(action: Action, belote: bool = False) -> str:
    """What a call means, in plain words, beside its name ("Ashkal": "Sun, played by the
    partner"); "" when the name says it all (Pass, a trump suit)."""
    if HOKUM_SUIT_BASE <= action < HOKUM_SUIT_BASE + 4 or action == HOKUM:
        return "" if belote else tr("call.gloss.hokum")
    key = _GLOSS_KEYS.get(action)
    return tr(key) if key is not None else ""


FEMININE_SEATS = frozenset({2})
"""Seats whose default player is a woman (Noura): while her name is unchanged, a sentence about her
takes the key's `_she` form (Arabic verbs agree: "نورة توزّع", not "نورة يوزّع")."""


def seat_tr(key: str, seat: int, names: tuple[str, ...], **kw: object) -> str:
    """A sentence whose subject is a seat, in the form that agrees with it: the player's own seat
    (South) takes the key's `_you` form ("you deal", not "You deals"), a default woman player the
    `_she` form (see FEMININE_SEATS); anyone else the key itself."""
    form = ""
    if seat == 0:
        form = "_you"
    elif seat in FEMININE_SEATS and names[seat] == tr(f"name.default.{seat}"):
        form = "_she"
    if form and i18n.has_text(key + form):
        return tr(key + form, seat=names[seat], **kw)
    return tr(key, seat=names[seat], **kw)


def contract_name(contract: Contract, belote: bool = False) -> str:
    """'Hokum ♥', 'Sun'; in classic Belote '♥ trump'."""
    if contract.sun:
        return tr("call.sun")
    return tr("call.trump_suit" if belote else "call.hokum_suit", suit=SUIT_SYMBOLS[contract.trump])


def contract_label(contract: Contract, names: tuple[str, ...], belote: bool = False) -> str:
    """'Hokum ♥ by Fahad ×2 locked' ('♥ trump by Fahad' in classic Belote), through tr()."""
    name = contract_name(contract, belote)
    text = tr("contract.label", name=name, seat=names[contract.declarer])
    if contract.raise_level == 5:
        text += " " + tr("call.gahwa")
    elif contract.raise_level > 1:
        text += f" ×{contract.raise_level}"
    if contract.locked:
        text += " " + tr("hud.locked")
    return text


DEFAULT_NAMES = ("You", "Fahad", "Noura", "Saad")
"""The default player names of `Settings` (shown in the player's language while unchanged)."""


def display_names(names: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    """The names to show: a name left at its default is shown in the current language (You → أنت)."""
    out = [tr(f"name.default.{seat}") if name == DEFAULT_NAMES[seat] else name
           for seat, name in enumerate(names)]
    return (out[0], out[1], out[2], out[3])


_FILE_KEYS = {"save": "file.bad_save", "settings": "file.bad_settings", "stats": "file.bad_stats"}


def file_problem(kind: str, message: str | None) -> str | None:
    """A storage problem ("save", "settings" or "stats") in the player's language: the storage layer
    words it in English (which is kept as it is, with its details)."""
    if not message or i18n.language() == "en":
        return message
    text = tr(_FILE_KEYS.get(kind, "file.bad_settings"))
    if kind == "settings" and message.startswith("Some settings"):
        text = tr("file.bad_settings_some", names=message.split(": ", 1)[-1].split(". ", 1)[0].rstrip("."))
    m = re.search(r"kept as (.+?)\.?$", message)
    if m:
        text += " " + tr("file.kept_as", path=m.group(1))
    elif "could not be repaired (the disk is full)" in message:
        text += " " + tr("file.disk_full_left")
    elif "could not be repaired" in message:
        text += " " + tr("file.not_repaired")
    return text


def ltr(path: str) -> str:
    """A path kept left to right inside a sentence of either language (its slashes stay put)."""
    return f"\u200e{path}\u200e"
