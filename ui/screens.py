"""The screens around the table: main menu, pause menu, settings, how to play, statistics, a yes/no question.

Each screen owns a pygame-gui `UIManager` themed like the table's buttons and is drawn over the
felt (main menu) or over the paused table. Every screen is played with the keyboard as well as the
mouse: ↑ ↓ (and Tab) move the focus ring, ← → change a setting, Enter presses, Esc goes back.
Text is given to pygame-gui already in visual order (`i18n.display_text`); in Arabic the rows are
mirrored (labels on the right) and the first choice of a row is on the right.

Screens talk to the window through `ScreenHost` (the `App`), so they can be tested headless.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame
import pygame_gui

from . import i18n
from .layout import Layout
from .panels import button_font_size, theme, theme_font
from .render import DIM_INK, GOLD, INK, Renderer
from .settings import DECKS, DIFFICULTIES, LANGUAGES, SPEEDS, Settings
from .stats import Statistics
from .text import tr

if TYPE_CHECKING:
    from .savegame import SavedMatch

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

    def apply_settings(self, settings: Settings) -> None: ...

    def close_screen(self) -> None: ...

    def open_screen(self, screen: Screen) -> None: ...

    def start_new_match(self) -> None: ...

    def continue_match(self, saved: SavedMatch | None) -> None: ...

    def resume(self) -> None: ...

    def to_main_menu(self) -> None: ...

    def quit_game(self) -> None: ...

    def saved_match(self) -> tuple[SavedMatch | None, bool]: ...

    def load_statistics(self) -> Statistics: ...

    def reset_statistics(self) -> None: ...

    def speech_available(self) -> bool: ...

    def play_sound(self, name: str) -> None: ...


def screen_theme(lay: Layout) -> dict[str, Any]:
    """The table's button theme, plus the menu's big buttons, choice segments, tabs and text entries."""
    t = theme(lay)
    big = theme_font(round(button_font_size(lay) * 1.12))
    small = theme_font(max(11, round(15 * lay.u)), bold=False)
    small_bold = theme_font(max(11, round(15 * lay.u)))
    t["#menu"] = {"font": big}
    t["#seg"] = {"font": small, "colours": {"normal_bg": "#1d4a31", "hovered_bg": "#2f6b45",
                                            "normal_border": "#6f9c7c", "normal_text": "#dfe6d8"}}
    t["#seg_on"] = {"font": small_bold, "colours": {
        "normal_bg": "#e8be52", "hovered_bg": "#ffd978", "active_bg": "#ffd978", "selected_bg": "#ffd978",
        "normal_border": "#fff1c2", "normal_text": "#18201a", "hovered_text": "#18201a",
        "active_text": "#18201a", "selected_text": "#18201a"}}
    t["#tab"] = {"font": small_bold, "colours": {"normal_bg": "#143826", "hovered_bg": "#1f5236",
                                                 "normal_border": "#4f7c5c", "normal_text": "#cfd9cb"}}
    t["#tab_on"] = dict(t["#seg_on"], font=small_bold)
    # "العربية" on the English language row: shaped with the Arab script whatever the language
    t["#seg_arab"] = dict(t["#seg"], font=theme_font(max(11, round(15 * lay.u)), bold=False, arabic=True))
    t["#seg_on_arab"] = dict(t["#seg_on"], font=theme_font(max(11, round(15 * lay.u)), arabic=True))
    t["text_entry_line"] = {
        "font": theme_font(max(12, round(16 * lay.u)), bold=False),
        "colours": {"dark_bg": "#0c2317", "normal_border": "#6f9c7c", "normal_text": "#f4f0e2",
                    "selected_bg": "#3f8c5a", "selected_text": "#ffffff", "text_cursor": "#ffd978"},
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


class Screen:
    """Base: a UIManager, the focusable items, the keys every screen shares."""

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

    def layout(self, lay: Layout) -> None:
        raise NotImplementedError

    def button(self, name: str, rect: pygame.Rect, label: str, object_id: str | None = None) -> Item:
        """A button; `label` is an i18n key."""
        b = pygame_gui.elements.UIButton(rect, i18n.display_text(tr(label)), manager=self.manager,
                                         object_id=object_id)
        item = Item(name, "button", rect, [b])
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
        self.manager.update(dt_ms / 1000.0)

    def draw(self, surface: pygame.Surface, focus: bool = True) -> None:
        """The screen; `focus`: it is the top one (its focus ring shows)."""
        self.draw_below(surface)
        item = self.focused() if focus else None
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

    def panel(self, surface: pygame.Surface, box: pygame.Rect, veil: int = 150) -> None:
        if veil:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, veil))
            surface.blit(shade, (0, 0))
        lay = self.host.layout
        self.host.renderer.panel(surface, box, border=GOLD, alpha=240, radius=max(10, round(14 * lay.u)))

    def text(self, s: str, size: int, colour: tuple[int, int, int] = INK,
             bold: bool = False) -> pygame.Surface:
        return self.host.renderer.rich(s, size, colour, bold)

    def fit(self, s: str, size: int, max_w: int, colour: tuple[int, int, int] = INK,
            bold: bool = False) -> pygame.Surface:
        return self.host.renderer.fit_rich(s, size, max_w, colour, bold)

    def title(self, surface: pygame.Surface, box: pygame.Rect, text: str) -> int:
        """The screen title at the top of `box` (on the reading side); returns the y below it."""
        lay = self.host.layout
        pad = max(10, round(18 * lay.u))
        surf = self.fit(text, lay.big_font, box.w - 2 * pad, INK, True)
        self.host.renderer.put(surface, surf, box, box.x + pad, box.y + pad)
        return box.y + pad + surf.get_height()

    def nav_hint(self, surface: pygame.Surface, box: pygame.Rect, key: str, y: int | None = None) -> None:
        lay = self.host.layout
        pad = max(10, round(18 * lay.u))
        surf = self.fit(tr(key), max(10, lay.small_font - 1), box.w - 2 * pad, DIM_INK)
        yy = y if y is not None else box.bottom - pad // 2 - surf.get_height()
        surface.blit(surf, surf.get_rect(midtop=(box.centerx, yy)))


# ----- menus -----------------------------------------------------------------------------------

class MenuScreen(Screen):
    """A column of big buttons in a box, with a title."""

    entries: ClassVar[list[tuple[str, str]]] = []

    def menu_entries(self) -> list[tuple[str, str]]:
        return list(self.entries)

    def column(self, lay: Layout, top: int, entries: list[tuple[str, str]]) -> pygame.Rect:
        bw = max(round(300 * lay.u), max(
            i18n.text_width(self.host.renderer.assets.font(round(button_font_size(lay) * 1.12), True), tr(k))
            for _, k in entries) + round(60 * lay.u))
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        x = round(lay.w / 2 - bw / 2)
        for i, (name, label) in enumerate(entries):
            self.button(name, pygame.Rect(x, top + i * (bh + gap), bw, bh), label, "#menu")
        return pygame.Rect(x, top, bw, len(entries) * (bh + gap) - gap)


class MainMenu(MenuScreen):
    """New match, Continue (only with a saved match), Settings, How to play, Statistics, Quit."""

    close_on_outside_click = False

    def __init__(self, host: ScreenHost) -> None:
        self.saved, self.can_continue = host.saved_match()
        super().__init__(host)

    def menu_entries(self) -> list[tuple[str, str]]:
        out = [("new", "menu.new_match")]
        if self.can_continue:
            out.append(("continue", "menu.continue"))
        return [*out, ("settings", "menu.settings"), ("howto", "menu.howto"), ("stats", "menu.stats"),
                ("quit", "menu.quit")]

    def layout(self, lay: Layout) -> None:
        entries = self.menu_entries()
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        total = len(entries) * (bh + gap) - gap
        head = round(lay.big_font * 2.6) + lay.small_font * 2
        top = max(head + lay.m * 2, round((lay.h - total) / 2 + head * 0.45))
        top = min(top, lay.h - total - lay.small_font * 3)
        self.column_rect = self.frame = self.column(lay, top, entries)
        if self.can_continue and self.saved is not None:
            us, them = self.saved.match.scores
            b = self.items[1].widgets[0]
            b.set_text(i18n.display_text(tr("menu.continue_score", us=us, them=them)))
        if self.can_continue:
            self.set_focus("continue")

    def pressed(self, name: str) -> None:
        host = self.host
        if name == "new":
            if self.can_continue:
                host.open_screen(ConfirmScreen(host, "menu.confirm_new", host.start_new_match))
            else:
                host.start_new_match()
        elif name == "continue":
            host.continue_match(self.saved)
        elif name == "settings":
            host.open_screen(SettingsScreen(host))
        elif name == "howto":
            host.open_screen(HowToScreen(host))
        elif name == "stats":
            host.open_screen(StatsScreen(host))
        elif name == "quit":
            host.quit_game()

    def back(self) -> None:
        """Esc on the main menu: back to the match left for it, else to the Quit button."""
        if self.can_continue:
            self.host.continue_match(self.saved)
        else:
            self.set_focus("quit")

    def tilted_card(self, surface: pygame.Surface, card: int, x: float, y: float, w: float, h: float,
                    angle: float) -> None:
        """A card lying on the felt at an angle, smoothly turned, with a soft shadow."""
        a = self.host.renderer.assets
        face = pygame.transform.rotozoom(a.card(card, round(w), round(h)), angle, 1.0)
        shadow = pygame.transform.rotozoom(a.rounded_mask(round(w), round(h), (0, 0, 0, 80)), angle, 1.0)
        off = max(2, round(w * 0.04))
        surface.blit(shadow, shadow.get_rect(center=(round(x) + off, round(y) + off)))
        surface.blit(face, face.get_rect(center=(round(x), round(y))))

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, r = self.host.layout, self.host.renderer
        surface.blit(r.felt(lay), (0, 0))
        col = self.column_rect
        # two fans of cards on the felt, either side of the buttons: the four Aces, and Baloot (K Q of ♥)
        w, h = lay.cw * 1.05, lay.ch * 1.05
        room = (lay.w - col.w) / 2
        if room > w * 1.6:
            cy = col.centery + h * 0.1
            left = col.left - room / 2
            for i, card in enumerate((7, 15, 23, 31)):
                self.tilted_card(surface, card, left - w * 0.45 + i * w * 0.3, cy + abs(i - 1.5) * h * 0.06,
                                 w, h, 18 - i * 12)
            right = col.right + room / 2
            for i, card in enumerate((13, 14)):
                self.tilted_card(surface, card, right - w * 0.2 + i * w * 0.42, cy, w, h, 8 - i * 16)
        title_size = round(lay.big_font * 2.4)
        name = tr("menu.title")
        if i18n.has_arabic(name):
            font = pygame.font.Font(str(r.assets.root / "fonts" / "Amiri-Bold.ttf"), round(title_size * 1.1))
            title = i18n.render_text(font, name, GOLD)
        else:
            title = r.assets.text(name, title_size, GOLD, bold=True)
        sub = r.assets.text(tr("menu.subtitle"), lay.font_size, DIM_INK)
        gap = max(4, round(6 * lay.u))
        y = col.top - lay.m * 2 - sub.get_height() - gap - title.get_height()
        y = max(lay.m, y)
        surface.blit(title, title.get_rect(midtop=(lay.w // 2, y)))
        surface.blit(sub, sub.get_rect(midtop=(lay.w // 2, y + title.get_height() + gap)))
        nav = r.assets.text(tr("menu.nav"), max(10, lay.small_font - 1), DIM_INK)
        surface.blit(nav, nav.get_rect(midbottom=(lay.w // 2, lay.h - lay.m)))


class PauseMenu(MenuScreen):
    """Esc during a match: Resume, Settings, How to play, Main menu, Quit (the match stays saved)."""

    entries: ClassVar[list[tuple[str, str]]] = [
        ("resume", "pause.resume"), ("settings", "pause.settings"), ("howto", "menu.howto"),
        ("main_menu", "pause.main_menu"), ("quit", "pause.quit")]

    def layout(self, lay: Layout) -> None:
        entries = self.menu_entries()
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        total = len(entries) * (bh + gap) - gap
        head = lay.big_font + 3 * lay.m
        foot = lay.small_font * 3 + lay.m
        top = round(lay.h / 2 - (total + head + foot) / 2 + head)
        col = self.column(lay, top, entries)
        self.frame = col.inflate(round(80 * lay.u), 0)
        self.frame.top = top - head
        self.frame.height = total + head + foot

    def pressed(self, name: str) -> None:
        host = self.host
        if name == "resume":
            host.resume()
        elif name == "settings":
            host.open_screen(SettingsScreen(host))
        elif name == "howto":
            host.open_screen(HowToScreen(host))
        elif name == "main_menu":
            host.to_main_menu()
        elif name == "quit":
            host.quit_game()

    def back(self) -> None:
        self.host.resume()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        self.panel(surface, self.frame, veil=120)
        t = self.text(tr("pause.title"), lay.big_font, INK, True)
        surface.blit(t, t.get_rect(midtop=(self.frame.centerx, self.frame.y + lay.m)))
        if self.host.persist_profile:
            self.nav_hint(surface, self.frame, "pause.saved", self.frame.bottom - lay.small_font * 3)
        self.nav_hint(surface, self.frame, "menu.nav")


class ConfirmScreen(Screen):
    """A yes/no question; Yes runs `on_yes` (after closing the question)."""

    def __init__(self, host: ScreenHost, question_key: str, on_yes: Callable[[], None]) -> None:
        self.question_key = question_key
        self.on_yes = on_yes
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        w = min(lay.w - 4 * lay.m, round(620 * lay.u))
        pad = max(10, round(18 * lay.u))
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
        self.panel(surface, self.frame, veil=110)
        pad = max(10, round(18 * lay.u))
        line_h = self.host.renderer.assets.font(lay.font_size, True).get_linesize()
        for i, line in enumerate(self.lines):
            s = self.text(line, lay.font_size, INK, True)
            surface.blit(s, s.get_rect(midtop=(self.frame.centerx, self.frame.y + pad + i * line_h)))


# ----- settings --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    field: str
    """A field of `Settings`, or "rules.<variant>"."""
    label: str
    kind: str
    """"choice", "volume" or "entry"."""
    options: tuple[tuple[object, str], ...] = ()
    """(value, i18n key of its label) for a choice."""


ON_OFF: tuple[tuple[object, str], ...] = ((True, "choice.on"), (False, "choice.off"))


def settings_tabs() -> list[tuple[str, list[Row], str]]:
    """(section title key, rows, note key) for each tab of the settings screen."""
    from game.rules import Rules

    diff = tuple((d, f"difficulty.{d}") for d in DIFFICULTIES)
    players = [Row(f"name_{s}", f"settings.name_{s}", "entry") for s in ("south", "east", "north", "west")]
    players += [Row(f"difficulty_{s}", f"settings.difficulty_{s}", "choice", diff)
                for s in ("east", "north", "west")]
    display = [
        Row("language", "settings.language", "choice", tuple((c, f"language.{c}") for c in LANGUAGES)),
        Row("deck", "settings.deck", "choice", tuple((d, f"deck.{d}") for d in DECKS)),
        Row("animation_speed", "settings.animation_speed", "choice",
            tuple((s, f"speed.{s}") for s in SPEEDS)),
    ]
    sound = [Row("sound", "settings.sound", "choice", ON_OFF), Row("volume", "settings.volume", "volume"),
             Row("speech", "settings.speech", "choice", ON_OFF)]
    rules = [Row(f"rules.{name}", f"rules.{name}", "choice", ON_OFF) for name in Rules().to_dict()]
    return [("settings.section.players", players, "settings.difficulty_next_match"),
            ("settings.section.display", display, ""),
            ("settings.section.sound", sound, "settings.speech_none"),
            ("settings.section.rules", rules, "settings.rules_next_match")]


def get_value(settings: Settings, name: str) -> object:
    if name.startswith("rules."):
        return getattr(settings.rules, name[6:])
    return getattr(settings, name)


def with_value(settings: Settings, name: str, value: object) -> Settings:
    changes: dict[str, Any] = {name[6:] if name.startswith("rules.") else name: value}
    if name.startswith("rules."):
        return replace(settings, rules=replace(settings.rules, **changes))
    return replace(settings, **changes)


class SettingsScreen(Screen):
    """Every field of `Settings` in four tabs; each change is applied and saved at once."""

    def __init__(self, host: ScreenHost, tab: int = 0) -> None:
        self.tab = tab
        self.problem = ""
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        tabs = settings_tabs()
        box = self.frame = self.box(lay)
        pad = max(10, round(18 * lay.u))
        a = self.host.renderer.assets
        y = box.y + pad + a.font(lay.big_font, True).get_linesize() + pad // 2
        # the tabs
        tab_h = max(28, round(36 * lay.u))
        n = len(tabs)
        gap = max(4, round(6 * lay.u))
        tw = (box.w - 2 * pad - (n - 1) * gap) // n
        tab_widgets = []
        for i, (key, _rows, _note) in enumerate(tabs):
            r = mirrored(pygame.Rect(box.x + pad + i * (tw + gap), y, tw, tab_h), box)
            tab_widgets.append(pygame_gui.elements.UIButton(
                r, i18n.display_text(tr(key)), manager=self.manager,
                object_id="#tab_on" if i == self.tab else "#tab"))
        tabs_rect = mirrored(pygame.Rect(box.x + pad, y, box.w - 2 * pad, tab_h), box)
        self.items.append(Item("tabs", "tabs", tabs_rect, tab_widgets))
        y += tab_h + pad
        # the rows of this tab
        _key, rows, note = tabs[self.tab]
        self.note_key = note
        row_h = lay.button_h()
        gap_y = max(6, round(9 * lay.u))
        seg_font = a.font(max(11, round(15 * lay.u)), True)
        for row in rows:
            control_w = self.control_width(row, lay, seg_font)
            label_w = box.w - 3 * pad - control_w
            cx = box.right - pad - control_w
            rect = pygame.Rect(cx, y, control_w, row_h)
            line = pygame.Rect(box.x + pad // 2, y - gap_y // 2, box.w - pad, row_h + gap_y)
            item = Item(row.field, row.kind, mirrored(rect, box), [], mirrored(line, box))
            self.build_control(item, row, rect, box, seg_font)
            item.label = (row.label, label_w)
            self.items.append(item)
            y += row_h + gap_y
        self.rows = rows
        self.rows_bottom = y
        # Restore defaults, Back
        bw = self.button_width(("settings.reset", "btn.back"), lay.button_w() + round(40 * lay.u))
        bh = lay.button_h()
        yb = box.bottom - pad - bh - a.font(lay.small_font).get_linesize()
        back = pygame.Rect(box.right - pad - bw, yb, bw, bh)
        reset = pygame.Rect(back.x - lay.m - bw, yb, bw, bh)
        self.button("reset", mirrored(reset, box), "settings.reset", "#pass")
        self.button("back", mirrored(back, box), "btn.back")

    @staticmethod
    def control_width(row: Row, lay: Layout, font: pygame.font.Font) -> int:
        if row.kind == "entry":
            return round(300 * lay.u)
        if row.kind == "volume":
            return round(260 * lay.u)
        pad = round(26 * lay.u)
        widths = [max(round(80 * lay.u), i18n.text_width(font, tr(k)) + pad) for _, k in row.options]
        return sum(widths) + (len(widths) - 1) * max(4, round(6 * lay.u))

    def build_control(self, item: Item, row: Row, rect: pygame.Rect, box: pygame.Rect,
                      font: pygame.font.Font) -> None:
        settings = self.host.settings
        lay = self.host.layout
        if row.kind == "entry":
            entry = pygame_gui.elements.UITextEntryLine(mirrored(rect, box), manager=self.manager)
            entry.set_text_length_limit(20)
            entry.set_text(str(get_value(settings, row.field)))
            item.widgets.append(entry)
            return
        if row.kind == "volume":
            bw = rect.h + round(10 * lay.u)
            minus = pygame.Rect(rect.x, rect.y, bw, rect.h)
            plus = pygame.Rect(rect.right - bw, rect.y, bw, rect.h)
            for r, label in ((minus, "−"), (plus, "+")):  # Arabic: − on the right, the bar fills leftwards
                item.widgets.append(pygame_gui.elements.UIButton(mirrored(r, box), label,
                                                                 manager=self.manager, object_id="#seg"))
            return
        pad = round(26 * lay.u)
        gap = max(4, round(6 * lay.u))
        x = rect.x
        value = get_value(settings, row.field)
        for opt, key in row.options:
            w = max(round(80 * lay.u), i18n.text_width(font, tr(key)) + pad)
            r = mirrored(pygame.Rect(x, rect.y, w, rect.h), box)
            oid = "#seg_on" if opt == value else "#seg"
            if i18n.has_arabic(tr(key)) and not i18n.is_rtl():
                oid += "_arab"
            item.widgets.append(pygame_gui.elements.UIButton(
                r, i18n.display_text(tr(key)), manager=self.manager, object_id=oid))
            x += w + gap

    # ----- changes -------------------------------------------------------------------------

    def row_of(self, item: Item) -> Row | None:
        for row in self.rows:
            if row.field == item.name:
                return row
        return None

    def set_value(self, name: str, value: object) -> None:
        new = with_value(self.host.settings, name, value)
        if new == self.host.settings:
            return
        old_language = self.host.settings.language
        self.host.apply_settings(new)  # a new language rebuilds every screen (this one included)
        if name == "sound" or name == "volume":
            self.host.play_sound("click")
        if new.language == old_language:
            self.build()

    def adjust(self, item: Item, direction: int) -> None:
        if item.kind == "tabs":
            step = -direction if i18n.is_rtl() else direction
            self.tab = (self.tab + step) % len(settings_tabs())
            self.build()
            self.set_focus("tabs")
            return
        if item.kind == "volume":
            volume = self.host.settings.volume + 0.1 * (-direction if i18n.is_rtl() else direction)
            self.set_value("volume", round(min(1.0, max(0.0, volume)), 2))
            return
        row = self.row_of(item)
        if item.kind == "choice" and row is not None:
            values = [v for v, _ in row.options]
            i = values.index(get_value(self.host.settings, row.field))
            step = -direction if i18n.is_rtl() else direction
            self.set_value(row.field, values[(i + step) % len(values)])
            return
        super().adjust(item, direction)

    def activate(self, item: Item) -> None:
        if item.kind in ("tabs", "choice", "volume"):  # Enter: the next choice, one step louder
            self.adjust(item, -1 if i18n.is_rtl() else 1)
        else:
            self.pressed(item.name)

    def pressed_part(self, item: Item, index: int) -> None:
        if item.kind == "tabs":
            self.tab = index
            self.build()
            self.set_focus("tabs")
        elif item.kind == "volume":
            louder = index == 1
            self.adjust(item, (1 if louder else -1) * (-1 if i18n.is_rtl() else 1))
        elif item.kind == "choice":
            row = self.row_of(item)
            if row is not None:
                self.set_value(row.field, row.options[index][0])

    def pressed(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "reset":
            keep = self.host.settings
            self.host.apply_settings(Settings())
            if Settings().language == keep.language:
                self.build()

    def text_changed(self, element: object) -> None:
        for it in self.items:
            if it.kind == "entry" and it.widgets[0] is element:
                text = str(self.entry_text(it))
                if 0 < len(text.strip()) <= 20:
                    self.problem = ""
                    self.host.apply_settings(with_value(self.host.settings, it.name, text.strip()))
                else:
                    self.problem = tr("settings.name_invalid")

    def left_item(self) -> None:
        for it in self.items:
            if it.kind == "entry" and it is not self.focused():
                saved = str(get_value(self.host.settings, it.name))
                if self.entry_text(it).strip() != saved:
                    entry: Element = it.widgets[0]
                    entry.set_text(saved)
                    self.problem = ""

    @staticmethod
    def entry_text(item: Item) -> str:
        entry: Element = item.widgets[0]
        return str(entry.get_text())

    # ----- drawing -------------------------------------------------------------------------

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        self.panel(surface, box)
        self.title(surface, box, tr("settings.title"))
        pad = max(10, round(18 * lay.u))
        r = self.host.renderer
        for it in self.items:
            if it.label is None:
                continue
            key, width = it.label
            label = self.fit(tr(key), lay.font_size, width, INK)
            row_y = it.rect.centery - label.get_height() // 2
            r.put(surface, label, box, box.x + pad, row_y)
            if it.kind == "volume":
                v = self.text(tr("settings.volume_value", percent=round(self.host.settings.volume * 100)),
                              lay.font_size, INK, True)
                surface.blit(v, v.get_rect(center=it.rect.center))
                bar = it.rect.inflate(-2 * (it.rect.h + round(10 * lay.u)) - 2 * lay.m, 0)
                bar.height = max(3, round(4 * lay.u))
                bar.bottom = it.rect.bottom - 2
                pygame.draw.rect(surface, (60, 90, 70), bar, border_radius=2)
                filled = bar.copy()
                filled.width = round(bar.width * self.host.settings.volume)
                if i18n.is_rtl():
                    filled.right = bar.right
                pygame.draw.rect(surface, GOLD, filled, border_radius=2)
        y = self.rows_bottom + pad // 3
        notes = []
        if self.problem:
            notes.append((self.problem, (236, 120, 110)))
        if self.note_key and (self.note_key != "settings.speech_none" or not self.host.speech_available()):
            notes.append((tr(self.note_key), DIM_INK))
        a = r.assets
        for text, colour in notes:
            for line in a.wrap(text, lay.small_font, box.w - 2 * pad):
                s = a.text(line, lay.small_font, colour)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height() + 2
        if any(row.field == "deck" for row in self.rows):
            self.deck_preview(surface, box, y + pad // 2)
        self.nav_hint(surface, box, "settings.nav")

    def deck_preview(self, surface: pygame.Surface, box: pygame.Rect, top: int) -> None:
        """A card of each suit in the chosen deck (two-colour: ♦ red, ♣ black; four-colour: blue, green)."""
        lay, r = self.host.layout, self.host.renderer
        pad = max(10, round(18 * lay.u))
        bottom = box.bottom - pad - lay.button_h() - pad
        h = min(lay.ch, bottom - top)
        if h < 40:
            return
        w = h * lay.cw / lay.ch
        step = w * 1.12
        x0 = box.centerx - 1.5 * step
        for i, card in enumerate((7, 14, 21, 28)):  # A♠ K♥ Q♦ J♣
            r.draw_card(surface, card, x0 + i * step, top + h / 2, w, h, 0, True, True)


# ----- how to play -----------------------------------------------------------------------------

def howto_rows() -> list[tuple[str, str]]:
    """The rules summary and, after it, the keyboard."""
    rows = i18n.howto_blocks()
    rows.append(("heading", tr("keys.title")))
    for k in ("arrows", "enter", "continue", "c", "a", "f", "s", "space", "h", "l", "plus_minus", "esc",
              "f11"):
        rows.append(("bullet", tr(f"keys.{k}")))
    return rows


class HowToScreen(Screen):
    """The rules summary (assets/i18n/howto_<language>.md), scrolled with ↑ ↓, Page Up/Down or the wheel."""

    def __init__(self, host: ScreenHost) -> None:
        self.scroll = 0
        self.page: pygame.Surface | None = None
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay)
        pad = max(10, round(18 * lay.u))
        a = self.host.renderer.assets
        top = box.y + pad + a.font(lay.big_font, True).get_linesize() + pad // 2
        bh = lay.button_h()
        self.view = pygame.Rect(box.x + pad, top, box.w - 2 * pad, box.bottom - pad - bh - pad - top)
        self.page = self.render_page(self.view.w - round(16 * lay.u))
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        bw = lay.button_w()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
        self.button("back", mirrored(back, box), "btn.back")

    def render_page(self, width: int) -> pygame.Surface:
        lay = self.host.layout
        a, r = self.host.renderer.assets, self.host.renderer
        fs, hs = lay.font_size, round(lay.font_size * 1.2)
        indent = round(22 * lay.u)
        parts: list[tuple[pygame.Surface, int, int]] = []
        y = 0
        for kind, text in howto_rows():
            if kind == "heading":
                y += round(fs * 0.6) if parts else 0
                s = r.fit_rich(text, hs, width, GOLD, True)
                parts.append((s, i18n.aligned_x(0, width, s.get_width()), y))
                y += s.get_height() + 4
                continue
            lines = a.wrap(text, fs, width - indent)
            rtl = i18n.is_rtl()
            for i, line in enumerate(lines):
                s = r.rich(line, fs, INK)
                parts.append((s, width - indent - s.get_width() if rtl else indent, y))
                if i == 0 and kind == "bullet":
                    dot = a.text("•", fs, GOLD, True)
                    parts.append((dot, width - indent // 3 - dot.get_width() if rtl else indent // 3, y))
                y += a.font(fs).get_linesize()
            y += 3
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for s, x, yy in parts:
            page.blit(s, (x, yy))
        return page

    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def key(self, key: int, mod: int = 0) -> None:
        line = self.host.renderer.assets.font(self.host.layout.font_size).get_linesize()
        if key == pygame.K_UP:
            self.scroll_by(-line * 2)
        elif key == pygame.K_DOWN:
            self.scroll_by(line * 2)
        else:
            super().key(key, mod)

    def other_key(self, key: int) -> None:
        if key == pygame.K_PAGEUP:
            self.scroll_by(-self.view.h + 40)
        elif key == pygame.K_PAGEDOWN:
            self.scroll_by(self.view.h - 40)
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll = self.max_scroll()

    def wheel(self, dy: int) -> None:
        self.scroll_by(-dy * 60)

    def pressed(self, name: str) -> None:
        self.back()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        self.panel(surface, box)
        self.title(surface, box, tr("howto.title"))
        if self.page is None:
            return
        view = self.view
        surface.blit(self.page, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        if self.max_scroll() > 0:
            bar_w = max(4, round(6 * lay.u))
            track = pygame.Rect(view.right - bar_w, view.y, bar_w, view.h)
            track = mirrored(track, box)
            pygame.draw.rect(surface, (50, 80, 60), track, border_radius=bar_w // 2)
            h = max(20, round(view.h * view.h / self.page.get_height()))
            y = view.y + round((view.h - h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, GOLD, pygame.Rect(track.x, y, bar_w, h), border_radius=bar_w // 2)
        self.nav_hint(surface, box, "howto.nav", box.bottom - max(10, round(18 * lay.u)) - lay.button_h()
                      + (lay.button_h() - lay.small_font) // 2)


# ----- statistics ------------------------------------------------------------------------------

def ratio(won: int, played: int) -> str:
    if played <= 0:
        return tr("stats.none")
    return tr("stats.ratio", won=won, played=played, percent=round(100 * won / played))


def margin(points: int | None) -> str:
    if points is None:
        return tr("stats.none")
    return tr("stats.margin", points=f"{points:+d}")


def stats_columns(s: Statistics) -> list[tuple[str, list[tuple[str, str]]]]:
    """Two columns of (label, value) under a heading: matches and hands; contracts, Al-Kaboot, Gahwa."""
    left = [
        (tr("stats.matches_played"), str(s.matches_played)),
        (tr("stats.matches_won"), ratio(s.matches_won, s.matches_played)),
        (tr("stats.hands_played"), str(s.hands_played)),
        (tr("stats.hands_won"), ratio(s.hands_won, s.hands_played)),
        (tr("stats.hands_thrown_in"), str(s.hands_thrown_in)),
        (tr("stats.best_hand"), margin(s.best_hand)),
        (tr("stats.worst_hand"), margin(s.worst_hand)),
    ]
    right = [
        (tr("stats.hokum_taken"), str(s.hokum_taken)),
        (tr("stats.hokum_made"), ratio(s.hokum_made, s.hokum_taken)),
        (tr("stats.sun_taken"), str(s.sun_taken)),
        (tr("stats.sun_made"), ratio(s.sun_made, s.sun_taken)),
        (tr("stats.kaboot_for"), str(s.kaboot_for)),
        (tr("stats.kaboot_against"), str(s.kaboot_against)),
        (tr("stats.gahwa_played"), str(s.gahwa_played)),
        (tr("stats.gahwa_won"), ratio(s.gahwa_won, s.gahwa_played)),
    ]
    return [(tr("stats.section.games"), left), (tr("stats.section.contracts"), right)]


def recent_lines(s: Statistics) -> list[str]:
    """'152-98 won' (as stored) in the player's language."""
    out = []
    for line in s.recent:
        score, _, result = line.partition(" ")
        us, _, them = score.partition("-")
        key = "stats.recent_won" if result == "won" else "stats.recent_lost"
        out.append(tr(key, us=us, them=them))
    return out


class StatsScreen(Screen):
    """Matches and hands, contracts taken and made, Al-Kaboot, Gahwa, best and worst hands, recent matches."""

    def __init__(self, host: ScreenHost) -> None:
        self.stats = host.load_statistics()
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay)
        pad = max(10, round(18 * lay.u))
        bw = self.button_width(("stats.reset", "btn.back"), lay.button_w() + round(40 * lay.u))
        bh = lay.button_h()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
        reset = pygame.Rect(back.x - lay.m - bw, back.y, bw, bh)
        self.button("reset", mirrored(reset, box), "stats.reset", "#pass")
        self.button("back", mirrored(back, box), "btn.back")
        self.set_focus("back")

    def pressed(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "reset":
            self.host.open_screen(ConfirmScreen(self.host, "stats.reset_confirm", self.reset))

    def reset(self) -> None:
        self.host.reset_statistics()
        self.stats = self.host.load_statistics()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        self.panel(surface, box)
        y0 = self.title(surface, box, tr("stats.title")) + max(8, round(14 * lay.u))
        pad = max(10, round(18 * lay.u))
        r = self.host.renderer
        fs = lay.font_size
        line = r.assets.font(fs).get_linesize() + max(4, round(8 * lay.u))
        col_w = (box.w - 4 * pad) // 2
        bottom = y0
        for c, (heading, rows) in enumerate(stats_columns(self.stats)):
            x = box.x + pad + c * (col_w + 2 * pad)
            head = self.fit(heading, fs, col_w, GOLD, True)
            r.put(surface, head, box, x, y0)
            y = y0 + line
            for i, (label, value) in enumerate(rows):
                if i % 2 == 0:
                    stripe = pygame.Surface((col_w + pad, line), pygame.SRCALPHA)
                    stripe.fill((255, 255, 255, 14))
                    lift = (line - r.assets.font(fs).get_linesize()) // 2
                    r.put(surface, stripe, box, x - pad // 2, y - lift)
                v = self.text(value, fs, INK, True)
                lab = self.fit(label, fs, col_w - v.get_width() - pad, DIM_INK)
                r.put(surface, lab, box, x, y)
                r.put(surface, v, box, x + col_w - v.get_width(), y)
                y += line
            bottom = max(bottom, y)
        recent = recent_lines(self.stats)
        y = bottom + pad // 2
        if recent:
            head = self.text(tr("stats.recent"), fs, GOLD, True)
            r.put(surface, head, box, box.x + pad, y)
            y += line
            limit = box.bottom - pad - lay.button_h() - pad
            x = box.x + pad
            for text in recent:
                s = self.text(text, lay.small_font, INK)
                if x + s.get_width() > box.right - pad:
                    x = box.x + pad
                    y += s.get_height() + 4
                if y + s.get_height() > limit:
                    break
                r.put(surface, s, box, x, y)
                x += s.get_width() + 2 * pad
