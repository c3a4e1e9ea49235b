"""The layout check: draw a scene as the window draws it and list every text whose rectangle overlaps
another text or a button, or leaves the window.

The window's surface is swapped for a `RecordingSurface`, which notes each blit of a surface a text
helper made (`ui.textlog`) with the rectangle of its ink (the pixels drawn, not the font's line box,
so two lines set one under the other do not count as touching); a page of text scrolled into view
(`ui.textlog.noted_page`) counts line by line. Buttons and text entries are the
pygame-gui elements visible in the top scene's manager (the table's own buttons included).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ui import i18n
from ui.app import App
from ui.table.scene import TableScene
from ui.textlog import TextLog, listening

MIN_OVERLAP = 2
"""Pixels (each way) two rectangles must share to count: antialiasing may touch by one."""


@dataclass(frozen=True)
class Placed:
    words: str
    ink: pygame.Rect
    """Where its pixels went (the part inside the clip area)."""
    cut: bool
    """Part of it fell outside the clip area or the window."""


class RecordingSurface(pygame.Surface):
    def __init__(self, size: tuple[int, int], log: TextLog) -> None:
        super().__init__(size)
        self.log = log
        self.placed: list[Placed] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
        shown = source.get_rect() if area is None else pygame.Rect(area).clip(source.get_rect())
        for words, ink in self.log.page(source):  # a page of text, maybe scrolled
            part = ink.clip(shown)
            if part.w and part.h:
                seen = part.move(x - shown.x, y - shown.y).clip(self.get_clip())
                # a line half scrolled out of its view is how scrolling looks: only the window cuts
                self.placed.append(Placed(words, seen, seen.size != part.size))
        words = self.log.words(source)
        if words is not None and words.strip() and shown.w and shown.h:
            ink = source.subsurface(shown).get_bounding_rect().move(x, y)
            seen = ink.clip(self.get_clip())
            if seen.w and seen.h:
                self.placed.append(Placed(words, seen, seen != ink))
        return drawn


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w >= MIN_OVERLAP and c.h >= MIN_OVERLAP


def controls(app: App) -> list[tuple[str, pygame.Rect]]:
    """The visible buttons and text entries of the top scene (with their labels)."""
    top = app.top
    manager: pygame_gui.UIManager | None = None
    if isinstance(top, TableScene):
        manager = top.gui.manager
    else:
        manager = getattr(top, "manager", None)
    if manager is None:
        return []
    out = []
    for el in manager.get_root_container().elements:
        if isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UITextEntryLine) and el.visible:
            out.append((str(getattr(el, "text", "")), pygame.Rect(el.rect)))
    return out


def problems(app: App) -> list[str]:
    """Draw the window as it is now and list what is wrong with its text."""
    size = app.screen.get_size()
    window = pygame.Rect(0, 0, *size)
    real = app.screen
    with listening() as log:
        surf = RecordingSurface(size, log)
        app.screen = surf
        try:
            app.relayout()  # the screens build again while the log listens: pages composed then are noted
            app.render()
        finally:
            app.screen = real
    placed = surf.placed
    out: list[str] = []
    for i, p in enumerate(placed):
        if not window.contains(p.ink) or p.cut:
            out.append(f"cut off: {p.words!r} at {tuple(p.ink)}")
        for q in placed[i + 1:]:
            if _overlap(p.ink, q.ink) and not (p.words == q.words and p.ink == q.ink):
                out.append(f"text on text: {p.words!r} {tuple(p.ink)} / {q.words!r} {tuple(q.ink)}")
        for label, rect in controls(app):
            own = label in (p.words, i18n.display_text(p.words))  # a field's text drawn shaped over it
            if _overlap(p.ink, rect) and not own:
                out.append(f"text on a button: {p.words!r} {tuple(p.ink)} / [{label}] {tuple(rect)}")
    return out
