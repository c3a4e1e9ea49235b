"""Hint reasons reach the player in their language and in a player's words: what the move does on
the main line, the search's figures (simulations, game points) on a details line."""

from __future__ import annotations

import random
import re

from ai.heuristic import RULE_TEXT, HeuristicAgent
from ai.hints import ENGLISH, PLANS, HintReason, card_plan, english, recommend_explained
from game.state import RoundState
from ui import i18n
from ui.table.hints import hint_words

ARABIC = re.compile("[\u0600-\u06ff]")
JARGON = ("simulation", "محاكاة", "iterations", "deals")


def label(action: int) -> str:
    return f"<{action}>"


def samples() -> list[HintReason]:
    out = [HintReason("only"), HintReason("declare"), HintReason("rule"),
           HintReason("call", {"chance": 0.57, "deals": 24}),
           HintReason("call_alt", {"chance": 0.57, "deals": 24, "alt": 32, "alt_chance": 0.49}),
           HintReason("card_sim", {"points": 3.2, "visits": 66, "iterations": 120, "plan": "take"}),
           HintReason("card_sim_alt", {"points": -1.0, "visits": 176, "iterations": 624, "alt": 5,
                                       "alt_points": -3.0, "plan": "save", "kept": 7})]
    out += [HintReason("card_rule", {"rule": code, "points": 6.0}) for code in RULE_TEXT]
    out += [HintReason("card_sim", {"points": 1.0, "visits": 5, "iterations": 9, "plan": p, "kept": 7,
                                    "suit": 1}) for p in PLANS]
    return out


def test_every_reason_is_worded_for_a_player_in_both_languages() -> None:
    assert {s.key for s in samples()} == set(ENGLISH)
    try:
        for lang in ("en", "ar"):
            i18n.set_language(lang)
            for why in samples():
                main, detail = hint_words(why, label)
                assert main and "{" not in main + detail and "hint." not in main + detail, (lang, why)
                assert not any(j in main for j in JARGON), f"jargon on the main line: {main}"
                if lang == "ar":
                    assert ARABIC.search(main), main
                if "alt" in why.values and why.key == "call_alt":
                    assert label(int(why.values["alt"])) in main
                if why.key.startswith("card_sim"):
                    assert str(why.values["visits"]) in detail, "the figures stay, on the details line"
        i18n.set_language("en")
        main, detail = hint_words(samples()[6], label)
        assert main == "keeps A♠ for later; the other cards lose about 2 points more", main
        assert "176 of 624 simulations" in detail and "−3" in detail
        assert hint_words(HintReason("call", {"chance": 0.57, "deals": 24}), label)[0].count("57%") == 1
        assert hint_words(None, label) == ("", "")
    finally:
        i18n.set_language("en")


def test_the_plan_says_what_a_card_does() -> None:
    from game.cards import parse_card
    from tests.helpers import play_position

    # Hokum ♠; East leads K♥, North (partner) follows J♥, West discards: South holds A♥ Q♥ 7♣
    s = play_position({"S": "AH QH 7C", "E": "KH 8C 9C", "N": "JH 9S 8S", "W": "8D 9D 7D"}, trump="S",
                      lead="E", moves="KH,JH,8D")
    assert s.to_move() == 0
    obs = s.observation(0)
    assert card_plan(obs, parse_card("QH")) == {"plan": "save", "kept": parse_card("AH")}
    assert card_plan(obs, parse_card("AH")) == {"plan": "take"}
    i18n.set_language("en")
    why = HintReason("card_sim", {"points": 2.0, "visits": 9, "iterations": 20,
                                  **card_plan(obs, parse_card("QH"))})
    assert hint_words(why, label)[0] == "keeps A♥ for later"


def test_real_recommendations_explain_in_arabic() -> None:
    s = RoundState.deal(random.Random(9))
    bots = [HeuristicAgent(i) for i in range(4)]
    checked = 0
    try:
        i18n.set_language("ar")
        while not s.is_over() and checked < 12:
            seat = s.to_move()
            assert seat is not None
            obs = s.observation(seat)
            if len(obs.legal_actions) > 1:
                action, why = recommend_explained(obs, "easy", seed=2)
                assert action in obs.legal_actions
                assert english(action, why)
                main, _detail = hint_words(why, label)
                assert ARABIC.search(main)
                checked += 1
            s.apply(bots[seat].choose(obs, obs.legal_actions))
    finally:
        i18n.set_language("en")
    assert checked >= 6
