"""Announcements (keys C, A, F, S, Space) from positions built with the engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.actions import parse_action
from game.cards import SEAT_LETTERS, cards_str, parse_cards
from game.notation import from_notation
from game.ranking import mask_points
from game.state import RoundState
from tests.helpers import apply_all, play_position
from ui import i18n
from ui.audio.announce import KEYS, announce

HANDS = {"S": "KS 7D 8D", "E": "7S AS 9H", "N": "8S 9D 10D", "W": "QS QD JD"}
NAMES = ("Me", "Fahad", "Noura", "Saad")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _play_line(hands: dict[str, str], *, contract: str = "hokum/H/S/S/x1/open/-", score: str = "0-0",
               lead: str = "S", won: str = "0-0", done: int = 0, projects: str = "-", pteam: str = "-",
               baloot: str = "-", moves: str = "-") -> RoundState:
    masks = {s: parse_cards(hands[s]) for s in SEAT_LETTERS}
    played = ((1 << 32) - 1) ^ masks["S"] ^ masks["E"] ^ masks["N"] ^ masks["W"]
    trump = contract.split("/")[1]
    pts = mask_points(played, -1 if trump == "-" else "SHDC".index(trump))
    a, b = (int(x) for x in won.split("-"))
    points = f"{pts}-0" if b == 0 else f"{pts - 20}-20" if a else f"0-{pts}"
    text = (f"play rules=- dealer=W score={score} contract={contract} "
            + " ".join(f"{s}={cards_str(masks[s], sep='.')}" for s in SEAT_LETTERS)
            + f" lead={lead} done={done} won={won} points={points} projects={projects} pteam={pteam}"
            + f" baloot={baloot} moves={moves}")
    return from_notation(text)


# ----- C ---------------------------------------------------------------------------------------

def test_cards_on_the_table() -> None:
    state = play_position(HANDS, moves="KS,7S")
    obs = state.observation(0)
    ann = announce("c", obs)
    assert ann.key == "c"
    assert ann.text == "On the table: You: K♠, East: 7♠, North to play"
    assert ann.speech == "On the table: You: King of Spades, East: Seven of Spades, North to play"
    assert announce("C", obs, NAMES).text == "On the table: Me: K♠, Fahad: 7♠, Noura to play"


def test_cards_on_the_table_when_empty_and_your_turn() -> None:
    obs = play_position(HANDS).observation(0)
    assert announce("c", obs).text == "No cards on the table, your turn"
    # East led; the trick goes East, North, West, then South
    state = play_position(HANDS, lead="E", moves="AS,8S,QS")
    assert announce("c", state.observation(0)).text == (
        "On the table: East: A♠, North: 8♠, West: Q♠, your turn")


def test_cards_on_the_table_after_a_trick_is_taken() -> None:
    state = play_position(HANDS, moves="KS,7S,8S,QS")
    assert announce("c", state.observation(0)).text.startswith("No cards on the table")


# ----- A ---------------------------------------------------------------------------------------

def test_trump_in_hokum_sun_and_raised() -> None:
    obs = play_position(HANDS).observation(0)
    assert announce("a", obs).text == "Trump: ♥ Hearts (Hokum, you took it)"
    assert announce("a", obs).speech == "Trump: Hearts (Hokum, you took it)"
    east = play_position(HANDS, declarer="E").observation(0)
    assert announce("a", east, NAMES).text == "Trump: ♥ Hearts (Hokum, taken by Fahad)"
    locked = play_position(HANDS, locked=True, declarer="N").observation(0)
    assert announce("a", locked).text == "Trump: ♥ Hearts (Hokum, taken by North), ×2, locked"
    sun = play_position(HANDS, trump="-", declarer="W").observation(0)
    assert announce("a", sun).text == "Sun: no trump (taken by West)"


def test_trump_not_decided_while_bidding() -> None:
    state = from_notation(
        "deal rules=- dealer=S score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H N=9H.10H.JH.QH.KH "
        "W=AH.7D.8D.9D.10D buy=JD stock=QD.KD.AD.7C.8C.9C.10C.JC.QC.KC.AC moves=-")
    ann = announce("a", state.observation(0))
    assert ann.text == "No trump yet: bidding, round 1, the buying card is J♦"
    assert ann.speech == "No trump yet: bidding, round 1, the buying card is Jack of Diamonds"
    for _ in range(4):
        state.apply(parse_action("pass"))
    assert "round 2" in announce("a", state.observation(0)).text
    assert announce("space", state.observation(0)).text == "No Baloot before the bidding ends"
    assert announce("f", state.observation(0)).text == "No suit led yet"
    assert announce("c", state.observation(0)).text == "No cards on the table"


# ----- F ---------------------------------------------------------------------------------------

def test_suit_led() -> None:
    assert announce("f", play_position(HANDS).observation(0)).text == "No suit led yet: you lead"
    assert announce("f", play_position(HANDS, lead="E").observation(0), NAMES).text == (
        "No suit led yet: Fahad leads")
    ann = announce("f", play_position(HANDS, moves="KS").observation(0))
    assert ann.text == "Suit led: ♠ Spades, you led" and ann.speech == "Suit led: Spades, you led"
    west = play_position(HANDS, lead="W", moves="JD").observation(0)
    assert announce("f", west).text == "Suit led: ♦ Diamonds, led by West"


# ----- S ---------------------------------------------------------------------------------------

def test_scores() -> None:
    hands = {"S": "QH 9D", "E": "10D KD", "N": "QC KC", "W": "7C 10C"}
    state = _play_line(hands, contract="hokum/H/N/N/x1/open/-", score="100-52", lead="N", done=6,
                       won="4-2", moves="KC,7C")
    obs = state.observation(0)
    pts = obs.points
    text = announce("s", obs).text
    assert text == (f"Match: Us 100, Them 52, playing to 152. This hand: Us 4 tricks and {pts[0]} card "
                    f"points, Them 2 tricks and {pts[1]} card points")
    # East sees the same hand from the other side
    east = announce("s", state.observation(1)).text
    assert east.startswith("Match: Us 52, Them 100") and f"Us 2 tricks and {pts[1]}" in east
    later = announce("s", play_position(HANDS).observation(0)).text  # 5 tricks done, all ours
    assert later.endswith("This hand: Us 5 tricks and 105 card points, Them 0 tricks and 0 card points")
    full = {"S": "7S 8S 9S 10S JS QS KS AS", "E": "7H 8H 9H 10H JH QH KH AH",
            "N": "7D 8D 9D 10D JD QD KD AD", "W": "7C 8C 9C 10C JC QC KC AC"}
    start = announce("s", _play_line(full).observation(0)).text
    assert start == "Match: Us 0, Them 0, playing to 152. This hand: no tricks yet"


# ----- Space -----------------------------------------------------------------------------------

def test_baloot_status() -> None:
    hands = {"S": "KH QH 7D", "E": "7S AS 8C", "N": "8S 9D 10D", "W": "QS QD JD"}
    state = play_position(hands)
    assert announce("space", state.observation(0)).text.startswith("You hold Baloot")
    assert announce("space", state.observation(1)).text == "No Baloot called"
    # South plays the King, then the Queen: the engine calls Baloot
    apply_all(state, "KH 7S 8S QS")
    assert announce("space", state.observation(0)).text.startswith("You hold Baloot")
    events = apply_all(state, "QH")
    assert any(type(e).__name__ == "BalootCalled" for e in events)
    assert announce(" SPACE".strip(), state.observation(0)).text == "You called Baloot (+2 for Us)"
    assert announce("space", state.observation(1), NAMES).text == "Me called Baloot (+2 for Them)"
    assert announce("space", state.observation(2)).text == "South called Baloot (+2 for Us)"


def test_baloot_called_before_the_position_and_in_sun() -> None:
    hands = {"S": "QH 9D", "E": "10D KD", "N": "QC KC", "W": "7C 10C"}
    called = _play_line(hands, done=6, won="4-2", baloot="E")
    assert announce("space", called.observation(0)).text == "East called Baloot (+2 for Them)"
    assert announce("space", called.observation(3)).text == "East called Baloot (+2 for Us)"
    sun = play_position({"S": "KH QH 7D", "E": "7S AS 9H", "N": "8S 9D 10D", "W": "QS QD JD"}, trump="-")
    assert announce("space", sun.observation(0)).text == "No Baloot in Sun"


def test_baloot_inside_a_shown_hundred_does_not_count() -> None:
    hands = {"S": "9H 10H JH QH KH 7S 8S", "E": "7D 8D 9D 10D JD QD KD",
             "N": "7C 8C 9C 10C JC QC KC", "W": "AS KS QS JS 10S 9S AD"}
    state = _play_line(hands, done=1, won="1-0", lead="S",
                       projects="S:hundred(9H.10H.JH.QH.KH)", pteam="0")
    assert announce("space", state.observation(0)).text.startswith("Your King and Queen of trump")


# ----- languages and errors ------------------------------------------------------------------

def test_arabic_announcements() -> None:
    i18n.set_language("ar")
    obs = play_position(HANDS, moves="KS,7S").observation(0)
    ann = announce("c", obs)
    assert ann.text == "على الطاولة: أنت: K♠، الشرق: 7♠، الدور على الشمال"
    assert ann.speech == "على الطاولة: أنت: شايب سبيت، الشرق: سبعة سبيت، الدور على الشمال"
    assert announce("a", obs).text == "الحكم: ♥ هاص (أنت المشتري)"
    assert announce("f", obs).speech == "النوع الملعوب: سبيت، أنت بدأت"
    assert announce("s", obs).text.startswith("الصكة: لنا 0، لهم 0")
    assert announce("space", obs).text == "لم يقل أحد بلوت"


def test_every_key_answers_in_every_phase() -> None:
    state = play_position(HANDS)
    for key in KEYS:
        for seat in range(4):
            ann = announce(key, state.observation(seat))
            assert ann.text and ann.speech and "{" not in ann.text
    with pytest.raises(ValueError, match="no announcement"):
        announce("q", state.observation(0))
