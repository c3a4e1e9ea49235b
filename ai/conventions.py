"""Play a human partner can read: the conventions the Expert keeps unless its search shows
clearly that another card is better (`SearchConfig.readable_margin`).

Each rule rules out some legal cards, judged from the seat's own view (ai/heuristic.Table:
the cards out, and what each seat may still hold):

- `donation`: in a trick our side cannot win, a card of a suit of which a lower card in the
  hand loses the trick too (the higher card is given away for nothing);
- `ruff_partner`: a trump on a trick the partner is sure to win, with a plain card to play;
- `feed_partner`: on a partner's sure trick, anything but the richest card we can spare (not a
  trump, not the top card of a suit);
- `return_suit`: leading with no sure winner to cash, anything but the suit the partner led
  last (a plain suit we hold and no opponent is known to ruff);
- `draw_trumps`: on the declaring side, holding the top trump while an opponent may still hold
  trumps, a side card of a suit an opponent is known to ruff.
"""

from __future__ import annotations

from game.cards import SUIT_MASKS, cards_in, seat_after, suit_of, team_of
from game.observation import Observation

from .heuristic import Table

RULES = ("donation", "ruff_partner", "feed_partner", "return_suit", "draw_trumps")


def ruled_out(obs: Observation, legal: int) -> dict[str, int]:
    """The legal cards (masks) each convention rules out here; only rules that fire are listed."""
    t = Table(obs)
    out: dict[str, int] = {}
    if obs.trick:
        _follow(t, legal, out)
    else:
        _lead(t, legal, out)
    return {k: v & legal for k, v in out.items() if v & legal}


def readable(obs: Observation, legal: int) -> tuple[int, list[str]]:
    """The legal cards no convention rules out (all of them if every card is ruled out), and
    the names of the rules that fired."""
    rules = ruled_out(obs, legal)
    bad = 0
    for m in rules.values():
        bad |= m
    ok = legal & ~bad
    return (ok if ok else legal), sorted(rules)


def _follow(t: Table, legal: int, out: dict[str, int]) -> None:
    trick = t.trick
    n = len(trick)
    led = suit_of(trick[0])
    wi = 0
    for i in range(1, n):
        if t.beats(trick[i], trick[wi], led):
            wi = i
    best = trick[wi]
    w_seat = seat_after(t.leader, wi)
    after = [seat_after(t.seat, k) for k in range(1, 4 - n)]
    if w_seat == t.partner:
        if not t.sure(best, led, after):
            return
        trumps = legal & SUIT_MASKS[t.trump] if t.trump >= 0 else 0
        plain = legal & ~trumps
        if trumps and plain and not legal & SUIT_MASKS[led]:
            out["ruff_partner"] = trumps
        pool = plain or legal
        give = [c for c in cards_in(pool) if not (t.master(c) and t.top_of_suit(c))] or cards_in(pool)
        most = max(t.pts(c) for c in give)
        if most > 0:
            keep = sum(1 << c for c in give if t.pts(c) == most)
            out["feed_partner"] = legal & ~keep
        return
    if team_of(w_seat) == team_of(t.seat):
        return
    partner = t.partner
    if partner in after and t.could_beat(partner, best, led):
        return  # the partner may still win it
    losers = [c for c in cards_in(legal) if not t.beats(c, best, led)]
    bad = 0
    for c in losers:
        if any(suit_of(d) == suit_of(c) and t.strength(d) < t.strength(c) for d in losers):
            bad |= 1 << c
    if bad:
        out["donation"] = bad


def _lead(t: Table, legal: int, out: dict[str, int]) -> None:
    trump = t.trump
    opps = t.opps
    if trump >= 0 and t.declarers:
        mine = legal & SUIT_MASKS[trump]
        opp_trumps = (t.possible[opps[0]] | t.possible[opps[1]]) & SUIT_MASKS[trump]
        if mine and opp_trumps:
            top = max(cards_in(mine), key=t.strength)
            if t.master(top):
                bad = 0
                for suit in range(4):
                    if suit != trump and any(t.may_trump(o, suit) for o in opps):
                        bad |= legal & SUIT_MASKS[suit]
                if bad:
                    out["draw_trumps"] = bad
                return
    psuit = t.partner_suit()
    if psuit is None or not legal & SUIT_MASKS[psuit]:
        return
    if any(t.may_trump(o, psuit) for o in opps):
        return
    cash = 0
    for c in cards_in(legal):
        if not t.is_trump(c) and t.master(c) and not any(t.may_trump(o, suit_of(c)) for o in opps):
            cash |= 1 << c
    if cash & ~SUIT_MASKS[psuit]:
        return  # a sure winner to cash first
    out["return_suit"] = legal & ~SUIT_MASKS[psuit]

