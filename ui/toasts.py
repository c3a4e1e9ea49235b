"""The one-line messages of the window: why a card is refused (red), announcements and hints (info).

A service of the `App`: any scene can say something; the table draws it above South's hand, any
other scene at the top of the window. Time enters only through `tick(dt_ms)`.
"""

from __future__ import annotations

from dataclasses import dataclass

TOAST_MS = 2800.0
INFO_MS = 6500.0
HINT_MS = 12000.0


@dataclass
class Toasts:
    text: str = ""
    kind: str = "error"
    """"error" (red: why a card cannot be played) or "info" (announcements, hints)."""
    detail: str = ""
    """A smaller second line (the figures behind a hint)."""
    ms: float = 0.0
    table: bool = False
    """Said by the table (a refusal, a hint, an announcement): drawn only over the table, and
    waiting unseen while another screen is open over it."""

    def say(self, text: str, kind: str = "error", ms: float = TOAST_MS, detail: str = "",
            table: bool = False) -> None:
        self.text, self.kind, self.ms, self.detail, self.table = text, kind, ms, detail, table

    def clear(self) -> None:
        self.text, self.detail, self.ms, self.table = "", "", 0.0, False

    def tick(self, dt_ms: float, table_shown: bool = True) -> None:
        """Count down; a table's message does not while the table is covered (`table_shown`)."""
        if self.table and not table_shown:
            return
        self.ms = max(0.0, self.ms - dt_ms)
        if self.ms <= 0:
            self.text, self.detail = "", ""
