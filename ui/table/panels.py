"""pygame-gui widgets of the table: the call panel (exactly the legal calls), project choice, the toolbar.

Widgets are rebuilt from what the table needs each frame (`want(...)`): a panel exists while its
key (kind, actions, window size) stays the same, so resizing or a new decision simply builds it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from game.actions import NO_DECLARE, OPEN, PASS
from ui import i18n
from ui.table.layout import Layout
from ui.theme import BUTTON, QUIET_BUTTON, TOOL_BUTTON, font_file, gui_colours, theme_font

QUIET_ACTIONS = frozenset({PASS, NO_DECLARE, OPEN})
"""Calls drawn in grey: saying no."""


def button_font_size(lay: Layout) -> int:
    return max(12, round(17 * lay.u))


def theme(lay: Layout) -> dict[str, Any]:
    font = theme_font(button_font_size(lay))
    small = theme_font(max(11, round(14 * lay.u)), bold=False)
    radius = str(max(6, round(10 * lay.u)))
    base = {
        "font": font,
        "colours": gui_colours(BUTTON),
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius, "border_width": "2",
                 "shadow_width": "2"},
    }
    return {
        "button": base,
        "#pass": {"colours": gui_colours(QUIET_BUTTON)},
        "#tool": {"font": small, "colours": gui_colours(TOOL_BUTTON)},
    }


def _call(element: Any, method: str) -> None:
    """pygame-gui's kill/show/hide are not annotated: call them through Any."""
    getattr(element, method)()


@dataclass
class Panel:
    key: tuple[object, ...]
    rect: pygame.Rect
    title: str
    subtitle: str
    buttons: dict[int, pygame_gui.elements.UIButton] = field(default_factory=dict)


class Gui:
    """Owns the UIManager; rebuilt on resize (fonts scale with the window)."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        self.manager = pygame_gui.UIManager((lay.w, lay.h), theme(lay))
        self.measure = self._measure_font(lay)
        self.note_font = self._note_font(lay)
        self.panel: Panel | None = None
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        self._tool_labels: tuple[str, ...] = ()

    def resize(self, lay: Layout) -> None:
        self.clear_panel()
        for b in self.tools.values():
            _call(b, "kill")
        self.tools, self._tool_labels = {}, ()
        self.lay = lay
        self.manager = pygame_gui.UIManager((lay.w, lay.h), theme(lay))
        self.measure = self._measure_font(lay)
        self.note_font = self._note_font(lay)

    @staticmethod
    def _note_font(lay: Layout) -> pygame.font.Font:
        return pygame.font.Font(str(font_file(False)), lay.small_font)

    @staticmethod
    def _measure_font(lay: Layout) -> pygame.font.Font:
        return pygame.font.Font(str(font_file(True)), button_font_size(lay))

    def label_width(self, label: str) -> int:
        return i18n.text_width(self.measure, label) + 2 * max(14, round(22 * self.lay.u))

    # ----- the call panel ------------------------------------------------------------------

    def want_panel(self, key: tuple[object, ...] | None, title: str = "", subtitle: str = "",
                   actions: list[tuple[int, str]] | None = None) -> Panel | None:
        """Show the panel for `key` with one button per (action, label); None hides it."""
        if key is None:
            self.clear_panel()
            return None
        if self.panel is not None and self.panel.key == key:
            return self.panel
        self.clear_panel()
        actions = actions or []
        lay = self.lay
        widths = [self.label_width(label) for _, label in actions]
        lines = 0
        min_w = 0
        if subtitle:  # the note under the title: at most two lines of the small font, never shrunk
            min_w = min(lay.w - 2 * lay.m, round(620 * lay.u))
            width = lay.panel_rect(widths, 0, min_w).width - 2 * max(6, round(10 * lay.u))
            lines = min(2, len(i18n.wrap_lines(subtitle, self.note_font, width)))
        rect = lay.panel_rect(widths, lines, min_w)
        panel = Panel(key, rect, title, subtitle)
        rects = lay.panel_buttons(rect, widths)
        if i18n.is_rtl():  # the first call on the right, where an Arabic reader starts
            rects = [pygame.Rect(rect.left + rect.right - r.right, r.y, r.w, r.h) for r in rects]
        for (action, label), r in zip(actions, rects, strict=True):
            oid = "#pass" if action in QUIET_ACTIONS else None
            panel.buttons[action] = pygame_gui.elements.UIButton(
                r, i18n.display_text(label), manager=self.manager, object_id=oid)
        self.panel = panel
        return panel

    def clear_panel(self) -> None:
        if self.panel is not None:
            for b in self.panel.buttons.values():
                _call(b, "kill")
        self.panel = None

    # ----- toolbar -------------------------------------------------------------------------

    def want_tools(self, labels: list[tuple[str, str]]) -> None:
        key = tuple(f"{n}={t}" for n, t in labels)
        if key == self._tool_labels:
            return
        for b in self.tools.values():
            _call(b, "kill")
        self.tools = {}
        for (name, text), r in zip(labels, self.lay.toolbar_rects(len(labels)), strict=True):
            self.tools[name] = pygame_gui.elements.UIButton(r, i18n.display_text(text), manager=self.manager,
                                                            object_id="#tool")
        self._tool_labels = key

    def set_tools_visible(self, visible: bool) -> None:
        for b in self.tools.values():
            if visible and not b.visible:
                _call(b, "show")
            elif not visible and b.visible:
                _call(b, "hide")

    def tools_key(self) -> tuple[str, ...]:
        return self._tool_labels

    def buttons_in_view(self) -> list[tuple[str, int | str, pygame_gui.elements.UIButton]]:
        """The call panel's buttons, left to right as drawn (what ← → move through)."""
        items: list[tuple[str, int | str, pygame_gui.elements.UIButton]] = []
        if self.panel is not None:
            items = [("call", action, b) for action, b in self.panel.buttons.items()]
        return sorted(items, key=lambda it: it[2].rect.x)

    def which(self, element: object) -> tuple[str, int | str] | None:
        """('call', action) / ('tool', name) for a pressed button."""
        if self.panel is not None:
            for action, b in self.panel.buttons.items():
                if b is element:
                    return ("call", action)
        for name, b in self.tools.items():
            if b is element:
                return ("tool", name)
        return None
