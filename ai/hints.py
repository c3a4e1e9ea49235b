"""Hints for the human: the same search the bots use recommends a move, with a one-line reason.

    action, reason = recommend(observation)            # medium budget
    action, reason = recommend(observation, "hard", seed=7)
"""

from __future__ import annotations

from game.actions import HOKUM_SUIT_BASE, Action, action_str, is_card
from game.cards import SUIT_SYMBOLS, card_str
from game.observation import Observation

from .heuristic import heuristic_play
from .ismcts import ISMCTSAgent, SearchConfig, SearchResult, level_config


def _name(a: Action) -> str:
    if is_card(a):
        return card_str(a, symbols=True)
    if HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4:
        return f"Hokum {SUIT_SYMBOLS[a - HOKUM_SUIT_BASE]}"
    return action_str(a).capitalize()


def explain(obs: Observation, res: SearchResult) -> str:
    a = res.action
    if res.kind == "declare":
        return "Declare your projects: they score for your side if they are the best on the table"
    if res.kind == "fallback" or not res.stats:
        return f"{_name(a)}: the rule of thumb for this position"
    ranked = sorted(res.stats.items(), key=lambda kv: (-kv[1][0], -kv[1][1]))
    others = [kv for kv in ranked if kv[0] != a]
    if res.kind == "call":
        mine = res.stats[a][1]
        text = f"{_name(a)}: our chance to win the match would be about {mine:.0%}"
        if others:
            alt, (_n, v) = max(others, key=lambda kv: kv[1][1])
            text += f" (against {v:.0%} after {_name(alt)})"
        return text + f", over {res.iterations} simulated deals"
    visits, mean = res.stats[a]
    text = (f"{_name(a)}: about {mean:+.0f} game points for our side "
            f"in {visits} of {res.iterations} simulations")
    legal = list(obs.legal_actions) or list(res.stats)
    h_action, h_reason = heuristic_play(obs, legal)
    if h_action == a and h_reason:
        text = f"{_name(a)}: {h_reason} (about {mean:+.0f} game points for our side)"
    elif others:
        alt, (_n, v) = others[0]
        text += f"; {_name(alt)} would give about {v:+.0f}"
    return text


def recommend(observation: Observation, level: str | SearchConfig = "medium",
              seed: int = 0) -> tuple[Action, str]:
    """The recommended action for the seat of `observation` (which must be to move) and why."""
    legal = list(observation.legal_actions)
    if not legal:
        raise ValueError("this seat has nothing to decide now")
    if len(legal) == 1:
        return legal[0], f"{_name(legal[0])}: the only legal move"
    cfg = level_config(level) if isinstance(level, str) else level
    res = ISMCTSAgent(cfg, seed=seed).decide(observation, legal)
    return res.action, explain(observation, res)
