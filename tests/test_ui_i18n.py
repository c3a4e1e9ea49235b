"""English and Arabic in the running game: a table and a menu screenshot per language and size, with a
pixel check that Arabic was drawn shaped (letters joined, right to left) and not as the raw string;
every translation key the UI uses exists in both languages; no screen shows an untranslated key.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.screens import HowToScreen, MainMenu, PauseMenu, SettingsScreen, StatsScreen, settings_tabs
from ui.table.panels import button_font_size
from ui.table.worker import InlineThinker
from ui.theme import FONT_FILES, INK

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
DT = 50.0


@pytest.fixture(autouse=True)
def _english_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path / "data"))
    yield
    i18n.set_language("en")


def make_app(language: str, size: tuple[int, int], menu: bool = False) -> App:
    settings = Settings(animation_speed="fast", sound=False, language=language)
    return App(7, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random", menu=menu)


# ----- finding drawn text in a screenshot ----------------------------------------------------

def ink(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
        tol: int = 60) -> np.ndarray:
    """Where the screenshot has the text colour, inside `rect` (x, y indexed)."""
    rect = rect.clip(surface.get_rect())
    arr = pygame.surfarray.array3d(surface.subsurface(rect)).astype(np.int32)
    return np.asarray(np.abs(arr - np.array(colour)).sum(axis=2) < tol)


def glyphs(text: pygame.Surface) -> np.ndarray:
    """The solid pixels of a rendered line (per-pixel alpha)."""
    return np.asarray(pygame.surfarray.array_alpha(text) > 240)


def best_match(region: np.ndarray, tmpl: np.ndarray) -> float:
    """The best overlap (intersection over union) of the template anywhere in the region."""
    w, h = tmpl.shape
    big_w, big_h = region.shape
    if w > big_w or h > big_h or not tmpl.any():
        return 0.0
    best = 0.0
    for x in range(big_w - w + 1):
        for y in range(big_h - h + 1):
            win = region[x:x + w, y:y + h]
            union = int((win | tmpl).sum())
            if union:
                best = max(best, int((win & tmpl).sum()) / union)
    return best


def shaped_and_raw(font_file: str, size: int, text: str) -> tuple[pygame.Surface, pygame.Surface]:
    """The line as the game must draw it, and the raw logical string (no joining, no reordering)."""
    shaped = i18n.render_text(pygame.font.Font(str(FONTS / font_file), size), text, INK)
    raw_font = pygame.font.Font(str(FONTS / font_file), size)
    raw_font.set_script("Latn")
    raw = raw_font.render(text, True, INK)
    return shaped, raw


def assert_drawn(screen: pygame.Surface, rect: pygame.Rect, font_file: str, size: int, text: str) -> None:
    """Drawn text overlaps its template by 0.80-0.92 here; another font or another word by 0.59 at most."""
    region = ink(screen, rect, INK)
    shaped, raw = shaped_and_raw(font_file, size, text)
    found = best_match(region, glyphs(shaped))
    assert found > 0.7, f"{text!r} is not drawn in {rect} (best overlap {found:.2f})"
    if i18n.has_arabic(text):
        wrong = best_match(region, glyphs(raw))
        assert wrong < found - 0.25, f"{text!r}: the unshaped string matches too ({wrong:.2f}, {found:.2f})"


# ----- screenshots ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ar"])
def test_table_and_menu_screenshots(language: str, size: tuple[int, int], tmp_path: Path) -> None:
    app = make_app(language, size)
    try:
        for _ in range(4000):
            if app.match.human_turn() and app.match.gui.panel is not None:
                break
            app.step(DT)
        app.step(DT)
        panel = app.match.gui.panel
        assert panel is not None, "South's call panel"
        table_png = tmp_path / f"table_{language}_{size[0]}.png"
        pygame.image.save(app.screen, str(table_png))
        assert table_png.stat().st_size > 20_000
        lay = app.layout
        # the panel title, drawn by the table's own text code
        title_rect = pygame.Rect(panel.rect.x, panel.rect.y, panel.rect.w, lay.font_size * 2)
        assert_drawn(app.screen, title_rect, FONT_FILES[True], lay.font_size, panel.title)
        # a call button, drawn by pygame-gui
        action, button = next(iter(panel.buttons.items()))
        label = dict(app.match.call_labels())[action]
        assert_drawn(app.screen, button.rect, FONT_FILES[True], button_font_size(lay), label)
        if language == "ar":
            assert i18n.has_arabic(panel.title) and i18n.has_arabic(label)

        app.open_screen(MainMenu(app))
        app.step(DT)
        app.step(DT)
        menu_png = tmp_path / f"menu_{language}_{size[0]}.png"
        pygame.image.save(app.screen, str(menu_png))
        menu = app.screens[-1]
        new = next(it for it in menu.items if it.name == "new").widgets[0]
        text = i18n.tr("menu.new_match")
        assert_drawn(app.screen, new.rect, FONT_FILES[True], round(button_font_size(lay) * 1.12), text)
        assert (language == "ar") == i18n.has_arabic(text)
    finally:
        app.close()


def test_the_hud_names_and_scores_in_arabic() -> None:
    app = make_app("ar", (1280, 800))
    try:
        for _ in range(200):
            app.step(DT)
        assert app.match.animator.hud.names == ("أنت", "فهد", "نورة", "سعد")
        lay = app.layout
        plate = lay.plate_rect(1)
        assert_drawn(app.screen, plate, FONT_FILES[True], lay.font_size, "فهد")
        score = lay.score_rect()
        region = ink(app.screen, score, (232, 190, 82))  # "Us" in the team colour, on the right in Arabic
        us = i18n.render_text(pygame.font.Font(str(FONTS / FONT_FILES[True]), lay.font_size), "لنا", INK)
        assert best_match(region, glyphs(us)) > 0.8
        xs = np.nonzero(region.any(axis=1))[0]
        assert xs.mean() > score.w / 2, "the team name is on the right of the score panel in Arabic"
    finally:
        app.close()


# ----- every key, both languages -------------------------------------------------------------

KEY_RE = re.compile(r"""["']([a-z_0-9]+(?:\.[a-z_0-9]+)+)["']""")
PREFIX_RE = re.compile(r"""f["']([a-z_0-9]+(?:\.[a-z_0-9]+)*\.)\{""")


def test_every_key_the_ui_uses_exists_in_both_languages() -> None:
    en = i18n.load_catalogue("en").keys()
    ar = i18n.load_catalogue("ar").keys()
    namespaces = {k.split(".")[0] for k in en}
    used: set[str] = set()
    prefixes: set[str] = set()
    for path in sorted((ROOT / "ui").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        used |= {k for k in KEY_RE.findall(source) if k.split(".")[0] in namespaces}
        prefixes |= set(PREFIX_RE.findall(source))
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    used |= {k for k in KEY_RE.findall(source) if k.split(".")[0] in namespaces}
    assert len(used) > 150
    used -= {"settings.json", "statistics.json", "match.json"}  # file names, not keys
    missing = sorted(k for k in used if k not in en or k not in ar)
    assert not missing, f"keys used in ui/ but missing from en.json or ar.json: {missing}"
    for prefix in prefixes:
        if prefix.split(".")[0] in namespaces:
            assert any(k.startswith(prefix) for k in en), prefix
            assert any(k.startswith(prefix) for k in ar), prefix
    assert set(en) == set(ar)


def test_no_screen_shows_a_key_or_english_in_arabic() -> None:
    app = make_app("ar", (1280, 800), menu=True)
    try:
        app.step(DT)
        screens = [MainMenu(app), PauseMenu(app), HowToScreen(app), StatsScreen(app)]
        screens += [SettingsScreen(app, tab=i) for i in range(len(settings_tabs()))]
        allowed = {"English", "−", "+"}
        for screen in screens:
            for item in screen.items:
                for w in item.widgets:
                    text = str(getattr(w, "text", "") or "")
                    if not text or item.kind == "entry":
                        continue
                    assert not re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)+", text), f"untranslated key {text!r}"
                    assert i18n.has_arabic(text) or text in allowed, f"{type(screen).__name__}: {text!r}"
    finally:
        app.close()


def test_arabic_typed_in_a_name_field_is_drawn_joined_while_editing() -> None:
    app = make_app("ar", (1920, 1080), menu=True)  # a font large enough for the pixel comparison
    try:
        app.step(DT)
        app.open_screen(SettingsScreen(app))
        app.step(DT)
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        pygame.event.post(down)
        app.step(DT)
        screen = app.top
        assert isinstance(screen, SettingsScreen) and screen.focused().name == "name_south"  # type: ignore[union-attr]
        entry = screen.focused().widgets[0]  # type: ignore[union-attr]
        assert entry.get_text() == "أنت", "the default name in Arabic, not 'You'"
        for _ in range(4):
            back = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
            pygame.event.post(back)
            app.step(DT)
        for ch in "عبدالله":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            app.step(DT)
        app.step(DT)
        app.invalidate()
        app.render()
        assert entry.get_text() == "عبدالله" and app.settings.name_south == "عبدالله"
        size = max(12, round(16 * app.layout.u))
        assert_drawn(app.screen, pygame.Rect(entry.rect), FONT_FILES[False], size, "عبدالله")
    finally:
        app.close()
