"""Hints for South: asked of the worker (the window keeps drawing), worded as a player would say it.

The main line says what the move does ("saves A♥ for later; the other cards lose about 2 points
more"); the search's figures go to a details line ("about −1 game points for our side in 176 of
624 simulations; Q♥ would give about −3").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.hints import HintReason
from game.actions import Action
from game.cards import SUIT_SYMBOLS
from ui.table.driver import MatchDriver
from ui.table.worker import Token
from ui.text import card_label, tr, trn

Label = Callable[[Action], str]


@dataclass(frozen=True)
class Hint:
    index: int
    """The number of actions of the match when it was asked (it is stale after any move)."""
    action: Action
    text: str
    detail: str


def signed(value: float) -> str:
    """'+3' / '−2' / '0': a sign always, the true minus sign (kept with its number in Arabic)."""
    n = round(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def percent(value: object) -> str:
    return f"{round(float(str(value)) * 100)}%"


def _figures(why: HintReason, label: Label) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, value in why.values.items():
        if name in ("chance", "alt_chance"):
            out[name] = percent(value)
        elif name in ("points", "alt_points"):
            out[name] = signed(float(value))
        elif name == "alt":
            out[name] = label(int(value))
        elif name == "rule":
            out[name] = tr(f"hint.rule.{value}")
        elif name == "kept":
            out[name] = card_label(int(value))
        elif name == "suit":
            out[name] = SUIT_SYMBOLS[int(value)]
        else:
            out[name] = value
    return out


def hint_words(why: HintReason | None, label: Label) -> tuple[str, str]:
    """(what the move does, the figures behind it) in the player's language."""
    if why is None:
        return "", ""
    v = _figures(why, label)
    key = why.key
    if key in ("only", "declare", "rule"):
        return tr(f"hint.why.{key}"), ""
    if key == "call":
        return tr("hint.plain.call", chance=v["chance"]), tr("hint.detail.deals", deals=v["deals"])
    if key == "call_alt":
        return (tr("hint.plain.call_alt", chance=v["chance"], alt=v["alt"], alt_chance=v["alt_chance"]),
                tr("hint.detail.deals", deals=v["deals"]))
    plan = str(why.values.get("plan", ""))
    if key == "card_rule":
        main = v["rule"] if not plan else tr(f"hint.plan.{plan}", **v)
        return str(main), tr("hint.detail.points", points=v["points"])
    main = tr(f"hint.plan.{plan}", **v) if plan else tr("hint.plain.best")
    if key == "card_sim_alt":
        gap = float(why.values["points"]) - float(why.values["alt_points"])
        more = round(gap)
        tail = trn("hint.others_lose", more) if more >= 1 else tr("hint.others_equal")
        detail = tr("hint.detail.sim_alt", points=v["points"], visits=v["visits"],
                    iterations=v["iterations"], alt=v["alt"], alt_points=v["alt_points"])
        return tr("hint.then", first=main, second=tail), detail
    return main, tr("hint.detail.sim", points=v["points"], visits=v["visits"], iterations=v["iterations"])


def hint_reason(why: HintReason | None, label: Label) -> str:
    """The main line alone (kept for callers that show one line)."""
    return hint_words(why, label)[0]


class HintAdvisor:
    """One hint request at a time; the answer is taken when it arrives and dropped once stale."""

    def __init__(self) -> None:
        self.token: tuple[Token, int] | None = None
        self.last: Hint | None = None
        """The last hint that arrived: the selection goes to its move."""

    def pending(self) -> bool:
        return self.token is not None

    def request(self, driver: MatchDriver, seat: int, level: str) -> bool:
        if self.token is not None:
            return True
        token = driver.request_hint(seat, level)
        if token is None:
            return False
        self.token = (token, driver.actions_count())
        return True

    def poll(self, driver: MatchDriver, label: Label) -> Hint | None:
        """The hint, once, when it has arrived."""
        if self.token is None:
            return None
        token, n = self.token
        if n != driver.actions_count():  # the move was made meanwhile
            self.token = None
            return None
        got = driver.take_hint(token)
        if got is None:
            return None
        self.token = None
        action, reason = got
        main, detail = hint_words(reason, label)
        move = label(action)
        text = tr("hint.suggested", move=move, reason=main) if main else move
        self.last = Hint(n, action, text, detail)
        return self.last

    def current(self, driver: MatchDriver) -> Hint | None:
        """The last hint while it is still about this position."""
        if self.last is not None and self.last.index == driver.actions_count():
            return self.last
        return None

    def forget(self) -> None:
        self.last = None
