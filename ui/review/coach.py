"""The coach at the review: its verdicts asked of the worker one decision at a time (the window keeps
drawing; a review closed leaves at most one request behind), kept for the session, and said in
the player's words and language.

A verdict depends only on the position and the move (the coach's seed is fixed), so the same
decision reviewed again — from the table, from an exported record, from a copied deal — gets the
same verdict, and the cache files it under the deal and the moves up to the one judged.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ai.coach import MISTAKE_POINTS, Verdict
from game.actions import Action, action_str
from game.cards import SUIT_SYMBOLS
from ui.review.model import Decision, HandReview
from ui.table.hints import hint_words, percent, signed
from ui.table.worker import COACH_SPEC, Request, Thinker, Token
from ui.text import tr, trn

COACH_SEED = 0
"""One seed for every verdict: a decision is judged the same wherever it is reviewed."""
CoachKey = tuple[str, str]
"""(the deal in one line, its moves up to and with the one judged)."""
Label = Callable[[Action], str]

_owners = itertools.count(1 << 40)
"""Token owners of the coach's requests (far from the match drivers' ids)."""


class HandCoach:
    """The verdicts on one hand's decisions, asked in order (the one looked at first)."""

    def __init__(self, thinker: Thinker, cache: dict[CoachKey, Verdict], review: HandReview) -> None:
        self.thinker = thinker
        self.cache = cache
        self.review = review
        self.key = review.key
        self.owner = next(_owners)
        self._n = 0
        self._asked: tuple[Token, Decision] | None = None
        self.stopped = False

    def _cache_key(self, d: Decision) -> CoachKey:
        return (self.key, ",".join(action_str(a) for a in self.review.actions[:d.step]))

    def verdict(self, step: int) -> Verdict | None:
        d = self.review.decision_at(step)
        return None if d is None else self.cache.get(self._cache_key(d))

    def checked(self) -> int:
        return sum(self._cache_key(d) in self.cache for d in self.review.decisions)

    def total(self) -> int:
        return len(self.review.decisions)

    def done(self) -> bool:
        return self.checked() == self.total()

    def mistakes(self) -> list[int]:
        """The steps of the decisions marked as mistakes (of those judged so far)."""
        out = []
        for d in self.review.decisions:
            v = self.cache.get(self._cache_key(d))
            if v is not None and v.mistake:
                out.append(d.step)
        return out

    def update(self, looking_at: int | None = None) -> bool:
        """Take an answer, ask the next question (`looking_at`: that step's decision first). True
        when a verdict arrived."""
        arrived = False
        for token, answer in self.thinker.poll():
            if self._asked is None or token != self._asked[0]:
                continue
            d = self._asked[1]
            self._asked = None
            verdict = answer if isinstance(answer, Verdict) else Verdict(d.played, d.played, "unknown")
            self.cache[self._cache_key(d)] = verdict
            arrived = True
        if self._asked is None and not self.stopped:
            todo = [d for d in self.review.decisions if self._cache_key(d) not in self.cache]
            if todo:
                first = next((d for d in todo if d.step == looking_at), todo[0])
                self._ask(first)
        return arrived

    def _ask(self, d: Decision) -> None:
        self._n += 1
        token = (self.owner, self._n)
        self._asked = (token, d)
        obs = d.observation
        self.thinker.request(Request(token, (self.owner, 0), COACH_SPEC, COACH_SEED, obs,
                                     obs.legal_actions, d.played))

    def stop(self) -> None:
        """The review is closed: ask nothing more (an answer on its way is still kept)."""
        self.stopped = True


@dataclass(frozen=True)
class VerdictWords:
    """A verdict as the coach's panel shows it."""
    head: str
    """'Mistake: about 4 game points', 'The coach's move too', …"""
    tone: str
    """"mistake", "small", "good" or "none" (its colour)."""
    lines: tuple[str, ...]
    """What you played and what it does; what the coach prefers and why."""
    detail: str
    """The figures behind it (a smaller line)."""


def verdict_words(v: Verdict, label: Label) -> VerdictWords:
    """The verdict in the player's language and a player's words."""
    played = label(v.played)
    if v.kind == "only":
        return VerdictWords(tr("coach.only"), "none", (tr("coach.you_played", move=played),), "")
    if v.kind == "unknown":
        return VerdictWords(tr("coach.unknown"), "none", (tr("coach.you_played", move=played),), "")
    reason, figures = hint_words(v.reason, label)
    plan = str(v.reason.values.get("plan", ""))
    if plan and v.reason.key.startswith("card_sim"):  # what the card does; the search's own
        reason = _plan_words(v.reason.values, label)  # comparison is replaced by the coach's
    mine = _plan_words(v.played_plan, label)
    you = tr("coach.you_played_plan", move=played, plan=mine) if mine else tr("coach.you_played", move=played)
    if v.agrees:
        lines = (you, tr("coach.same_reason", reason=reason) if reason else tr("coach.same"))
        return VerdictWords(tr("coach.agrees"), "good", lines, figures)
    preferred = label(v.preferred)
    if v.kind == "call" and v.preferred_value is not None:  # the chance as the coach measured it
        reason = tr("hint.plain.call", chance=percent(v.preferred_value.equity))
    prefers = tr("coach.prefers_reason", move=preferred, reason=reason) if reason else \
        tr("coach.prefers", move=preferred)
    cost = round(v.cost)
    if v.mistake:
        head = trn("coach.mistake_points", cost) if not v.by_equity else \
            tr("coach.mistake_match", chance=percent(v.equity_cost))
        tone = "mistake"
    elif cost >= 1:
        head, tone = trn("coach.small", cost), "small"
    else:
        head, tone = tr("coach.as_good"), "good"
    out = [you, prefers]
    if v.played_value is not None and v.preferred_value is not None:
        change = v.preferred_value.equity - v.played_value.equity
        if abs(change) >= 0.01 and not v.by_equity:
            key = "coach.match_lower" if change > 0 else "coach.match_higher"
            out.append(tr(key, chance=percent(abs(change))))
        detail = tr("coach.figures", played=played, points=signed(v.played_value.points),
                    preferred=preferred, alt_points=signed(v.preferred_value.points),
                    deals=v.played_value.samples)
    else:
        detail = figures
    return VerdictWords(head, tone, tuple(out), detail)


def _plan_words(plan_values: dict[str, int | float | str], label: Label) -> str:
    """What a card does ('takes the trick', 'keeps A♥ for later'): ai.hints.card_plan's words."""
    plan = str(plan_values.get("plan", ""))
    if not plan:
        return ""
    values: dict[str, object] = {}
    if "kept" in plan_values:
        values["kept"] = label(int(plan_values["kept"]))
    if "suit" in plan_values:
        values["suit"] = SUIT_SYMBOLS[int(plan_values["suit"])]
    return tr(f"hint.plan.{plan}", **values)


def mistake_threshold() -> int:
    return round(MISTAKE_POINTS)
