"""Rule variants. The defaults are exactly ../shared/RULES.md."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

MATCH_TARGET = 152


@dataclass(frozen=True)
class Rules:
    declarer_leads: bool = False
    """Variant: the declarer leads the first trick (default: the dealer's right)."""
    no_ashkal_on_ace: bool = False
    """Variant: Ashkal is not allowed when the buying card is an Ace."""
    kawesh: bool = False
    """Variant: in round 1 a player whose first five cards are all 7/8/9 may annul the hand."""
    trump_sequence_wins_ties: bool = False
    """Variant: in Hokum a trump sequence beats an equal non-trump sequence."""

    def to_dict(self) -> dict[str, bool]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule variant(s): {', '.join(sorted(unknown))}")
        values: dict[str, bool] = {}
        for k, v in data.items():
            if not isinstance(v, bool):
                raise ValueError(f"rule {k!r} must be true or false, not {v!r}")
            values[k] = v
        return cls(**values)

    # Compact flag string for the one-line notation.
    _FLAGS = (("declarer_leads", "L"), ("no_ashkal_on_ace", "A"), ("kawesh", "K"),
              ("trump_sequence_wins_ties", "T"))

    def flags(self) -> str:
        s = "".join(letter for name, letter in self._FLAGS if getattr(self, name))
        return s or "-"

    @classmethod
    def from_flags(cls, text: str) -> Rules:
        if text == "-":
            return cls()
        letters = {letter: name for name, letter in cls._FLAGS}
        values = {}
        for ch in text:
            if ch not in letters:
                raise ValueError(f"unknown rule flag {ch!r} (known: L, A, K, T)")
            values[letters[ch]] = True
        return cls(**values)
