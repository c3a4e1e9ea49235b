"""The settings screen: four tabs of rows, every change saved at once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame
import pygame_gui

from game.rules import PRESETS, Rules
from ui import i18n
from ui.files.settings import DECKS, DIFFICULTIES, LANGUAGES, SPEEDS, Settings
from ui.rules_text import VARIANTS, base_preset, rules_details, rules_line, variant_label
from ui.screens.base import Element, Item, Screen, ScreenHost, mirrored
from ui.table.layout import Layout
from ui.text import tr
from ui.theme import BRIGHT_GOLD, DIM_INK, ENTRY, GOLD, INK, RED, TRACK


@dataclass(frozen=True)
class Row:
    field: str
    """A field of `Settings`, "rules.<variant>", or "preset" (the rules of a preset)."""
    label: str
    kind: str
    """"choice", "volume" or "entry"."""
    options: tuple[tuple[object, str], ...] = ()
    """(value, i18n key of its label) for a choice."""


ON_OFF: tuple[tuple[object, str], ...] = ((True, "choice.on"), (False, "choice.off"))


PRESET_FIELD = "preset"


def rules_rows(rules: Rules) -> list[Row]:
    """The rules tab: the preset, each Baloot variant (not under classic Belote, where they do not
    apply), and the announcing of belote."""
    rows = [Row(PRESET_FIELD, "rules.game", "choice", tuple((p, f"preset.{p}") for p in PRESETS))]
    if not rules.belote:
        rows += [Row(f"rules.{name}", f"rules.{name}", "choice", ON_OFF) for name in VARIANTS]
    rows.append(Row("announce_belote", "settings.announce_belote", "choice", ON_OFF))
    return rows


def label_text(key: str) -> str:
    """A row's label: a variant's with its rule-book letter ('(e) Projects …')."""
    if key.startswith("rules.") and key[6:] in VARIANTS:
        return variant_label(key[6:])
    return tr(key)


def settings_tabs(rules: Rules | None = None) -> list[tuple[str, list[Row], str]]:
    """(section title key, rows, note key) for each tab of the settings screen; the rules tab's
    rows follow the chosen rules (`rules`, default: the defaults)."""
    diff = tuple((d, f"difficulty.{d}") for d in DIFFICULTIES)
    players = [Row(f"name_{s}", f"settings.name_{s}", "entry") for s in ("south", "east", "north", "west")]
    players += [Row(f"difficulty_{s}", f"settings.difficulty_{s}", "choice", diff)
                for s in ("east", "north", "west")]
    display = [
        Row("language", "settings.language", "choice", tuple((c, f"language.{c}") for c in LANGUAGES)),
        Row("deck", "settings.deck", "choice", tuple((d, f"deck.{d}") for d in DECKS)),
        Row("animation_speed", "settings.animation_speed", "choice",
            tuple((s, f"speed.{s}") for s in SPEEDS)),
        Row("reduced_motion", "settings.reduced_motion", "choice", ON_OFF),
    ]
    sound = [Row("sound", "settings.sound", "choice", ON_OFF), Row("volume", "settings.volume", "volume"),
             Row("speech", "settings.speech", "choice", ON_OFF)]
    rules_tab = rules_rows(rules if rules is not None else Rules())
    return [("settings.section.players", players, "settings.difficulty_next_match"),
            ("settings.section.display", display, ""),
            ("settings.section.sound", sound, "settings.speech_none"),
            ("settings.section.rules", rules_tab, "settings.rules_next_match")]


NAME_FIELDS = ("name_south", "name_east", "name_north", "name_west")


def shown_name(field: str, value: str) -> str:
    """A name left at its default shown in the language (أنت, فهد …), never the English default."""
    from ui.text import DEFAULT_NAMES
    seat = NAME_FIELDS.index(field)
    return tr(f"name.default.{seat}") if value == DEFAULT_NAMES[seat] else value


def stored_name(field: str, text: str) -> str:
    """The default name stays the default (so it follows the language) when it is what was typed."""
    from ui.text import DEFAULT_NAMES
    seat = NAME_FIELDS.index(field)
    return DEFAULT_NAMES[seat] if text == tr(f"name.default.{seat}") else text


def get_value(settings: Settings, name: str) -> object:
    if name == PRESET_FIELD:
        return base_preset(settings.rules)
    if name.startswith("rules."):
        return getattr(settings.rules, name[6:])
    return getattr(settings, name)


def with_value(settings: Settings, name: str, value: object) -> Settings:
    if name == PRESET_FIELD:  # a preset is a starting point: its rules, exactly
        return replace(settings, rules=Rules.preset(str(value)))
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
        tabs = settings_tabs(self.host.settings.rules)
        box = self.frame = self.box(lay)
        pad = lay.box_pad
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
        small = a.font(lay.small_font).get_linesize()
        room = box.bottom - pad - row_h - small - 3 * small - y  # the buttons, the notes under the rows
        if len(rows) * (row_h + gap_y) > room:  # many rows (the rules of Baloot): closer together
            gap_y = max(3, round(4 * lay.u))
            row_h = max(22, min(row_h, room // len(rows) - gap_y))
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
            entry.set_text(shown_name(row.field, str(get_value(settings, row.field))))
            item.widgets.append(entry)
            item.words = tr(row.label)
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

    def item_words(self, item: Item) -> str:
        """'Language: العربية', 'Volume: 70%', 'Your name: Ali', the tab: what the ear needs."""
        row = self.row_of(item)
        if item.kind == "tabs":
            return tr(settings_tabs(self.host.settings.rules)[self.tab][0])
        if row is None:
            return item.words
        value = get_value(self.host.settings, row.field)
        if row.kind == "volume":
            shown = tr("settings.volume_value", percent=round(self.host.settings.volume * 100))
        elif row.kind == "entry":
            shown = self.entry_text(item)
        else:
            shown = next((tr(k) for v, k in row.options if v == value), str(value))
        return f"{label_text(row.label)}: {shown}"

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
        self.say_focus()  # the new value, aloud

    def adjust(self, item: Item, direction: int) -> None:
        if item.kind == "tabs":
            step = -direction if i18n.is_rtl() else direction
            self.tab = (self.tab + step) % len(settings_tabs(self.host.settings.rules))
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
            self.host.apply_settings(replace(Settings(), window_x=keep.window_x, window_y=keep.window_y,
                                             window_w=keep.window_w, window_h=keep.window_h))
            if Settings().language == keep.language:
                self.build()

    def text_changed(self, element: object) -> None:
        for it in self.items:
            if it.kind == "entry" and it.widgets[0] is element:
                text = str(self.entry_text(it))
                if 0 < len(text.strip()) <= 20:
                    self.problem = ""
                    value = stored_name(it.name, text.strip())
                    self.host.apply_settings(with_value(self.host.settings, it.name, value))
                else:
                    self.problem = tr("settings.name_invalid")

    def left_item(self) -> None:
        for it in self.items:
            if it.kind == "entry" and it is not self.focused():
                saved = shown_name(it.name, str(get_value(self.host.settings, it.name)))
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
        pad = lay.box_pad
        r = self.host.renderer
        for it in self.items:
            if it.label is None:
                continue
            key, width = it.label
            label = self.fit(label_text(key), lay.font_size, width, INK)
            row_y = it.rect.centery - label.get_height() // 2
            r.put(surface, label, box, box.x + pad, row_y)
            if it.kind == "volume":
                v = self.text(tr("settings.volume_value", percent=round(self.host.settings.volume * 100)),
                              lay.font_size, INK, True)
                surface.blit(v, v.get_rect(center=it.rect.center))
                bar = it.rect.inflate(-2 * (it.rect.h + round(10 * lay.u)) - 2 * lay.m, 0)
                bar.height = max(3, round(4 * lay.u))
                bar.bottom = it.rect.bottom - 2
                pygame.draw.rect(surface, TRACK, bar, border_radius=2)
                filled = bar.copy()
                filled.width = round(bar.width * self.host.settings.volume)
                if i18n.is_rtl():
                    filled.right = bar.right
                pygame.draw.rect(surface, GOLD, filled, border_radius=2)
        y = self.rows_bottom + pad // 3
        notes = []
        if self.problem:
            notes.append((self.problem, RED))
        if self.note_key == "settings.rules_next_match":
            notes += self.rules_notes()
        elif self.note_key and (self.note_key != "settings.speech_none" or not self.host.speech_available()):
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

    def draw_above(self, surface: pygame.Surface) -> None:
        """The names typed in, drawn shaped and in reading order (pygame-gui would show Arabic as
        separate letters left to right while it is typed): over the entry's own text, with the cursor."""
        lay, a = self.host.layout, self.host.renderer.assets
        size = max(12, round(16 * lay.u))
        for it in self.items:
            if it.kind != "entry":
                continue
            entry: Element = it.widgets[0]
            inner = pygame.Rect(entry.rect).inflate(-8, -6)
            pygame.draw.rect(surface, ENTRY, inner)
            text = str(entry.get_text())
            rtl = i18n.has_rtl(text) or (not text and i18n.is_rtl())
            surf = a.text(text, size, INK) if text else None
            width = surf.get_width() if surf is not None else 0
            x = inner.right - 4 - width if rtl else inner.x + 4
            if surf is not None:
                area = pygame.Rect(0, 0, inner.w - 8, inner.h)
                surface.blit(surf, (x, inner.centery - surf.get_height() // 2), area)
            if it is self.focused():
                pos = int(getattr(entry, "edit_position", len(text)))
                before = a.width(text[:pos], size) if pos else 0
                cx = x + width - before - 2 if rtl else x + before + 1  # beside the glyph, not on it
                h = a.font(size).get_linesize()
                top, bottom = inner.centery - h // 2, inner.centery + h // 2
                pygame.draw.line(surface, BRIGHT_GOLD, (cx, top), (cx, bottom), 2)

    def rules_notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Under the rules: what the next match will play, and that the match on the table keeps
        its own rules (when they differ)."""
        rules = self.host.settings.rules
        out = [(tr("settings.rules_next", rules=rules_details(rules)[0]), INK)]
        playing = self.host.match_rules()
        if playing is not None and playing != rules:
            out.append((tr("settings.rules_this_match", rules=rules_line(playing)), DIM_INK))
        if rules.belote:
            out.append((tr("settings.belote_note"), DIM_INK))
        return out

    def deck_preview(self, surface: pygame.Surface, box: pygame.Rect, top: int) -> None:
        """A card of each suit in the chosen deck (two-colour: ♦ red, ♣ black; four-colour: blue, green)."""
        lay, r = self.host.layout, self.host.renderer
        pad = lay.box_pad
        bottom = box.bottom - pad - lay.button_h() - pad
        h = min(lay.ch, bottom - top)
        if h < 40:
            return
        w = h * lay.cw / lay.ch
        step = w * 1.12
        x0 = box.centerx - 1.5 * step
        for i, card in enumerate((7, 14, 21, 28)):  # A♠ K♥ Q♦ J♣
            r.draw_card(surface, card, x0 + i * step, top + h / 2, w, h, 0, True, True)

