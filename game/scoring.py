"""Scoring a hand exactly as RULES.md section 7, as a pure function."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .projects import project_value

HOKUM, SUN = "hokum", "sun"
NO_RAISE, DOUBLED, TRIPLED, FOUR_RAISE, GAHWA_RAISE = 1, 2, 3, 4, 5
RAISE_NAMES = {1: "", 2: "double", 3: "triple", 4: "four", 5: "gahwa"}
BALOOT_POINTS = 2


@dataclass(frozen=True)
class HandScore:
    points: tuple[int, int]
    """Game points added to each team's match score (0 = North-South, 1 = East-West)."""
    winner: int
    """The team that won the hand."""
    match_winner: int | None
    """The team that wins the match outright by Gahwa, else None."""
    counting_team: int
    counted_points: int
    """The counting team's card points (last trick included)."""
    game_points: tuple[int, int]
    """Card points converted to game points, before projects (Al-Kaboot: the Kaboot award)."""
    project_points: tuple[int, int]
    """Each team's scored projects and Baloot, unmultiplied."""
    kaboot: bool
    tie: bool
    reason: str
    """One sentence saying who won the hand and why."""


def counting_team_for(declarer_team: int, raise_level: int) -> int:
    """No raise: the defenders count. Double/Four: the declarers; Triple/Gahwa: the defenders."""
    if raise_level in (DOUBLED, FOUR_RAISE):
        return declarer_team
    return 1 - declarer_team


def to_game_points(card_points: int, sun: bool) -> int:
    if sun:
        if card_points % 10 == 5:
            return card_points // 5
        return (card_points + 5) // 10 * 2
    return (card_points + 4) // 10  # nearest 10, a 5 rounds down


def tie_winner(units: int, sun: bool, counting: int, declarer_team: int) -> int:
    """Equal game points: the units digit of the counting team's card points decides."""
    if sun:
        if units in (0, 5):
            return declarer_team
        return counting if units in (1, 2, 3, 4) else 1 - counting
    if units == 1:
        return declarer_team
    return counting if units in (2, 3, 4, 5) else 1 - counting


def score_hand(
    contract: str,
    declarer_team: int,
    raise_level: int,
    card_points: Sequence[int],
    tricks: Sequence[int],
    projects: Sequence[Sequence[str]],
    baloot: Sequence[bool],
) -> HandScore:
    if contract not in (HOKUM, SUN):
        raise ValueError(f"contract must be 'hokum' or 'sun', not {contract!r}")
    if declarer_team not in (0, 1):
        raise ValueError(f"declarer_team must be 0 or 1, not {declarer_team!r}")
    sun = contract == SUN
    if raise_level not in (1, 2, 3, 4, 5) or (sun and raise_level > DOUBLED):
        raise ValueError(f"raise_level {raise_level} is not possible in {contract}")
    if sum(tricks) != 8 or min(tricks) < 0:
        raise ValueError(f"tricks must be two counts adding up to 8, not {tuple(tricks)}")
    total = 130 if sun else 162
    if sum(card_points) != total or min(card_points) < 0:
        raise ValueError(f"card points must add up to {total} in {contract}, not {tuple(card_points)}")
    if sun and any(baloot):
        raise ValueError("Baloot exists only in Hokum")

    proj = tuple(sum(project_value(k, sun) for k in projects[t]) for t in (0, 1))
    bal = tuple(BALOOT_POINTS if baloot[t] else 0 for t in (0, 1))
    extras = (proj[0] + bal[0], proj[1] + bal[1])
    defenders = 1 - declarer_team
    raised = raise_level > NO_RAISE
    gahwa = raise_level == GAHWA_RAISE
    counting = counting_team_for(declarer_team, raise_level)

    if 8 in tricks:
        kt = tricks.index(8)
        base = 44 if sun else 25
        award = base * (min(raise_level, FOUR_RAISE) if raised else 1)
        pts = award + proj[kt] * (2 if raised else 1) + bal[kt]
        points = (pts, 0) if kt == 0 else (0, pts)
        return HandScore(
            points=(0, 0) if gahwa else points, winner=kt, match_winner=kt if gahwa else None,
            counting_team=counting, counted_points=card_points[counting],
            game_points=(award, 0) if kt == 0 else (0, award), project_points=extras,
            kaboot=True, tie=False,
            reason=f"Al-Kaboot: {_team(kt)} won all eight tricks",
        )

    full = 26 if sun else 16
    g = to_game_points(card_points[counting], sun)
    game = [0, 0]
    game[counting] = g
    game[1 - counting] = full - g
    totals = (game[0] + extras[0], game[1] + extras[1])
    tie = totals[0] == totals[1]
    units = card_points[counting] % 10
    if tie:
        winner = tie_winner(units, sun, counting, declarer_team)
        why = (f"tied at {totals[0]}; the counting team's {card_points[counting]} "
               f"ends in {units}, so {_team(winner)} win")
    else:
        winner = 0 if totals[0] > totals[1] else 1
        why = f"{_team(winner)} have more game points ({max(totals)} to {min(totals)})"

    if gahwa:
        return HandScore((0, 0), winner, winner, counting, card_points[counting], tuple_(game),
                         extras, False, tie, why + "; Gahwa: they win the match")
    if raised:
        everything = full * raise_level + 2 * (proj[0] + proj[1]) + bal[0] + bal[1]
        points = (everything, 0) if winner == 0 else (0, everything)
        why += f"; raised ×{raise_level}: the winners take everything"
    elif winner == declarer_team:
        points = totals
        why += "; the declarers made it: each team scores its own points"
    else:
        everything = full + proj[0] + proj[1] + bal[0] + bal[1]
        points = (everything, 0) if defenders == 0 else (0, everything)
        why += "; the declarers failed: the defenders score everything"
    return HandScore(points, winner, None, counting, card_points[counting], tuple_(game),
                     extras, False, tie, why)


def tuple_(xs: Sequence[int]) -> tuple[int, int]:
    return (xs[0], xs[1])


def _team(t: int) -> str:
    return "North-South" if t == 0 else "East-West"


def match_winner_after(totals: tuple[int, int], target: int = 152) -> int | None:
    """The team that has won the match, or None (nobody at the target, or tied at it or above)."""
    if max(totals) < target or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1
