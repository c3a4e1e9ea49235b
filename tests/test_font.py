"""The game's one typeface (Baloot Sans, tools/assets/make_font.py) has every character the game
shows, in both languages and both weights, and the line box the layout counts on."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from game.cards import SUIT_SYMBOLS
from ui.i18n import asset_root, load_catalogue
from ui.theme import FONT_FILES, LINE_EM

ASSETS = asset_root()


def shown_texts() -> list[str]:
    """Everything the game draws from data: both catalogues, how to play, the lessons and puzzles."""
    texts: list[str] = []
    for code in ("en", "ar"):
        cat = load_catalogue(code)
        keys = cat.keys()
        texts += [cat.get(key) or "" for key in keys]
        texts.append((ASSETS / "i18n" / f"howto_{code}.md").read_text(encoding="utf-8"))
    for name in ("lessons.json", "puzzles.json"):
        texts.append(json.dumps(json.loads((ASSETS / "learn" / name).read_text(encoding="utf-8")),
                                ensure_ascii=False))
    texts.append("".join(SUIT_SYMBOLS))
    return texts


def drawn_characters() -> set[str]:
    """The characters with a glyph to draw (controls and the bidi marks are not drawn)."""
    chars = set("".join(shown_texts()))
    return {c for c in chars if unicodedata.category(c) not in ("Cc", "Cf")}


@pytest.fixture(scope="module", params=sorted(FONT_FILES.values()))
def font(request: pytest.FixtureRequest) -> TTFont:
    return TTFont(str(Path(ASSETS / "fonts" / request.param)))


def test_every_shown_character_has_a_glyph(font: TTFont) -> None:
    chars = drawn_characters()
    assert {"♠", "♥", "♦", "♣", "ب", "ل", "و", "ت", "A", "—", "·", "×", "−", "←"} <= chars
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    assert not missing, f"no glyph in {font['name'].getDebugName(4)} for {missing}"


def test_arabic_presentation_forms_are_reached_by_shaping(font: TTFont) -> None:
    """Arabic letters join through the font's own GSUB (init/medi/fina), not a fallback font."""
    gsub = font["GSUB"].table
    features = {record.FeatureTag for record in gsub.FeatureList.FeatureRecord}
    assert {"init", "medi", "fina", "rlig"} <= features
    scripts = {record.ScriptTag for record in gsub.ScriptList.ScriptRecord}
    assert {"arab", "latn"} <= scripts


def test_the_line_box_is_the_one_the_layout_counts(font: TTFont) -> None:
    hhea, upem = font["hhea"], font["head"].unitsPerEm
    assert (hhea.ascent - hhea.descent + hhea.lineGap) / upem == pytest.approx(LINE_EM, abs=0.001)


def test_named_as_its_own_family(font: TTFont) -> None:
    """A modified OFL font takes a name of its own; the licence goes with it."""
    assert font["name"].getDebugName(1) == "Baloot Sans"
    assert "Noto" in (font["name"].getDebugName(0) or "")
    assert (ASSETS / "fonts" / "OFL-BalootSans.txt").read_text(encoding="utf-8").count(
        "SIL Open Font License, Version 1.1") == 1
