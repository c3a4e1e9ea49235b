"""docs/rules.md section 6: projects, their best split, the first-trick comparison, Baloot."""

from __future__ import annotations

from game.actions import DECLARE, NO_DECLARE
from game.cardplay import CardPlay, shown_blocks_baloot
from game.cards import parse_cards
from game.events import BalootCalled, ProjectsCompared, ProjectsHidden, ProjectsShown
from game.notation import from_notation
from game.projects import FIFTY, FOUR_HUNDRED, HUNDRED, SIRA, best_split
from game.state import RoundState
from tests.helpers import apply_all, play_position


def kinds(cards: str, sun: bool) -> list[tuple[str, str]]:
    from game.cards import cards_str
    return [(p.kind, cards_str(p.cards)) for p in best_split(parse_cards(cards), sun)]


def test_the_rule_book_split_example() -> None:
    """K♦ K♣ K♥ A♠ K♠ Q♠ J♠ 10♠: four Kings plus Sira Q♠ J♠ 10♠, not the A♠..10♠ Hundred."""
    for sun in (False, True):
        assert kinds("KD KC KH AS KS QS JS 10S", sun) == [
            (HUNDRED, "KS KH KD KC"), (SIRA, "10S JS QS")]


def test_long_runs_split_into_the_best_projects() -> None:
    assert kinds("AS KS QS JS 10S 9S 8S 7S", True) == [(HUNDRED, "10S JS QS KS AS"), (SIRA, "7S 8S 9S")]
    assert kinds("AS KS QS JS 10S 9S 7H 8D", False) == [(HUNDRED, "10S JS QS KS AS")]
    assert kinds("9S 8S 7S AD 9H 8H 7C QC", False) == [(SIRA, "7S 8S 9S")]


def test_four_aces_four_hundred_in_sun_hundred_in_hokum_low_quads_nothing() -> None:
    assert kinds("AS AH AD AC 7S 9H JD QC", True) == [(FOUR_HUNDRED, "AS AH AD AC")]
    assert kinds("AS AH AD AC 7S 9H JD QC", False) == [(HUNDRED, "AS AH AD AC")]
    assert kinds("9S 9H 9D 9C 7S 7H 8D 8C", True) == []


def test_two_quads() -> None:
    assert kinds("AS AH AD AC KS KH KD KC", True) == [
        (FOUR_HUNDRED, "AS AH AD AC"), (HUNDRED, "KS KH KD KC")]


# Hokum ♥. S: Sira 7-8-9♠; E: Fifty 10-K♦; N: nothing; W: Sira 7-8-9♥ (trump).
DEAL = {"S": "7S 8S 9S 7C 8C 10H 7D 9D", "E": "10D JD QD KD AC 9C JS QH",
        "N": "10S KS AS 8D 10C JC KH AH", "W": "QS QC KC 7H 8H 9H JH AD"}


def play_first_trick(state: RoundState, declare: dict[int, bool], cards: str) -> list[object]:
    events: list[object] = []
    for card in cards.split():
        seat = state.to_move()
        assert seat is not None
        if state.must_decide_projects(seat):
            events += state.apply(DECLARE if declare.get(seat, True) else NO_DECLARE)
        events += apply_all(state, card)
    return events


def test_higher_project_wins_and_its_team_shows_all_its_projects() -> None:
    state = play_position(DEAL, trump="H")
    assert state.legal_actions() == [DECLARE, NO_DECLARE]
    events = play_first_trick(state, {}, "7C 9C 10C QC")
    compared = [e for e in events if isinstance(e, ProjectsCompared)]
    assert compared[0].team == 1 and compared[0].best_seat == 1 and compared[0].best is not None
    assert compared[0].best.kind == FIFTY
    shown = {e.seat for e in events if isinstance(e, ProjectsShown)}
    assert shown == {1, 3}
    obs = state.observation(0)
    assert obs.shown[1] == parse_cards("10D JD QD KD") and obs.shown[3] == parse_cards("7H 8H 9H")
    assert obs.showing and obs.declared == ((SIRA,), (FIFTY,), (), (SIRA,))
    assert state.scored_projects() == ((), (FIFTY, SIRA))


def test_projects_are_put_away_after_the_second_trick() -> None:
    state = play_position(DEAL, trump="H")
    play_first_trick(state, {}, "7C 9C 10C QC")
    events: list[object] = []
    while state.tricks_done < 2:
        events += state.apply(state.legal_actions()[0])
    assert any(isinstance(e, ProjectsHidden) for e in events)
    assert not state.observation(0).showing


def test_equal_projects_go_to_the_higher_top_card_then_the_earlier_player() -> None:
    # S: Sira 7-8-9♠ (top 9); W: Sira 7-8-9♥; E declines its Fifty. Equal: S played first.
    state = play_position(DEAL, trump="H")
    events = play_first_trick(state, {1: False}, "7C 9C 10C QC")
    compared = next(e for e in events if isinstance(e, ProjectsCompared))
    assert compared.best_seat == 0 and compared.team == 0
    # With the trump-sequence variant, West's trump Sira beats South's plain one.
    state = play_position(DEAL, trump="H", rules="T")
    events = play_first_trick(state, {1: False}, "7C 9C 10C QC")
    assert next(e for e in events if isinstance(e, ProjectsCompared)).best_seat == 3


def test_nobody_declares() -> None:
    state = play_position(DEAL, trump="H")
    events = play_first_trick(state, {0: False, 1: False, 3: False}, "7C 9C 10C QC")
    assert next(e for e in events if isinstance(e, ProjectsCompared)).team is None
    assert state.scored_projects() == ((), ())


def test_declining_stays_private_until_the_card_is_played() -> None:
    state = play_position(DEAL, trump="H")
    state.apply(NO_DECLARE)
    assert state.observation(1).declared[0] is None  # East cannot tell South had a project
    assert state.observation(0).declared[0] == ()
    apply_all(state, "7C")
    assert state.observation(1).declared[0] == ()


def finish(state: RoundState) -> list[object]:
    events: list[object] = []
    while not state.is_over():
        legal = state.legal_actions()
        events += state.apply(DECLARE if DECLARE in legal else legal[0])
    return events


def test_baloot_is_called_on_the_second_card_and_scores_two() -> None:
    state = play_position({"S": "KH QH", "E": "7S 8S", "N": "9S 10S", "W": "JS QS"}, trump="H")
    assert not any(isinstance(e, BalootCalled) for e in apply_all(state, "KH 7S 9S JS"))
    events = apply_all(state, "QH")
    assert [e.seat for e in events if isinstance(e, BalootCalled)] == [0]
    finish(state)
    assert state.baloot_seat == 0


def test_baloot_in_a_shown_sira_scores_at_once() -> None:
    deal = {"S": "JH QH KH 7C 8C 10S 7D 9D", "E": "10D JD QD AC 9C JS 8S 9S",
            "N": "7S KS AS 8D 10C JC 10H AH", "W": "QS QC KC 7H 8H 9H KD AD"}
    state = play_position(deal, trump="H")
    events = play_first_trick(state, {1: False, 3: False}, "7C 9C 10C QC")
    assert [e.seat for e in events if isinstance(e, BalootCalled)] == [0]
    events = finish(state)
    assert not any(isinstance(e, BalootCalled) for e in events)  # not called twice
    assert state.baloot_seat == 0


def test_a_shown_hundred_with_king_and_queen_of_trump_cancels_baloot() -> None:
    deal = {"S": "10H JH QH KH AH 7C 8C 7D", "E": "10D JD QD AC 9C JS 8S 9S",
            "N": "7S KS AS 8D 10C JC 9D 8H", "W": "QS QC KC 7H 9H 10S KD AD"}
    state = play_position(deal, trump="H")
    play_first_trick(state, {}, "7C 9C 10C QC")
    assert state.project_team == 0 and state.baloot_blocked[0]
    events = finish(state)
    assert not any(isinstance(e, BalootCalled) for e in events)
    assert state.baloot_seat is None


def test_four_kings_shown_cancels_baloot_but_declining_keeps_it() -> None:
    deal = {"S": "KS KH KD KC QH 7C 8C 7D", "E": "10D JD QD AC 9C JS 8S 9S",
            "N": "7S QS AS 8D 10C JC 9D 8H", "W": "10S QC JH 7H 9H 10H AD AH"}
    shown = play_position(deal, trump="H")
    play_first_trick(shown, {}, "7C 9C 10C QC")
    finish(shown)
    assert shown.baloot_seat is None
    hidden = play_position(deal, trump="H")
    play_first_trick(hidden, {0: False}, "7C 9C 10C QC")
    while not hidden.is_over():
        hidden.apply(hidden.legal_actions()[0])
    assert hidden.baloot_seat == 0


def test_a_fixture_after_the_first_trick_keeps_a_shown_hundred_blocking_baloot() -> None:
    # The position notation starts part-way through the hand with the projects already shown.
    text = ("play rules=- dealer=W score=0-0 contract=hokum/H/S/S/x1/open/- "
            "S=10H.JH.QH.KH.AH.8C.7D E=10D.JD.QD.AC.JS.8S.9S N=7S.KS.AS.8D.JC.9D.8H "
            "W=QS.KC.7H.9H.10S.KD.AD lead=S done=1 won=1-0 points=13-0 "
            "projects=S:hundred(10H.JH.QH.KH.AH) pteam=0 baloot=- moves=-")
    state = from_notation(text)
    assert state.baloot_blocked[0]
    obs = state.observation(1)

    assert shown_blocks_baloot(obs, 0) and CardPlay.public(obs).blocked[0]
    events = finish(state)
    assert not any(isinstance(e, BalootCalled) for e in events)
