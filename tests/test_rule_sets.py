"""docs/rules.md section 8 (classic Belote) and the Baloot variants (b)-(g): the worked examples B1-B7,
the section 7 table under each scoring variant that changes a row, Belote's legal cards seat by
seat, the bidding scenarios, belote-rebelote, 81-81 held points, presets and the notation.

Every expected value below is worked out from the rule text, not from the code."""

from __future__ import annotations

import random

import pytest

from game.actions import (
    ASHKAL,
    HOKUM,
    KAWESH,
    PASS,
    SUN,
    action_str,
    announced,
    hokum_suit,
    parse_action,
)
from game.cards import CLUBS, DIAMONDS, EAST, HEARTS, NORTH, SOUTH, SPADES, WEST, parse_card
from game.errors import IllegalActionError
from game.events import BalootCalled, BeloteAnnounced, HandScored, HeldPointsAwarded
from game.match import MatchState
from game.notation import from_notation, to_notation
from game.phase import Phase
from game.record import random_match, record_of, replay
from game.rules import Rules, RuleSet
from game.scoring import (
    BALOOT_HOLDER_ONLY,
    OPPONENTS_COUNT,
    PROJECTS_TIMES_RAISE,
    score_hand,
    settle,
)
from tests.helpers import legal_strs, play_position

NS, EW = 0, 1


# ----- B1-B7: classic Belote scoring (N-S take unless said) --------------------------------------

# (row, takers, N-S card points, belote team, tricks of N-S, N-S gets, E-W gets, points held)
BELOTE_ROWS = [
    ("B1", NS, 90, None, 5, 90, 72, 0),
    ("B2", NS, 81, None, 4, 0, 81, 81),
    ("B3", NS, 70, NS, 4, 90, 92, 0),
    ("B4", NS, 75, EW, 4, 0, 182, 0),
    ("B5", NS, 62, NS, 3, 82, 100, 0),
    ("B6", NS, 162, None, 8, 252, 0, 0),
    ("B7", EW, 0, EW, 0, 0, 272, 0),
]


@pytest.mark.parametrize("row", BELOTE_ROWS, ids=[r[0] for r in BELOTE_ROWS])
def test_belote_worked_examples(row: tuple) -> None:  # type: ignore[type-arg]
    _, takers, ns_points, belote, ns_tricks, ns, ew, held = row
    r = score_hand("hokum", takers, 1, (ns_points, 162 - ns_points), (ns_tricks, 8 - ns_tricks),
                   ((), ()), (belote == NS, belote == EW), classic=True)
    assert r.points == (ns, ew)
    assert r.held == held
    assert r.kaboot == (ns_tricks in (0, 8))


def test_belote_failed_gives_the_takers_only_their_belote() -> None:
    # N-S take with 60 and their belote: 80 < 82, failed: E-W 162, N-S keep their 20.
    r = score_hand("hokum", NS, 1, (60, 102), (3, 5), ((), ()), (True, False), classic=True)
    assert r.points == (20, 162)
    # 81 with their own belote is 101: made, not 81-81.
    r = score_hand("hokum", NS, 1, (81, 81), (4, 4), ((), ()), (True, False), classic=True)
    assert r.points == (101, 81) and r.held == 0


# ----- section 7 under the scoring variants -------------------------------------------------------

def baloot_row(contract: str, decl: int, raise_level: int, counting: int, pts: int,
               projects: dict[int, list[str]], baloot: int | None, variants: int) -> tuple[int, int]:
    total = 130 if contract == "sun" else 162
    cards = [0, 0]
    cards[counting] = pts
    cards[1 - counting] = total - pts
    return score_hand(contract, decl, raise_level, tuple(cards), (4, 4),
                      (tuple(projects.get(NS, ())), tuple(projects.get(EW, ()))),
                      (baloot == NS, baloot == EW), variants=variants).points


def test_variant_f_the_holders_baloot_is_lost_to_the_team_that_takes_all() -> None:
    # Row 2b: Hokum by N, E-W count 92 (9), N-S 7 + Baloot 2 = 9: tied, units 2, so the counting
    # team (E-W) wins and takes everything: 16 + Baloot 2 = 18. With (f) N-S's Baloot is lost: 16.
    assert baloot_row("hokum", NS, 1, EW, 92, {}, NS, 0) == (0, 18)
    assert baloot_row("hokum", NS, 1, EW, 92, {}, NS, BALOOT_HOLDER_ONLY) == (0, 16)
    # A raised hand: Hokum by S doubled, N-S count 50 (5), E-W 11 win; Baloot N-S lost with (f).
    assert baloot_row("hokum", NS, 2, NS, 50, {}, NS, 0) == (0, 34)
    assert baloot_row("hokum", NS, 2, NS, 50, {}, NS, BALOOT_HOLDER_ONLY) == (0, 32)


def test_variant_g_the_opponents_always_count() -> None:
    # Row 4: Hokum by W doubled by N; normally E-W count 106 (11), N-S 5 + Fifty 5 = 10: E-W take
    # 32 + 2 x 5 = 42. With (g) N-S count 56 (6), E-W 10; N-S 6 + 5 = 11 > 10: N-S take 42.
    assert baloot_row("hokum", EW, 2, EW, 106, {NS: ["fifty"]}, None, 0) == (0, 42)
    assert baloot_row("hokum", EW, 2, NS, 56, {NS: ["fifty"]}, None, OPPONENTS_COUNT) == (42, 0)


def test_variant_e_projects_times_the_raise() -> None:
    # Hokum by N tripled: the defenders (E-W) count 60 (6), N-S 10 + Fifty 5 = 15: N-S take
    # 16 x 3 + projects x 2 = 58; with (e) x 3: 48 + 15 = 63. Four: 64 + 10 = 74, with (e) 64 + 20.
    assert baloot_row("hokum", NS, 3, EW, 60, {NS: ["fifty"]}, None, 0) == (58, 0)
    assert baloot_row("hokum", NS, 3, EW, 60, {NS: ["fifty"]}, None, PROJECTS_TIMES_RAISE) == (63, 0)
    assert baloot_row("hokum", NS, 4, NS, 102, {NS: ["fifty"]}, None, 0) == (74, 0)
    assert baloot_row("hokum", NS, 4, NS, 102, {NS: ["fifty"]}, None, PROJECTS_TIMES_RAISE) == (84, 0)
    # Al-Kaboot tripled: 75 + the Fifty x 2 (x 3 with (e)).
    assert settle(False, NS, 3, 162, 0, 8, 5, 0, -1, 0)[:2] == (85, 0)
    assert settle(False, NS, 3, 162, 0, 8, 5, 0, -1, PROJECTS_TIMES_RAISE)[:2] == (90, 0)


def test_the_variants_leave_the_unraised_table_alone() -> None:
    every = PROJECTS_TIMES_RAISE | BALOOT_HOLDER_ONLY | OPPONENTS_COUNT
    # rows 1, 3, 5, 6, 7, 9 and 11 of section 7: no raise, nobody's Baloot taken by others
    assert baloot_row("hokum", EW, 1, NS, 77, {}, None, every) == (8, 8)
    assert baloot_row("hokum", EW, 1, NS, 56, {NS: ["fifty"]}, None, every) == (21, 0)
    assert baloot_row("sun", NS, 1, EW, 66, {NS: ["fifty"]}, None, every) == (22, 14)
    assert baloot_row("sun", NS, 1, EW, 41, {EW: ["fifty"]}, None, every) == (0, 36)


# ----- Belote: who may play what ------------------------------------------------------------------

# Classic Belote, hearts trump. South leads; East 2nd, North 3rd (South's partner), West 4th.
BELOTE_CASES = [
    ("2nd cannot follow: must trump",
     ("KS 7D 8D", "7H 9D 8C", "8S 10D JD", "AS QD KD"), "KS", {"7H"}),
    ("3rd, partner leads a King with the Ace out: anything (partner winning)",
     ("KS 7D 8D", "7S 9C 10C", "8H 9D 8C", "AS QD KD"), "KS 7S", {"8H", "9D", "8C"}),
    ("3rd, 2nd seat trumped: must overtrump",
     ("KS 7D 8D", "QH 9C 10C", "7H KH 9D", "AS QD KD"), "KS QH", {"KH"}),
    ("3rd, 2nd seat trumped too high: still trump (undertrump)",
     ("KS 7D 8D", "JH 9C 10C", "7H 8H 9D", "AS QD KD"), "KS JH", {"7H", "8H"}),
    ("4th, partner (2nd) winning by a trump: anything",
     ("KS 7D 8D", "9H 9C 10C", "7S 9D 10D", "7H QD KD"), "KS 9H 7S", {"7H", "QD", "KD"}),
    ("4th, opponent trumped, cannot overtrump: must still trump",
     ("KS 7D 8D", "7S 9C 10C", "JH 10D JD", "7H QD KD"), "KS 7S JH", {"7H"}),
    ("trump led, partner winning: must beat it anyway (Baloot: any trump)",
     ("QH 7D 8D", "7H 10C 9D", "9H 8H 10D", "AS QD KD"), "QH 7H", {"9H"}),
    ("trump led, cannot beat: any trump",
     ("JH 7D 8D", "7H 8H 9D", "8S 10D KD", "AS QD JD"), "JH", {"7H", "8H"}),
]


@pytest.mark.parametrize("case", BELOTE_CASES, ids=[c[0] for c in BELOTE_CASES])
def test_belote_legality(case: tuple[str, tuple[str, str, str, str], str, set[str]]) -> None:
    _, (s, e, n, w), moves, expected = case
    state = play_position({"S": s, "E": e, "N": n, "W": w}, trump="H",
                          moves=moves.replace(" ", ","), rules="belote")
    assert legal_strs(state) == expected


def test_belote_has_no_ekka_and_no_lock() -> None:
    # Baloot: with the A and 10 gone the K is an Ekka and the 3rd seat may discard; Belote: no Ekka,
    # but the partner is winning anyway, so anything (the point is that no Ekka is announced).
    state = play_position({"S": "KS 7D 8D", "E": "7S 9C 10C", "N": "8H 9D 8C", "W": "QS QD KD"},
                          rules="belote")
    events = state.apply(parse_card("KS"))
    assert not state.ekka and not any(getattr(e, "ekka", False) for e in events)


# ----- Belote: bidding and the deal ---------------------------------------------------------------

# South deals: East is P1, North P2, West P3, South P4; the buying card is the J of diamonds.
DEAL = ("deal rules=belote dealer=S score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H "
        "N=9H.10H.JH.QH.KH W=AH.7D.8D.9D.10D buy=JD stock=QD.KD.AD.7C.8C.9C.10C.JC.QC.KC.AC moves=-")


def test_belote_round_one_takes_the_buying_cards_suit_at_once() -> None:
    s = from_notation(DEAL)
    assert s.legal_actions() == [PASS, HOKUM]
    s.apply(PASS)
    s.apply(HOKUM)  # North takes: no overcall, no doubling
    c = s.contract
    assert c is not None and c.trump == DIAMONDS and c.declarer == NORTH and c.raise_level == 1
    assert s.phase is Phase.PLAYING and s.to_move() == EAST  # P1 leads the first trick
    assert s.hands[NORTH] >> parse_card("JD") & 1 and all(s.hand_size(p) == 8 for p in range(4))
    assert s.available == [(), (), (), ()]  # no projects in Belote


def test_belote_round_two_names_another_suit_and_all_pass_twice_redeals() -> None:
    s = from_notation(DEAL)
    for _ in range(4):
        s.apply(PASS)
    assert s.legal_actions() == [PASS, hokum_suit(SPADES), hokum_suit(HEARTS), hokum_suit(CLUBS)]
    with pytest.raises(IllegalActionError):
        s.apply(SUN)
    s.apply(hokum_suit(CLUBS))
    assert s.contract is not None and s.contract.trump == CLUBS and s.contract.declarer == EAST
    m = MatchState(seed=4, rules=Rules.preset("belote"))
    dealer = m.dealer
    for _ in range(8):
        m.apply(PASS)
    assert m.hand_number == 2 and m.dealer == (dealer + 1) % 4 and m.scores == (0, 0)


def test_belote_rebelote_announced_with_each_card_scores_twenty() -> None:
    # Hearts trump, N-S take (S). South holds K and Q of hearts and announces both.
    hands = {"S": "KH QH 7S", "E": "7C 8C 9C", "N": "8S 9S 10S", "W": "7D 8D 9D"}
    s = play_position(hands, trump="H", rules="belote")
    assert announced(parse_card("KH")) in s.legal_actions()
    assert announced(parse_card("QH")) not in s.legal_actions()  # the King first
    events = s.apply(announced(parse_card("KH")))
    assert [e.rebelote for e in events if isinstance(e, BeloteAnnounced)] == [False]
    for card in ("7C", "8S", "7D"):
        s.apply(parse_card(card))
    assert announced(parse_card("QH")) in s.legal_actions()
    events = s.apply(announced(parse_card("QH")))
    assert [e.rebelote for e in events if isinstance(e, BeloteAnnounced)] == [True]
    assert not any(isinstance(e, BalootCalled) for e in events)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.baloot_seat == SOUTH and s.result is not None
    assert s.result.project_points == (20, 0)


@pytest.mark.parametrize("first", ["KH", "KH!", "QH"])
def test_belote_forgotten_or_out_of_order_is_lost(first: str) -> None:
    hands = {"S": "KH QH 7S", "E": "7C 8C 9C", "N": "8S 9S 10S", "W": "7D 8D 9D"}
    s = play_position(hands, trump="H", rules="belote")
    s.apply(parse_action(first))
    for card in ("7C", "8S", "7D"):
        s.apply(parse_card(card))
    # the second card: announcing it is possible only after an announced King
    second = "QH" if first.startswith("K") else "KH"
    s.apply(parse_card(second))  # played without announcing
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.baloot_seat is None and s.result is not None
    assert s.result.project_points == (0, 0)


def test_held_points_go_to_the_winner_of_the_next_played_hand() -> None:
    rules = Rules.preset("belote")
    for seed in range(400):
        m = random_match(seed, seed, rules)
        for i, h in enumerate(m.sheet):
            if h.score is not None and h.score.held:
                later = [x for x in m.sheet[i + 1:] if x.score is not None]
                nxt = next((x for x in later if not x.score.held
                            and x.score.points[0] != x.score.points[1]), None)
                if nxt is None:
                    continue
                team = 0 if nxt.score.points[0] > nxt.score.points[1] else 1
                assert nxt.held_awarded[team] >= 81 and nxt.held_awarded[1 - team] == 0
                return
    raise AssertionError("no 81-81 hand followed by a decided hand in 400 random matches")


def test_belote_match_to_1000_through_the_same_interface() -> None:
    m = MatchState(7, rules=Rules.preset("belote"))
    rng = random.Random(3)
    awarded = 0
    while not m.is_over():
        obs = m.observation(m.to_move() or 0)
        assert obs.rules.belote and set(obs.legal_actions) == set(m.legal_actions())
        for e in m.apply(rng.choice(m.legal_actions())):
            if isinstance(e, HeldPointsAwarded):
                awarded += e.points
            if isinstance(e, HandScored):
                assert e.contract.trump >= 0  # Hokum only
    assert max(m.scores) >= 1000 and m.scores[0] != m.scores[1]
    assert replay(record_of(m)).scores == m.scores


# ----- the Baloot bidding variants ----------------------------------------------------------------

BALOOT_DEAL = DEAL.replace("rules=belote", "rules=-")


def test_b_kawesh_also_after_an_earlier_bid_in_round_one() -> None:
    text = ("deal rules=K dealer=S score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.AH.10D "
            "N=9H.10H.JH.QH.KH W=7H.8H.9C.7D.8D buy=JD stock=QD.KD.AD.7C.8C.9D.10C.JC.QC.KC.AC "
            "moves=-")  # West's five are all 7, 8 or 9
    s = from_notation(text)
    s.apply(HOKUM)  # East (P1) bids Hokum; West is offered Sun in its turn and may annul instead
    while s.to_move() != WEST:
        s.apply(PASS)
    assert KAWESH in s.legal_actions()
    s.apply(KAWESH)
    assert s.is_over() and s.result is None
    # not in round 2
    s = from_notation(text)
    for _ in range(4):
        s.apply(PASS)
    assert s.bidding.round == 2
    while s.to_move() != WEST:
        s.apply(PASS)
    assert KAWESH not in s.legal_actions()


def test_c_third_round_on_an_ace_for_p1_only() -> None:
    text = BALOOT_DEAL.replace("buy=JD", "buy=AD").replace("stock=QD.KD.AD", "stock=QD.KD.JD")
    s = from_notation(text.replace("rules=-", "rules=C"))
    for _ in range(8):
        s.apply(PASS)
    assert s.phase is Phase.BIDDING and s.bidding.round == 3 and s.to_move() == EAST
    assert s.legal_actions() == [PASS, SUN, hokum_suit(0), hokum_suit(1), hokum_suit(2), hokum_suit(3)]
    s.apply(hokum_suit(DIAMONDS))  # the buying card's suit is allowed in the third round
    assert s.contract is not None and s.contract.trump == DIAMONDS and s.contract.declarer == EAST
    # P1 passes: thrown in
    s = from_notation(text.replace("rules=-", "rules=C"))
    for _ in range(9):
        s.apply(PASS)
    assert s.is_over() and s.result is None
    # not on another buying card, nor without the variant
    for t in (BALOOT_DEAL.replace("rules=-", "rules=C"), text):
        s = from_notation(t)
        for _ in range(8):
            s.apply(PASS)
        assert s.is_over()


def test_d_riyadh_ashkal_in_round_two() -> None:
    s = from_notation(BALOOT_DEAL.replace("rules=-", "rules=D"))
    for _ in range(4):
        s.apply(PASS)
    assert ASHKAL not in s.legal_actions()  # P1
    s.apply(PASS)
    assert ASHKAL not in s.legal_actions()  # P2
    s.apply(PASS)
    assert s.to_move() == WEST and ASHKAL in s.legal_actions()  # P3
    s.apply(ASHKAL)
    c = s.contract
    assert c is not None and c.sun and c.declarer == EAST and c.bidder == WEST
    plain = from_notation(BALOOT_DEAL)
    for _ in range(6):
        plain.apply(PASS)
    assert ASHKAL not in plain.legal_actions()


# ----- presets, notation, records -----------------------------------------------------------------

def test_presets() -> None:
    assert Rules.preset("saudi") == Rules()
    assert Rules.preset("riyadh") == Rules(third_round_on_ace=True, riyadh_ashkal=True)
    belote = Rules.preset("belote")
    assert belote.game is RuleSet.BELOTE and belote.target == 1000 and Rules().target == 152
    assert [Rules.preset(n).preset_name() for n in ("saudi", "riyadh", "belote")] == \
        ["saudi", "riyadh", "belote"]
    with pytest.raises(ValueError, match="unknown preset"):
        Rules.preset("poker")


@pytest.mark.parametrize("rules", [Rules.preset("belote"), Rules.preset("riyadh"),
                                   Rules(game=RuleSet.BELOTE, declarer_leads=True),
                                   Rules(projects_times_raise=True, baloot_holder_only=True,
                                         opponents_always_count=True)])
def test_the_rule_set_round_trips_in_notation_and_records(rules: Rules) -> None:
    assert Rules.from_flags(rules.flags()) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    m = random_match(5, 5, rules)
    assert replay(record_of(m)).rules == rules
    s = MatchState(9, rules).round
    again = from_notation(to_notation(s))
    assert again.rules == rules and to_notation(again) == to_notation(s)


def test_announced_actions_round_trip() -> None:
    a = announced(parse_card("KH"))
    assert action_str(a) == "KH!" and parse_action("KH!") == a
    assert SOUTH == 0 and HEARTS == 1  # the fixtures above rely on these
