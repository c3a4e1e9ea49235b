"""The hand summary in the player's words (pygame-free, so the narrator says it too): why the hand
went as it did (`reason_sentence`, both rule sets), and Classic Belote's (docs/rules.md section 8),
from the engine's `HandScore` and the score sheet's `HandRecord`: who took, whether the 82 were
reached (their own belote counts), the card points, each belote, capot, the 81-81 points held
and when they are won.

In a Belote `HandScore`: `counting_team` is the takers, `counted_points` their card points,
`game_points` the card points (capot: 252 and 0), `project_points` each team's belote (20), `held`
the takers' points held after an 81-81 hand; the record's `held_awarded` are the points held from
earlier hands that this hand's winner took (added to the match score besides `points`).
"""

from __future__ import annotations

from game.events import HandScored
from game.match import HandRecord
from game.scoring import BELOTE_MADE
from ui.text import tr

Row = tuple[str, str, str]


def awarded(record: HandRecord | None) -> tuple[int, int]:
    return record.held_awarded if record is not None else (0, 0)


def belote_reason(e: HandScored) -> str:
    """'We took and made it: 90, 82 needed; each team scores its points' and the other cases."""
    sc = e.score
    takers = sc.counting_team
    if sc.kaboot:
        return tr(f"sum.why.capot.{sc.winner}")
    if sc.held:
        return tr(f"sum.why.litige.{takers}", points=sc.held)
    total = sc.counted_points + sc.project_points[takers]
    if total >= BELOTE_MADE:
        return tr(f"sum.why.belote_made.{takers}", total=total)
    return tr(f"sum.why.belote_failed.{takers}", total=total)


def belote_sentence(e: HandScored, record: HandRecord | None) -> str:
    """How the takers' points were counted against the 82, then any held points won."""
    sc = e.score
    takers = sc.counting_team
    own = sc.project_points[takers]
    if sc.kaboot:
        text = tr("sum.capot", award=sc.game_points[sc.winner])
    elif own:
        text = tr(f"sum.belote_count.{takers}", points=sc.counted_points, belote=own,
                  total=sc.counted_points + own)
    else:
        text = tr(f"sum.belote_count_plain.{takers}", points=sc.counted_points)
    won = awarded(record)
    for team in (0, 1):
        if won[team]:
            text += ". " + tr(f"sum.held_won.{team}", points=won[team])
    return text


def belote_rows(e: HandScored, record: HandRecord | None) -> list[Row]:
    """The breakdown: tricks, card points, belote, capot, the 81-81 points held or won, what is
    added to the match score and the match score."""
    sc = e.score
    none = tr("sum.none")

    def cell(n: int, text: str | None = None) -> str:
        return (text or str(n)) if n else none

    rows: list[Row] = [
        (tr("sum.tricks"), str(e.tricks[0]), str(e.tricks[1])),
        (tr("sum.card_points"), str(e.card_points[0]), str(e.card_points[1])),
        (tr("sum.belote"), cell(sc.project_points[0]), cell(sc.project_points[1])),
    ]
    if sc.kaboot:
        rows.append((tr("sum.capot_row"), cell(sc.game_points[0]), cell(sc.game_points[1])))
    if sc.held:
        takers = sc.counting_team
        held = tr("sum.held_cell", points=sc.held)
        rows.append((tr("sum.held"), held if takers == 0 else none, held if takers == 1 else none))
    won = awarded(record)
    if any(won):
        rows.append((tr("sum.held_won"), cell(won[0], f"+{won[0]}"), cell(won[1], f"+{won[1]}")))
    rows.append((tr("sum.added"), f"+{sc.points[0] + won[0]}", f"+{sc.points[1] + won[1]}"))
    if record is not None:
        rows.append((tr("sum.total"), str(record.totals[0]), str(record.totals[1])))
    return rows


def reason_sentence(e: HandScored, belote: bool = False) -> str:
    """Who won the hand and why, in the player's language (the engine's `score.reason` is English)."""
    if belote:
        return belote_reason(e)
    sc, c = e.score, e.contract
    if sc.kaboot:
        return tr(f"sum.why.kaboot.{sc.winner}")
    totals = (sc.game_points[0] + sc.project_points[0], sc.game_points[1] + sc.project_points[1])
    if sc.tie:
        why = tr(f"sum.why.tie.{sc.winner}", points=totals[0], card_points=sc.counted_points,
                 units=sc.counted_points % 10)
    else:
        why = tr(f"sum.why.more.{sc.winner}", high=max(totals), low=min(totals))
    if c.raise_level == 5:
        return why + "; " + tr("sum.why.gahwa")
    if c.raise_level > 1:
        return why + "; " + tr("sum.why.raised", level=c.raise_level)
    return why + "; " + tr("sum.why.made" if sc.winner == c.declarer_team else "sum.why.failed")
