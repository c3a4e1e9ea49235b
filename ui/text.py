"""Every string the table shows goes through `tr(key, **kw)`, so a translation can be added in one place.

English only for now (issue 5 adds Arabic). An unknown key is returned as it is, formatted with
`kw` when given: sentences that come from the engine (e.g. `why_illegal`) pass through unchanged.
"""

from __future__ import annotations

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
from game.cards import RANK_LABELS, SUIT_SYMBOLS
from game.contract import Contract

EN: dict[str, str] = {
    "app.title": "Baloot",
    "seat.0": "You",
    "seat.1": "East",
    "seat.2": "North",
    "seat.3": "West",
    "seat.full.0": "South",
    "seat.full.1": "East",
    "seat.full.2": "North",
    "seat.full.3": "West",
    "plate.sub.0": "South",
    "plate.sub.1": "East",
    "plate.sub.2": "North · partner",
    "plate.sub.3": "West",
    "hud.thinking": "thinking",
    "hud.your_turn": "your turn",
    "team.0": "Us",
    "team.1": "Them",
    "call.pass": "Pass",
    "call.hokum": "Hokum",
    "call.hokum_suit": "Hokum {suit}",
    "call.hokum_other": "Hokum (other suit)",
    "call.keep_hokum": "Keep Hokum {suit}",
    "call.sun": "Sun",
    "call.switch_sun": "Switch to Sun",
    "call.ashkal": "Ashkal",
    "call.kawesh": "Kawesh",
    "call.double": "Double",
    "call.triple": "Triple",
    "call.four": "Four",
    "call.gahwa": "Gahwa",
    "call.locked": "Locked",
    "call.open": "Open",
    "call.declare": "Declare",
    "call.no_declare": "Don't declare",
    "call.ekka": "Ekka",
    "call.baloot": "Baloot!",
    "project.sira": "Sira",
    "project.fifty": "Fifty",
    "project.hundred": "Hundred",
    "project.four_hundred": "Four hundred",
    "panel.your_call": "Your call — round {round}",
    "panel.your_call_raise": "Your call — doubling",
    "panel.buying": "Buying card {card}",
    "panel.projects": "Your projects: {projects}",
    "toast.not_your_turn": "Wait for your turn",
    "toast.save_failed": "The match could not be saved ({reason}); play goes on",
    "illegal.not_held": "You do not hold that card",
    "illegal.follow": "You must follow {suit}",
    "illegal.overtrump": "You must play a higher trump ({suit}) if you can",
    "illegal.trump": "You must trump ({suit})",
    "illegal.no_trump_lead": "Locked: you may not lead trump while you hold other suits",
    "note.round2": "Round 2: nobody bought the {card}",
    "note.thrown_in": "All passed twice: the cards are dealt again",
    "note.annulled": "Kawesh: the hand is annulled",
    "note.best_project": "Best project: {project} ({seat})",
    "note.trick_won": "{seat} wins the trick (+{points})",
    "note.trick_won_you": "You win the trick (+{points})",
    "note.new_hand": "Hand {number} — {dealer} deals",
    "hud.hand": "Hand {number}",
    "hud.target": "to {target}",
    "hud.tricks": "{tricks} tricks · {points} pts",
    "hud.tricks_one": "1 trick · {points} pts",
    "hud.bidding": "Bidding — round {round}",
    "hud.by": "by {seat}",
    "hud.locked": "locked",
    "hud.dealer": "D",
    "btn.last_trick": "Last trick (L)",
    "btn.speed": "Speed: {speed}",
    "btn.continue": "Continue",
    "btn.new_match": "New match",
    "btn.quit": "Quit",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "last.title": "Last trick — won by {seat}",
    "last.none": "No trick has been played yet",
    "last.hint": "click or press any key to close",
    "sum.title": "Hand {number} — {contract}",
    "sum.thrown": "thrown in",
    "contract.label": "{name} by {seat}",
    "sum.tricks": "Tricks",
    "sum.card_points": "Card points (incl. last trick)",
    "sum.counting.0": "We counted {points} card points",
    "sum.counting.1": "They counted {points} card points",
    "sum.round_hokum": ("{points} rounds to {rounded}, ÷ 10 = {game} game points; "
                        "the other side gets 16 − {game} = {rest}"),
    "sum.round_sun": ("{points} rounds to {rounded}, ÷ 5 = {game} game points; "
                      "the other side gets 26 − {game} = {rest}"),
    "sum.round_sun5": ("{points} ends in 5 and is not rounded: ÷ 5 = {game} game points; "
                       "the other side gets 26 − {game} = {rest}"),
    "sum.kaboot": "Al-Kaboot pays {award} game points instead of the card count, plus the winners' projects",
    "sum.game_points": "Game points",
    "sum.projects": "Projects",
    "sum.baloot": "Baloot",
    "sum.raise": "Raise",
    "sum.raise_none": "none",
    "sum.raise_x": "×{level}",
    "sum.raise_gahwa": "Gahwa — the winner takes the match",
    "sum.added": "Points added",
    "sum.total": "Match score",
    "sum.winner.0": "We win the hand",
    "sum.winner.1": "They win the hand",
    "sum.sheet": "Score sheet",
    "sum.sheet_hand": "#",
    "sum.sheet_contract": "Contract",
    "sum.none": "—",
    "end.title_win": "You and {partner} win the match!",
    "end.title_loss": "{east} and {west} win the match",
    "end.gahwa": "Won by Gahwa",
    "end.final": "Final score  {us} – {them}",
    "end.hands": "{hands} hands played",
}


def tr(key: str, **kw: object) -> str:
    """The displayed text for `key` (English for now). Unknown keys pass through."""
    text = EN.get(key, key)
    if kw:
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def seat_name(seat: int) -> str:
    return tr(f"seat.{seat}")


def seat_full(seat: int) -> str:
    return tr(f"seat.full.{seat}")


def team_name(team: int) -> str:
    return tr(f"team.{team}")


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOLS[suit]


def card_label(card: int) -> str:
    return RANK_LABELS[card & 7] + SUIT_SYMBOLS[card >> 3]


def project_name(kind: str) -> str:
    return tr(f"project.{kind}")


_CALL_KEYS = {
    PASS: "call.pass", SUN: "call.sun", ASHKAL: "call.ashkal", KAWESH: "call.kawesh",
    DOUBLE: "call.double", TRIPLE: "call.triple", FOUR: "call.four", GAHWA: "call.gahwa",
    LOCKED: "call.locked", OPEN: "call.open", DECLARE: "call.declare", NO_DECLARE: "call.no_declare",
}


def call_label(action: Action, buying_suit: int | None = None, round_: int = 1,
               choice: bool = False) -> str:
    """The words for a call. `choice`: the Hokum bidder keeps Hokum or switches to Sun."""
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


def contract_label(contract: Contract, names: tuple[str, ...]) -> str:
    """'Hokum ♥ by Fahad ×2 locked', through tr()."""
    name = tr("call.sun") if contract.sun else tr("call.hokum_suit", suit=SUIT_SYMBOLS[contract.trump])
    text = tr("contract.label", name=name, seat=names[contract.declarer])
    if contract.raise_level == 5:
        text += " " + tr("call.gahwa")
    elif contract.raise_level > 1:
        text += f" ×{contract.raise_level}"
    if contract.locked:
        text += " " + tr("hud.locked")
    return text
