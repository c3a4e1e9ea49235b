"""Scoring a hand exactly as docs/rules.md section 7 (Baloot, with the scoring variants (e)-(g)) and
section 8 (classic Belote), as pure functions.

`settle` is the scorer: plain ints in, a tuple out, no objects built (the search calls it at the
end of every playout); `score_hand` checks its inputs and explains its result in a HandScore.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .contract import ContractKind
from .projects import project_value
from .ranking import HOKUM_TOTAL, SUN_TOTAL
from .rules import MATCH_TARGET, Rules

NO_RAISE, DOUBLED, TRIPLED, FOUR_RAISE, GAHWA_RAISE = 1, 2, 3, 4, 5
RAISE_NAMES = {1: "", 2: "double", 3: "triple", 4: "four", 5: "gahwa"}
BALOOT_POINTS = 2

# Scoring variants, as bits of `variants` (Rules.scoring_variants()).
PROJECTS_TIMES_RAISE = 1
"""(e) projects are multiplied by the raise (x3, x4) instead of at most x2."""
BALOOT_HOLDER_ONLY = 2
"""(f) Baloot never goes to the team that takes everything: only its holder's team scores it."""
OPPONENTS_COUNT = 4
"""(g) the counting team is always the declarer's opponents."""



def variants_of(rules: Rules) -> int:
    """The scoring variants of a rule set, as the bits `settle` takes."""
    return ((PROJECTS_TIMES_RAISE if rules.projects_times_raise else 0)
            | (BALOOT_HOLDER_ONLY if rules.baloot_holder_only else 0)
            | (OPPONENTS_COUNT if rules.opponents_always_count else 0))


# Classic Belote (section 8).
BELOTE_POINTS = 20
BELOTE_MADE = 82
CAPOT_POINTS = 252
BELOTE_TOTAL = HOKUM_TOTAL


@dataclass(frozen=True)
class HandScore:
    points: tuple[int, int]
    """Points added to each team's match score (0 = North-South, 1 = East-West)."""
    winner: int
    """The team that won the hand (classic Belote: the team that scored more)."""
    match_winner: int | None
    """The team that wins the match outright by Gahwa, else None."""
    counting_team: int
    """Baloot: the team whose card points are counted (Belote: the takers)."""
    counted_points: int
    """The counting team's card points (last trick included)."""
    game_points: tuple[int, int]
    """Baloot: card points converted to game points, before projects (Al-Kaboot: the Kaboot
    award). Belote: the card points (capot: 252 to the team that took every trick)."""
    project_points: tuple[int, int]
    """Each team's scored projects and Baloot, unmultiplied (Belote: its belote, 20)."""
    kaboot: bool
    """One team took all eight tricks (Al-Kaboot; in Belote, capot)."""
    tie: bool
    reason: str
    """One sentence saying who won the hand and why."""
    held: int = 0
    """Classic Belote, 81-81: the takers' points held for the winner of the next played hand."""


Settlement = tuple[int, int, int, int, int, int, int, int]
"""(points to N-S, to E-W, hand winner, match winner by Gahwa or -1, counting team,
game points of N-S, of E-W, KABOOT | TIE | LITIGE bits)."""
KABOOT, TIE, LITIGE = 1, 2, 4


def counting_team_for(declarer_team: int, raise_level: int, variants: int = 0) -> int:
    """No raise: the defenders count. Double/Four: the declarers; Triple/Gahwa: the defenders.
    Variant (g): always the defenders."""
    if raise_level in (DOUBLED, FOUR_RAISE) and not variants & OPPONENTS_COUNT:
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


def settle(sun: bool, declarer_team: int, raise_level: int, points0: int, points1: int,
           tricks0: int, proj0: int, proj1: int, baloot_team: int, variants: int = 0,
           classic: bool = False) -> Settlement:
    """The score of a finished hand from plain ints, building no objects.

    points0/1: card points taken (last trick included); tricks0: tricks of North-South;
    proj0/1: each team's scored projects, unmultiplied; baloot_team: who holds Baloot (classic
    Belote: a belote announced in full), or -1; variants: the bits above; classic: Belote.
    """
    if classic:
        return _settle_belote(declarer_team, points0, points1, tricks0, baloot_team)
    bal0 = BALOOT_POINTS if baloot_team == 0 else 0
    bal1 = BALOOT_POINTS if baloot_team == 1 else 0
    raised = raise_level > NO_RAISE
    gahwa = raise_level == GAHWA_RAISE
    counting = counting_team_for(declarer_team, raise_level, variants)
    times = min(raise_level, FOUR_RAISE)
    proj_times = (times if variants & PROJECTS_TIMES_RAISE else 2) if raised else 1
    if tricks0 == 8 or tricks0 == 0:
        kt = 0 if tricks0 == 8 else 1
        award = (44 if sun else 25) * (times if raised else 1)
        g0, g1 = (award, 0) if kt == 0 else (0, award)
        if gahwa:
            return 0, 0, kt, kt, counting, g0, g1, KABOOT
        pts = award + (proj0 if kt == 0 else proj1) * proj_times + (bal0 if kt == 0 else bal1)
        return ((pts, 0) if kt == 0 else (0, pts)) + (kt, -1, counting, g0, g1, KABOOT)
    full = 26 if sun else 16
    cp = points0 if counting == 0 else points1
    g = to_game_points(cp, sun)
    g0 = g if counting == 0 else full - g
    g1 = full - g0
    t0 = g0 + proj0 + bal0
    t1 = g1 + proj1 + bal1
    tie = TIE if t0 == t1 else 0
    if tie:
        winner = tie_winner(cp % 10, sun, counting, declarer_team)
    else:
        winner = 0 if t0 > t1 else 1
    if gahwa:
        return 0, 0, winner, winner, counting, g0, g1, tie
    # what the winners take when they take everything: Baloot whoever held it, unless (f)
    bal = (bal0 if winner == 0 else bal1) if variants & BALOOT_HOLDER_ONLY else bal0 + bal1
    if raised:
        every = full * raise_level + proj_times * (proj0 + proj1) + bal
    elif winner == declarer_team:
        return t0, t1, winner, -1, counting, g0, g1, tie
    else:
        every = full + proj0 + proj1 + bal
    return ((every, 0) if winner == 0 else (0, every)) + (winner, -1, counting, g0, g1, tie)


def _settle_belote(takers: int, points0: int, points1: int, tricks0: int,
                   belote_team: int) -> Settlement:
    """docs/rules.md section 8: unrounded points, 82 to make (own belote counts), 162 to the
    defenders when the takers fail, 81-81 held, capot 252; belote is always its holder's."""
    bel = (BELOTE_POINTS if belote_team == 0 else 0, BELOTE_POINTS if belote_team == 1 else 0)
    pts = (points0, points1)
    defenders = 1 - takers
    if tricks0 == 8 or tricks0 == 0:
        kt = 0 if tricks0 == 8 else 1
        p = [bel[0], bel[1]]
        p[kt] += CAPOT_POINTS
        g = (CAPOT_POINTS, 0) if kt == 0 else (0, CAPOT_POINTS)
        return p[0], p[1], 0 if p[0] > p[1] else 1, -1, takers, g[0], g[1], KABOOT
    flags = 0
    p = [0, 0]
    if pts[takers] + bel[takers] >= BELOTE_MADE:
        p = [pts[0] + bel[0], pts[1] + bel[1]]
    elif pts[takers] == BELOTE_TOTAL // 2 and not bel[takers]:  # litige: the takers' 81 wait
        p[defenders] = pts[defenders] + bel[defenders]
        flags = LITIGE
    else:
        p[defenders] = BELOTE_TOTAL + bel[defenders]
        p[takers] = bel[takers]
    if p[0] == p[1]:
        flags |= TIE
    winner = takers if p[0] == p[1] else (0 if p[0] > p[1] else 1)
    return p[0], p[1], winner, -1, takers, points0, points1, flags


def score_hand(
    contract: str,
    declarer_team: int,
    raise_level: int,
    card_points: Sequence[int],
    tricks: Sequence[int],
    projects: Sequence[Sequence[str]],
    baloot: Sequence[bool],
    variants: int = 0,
    classic: bool = False,
) -> HandScore:
    """`settle` with its inputs checked and its result explained in a HandScore.

    classic: classic Belote, where `baloot` is each team's belote and `projects` are empty."""
    if contract not in (ContractKind.HOKUM, ContractKind.SUN):
        raise ValueError(f"contract must be 'hokum' or 'sun', not {contract!r}")
    if declarer_team not in (0, 1):
        raise ValueError(f"declarer_team must be 0 or 1, not {declarer_team!r}")
    sun = contract == ContractKind.SUN
    if raise_level not in (1, 2, 3, 4, 5) or (sun and raise_level > DOUBLED):
        raise ValueError(f"raise_level {raise_level} is not possible in {contract}")
    if classic and (sun or raise_level != NO_RAISE or any(projects[0]) or any(projects[1])):
        raise ValueError("classic Belote has only Hokum, no raise and no projects but belote")
    if sum(tricks) != 8 or min(tricks) < 0:
        raise ValueError(f"tricks must be two counts adding up to 8, not {tuple(tricks)}")
    total = SUN_TOTAL if sun else HOKUM_TOTAL
    if sum(card_points) != total or min(card_points) < 0:
        raise ValueError(f"card points must add up to {total} in {contract}, not {tuple(card_points)}")
    if sun and any(baloot):
        raise ValueError("Baloot exists only in Hokum")
    if all(baloot):
        raise ValueError("only one team can hold the King and Queen of trump")

    proj = tuple(sum(project_value(k, sun) for k in projects[t]) for t in (0, 1))
    bonus = BELOTE_POINTS if classic else BALOOT_POINTS
    bal = tuple(bonus if baloot[t] else 0 for t in (0, 1))
    extras = (proj[0] + bal[0], proj[1] + bal[1])
    baloot_team = 0 if baloot[0] else (1 if baloot[1] else -1)
    p0, p1, winner, mw, counting, g0, g1, bits = settle(
        sun, declarer_team, raise_level, card_points[0], card_points[1], tricks[0], proj[0],
        proj[1], baloot_team, variants, classic)
    counted = card_points[counting]
    match_winner = None if mw < 0 else mw
    kaboot, tie = bool(bits & KABOOT), bool(bits & TIE)
    if classic:
        why = _belote_reason(declarer_team, counted, (p0, p1), bits, winner, bal[declarer_team])
        return HandScore((p0, p1), winner, None, counting, counted, (g0, g1), extras, kaboot, tie,
                         why, held=counted if bits & LITIGE else 0)
    if kaboot:
        why = f"Al-Kaboot: {_team(winner)} won all eight tricks"
    elif tie:
        why = (f"tied at {g0 + extras[0]}; the counting team's {counted} "
               f"ends in {counted % 10}, so {_team(winner)} win")
    else:
        why = (f"{_team(winner)} have more game points "
               f"({max(g0 + extras[0], g1 + extras[1])} to {min(g0 + extras[0], g1 + extras[1])})")
    if kaboot:
        pass  # Al-Kaboot says it all (Gahwa included)
    elif match_winner is not None:
        why += "; Gahwa: they win the match"
    elif raise_level > NO_RAISE:
        why += f"; raised ×{raise_level}: the winners take everything"
    elif winner == declarer_team:
        why += "; the declarers made it: each team scores its own points"
    else:
        why += "; the declarers failed: the defenders score everything"
    return HandScore((p0, p1), winner, match_winner, counting, counted, (g0, g1), extras,
                     kaboot, tie, why)


def _belote_reason(takers: int, counted: int, points: tuple[int, int], bits: int, winner: int,
                   own_belote: int) -> str:
    if bits & KABOOT:
        return f"capot: {_team(winner)} won all eight tricks"
    total = counted + own_belote
    if bits & LITIGE:
        return (f"81 to 81: the takers' {counted} points are held for the winner of the next "
                f"hand")
    if total >= BELOTE_MADE:
        return f"the takers made it with {total} ({BELOTE_MADE} needed): each team scores its points"
    return (f"the takers have {total}, short of {BELOTE_MADE}: the defenders score "
            f"{BELOTE_TOTAL}")


def _team(t: int) -> str:
    return "North-South" if t == 0 else "East-West"


def match_winner_after(totals: tuple[int, int], target: int = MATCH_TARGET) -> int | None:
    """The team that has won the match, or None (nobody at the target, or tied at it or above)."""
    if max(totals) < target or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1
