"""Hint reasons reach the player in their language, every kind of reason included."""

from __future__ import annotations

import random
import re

from ai.heuristic import RULE_TEXT, HeuristicAgent
from ai.hints import ENGLISH, HintReason, english, recommend_explained
from game.state import RoundState
from ui import i18n
from ui.keyboard import hint_reason

ARABIC = re.compile("[\u0600-\u06ff]")


def label(action: int) -> str:
    return f"<{action}>"


def test_every_reason_is_translated_in_both_languages() -> None:
    samples = [HintReason("only"), HintReason("declare"), HintReason("rule"),
               HintReason("call", {"chance": 0.57, "deals": 24}),
               HintReason("call_alt", {"chance": 0.57, "deals": 24, "alt": 32, "alt_chance": 0.49}),
               HintReason("card_sim", {"points": 3.2, "visits": 66, "iterations": 120}),
               HintReason("card_sim_alt", {"points": 3.2, "visits": 66, "iterations": 120, "alt": 5,
                                           "alt_points": -1.0})]
    samples += [HintReason("card_rule", {"rule": code, "points": 6.0}) for code in RULE_TEXT]
    assert {s.key for s in samples} == set(ENGLISH)
    try:
        for lang in ("en", "ar"):
            i18n.set_language(lang)
            for why in samples:
                text = hint_reason(why, label)
                assert text and "{" not in text and "hint." not in text, (lang, why, text)
                if lang == "ar":
                    assert ARABIC.search(text), text
                if "alt" in why.values:
                    assert label(int(why.values["alt"])) in text
        i18n.set_language("en")
        assert hint_reason(HintReason("call", {"chance": 0.57, "deals": 24}), label).count("57%") == 1
        assert hint_reason(None, label) == ""
    finally:
        i18n.set_language("en")


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
                assert ARABIC.search(hint_reason(why, label))
                checked += 1
            s.apply(bots[seat].choose(obs, obs.legal_actions))
    finally:
        i18n.set_language("en")
    assert checked >= 6
