"""docs/rules.md section 7: the 14 worked examples (plus 2b) and the special cases."""

from __future__ import annotations

import pytest

from game.scoring import score_hand, to_game_points

# (row, contract, declarer team, raise, counting team, its card points, projects, baloot, N-S, E-W)
NS, EW = 0, 1
ROWS = [
    ("1", "hokum", EW, 1, NS, 77, {}, None, 8, 8),
    ("2", "hokum", NS, 1, EW, 91, {}, NS, 9, 9),
    ("2b", "hokum", NS, 1, EW, 92, {}, NS, 0, 18),
    ("3", "hokum", EW, 1, NS, 56, {NS: ["fifty"]}, None, 21, 0),
    ("4", "hokum", EW, 2, EW, 106, {NS: ["fifty"]}, None, 0, 42),
    ("5", "sun", NS, 1, EW, 66, {NS: ["fifty"]}, None, 22, 14),
    ("6", "sun", NS, 1, EW, 55, {EW: ["sira"]}, None, 15, 15),
    ("7", "sun", NS, 1, EW, 41, {EW: ["fifty"]}, None, 0, 36),
    ("8", "sun", EW, 2, EW, 67, {}, None, 0, 52),
    ("9", "sun", NS, 1, EW, 65, {}, None, 13, 13),
    ("10", "sun", NS, 2, NS, 65, {}, None, 52, 0),
    ("11", "sun", NS, 1, EW, 39, {EW: ["fifty"]}, None, 18, 18),
    ("12", "hokum", NS, 1, EW, 81, {}, None, 8, 8),
    ("13", "hokum", NS, 1, EW, 82, {}, None, 0, 16),
    ("14", "hokum", NS, 1, EW, 80, {}, None, 8, 8),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_worked_examples(row: tuple) -> None:  # type: ignore[type-arg]
    _, contract, decl, raise_level, counting, pts, projects, baloot_team, ns, ew = row
    total = 130 if contract == "sun" else 162
    card_points = [0, 0]
    card_points[counting] = pts
    card_points[1 - counting] = total - pts
    r = score_hand(contract=contract, declarer_team=decl, raise_level=raise_level,
                   card_points=tuple(card_points), tricks=(4, 4),
                   projects=(tuple(projects.get(NS, ())), tuple(projects.get(EW, ()))),
                   baloot=(baloot_team == NS, baloot_team == EW))
    assert r.points == (ns, ew)
    assert r.counting_team == counting
    assert r.match_winner is None


def test_interface_example_from_the_issue() -> None:
    r = score_hand(contract="hokum", declarer_team=0, raise_level=1, card_points=(77, 85),
                   tricks=(4, 4), projects=((), ("fifty",)), baloot=(False, False))
    # E-W count 85 -> 8, N-S 8; E-W fifty +5: 13 > 8, the declarers lose: E-W take 16 + 5.
    assert r.points == (0, 21)
    assert r.winner == 1


@pytest.mark.parametrize(("pts", "sun", "expected"), [
    (77, False, 8), (85, False, 8), (86, False, 9), (5, False, 0), (162, False, 16),
    (66, True, 14), (65, True, 13), (64, True, 12), (55, True, 11), (41, True, 8), (130, True, 26),
])
def test_rounding(pts: int, sun: bool, expected: int) -> None:
    assert to_game_points(pts, sun) == expected


@pytest.mark.parametrize(("contract", "raise_level", "kaboot_points"), [
    ("hokum", 1, 25), ("sun", 1, 44), ("hokum", 2, 50), ("sun", 2, 88), ("hokum", 3, 75),
    ("hokum", 4, 100),
])
def test_al_kaboot(contract: str, raise_level: int, kaboot_points: int) -> None:
    total = 130 if contract == "sun" else 162
    r = score_hand(contract=contract, declarer_team=0, raise_level=raise_level,
                   card_points=(total, 0), tricks=(8, 0), projects=((), ()), baloot=(False, False))
    assert r.points == (kaboot_points, 0) and r.kaboot and r.winner == 0


def test_al_kaboot_adds_own_projects_and_baloot_but_not_the_others() -> None:
    r = score_hand(contract="hokum", declarer_team=1, raise_level=1, card_points=(162, 0),
                   tricks=(8, 0), projects=(("fifty",), ()), baloot=(True, False))
    assert r.points == (25 + 5 + 2, 0)
    r = score_hand(contract="hokum", declarer_team=0, raise_level=2, card_points=(162, 0),
                   tricks=(8, 0), projects=(("sira",), ()), baloot=(True, False))
    assert r.points == (50 + 4 + 2, 0)  # doubled: projects x2, Baloot stays 2
    r = score_hand(contract="sun", declarer_team=0, raise_level=1, card_points=(0, 130),
                   tricks=(0, 8), projects=(("hundred",), ()), baloot=(False, False))
    assert r.points == (0, 44)  # the side without a trick scores nothing, projects included


def test_raised_game_winner_takes_everything_with_projects_doubled() -> None:
    # Tripled Hokum: the defenders count; declarers N-S win 90-72.
    r = score_hand(contract="hokum", declarer_team=0, raise_level=3, card_points=(100, 62),
                   tricks=(5, 3), projects=(("sira", "fifty"), ()), baloot=(False, True))
    assert r.counting_team == 1
    assert r.points == (48 + 2 * (2 + 5) + 2, 0)
    r4 = score_hand(contract="hokum", declarer_team=0, raise_level=4, card_points=(100, 62),
                    tricks=(5, 3), projects=((), ()), baloot=(False, False))
    assert r4.points == (64, 0)


def test_gahwa_wins_the_match() -> None:
    r = score_hand(contract="hokum", declarer_team=0, raise_level=5, card_points=(50, 112),
                   tricks=(3, 5), projects=((), ()), baloot=(False, False))
    assert r.winner == 1 and r.match_winner == 1


def test_no_raise_declarers_lose_defenders_take_all_projects_and_baloot() -> None:
    # E-W count 122 -> 12; N-S 4 + fifty 5 + Baloot 2 = 11: the declarers lose.
    r = score_hand(contract="hokum", declarer_team=0, raise_level=1, card_points=(40, 122),
                   tricks=(3, 5), projects=(("fifty",), ()), baloot=(True, False))
    assert r.points == (0, 16 + 5 + 2)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"contract": "nil"}, "contract must be"),
    ({"raise_level": 3, "contract": "sun", "card_points": (65, 65)}, "not possible in sun"),
    ({"card_points": (80, 80)}, "add up to 162"),
    ({"tricks": (4, 3)}, "adding up to 8"),
    ({"projects": (("dozen",), ())}, "unknown project"),
])
def test_bad_input_is_explained(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    args = {"contract": "hokum", "declarer_team": 0, "raise_level": 1, "card_points": (81, 81),
            "tricks": (4, 4), "projects": ((), ()), "baloot": (False, False)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        score_hand(**args)
