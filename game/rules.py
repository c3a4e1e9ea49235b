"""The rule set and its variants. The defaults are exactly docs/rules.md (Saudi tournament
Baloot); `Rules.preset` gives the presets the settings offer."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum

MATCH_TARGET = 152
BELOTE_TARGET = 1000


class RuleSet(StrEnum):
    BALOOT = "baloot"
    """Saudi Baloot (docs/rules.md sections 1-7)."""
    BELOTE = "belote"
    """Classic Belote (docs/rules.md section 8)."""


# Variant flags in the one-line notation: (field, letter). The letters of variants (c)-(g) are
# those of the rule book.
_FLAGS = (("declarer_leads", "L"), ("no_ashkal_on_ace", "A"), ("kawesh", "K"),
          ("trump_sequence_wins_ties", "T"), ("third_round_on_ace", "C"), ("riyadh_ashkal", "D"),
          ("projects_times_raise", "E"), ("baloot_holder_only", "F"),
          ("opponents_always_count", "G"))
PRESETS = ("saudi", "riyadh", "belote")


@dataclass(frozen=True)
class Rules:
    game: RuleSet = RuleSet.BALOOT
    """The rule set: Saudi Baloot or classic Belote. The variants below are Baloot's."""
    declarer_leads: bool = False
    """Variant: the declarer leads the first trick (default: the dealer's right)."""
    no_ashkal_on_ace: bool = False
    """Variant (a): Ashkal is not allowed when the buying card is an Ace."""
    kawesh: bool = False
    """Variant (b): in round 1 a player whose first five cards are all 7/8/9 may annul the hand."""
    trump_sequence_wins_ties: bool = False
    """Variant: in Hokum a trump sequence beats an equal non-trump sequence."""
    third_round_on_ace: bool = False
    """Variant (c): all passed twice on an Ace: a third round in which only P1 may call."""
    riyadh_ashkal: bool = False
    """Variant (d): Ashkal by P3 or P4 in round 2 as well."""
    projects_times_raise: bool = False
    """Variant (e): projects are multiplied by the raise (x3, x4) instead of at most x2."""
    baloot_holder_only: bool = False
    """Variant (f): Baloot scores only for its holder's team, never for the team taking all."""
    opponents_always_count: bool = False
    """Variant (g): the counting team is always the declarer's opponents, raised or not."""

    @property
    def belote(self) -> bool:
        return self.game == RuleSet.BELOTE

    @property
    def target(self) -> int:
        """The score that ends the match."""
        return BELOTE_TARGET if self.belote else MATCH_TARGET

    @classmethod
    def preset(cls, name: str) -> Rules:
        """'saudi' (the defaults), 'riyadh' (majlis: variants c and d) or 'belote'."""
        if name == "saudi":
            return cls()
        if name == "riyadh":
            return cls(third_round_on_ace=True, riyadh_ashkal=True)
        if name == "belote":
            return cls(game=RuleSet.BELOTE)
        raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})")

    def preset_name(self) -> str | None:
        """The preset these rules are exactly, if any."""
        for name in PRESETS:
            if Rules.preset(name) == self:
                return name
        return None

    def variants(self) -> list[str]:
        """The names of the variants switched on."""
        return [name for name, _ in _FLAGS if getattr(self, name)]

    def with_game(self, game: RuleSet) -> Rules:
        return replace(self, game=game)

    def to_dict(self) -> dict[str, bool | str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule variant(s): {', '.join(sorted(unknown))}")
        values: dict[str, object] = {}
        for k, v in data.items():
            if k == "game":
                if v not in tuple(RuleSet):
                    raise ValueError(f"rule set must be one of {', '.join(RuleSet)}, not {v!r}")
                values[k] = RuleSet(str(v))
            elif not isinstance(v, bool):
                raise ValueError(f"rule {k!r} must be true or false, not {v!r}")
            else:
                values[k] = v
        return cls(**values)  # type: ignore[arg-type]

    # ----- the one-line notation: "-", "LK", "belote", "belote:L" ------------------------------

    def flags(self) -> str:
        s = "".join(letter for name, letter in _FLAGS if getattr(self, name)) or "-"
        if self.belote:
            return RuleSet.BELOTE.value + ("" if s == "-" else ":" + s)
        return s

    @classmethod
    def from_flags(cls, text: str) -> Rules:
        game, sep, letters_text = text.partition(":")
        rules = cls()
        if game == RuleSet.BELOTE:
            rules = cls(game=RuleSet.BELOTE)
            text = letters_text if sep else "-"
        elif sep:
            raise ValueError(f"unknown rule set {game!r} (known: {RuleSet.BELOTE.value})")
        if text == "-":
            return rules
        letters = {letter: name for name, letter in _FLAGS}
        values: dict[str, bool] = {}
        for ch in text:
            if ch not in letters:
                raise ValueError(f"unknown rule flag {ch!r} (known: {', '.join(letters)}, or belote)")
            values[letters[ch]] = True
        return replace(rules, **values)  # type: ignore[arg-type]  # only the bool fields
