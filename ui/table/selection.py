"""The keyboard selection of the table: what ← → move through and Enter takes.

Targets are ("card", card), ("call", action) or ("tool", name). The first arrow or Enter only
shows the selection (a stray key never plays a card); a click hides it again.
"""

from __future__ import annotations

from dataclasses import dataclass

Target = tuple[str, int | str]


@dataclass
class Selection:
    active: bool = False
    """Shown on screen (an arrow or Enter was pressed; a click hides it)."""
    target: Target | None = None
    index: int = 0
    """Position among South's cards, kept while cards leave the hand."""

    def sync(self, items: list[Target], preferred: Target | None = None, rtl: bool = False) -> None:
        """Keep the selection on something that can be chosen now."""
        if not items:
            self.target = None
            return
        if self.target not in items:
            target = preferred if preferred in items else None
            if target is None:
                if items[0][0] == "card":
                    target = items[min(self.index, len(items) - 1)]
                else:  # the first call or button in reading order (on the right in Arabic)
                    target = items[-1] if rtl else items[0]
            self.target = target
        if self.target[0] == "card":
            self.index = items.index(self.target)

    def move(self, items: list[Target], step: int, rtl: bool = False) -> bool:
        """An arrow: the first shows the selection, the next ones move it (wrapping around).
        True when the selection is now on something (to say what)."""
        was = self.active
        self.active = True
        if not items:
            return False
        self.sync(items, rtl=rtl)
        if was and self.target in items:
            i = items.index(self.target)
            self.target = items[(i + step) % len(items)]
            self.sync(items, rtl=rtl)
        return True

    def shown(self) -> Target | None:
        return self.target if self.active else None

    def card(self) -> int | None:
        t = self.shown()
        return t[1] if t is not None and t[0] == "card" and isinstance(t[1], int) else None
