"""What every screen shares: the host protocol, the theme, focusable items, the Screen class."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from ui import i18n
from ui.audio.speech import Speaker
from ui.files.rating import Rating
from ui.files.settings import Settings
from ui.files.stats import Statistics
from ui.table.layout import Layout
from ui.table.panels import button_font_size, theme
from ui.table.render import Renderer
from ui.text import tr
from ui.theme import CHOICE, CHOICE_ON, DIM_INK, GOLD, INK, TAB, TEXT_ENTRY, gui_colours, theme_font

if TYPE_CHECKING:
    from game.rules import Rules
    from ui.files.savegame import SavedMatch




Element = Any
"""A pygame-gui element (its methods are not annotated)."""

ALWAYS_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE, pygame.K_TAB)
"""Keys that move between the items even while a text entry has the typing."""


class ScreenHost(Protocol):
    """What a screen needs from the window (the `App`)."""

    settings: Settings
    layout: Layout
    renderer: Renderer
    persist_profile: bool
    speaker: Speaker

    def apply_settings(self, settings: Settings) -> None: ...

    def close_screen(self) -> None: ...

    def open_screen(self, screen: Screen) -> None: ...

    def show(self, name: str, *args: object) -> bool:
        """Open the screen called `name` (ui/screen_index.py) over this one; False: nothing to show."""

    def start_new_match(self) -> None: ...

    def continue_match(self, saved: SavedMatch | None) -> None: ...

    def resume(self) -> None: ...

    def to_main_menu(self) -> None: ...

    def quit_game(self) -> None: ...

    def saved_match(self) -> tuple[SavedMatch | None, bool]: ...

    def load_statistics(self) -> Statistics: ...

    def reset_statistics(self) -> None: ...

    def player_rating(self) -> Rating: ...

    def speech_available(self) -> bool: ...

    def match_rules(self) -> Rules | None: ...

    def play_sound(self, name: str) -> None: ...


class MatchHost(ScreenHost, Protocol):
    """What the table's screens need: a new match may be asked with a given seed (the same deals again)."""

    def start_new_match(self, seed: int | None = None) -> None: ...


def screen_theme(lay: Layout) -> dict[str, Any]:
    """The table's button theme, plus the menu's big buttons, choice segments, tabs and text entries."""
    t = theme(lay)
    big = theme_font(round(button_font_size(lay) * 1.12))
    small = theme_font(max(11, round(15 * lay.u)), bold=False)
    small_bold = theme_font(max(11, round(15 * lay.u)))
    t["#menu"] = {"font": big}
    t["#seg"] = {"font": small, "colours": gui_colours(CHOICE)}
    t["#seg_on"] = {"font": small_bold, "colours": gui_colours(CHOICE_ON)}
    t["#tab"] = {"font": small_bold, "colours": gui_colours(TAB)}
    t["#tab_on"] = dict(t["#seg_on"], font=small_bold)
    # "العربية" on the English language row: shaped with the Arab script whatever the language
    t["#seg_arab"] = dict(t["#seg"], font=theme_font(max(11, round(15 * lay.u)), bold=False, arabic=True))
    t["#seg_on_arab"] = dict(t["#seg_on"], font=theme_font(max(11, round(15 * lay.u)), arabic=True))
    t["text_entry_line"] = {
        "font": theme_font(max(12, round(16 * lay.u)), bold=False),
        "colours": gui_colours(TEXT_ENTRY),
        "misc": {"border_width": "2", "shape": "rounded_rectangle",
                 "shape_corner_radius": str(max(4, round(6 * lay.u)))},
    }
    return t


def mirrored(r: pygame.Rect, box: pygame.Rect) -> pygame.Rect:
    """`r` laid out left to right in `box`; in Arabic, its mirror image."""
    if not i18n.is_rtl():
        return r
    return pygame.Rect(box.left + box.right - r.right, r.y, r.w, r.h)


def _kill(element: Element) -> None:
    element.kill()


@dataclass
class Item:
    """One stop of the focus ring: a button, a row of choices, a volume control, a text entry, the tabs."""
    name: str
    kind: str
    """"button", "choice", "volume", "entry" or "tabs"."""
    rect: pygame.Rect
    widgets: list[Element] = field(default_factory=list)
    row: pygame.Rect | None = None
    """The whole row (label and control), lit while focused."""
    label: tuple[str, int] | None = None
    """A settings row's label: (i18n key, width it may take)."""
    words: str = ""
    """What the item is, in logical order (said aloud when the focus reaches it)."""


LIVELY_MS = 400.0
"""After any input a screen is redrawn for a moment (pygame-gui's hover and press states);
otherwise an idle screen is not redrawn at all."""


class Screen:
    """Base: a UIManager, the focusable items, the keys every screen shares. A scene of the stack
    (`ui.scene.Scene`) that is drawn as a box over the dimmed backdrop."""

    covers = False
    """Draws the whole window itself (the main menu) rather than a box."""
    title_key = ""
    show_focus_always = True
    close_on_outside_click = True
    """A click on the dimmed table around the screen's box goes back (as Esc does)."""
    frame: pygame.Rect
    """The screen's box (set by `layout`)."""

    def __init__(self, host: ScreenHost) -> None:
        self.host = host
        self.items: list[Item] = []
        self.focus = 0
        self.manager: pygame_gui.UIManager
        self.lively_ms = LIVELY_MS
        self._changed = True
        self.build()

    # ----- building ------------------------------------------------------------------------

    def build(self) -> None:
        """(Re)create the widgets for the window size and language (after a resize or a language change)."""
        lay = self.host.layout
        self.manager = pygame_gui.UIManager((lay.w, lay.h), screen_theme(lay))
        name = self.items[self.focus].name if 0 <= self.focus < len(self.items) else None
        self.items = []
        self.layout(lay)
        names = [it.name for it in self.items]
        self.focus = names.index(name) if name in names else min(self.focus, max(0, len(self.items) - 1))
        self.apply_focus()
        self.manager.update(0.0)  # the widgets' images exist before the first drawing

    def layout(self, lay: Layout) -> None:
        raise NotImplementedError

    def button(self, name: str, rect: pygame.Rect, label: str, object_id: str | None = None) -> Item:
        """A button; `label` is an i18n key."""
        b = pygame_gui.elements.UIButton(rect, i18n.display_text(tr(label)), manager=self.manager,
                                         object_id=object_id)
        item = Item(name, "button", rect, [b], words=tr(label))
        self.items.append(item)
        return item

    def button_width(self, keys: tuple[str, ...], minimum: int) -> int:
        """Wide enough for the longest of these labels (i18n keys) in the button font."""
        lay = self.host.layout
        font = self.host.renderer.assets.font(button_font_size(lay), True)
        return max(minimum, *(i18n.text_width(font, tr(k)) + round(36 * lay.u) for k in keys))

    # ----- focus ---------------------------------------------------------------------------

    def focused(self) -> Item | None:
        return self.items[self.focus] if 0 <= self.focus < len(self.items) else None

    def set_focus(self, name: str) -> bool:
        for i, it in enumerate(self.items):
            if it.name == name:
                self.focus = i
                self.apply_focus()
                return True
        return False

    def move_focus(self, delta: int) -> None:
        if self.items:
            self.focus = (self.focus + delta) % len(self.items)
            self.apply_focus()
            self.say_focus()

    def say_focus(self) -> None:
        """With speech on, the focus says where it is (a blind player finds the menus by ear)."""
        from ui.audio.narrator import spoken
        item = self.focused()
        if item is not None:
            self.host.speaker.say(spoken(self.item_words(item)))

    def item_words(self, item: Item) -> str:
        return item.words

    def opening_words(self) -> str:
        """Said (after what is being said) when the screen opens: where the focus is."""
        item = self.focused()
        return self.item_words(item) if item is not None else ""

    def apply_focus(self) -> None:
        """Text entries take the typing only while focused."""
        self.left_item()
        item = self.focused()
        if item is not None and item.kind == "entry":
            self.manager.set_focus_set(item.widgets[0])
        else:
            self.manager.set_focus_set(None)

    # ----- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.lively_ms = LIVELY_MS
        self._changed = True
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.press_element(event.ui_element)
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.hover_element(event.ui_element)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.text_changed(event.ui_element)
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_on_outside_click and not consumed and not self.frame.collidepoint(event.pos):
                self.back()
                return
            for i, it in enumerate(self.items):
                if it.kind == "entry" and it.rect.collidepoint(event.pos):
                    self.focus = i
                    self.apply_focus()
        elif event.type == pygame.KEYDOWN and not (consumed and event.key not in ALWAYS_KEYS):
            self.key(event.key, getattr(event, "mod", 0))

    def key(self, key: int, mod: int = 0) -> None:
        item = self.focused()
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT):
            self.move_focus(-1)
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if item is not None and item.kind != "entry":
                self.adjust(item, -1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if item is not None:
                if item.kind == "entry":
                    if key != pygame.K_SPACE:
                        self.move_focus(1)
                else:
                    self.activate(item)
        else:
            self.other_key(key)

    def other_key(self, key: int) -> None:
        """Keys a screen adds (scrolling)."""

    def adjust(self, item: Item, direction: int) -> None:
        """← → on an item: `direction` is -1 for the arrow pointing left on screen, +1 for right.
        Buttons side by side: move between them."""
        if item.kind == "button":
            row = [i for i, it in enumerate(self.items) if it.kind == "button" and it.rect.y == item.rect.y]
            if len(row) > 1:
                row.sort(key=lambda i: self.items[i].rect.x)
                k = row.index(self.focus)
                self.focus = row[(k + direction) % len(row)]
                self.apply_focus()

    def activate(self, item: Item) -> None:
        self.pressed(item.name)

    def press_element(self, element: object) -> None:
        for i, it in enumerate(self.items):
            for k, w in enumerate(it.widgets):
                if w is element:
                    self.focus = i
                    self.apply_focus()
                    if it.kind == "button":
                        self.pressed(it.name)
                    else:
                        self.pressed_part(it, k)
                    return

    def left_item(self) -> None:
        """Called as the focus moves (a settings entry left with a bad name gets the saved one back)."""

    def hover_element(self, element: object) -> None:
        for i, it in enumerate(self.items):
            if it.kind == "button" and it.widgets and it.widgets[0] is element:
                self.focus = i
                self.apply_focus()

    def pressed(self, name: str) -> None:
        """A button was pressed (mouse or Enter)."""

    def pressed_part(self, item: Item, index: int) -> None:
        """One of a control's buttons was clicked."""

    def text_changed(self, element: object) -> None:
        """A text entry changed."""

    def wheel(self, dy: int) -> None:
        """The mouse wheel turned."""

    def back(self) -> None:
        self.host.close_screen()

    # ----- frame ---------------------------------------------------------------------------

    def update(self, dt_ms: float) -> None:
        """pygame-gui runs only while something can change (input just came, a text cursor blinks):
        an idle screen costs nothing."""
        typing = any(it.kind == "entry" for it in self.items) and self.focused_kind() == "entry"
        if self.lively_ms > 0 or typing:
            self.manager.update(dt_ms / 1000.0)
            self._changed = True
        self.lively_ms = max(0.0, self.lively_ms - dt_ms)

    def focused_kind(self) -> str:
        item = self.focused()
        return item.kind if item is not None else ""

    def dirty(self) -> bool:
        changed, self._changed = self._changed, False
        return changed

    def relayout(self) -> None:
        self.build()
        self._changed = True

    def draw(self, surface: pygame.Surface) -> None:
        """The screen (its box, widgets and focus ring)."""
        self.draw_below(surface)
        item = self.focused()
        if item is not None and item.row is not None:
            lit = pygame.Surface(item.row.size, pygame.SRCALPHA)
            pygame.draw.rect(lit, (255, 255, 255, 22), lit.get_rect(), border_radius=8)
            surface.blit(lit, item.row)
        self.manager.draw_ui(surface)
        if item is not None and self.show_focus_always:
            self.host.renderer.focus_ring(surface, item.rect, self.host.layout)
        self.draw_above(surface)

    def draw_below(self, surface: pygame.Surface) -> None:
        """The screen's own drawing under the widgets (its box, titles, labels)."""

    def draw_above(self, surface: pygame.Surface) -> None:
        """Drawing over the widgets."""

    # ----- drawing helpers -----------------------------------------------------------------

    def box(self, lay: Layout, w: int | None = None, h: int | None = None) -> pygame.Rect:
        full = lay.modal_rect()
        r = pygame.Rect(0, 0, min(full.w, w or full.w), min(full.h, h or full.h))
        r.center = full.center
        return r

    def panel(self, surface: pygame.Surface, box: pygame.Rect, veil: int = 0) -> None:
        """The screen's box: opaque, so nothing below it shows through (the window dims the
        backdrop around it)."""
        lay = self.host.layout
        self.host.renderer.panel(surface, box, border=GOLD, alpha=255, radius=max(10, round(14 * lay.u)))

    def text(self, s: str, size: int, colour: tuple[int, int, int] = INK,
             bold: bool = False) -> pygame.Surface:
        return self.host.renderer.rich(s, size, colour, bold)

    def fit(self, s: str, size: int, max_w: int, colour: tuple[int, int, int] = INK,
            bold: bool = False) -> pygame.Surface:
        return self.host.renderer.fit_rich(s, size, max_w, colour, bold)

    def title(self, surface: pygame.Surface, box: pygame.Rect, text: str) -> int:
        """The screen title at the top of `box` (on the reading side); returns the y below it."""
        lay = self.host.layout
        pad = lay.box_pad
        surf = self.fit(text, lay.big_font, box.w - 2 * pad, INK, True)
        self.host.renderer.put(surface, surf, box, box.x + pad, box.y + pad)
        return box.y + pad + surf.get_height()

    def nav_hint(self, surface: pygame.Surface, box: pygame.Rect, key: str, y: int | None = None) -> None:
        lay = self.host.layout
        pad = lay.box_pad
        surf = self.fit(tr(key), max(10, lay.small_font - 1), box.w - 2 * pad, DIM_INK)
        yy = y if y is not None else box.bottom - pad // 2 - surf.get_height()
        surface.blit(surf, surf.get_rect(midtop=(box.centerx, yy)))


# ----- menus -----------------------------------------------------------------------------------


class ConfirmScreen(Screen):
    """A yes/no question; Yes runs `on_yes` (after closing the question)."""

    def __init__(self, host: ScreenHost, question_key: str, on_yes: Callable[[], None]) -> None:
        self.question_key = question_key
        self.on_yes = on_yes
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        w = min(lay.w - 4 * lay.m, round(620 * lay.u))
        pad = lay.box_pad
        lines = self.host.renderer.assets.wrap(tr(self.question_key), lay.font_size, w - 2 * pad, True)
        line_h = self.host.renderer.assets.font(lay.font_size, True).get_linesize()
        h = pad * 3 + line_h * len(lines) + lay.button_h()
        self.frame = pygame.Rect(0, 0, w, h)
        self.frame.center = (lay.w // 2, lay.h // 2)
        self.lines = lines
        bw, bh = lay.button_w(), lay.button_h()
        y = self.frame.bottom - pad - bh
        no = pygame.Rect(self.frame.centerx + lay.m // 2, y, bw, bh)
        yes = pygame.Rect(self.frame.centerx - lay.m // 2 - bw, y, bw, bh)
        self.button("yes", mirrored(yes, self.frame), "btn.yes")
        self.button("no", mirrored(no, self.frame), "btn.no", "#pass")
        self.set_focus("no")

    def pressed(self, name: str) -> None:
        self.host.close_screen()
        if name == "yes":
            self.on_yes()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        self.panel(surface, self.frame)
        pad = lay.box_pad
        line_h = self.host.renderer.assets.font(lay.font_size, True).get_linesize()
        for i, line in enumerate(self.lines):
            s = self.text(line, lay.font_size, INK, True)
            surface.blit(s, s.get_rect(midtop=(self.frame.centerx, self.frame.y + pad + i * line_h)))
