"""The rules of a match in a player's words (pygame-free): the preset it starts from, the variants
switched on, one short line for the table ("Riyadh majlis + projects × raise") and the longer
lines of the pause menu and the settings — in plain words (the rule book's letters (a)-(g), (L),
(T) are for the notation, never shown).

A preset is a starting point (docs/rules.md after section 7): Saudi tournament (the defaults), Riyadh
majlis (variants c + d), Classic Belote (section 8). Rules that are not exactly a preset are named
after the preset they extend, with the other variants: Saudi tournament + projects × raise. The
variants are Baloot's: under Classic Belote they do not apply and are never named.
"""

from __future__ import annotations

from dataclasses import fields

from game.rules import Rules
from ui import i18n
from ui.text import tr, trn

_ORDER = ("no_ashkal_on_ace", "kawesh", "third_round_on_ace", "riyadh_ashkal", "declarer_leads",
          "trump_sequence_wins_ties", "projects_times_raise", "baloot_holder_only",
          "opponents_always_count")
VARIANTS: tuple[str, ...] = tuple(sorted((f.name for f in fields(Rules) if f.name != "game"),
                                         key=lambda n: _ORDER.index(n) if n in _ORDER else len(_ORDER)))
"""The Baloot variants as the settings list them: the bidding (a)-(d), the play (L), the projects
(T), the scoring (e)-(g) (a variant added to `Rules` later comes last)."""


def base_preset(rules: Rules) -> str:
    """The preset these rules start from: 'belote', 'riyadh' (both of its variants on) or 'saudi'."""
    if rules.belote:
        return "belote"
    riyadh = Rules.preset("riyadh")
    if all(getattr(rules, name) for name in riyadh.variants()):
        return "riyadh"
    return "saudi"


def extra_variants(rules: Rules) -> list[str]:
    """The variants switched on beyond those of the base preset (none under Classic Belote)."""
    if rules.belote:
        return []
    base = set(Rules.preset(base_preset(rules)).variants())
    return [name for name in VARIANTS if getattr(rules, name) and name not in base]


def preset_label(name: str) -> str:
    return tr(f"preset.{name}")


def variant_short(name: str) -> str:
    """A variant in a few plain words, for the line under the scores ('projects × raise')."""
    return tr(f"rules.short.{name}")


def variant_label(name: str) -> str:
    """A variant in a full plain sentence: the settings row, the pause menu."""
    return tr(f"rules.{name}")


def rules_line(rules: Rules, max_tags: int = 4) -> str:
    """The short line on the table: 'Saudi tournament', 'Riyadh majlis + projects × raise',
    'Classic Belote'; more than `max_tags` extra variants are counted instead ('Saudi tournament +
    5 variants')."""
    name = preset_label(base_preset(rules))
    extra = extra_variants(rules)
    if not extra:
        return name
    if len(extra) > max_tags:
        return trn("rules.line_count", len(extra), preset=name)
    return tr("rules.line_plus", preset=name, variants=i18n.list_join([variant_short(v) for v in extra]))


def rules_details(rules: Rules) -> list[str]:
    """The longer description: the line with the match target, then each extra variant in full."""
    head = tr("rules.line_target", line=rules_line(rules, max_tags=len(VARIANTS)), target=rules.target)
    return [head, *(variant_label(v) for v in extra_variants(rules))]


def seed_text(seed: int, rules: Rules) -> str:
    """'Match seed 12 — python main.py --seed 12 deals it again', with `--rules belote` (or riyadh)
    when the match is played to another preset than the defaults."""
    name = rules.preset_name()
    if name is None or name == "saudi":
        return tr("sheet.seed", seed=seed)
    return tr("sheet.seed_rules", seed=seed, rules=name)
