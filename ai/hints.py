"""Hints for the human: the same search the bots use recommends a move, with a one-line reason.

    action, reason = recommend(observation)            # medium budget, reason in English
    action, why = recommend_explained(observation)     # reason as a code + values, to translate
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import HOKUM_SUIT_BASE, Action, action_str, card_of
from game.cardplay import winner_index
from game.cards import SUIT_SYMBOLS, card_str, cards_in
from game.observation import Observation
from game.ranking import NO_TRUMP, POINTS, STRENGTH

from .config import SearchConfig, SearchKind, SearchResult
from .heuristic import RULE_TEXT, heuristic_play
from .ismcts import ISMCTSAgent
from .levels import level_config


@dataclass(frozen=True)
class HintReason:
    """Why a move is recommended: `key` names the sentence, `values` fill it in.

    Keys: only, declare, rule, call, call_alt, card_rule, card_sim, card_sim_alt. Values: `rule`
    (a heuristic.RULE_TEXT code), `points`, `alt_points` (game points, signed), `chance`,
    `alt_chance` (0-1), `visits`, `iterations`, `deals`, and `alt` (another action).
    A card's reason also says what the card does in a player's words: `plan` (a PLANS code) and,
    for "save", `kept` (the higher card of the suit kept back) or, for "lead", `suit`.
    """

    key: str
    values: dict[str, int | float | str] = field(default_factory=dict)


ENGLISH = {
    "only": "the only legal move",
    "declare": "Declare your projects: they score for your side if they are the best on the table",
    "rule": "the rule of thumb for this position",
    "call": "our chance to win the match would be about {chance:.0%}, over {deals} simulated deals",
    "call_alt": ("our chance to win the match would be about {chance:.0%} (against {alt_chance:.0%} "
                 "after {alt}), over {deals} simulated deals"),
    "card_rule": "{rule} (about {points:+.0f} game points for our side)",
    "card_sim": "about {points:+.0f} game points for our side in {visits} of {iterations} simulations",
    "card_sim_alt": ("about {points:+.0f} game points for our side in {visits} of {iterations} "
                     "simulations; {alt} would give about {alt_points:+.0f}"),
}


PLANS = ("take", "take_trump", "feed", "partner", "save", "throw", "master", "trumps", "lead")
"""What a recommended card does, as a player would say it (the UI words each code)."""


def card_plan(obs: Observation, card: int) -> dict[str, int | float | str]:
    """What playing `card` does in the seat's position: takes the trick, keeps a higher card back,
    throws the cheapest, leads a card nobody can beat... (the `plan` of a card's HintReason)."""
    c = obs.contract
    trump = c.trump if c is not None and not c.sun else NO_TRUMP
    strength = STRENGTH[trump]
    suit = card >> 3
    mine = [x for x in cards_in(obs.hand) if x >> 3 == suit and x != card]
    kept = max((x for x in mine if strength[x] > strength[card]), key=lambda x: strength[x], default=None)
    trick = list(obs.trick)
    if trick:
        best = winner_index(trick, trump)
        if winner_index([*trick, card], trump) == len(trick):
            led_trump = trick[0] >> 3 == trump
            return {"plan": "take_trump" if suit == trump and not led_trump else "take"}
        if (obs.trick_leader + best) & 3 == obs.seat ^ 2:
            return {"plan": "feed" if POINTS[trump][card] >= 10 else "partner"}
        if kept is not None:
            return {"plan": "save", "kept": kept}
        return {"plan": "throw"}
    gone = obs.played | obs.hand
    if not any(strength[x] > strength[card] for x in range(suit * 8, suit * 8 + 8) if not gone >> x & 1):
        return {"plan": "master"}
    if suit == trump:
        return {"plan": "trumps"}
    if kept is not None:
        return {"plan": "save", "kept": kept}
    return {"plan": "lead", "suit": suit}


def action_name(a: Action) -> str:
    if card_of(a) >= 0:  # (an announced belote is shown by the table, not in the card's name)
        return card_str(card_of(a), symbols=True)
    if HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4:
        return f"Hokum {SUIT_SYMBOLS[a - HOKUM_SUIT_BASE]}"
    return action_str(a).capitalize()


def reason_of(obs: Observation, res: SearchResult) -> HintReason:
    a = res.action
    if res.kind is SearchKind.DECLARE:
        return HintReason("declare")
    if res.kind is SearchKind.FALLBACK or not res.stats:
        return HintReason("rule")
    ranked = sorted(res.stats.items(), key=lambda kv: (-kv[1][0], -kv[1][1]))
    others = [kv for kv in ranked if kv[0] != a]
    if res.kind is SearchKind.CALL:
        values: dict[str, int | float | str] = {"chance": res.stats[a][1], "deals": res.iterations}
        if not others:
            return HintReason("call", values)
        alt, (_n, v) = max(others, key=lambda kv: kv[1][1])
        return HintReason("call_alt", values | {"alt": alt, "alt_chance": v})
    visits, mean = res.stats[a]
    legal = list(obs.legal_actions) or list(res.stats)
    plan: dict[str, int | float | str] = card_plan(obs, card_of(a)) if card_of(a) >= 0 else {}
    h_action, h_rule = heuristic_play(obs, legal)
    if h_action == a and h_rule in RULE_TEXT:
        return HintReason("card_rule", {"rule": h_rule, "points": mean, **plan})
    values = {"points": mean, "visits": visits, "iterations": res.iterations, **plan}
    if not others:
        return HintReason("card_sim", values)
    alt, (_n, v) = others[0]
    return HintReason("card_sim_alt", values | {"alt": alt, "alt_points": v})


def english(action: Action, why: HintReason) -> str:
    """The reason as one English line, starting with the move."""
    values = dict(why.values)
    if "alt" in values:
        values["alt"] = action_name(int(values["alt"]))
    if "rule" in values:
        values["rule"] = RULE_TEXT[str(values["rule"])]
    text = ENGLISH[why.key].format(**values)
    return text if why.key == "declare" else f"{action_name(action)}: {text}"


def recommend_explained(observation: Observation, level: str | SearchConfig = "medium",
                        seed: int = 0) -> tuple[Action, HintReason]:
    """The recommended action for the seat of `observation` (which must be to move) and why."""
    legal = list(observation.legal_actions)
    if not legal:
        raise ValueError("this seat has nothing to decide now")
    if len(legal) == 1:
        return legal[0], HintReason("only")
    cfg = level_config(level) if isinstance(level, str) else level
    res = ISMCTSAgent(cfg, seed=seed).decide(observation, legal)
    return res.action, reason_of(observation, res)


def recommend(observation: Observation, level: str | SearchConfig = "medium",
              seed: int = 0) -> tuple[Action, str]:
    """Like `recommend_explained`, with the reason as one English line."""
    action, why = recommend_explained(observation, level, seed)
    return action, english(action, why)
