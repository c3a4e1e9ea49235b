"""Open a record (main menu → Open a record): a record file or a copied deal, typed or pasted,
one of the records opened lately or exported, or a file found by browsing the folders.

The list shows the recent and exported matches; *Browse* turns it into the folders and record
files of a folder (the folder above first), *Recent* back. Everything works from the keyboard: ↑ ↓
and Tab move through the field, the rows and the buttons (the list scrolls as the focus reaches its
edge; Page Up / Page Down and the wheel scroll it too), Enter opens a row or goes into a folder,
Backspace on a row goes up a folder, Esc closes. A bad file or text is said in plain words and
never touched (`ui.files.records`).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ui import i18n
from ui.audio.narrator import spoken
from ui.clipboard import paste_text
from ui.files.record_picker import Entry, folder_entries, recent_and_exported, remember_opened, start_folder
from ui.files.records import OpenError, looks_like_deal, open_path, open_text
from ui.review.model import ReviewSource
from ui.review.screen import ReviewHost
from ui.review.view import MISTAKE
from ui.screens.base import Item, Screen, mirrored
from ui.table.layout import Layout
from ui.text import ltr, tr
from ui.theme import DIM_INK, GOLD

ENTRY_LIMIT = 2000
"""Characters the field takes: a deal's notation is a few hundred."""


def problem_words(e: OpenError) -> str:
    """An `OpenError` in the player's language (the engine's own detail in English only)."""
    text = tr(e.key, **e.values)
    if e.detail and i18n.language() == "en":
        text += f" ({e.detail})"
    return text


class OpenRecordScreen(Screen):
    """A record file's path or a copied deal, typed or pasted (Ctrl+V, or Paste), a record opened
    lately or exported, or one found with Browse. Enter or Open opens it for review; a bad one is
    said in plain words."""

    def __init__(self, host: ReviewHost) -> None:
        self.problem = ""
        self.browsing = False
        self.folder = start_folder()
        self.rows: list[Entry] = recent_and_exported()
        self.offset = 0
        """The first row shown (the list scrolls)."""
        self.shown = 0
        """How many rows fit."""
        clip = paste_text()
        self.entry_text = clip.strip() if looks_like_deal(clip) and len(clip) <= ENTRY_LIMIT else ""
        self._want_focus = "entry"
        """Where the focus goes after the next build (the list was scrolled or changed)."""
        super().__init__(host)

    def build(self) -> None:
        super().build()
        if self._want_focus:
            self.set_focus(self._want_focus)
        self._want_focus = ""

    @property
    def files(self) -> list[Path]:
        """The record files listed now."""
        return [e.path for e in self.rows if e.kind == "file"]

    # ----- layout --------------------------------------------------------------------------

    def layout(self, lay: Layout) -> None:
        full = lay.modal_rect()
        w = min(full.w, round(900 * lay.u))
        self.frame = pygame.Rect(0, 0, w, full.h)
        self.frame.center = full.center
        box = self.frame
        pad = lay.box_pad
        bh = lay.button_h()
        ring = 3 * max(3, round(4 * lay.u)) + 2  # the focus ring's reach outside a widget
        gap = ring // 2
        small = self.host.renderer.assets.font(lay.small_font).get_linesize()
        r = self.host.renderer
        prompt_h = sum(r.rich(ln, lay.small_font, DIM_INK).get_height()  # as drawn (Arabic is taller)
                       for ln in r.assets.wrap(tr("open.prompt"), lay.small_font, box.w - 2 * pad)[:3])
        title_h = self.fit(tr("open.title"), lay.big_font, box.w - 2 * pad, bold=True).get_height()
        y = box.y + pad + title_h + max(4, round(8 * lay.u)) + prompt_h + ring
        entry_rect = pygame.Rect(box.x + pad, y, box.w - 2 * pad, bh)
        entry = pygame_gui.elements.UITextEntryLine(entry_rect, manager=self.manager)
        entry.set_text_length_limit(ENTRY_LIMIT)
        entry.set_text(self.entry_text)
        self.items.append(Item("entry", "entry", entry_rect, [entry], words=tr("open.prompt")))
        self.problem_y = entry_rect.bottom + ring
        self.heading_y = self.problem_y + 2 * small + gap
        list_top = self.heading_y + small + ring
        by = box.bottom - pad - bh
        row_h = max(bh - round(6 * lay.u), small + 8)
        self.shown = max(1, (by - ring - list_top + gap) // (row_h + gap))
        self.offset = max(0, min(self.offset, len(self.rows) - self.shown))
        for k, entry_ in enumerate(self.rows[self.offset:self.offset + self.shown]):
            i = self.offset + k
            rect = pygame.Rect(box.x + pad, list_top + k * (row_h + gap), box.w - 2 * pad, row_h)
            label = self.row_label(entry_)
            b = pygame_gui.elements.UIButton(rect, i18n.display_text(label), manager=self.manager,
                                             object_id="#seg")
            self.items.append(Item(self.row_name(i), "button", rect, [b], words=self.row_words(entry_)))
        keys = ("open.open", "open.paste", "open.browse", "open.recent_button", "btn.back")
        bw = self.button_width(keys, lay.button_w())
        bw = min(bw, (box.w - 2 * pad - 3 * lay.m) // 4)
        back = pygame.Rect(box.right - pad - bw, by, bw, bh)
        other = pygame.Rect(back.x - lay.m - bw, by, bw, bh)
        paste = pygame.Rect(other.x - lay.m - bw, by, bw, bh)
        open_ = pygame.Rect(paste.x - lay.m - bw, by, bw, bh)
        self.button("open", mirrored(open_, box), "open.open")
        self.button("paste", mirrored(paste, box), "open.paste")
        self.button("mode", mirrored(other, box), "open.recent_button" if self.browsing else "open.browse")
        self.button("back", mirrored(back, box), "btn.back", "#pass")

    def row_name(self, i: int) -> str:
        return f"file_{i}" if not self.browsing else f"entry_{i}"

    def row_label(self, e: Entry) -> str:
        if e.kind == "up":
            return tr("open.up")
        if e.kind == "folder":
            return e.label + "/"
        return e.label

    def row_words(self, e: Entry) -> str:
        if e.kind == "up":
            return tr("open.up")
        return tr("open.folder_row", name=e.label) if e.kind == "folder" else e.label

    # ----- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:  # Enter in the field
            self.open(self.entry_value())

    def key(self, key: int, mod: int = 0) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused_kind() == "entry":
            self.open(self.entry_value())
            return
        row = self.focused_row()
        if row is not None and key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if key == pygame.K_DOWN else -1
            if self.offset <= row + step < min(len(self.rows), self.offset + self.shown):
                super().key(key, mod)
            elif 0 <= row + step < len(self.rows):  # the edge of what is shown: scroll
                self.scroll_to(row + step)
            else:
                super().key(key, mod)
            return
        if row is not None and key == pygame.K_BACKSPACE and self.browsing:
            self.go_into(self.folder.parent)
            return
        super().key(key, mod)

    def other_key(self, key: int) -> None:
        if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll(self.shown if key == pygame.K_PAGEDOWN else -self.shown)

    def wheel(self, dy: int) -> None:
        self.scroll(-dy * 3)

    def focused_row(self) -> int | None:
        item = self.focused()
        if item is None or not item.name.startswith(("file_", "entry_")):
            return None
        return int(item.name.split("_", 1)[1])

    def scroll(self, delta: int) -> None:
        top = max(0, min(self.offset + delta, len(self.rows) - self.shown))
        if top != self.offset:
            row = self.focused_row()
            self.offset = top
            if row is not None:
                self._want_focus = self.row_name(min(max(row, top), top + self.shown - 1))
            self.rebuild()

    def scroll_to(self, row: int) -> None:
        if row < self.offset:
            self.offset = row
        elif row >= self.offset + self.shown:
            self.offset = row - self.shown + 1
        self._want_focus = self.row_name(row)
        self.rebuild()
        self.say_focus()

    def rebuild(self) -> None:
        """The widgets again for the rows now listed (the field keeps what was typed)."""
        self.entry_text = self.entry_value()
        self.build()
        self._changed = True

    def relayout(self) -> None:
        self.entry_text = self.entry_value()
        super().relayout()

    def entry_value(self) -> str:
        entry = self.items[0].widgets[0] if self.items else None
        return str(entry.get_text()) if entry is not None else self.entry_text

    def pressed(self, name: str) -> None:
        if name == "open":
            self.open(self.entry_value())
        elif name == "paste":
            self.paste()
        elif name == "mode":
            self.set_mode(not self.browsing)
        elif name == "back":
            self.back()
        elif name.startswith(("file_", "entry_")):
            self.choose(int(name.split("_", 1)[1]))

    def paste(self) -> None:
        text = paste_text().strip()
        if len(text) > ENTRY_LIMIT:  # too long for the field: said, not cut
            self.fail(OpenError("open.neither"))
            return
        self.items[0].widgets[0].set_text(text)
        self.set_focus("entry")

    def set_mode(self, browsing: bool) -> None:
        self.browsing = browsing
        self.problem = ""
        if browsing:
            self.go_into(self.folder)
        else:
            self.rows = recent_and_exported()
            self.offset = 0
            self._want_focus = "mode"
            self.rebuild()

    def go_into(self, folder: Path) -> None:
        try:
            rows = folder_entries(folder)
        except (OSError, ValueError) as e:
            self.fail(OpenError("open.cannot_browse", {"name": str(folder)[-80:]},
                                getattr(e, "strerror", None) or str(e)))
            return
        self.folder, self.rows, self.offset = folder, rows, 0
        self.problem = ""
        self._want_focus = self.row_name(0) if rows else "mode"
        self.rebuild()
        self.host.speaker.say(spoken(tr("open.in_folder", path=ltr(str(folder)))))

    def choose(self, i: int) -> None:
        if not 0 <= i < len(self.rows):
            return
        e = self.rows[i]
        if e.kind in ("up", "folder"):
            self.go_into(e.path)
        else:
            self.open_file(e.path)

    def open_file(self, path: Path) -> None:
        try:
            source = open_path(path)
        except OpenError as e:
            self.fail(e)
            return
        remember_opened(path)
        self.show(source)

    def open(self, text: str) -> None:
        try:
            source = open_text(text)
        except OpenError as e:
            self.fail(e)
            return
        if not looks_like_deal(text.strip()):
            remember_opened(Path(text.strip().strip("\"'")))
        self.show(source)

    def fail(self, e: OpenError) -> None:
        self.problem = problem_words(e)
        self._changed = True
        self.host.speaker.say(spoken(self.problem))

    def show(self, source: ReviewSource) -> None:
        self.problem = ""
        self.host.close_screen()
        self.host.show("review", source, 0)

    # ----- drawing -------------------------------------------------------------------------

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, r = self.host.layout, self.host.renderer
        box = self.frame
        self.panel(surface, box)
        y = self.title(surface, box, tr("open.title")) + max(4, round(8 * lay.u))
        pad = lay.box_pad
        for ln in r.assets.wrap(tr("open.prompt"), lay.small_font, box.w - 2 * pad)[:3]:
            s = r.rich(ln, lay.small_font, DIM_INK)
            r.put(surface, s, box, box.x + pad, y)
            y += s.get_height()
        y = self.problem_y
        for ln in r.assets.wrap(self.problem, lay.small_font, box.w - 2 * pad, True)[:2]:
            s = r.rich(ln, lay.small_font, MISTAKE, True)
            r.put(surface, s, box, box.x + pad, y)
            y += s.get_height()
        if self.browsing:
            heading = tr("open.in_folder", path=ltr(str(self.folder)))
        else:
            heading = tr("open.recent_list") if self.rows else tr("open.no_recent")
        s = r.fit_rich(heading, lay.small_font, box.w - 2 * pad, GOLD, True)
        r.put(surface, s, box, box.x + pad, self.heading_y)
        if len(self.rows) > self.shown:
            last = min(len(self.rows), self.offset + self.shown)
            s = r.fit_rich(tr("open.rows_shown", first=self.offset + 1, last=last, count=len(self.rows)),
                           max(10, lay.small_font - 1), box.w // 3, DIM_INK)
            r.put(surface, s, box, box.right - pad - s.get_width(), self.heading_y)


__all__ = ["OpenRecordScreen", "problem_words"]
