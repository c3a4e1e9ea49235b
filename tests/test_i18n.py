"""Translations: gettext catalogues with the CLDR plural rules, every key in both languages, Baloot terms,
bidi order (signs kept with their numbers), and a screenshot per language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ui import i18n
from ui.theme import FONT_FILES

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "assets" / "i18n"
FONT = ROOT / "assets" / "fonts" / FONT_FILES[False]


def _load(code: str) -> dict[str, str]:
    """The singular messages of a catalogue, read afresh from its .po file with Babel."""
    from babel.messages.pofile import read_po

    with (I18N / f"{code}.po").open("rb") as f:
        po = read_po(f, locale=code)
    return {str(m.id): str(m.string) for m in po if m.id and isinstance(m.id, str)}


def _plurals(code: str) -> dict[str, tuple[str, ...]]:
    from babel.messages.pofile import read_po

    with (I18N / f"{code}.po").open("rb") as f:
        po = read_po(f, locale=code)
    return {str(m.id[0]): tuple(m.string) for m in po if isinstance(m.id, tuple)}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


# ----- the files -----------------------------------------------------------------------------

def test_the_catalogues_carry_the_cldr_plural_rules() -> None:
    from babel import Locale
    from babel.messages.pofile import read_po
    from babel.plural import to_gettext

    for code, n in (("en", 2), ("ar", 6)):
        with (I18N / f"{code}.po").open("rb") as f:
            po = read_po(f, locale=code)
        assert po.plural_forms == to_gettext(Locale(code).plural_form).strip(), code
        assert po.num_plurals == n
        for key, forms in _plurals(code).items():
            assert len(forms) == n and all(f.strip() for f in forms), (code, key)
    assert set(_plurals("en")) == set(_plurals("ar"))


def test_arabic_counts_take_the_six_plural_forms() -> None:
    i18n.set_language("ar")
    assert i18n.trn("count.tricks", 2) == "أكلتان", "the dual, not '2 أكلات'"
    assert i18n.trn("count.tricks", 1) == "أكلة واحدة"
    assert i18n.trn("count.tricks", 3) == "3 أكلات" and i18n.trn("count.tricks", 10) == "10 أكلات"
    assert i18n.trn("count.tricks", 11) == "11 أكلة" and i18n.trn("count.tricks", 0) == "لا أكلات"
    assert i18n.trn("hud.points", 2) == "نقطتان" and i18n.trn("hud.points", 5) == "5 نقاط"
    i18n.set_language("en")
    assert i18n.trn("hud.tricks", 1) == "1 trick" and i18n.trn("hud.tricks", 2) == "2 tricks"
    assert i18n.trn("end.hands", 1) == "1 hand played"


@pytest.mark.parametrize("code", ["en", "ar"])
def test_no_key_is_written_twice(code: str) -> None:
    """A second entry for a key silently wins over the first: every key has one wording."""
    text = (ROOT / "assets" / "i18n" / f"{code}.po").read_text(encoding="utf-8")
    keys = re.findall(r'^msgid "(.+)"$', text, re.M)
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, f"{code}.po has these keys twice: {twice}"


def test_every_key_in_both_languages_with_the_same_placeholders() -> None:
    en, ar = _load("en"), _load("ar")
    assert set(en) == set(ar), f"only English: {set(en) - set(ar)}; only Arabic: {set(ar) - set(en)}"
    for key in en:
        assert isinstance(en[key], str) and isinstance(ar[key], str), key
        assert en[key].strip() and ar[key].strip(), f"{key} is empty"
        assert i18n.placeholders(en[key]) == i18n.placeholders(ar[key]), key


def test_the_table_strings_are_all_translated() -> None:
    from ui.text import EN

    en = set(_load("en")) | set(_plurals("en"))
    missing = set(EN) - en
    assert not missing, f"keys of ui/text.py missing from en.po: {sorted(missing)}"


def test_issue_5_screens_have_their_keys() -> None:
    en = _load("en")
    needed = [
        "menu.new_match", "menu.continue", "menu.settings", "menu.howto", "menu.stats", "menu.quit",
        "pause.resume", "pause.settings", "pause.main_menu", "pause.quit",
        "settings.language", "language.en", "language.ar", "deck.2color", "deck.4color",
        "settings.sound", "settings.volume", "settings.speech", "settings.animation_speed",
        "hint.title", "hint.suggested", "file.bad_save", "file.bad_settings", "crash.title", "crash.body",
        "stats.matches_played", "stats.kaboot_for", "stats.gahwa_played", "stats.best_hand",
        "stats.worst_hand", "stats.hokum_taken", "stats.sun_made",
    ]
    needed += [f"settings.difficulty_{s}" for s in ("east", "north", "west")]
    needed += [f"difficulty.{d}" for d in ("easy", "medium", "hard")]
    needed += [f"illegal.{c}" for c in ("not_held", "follow", "overtrump", "trump", "no_trump_lead")]
    needed += [f"suit.{s}" for s in range(4)] + [f"rank.{r}" for r in range(8)]
    from game.rules import Rules
    from ui.files.settings import DECKS, DIFFICULTIES, LANGUAGES, SPEEDS, Settings

    needed += [f"rules.{name}" for name in Rules().to_dict()]
    needed += [f"speed.{s}" for s in SPEEDS] + [f"difficulty.{d}" for d in DIFFICULTIES]
    needed += [f"language.{c}" for c in LANGUAGES] + [f"deck.{d}" for d in DECKS]
    needed += [f"settings.{f}" for f in Settings().to_dict() if f.startswith("name_")]
    assert not [k for k in needed if k not in en]
    assert i18n.LANGUAGES == LANGUAGES


def test_saudi_baloot_terms() -> None:
    ar = _load("ar")
    assert ar["call.hokum"] == "حكم" and ar["call.sun"] == "صن" and ar["call.ashkal"] == "أشكل"
    assert ar["call.double"] == "دبل" and ar["call.triple"] == "ثري" and ar["call.four"] == "فور"
    assert ar["call.gahwa"] == "قهوة" and ar["call.pass"] == "بس" and ar["call.ekka"] == "إكه"
    assert ar["project.sira"] == "سرا" and ar["project.fifty"] == "خمسين"
    assert ar["project.hundred"] == "مية" and ar["project.four_hundred"] == "أربعمية"
    assert ar["call.baloot"].startswith("بلوت") and "كبوت" in ar["result.kaboot"]
    assert [ar[f"suit.{s}"] for s in range(4)] == ["سبيت", "هاص", "ديمن", "شريا"]
    # one word for Pass, everywhere
    assert not [k for k, v in ar.items() if "باس" in re.split(r"[\s،:؛.()!]+", v)]


def test_how_to_play_in_both_languages() -> None:
    en, ar = i18n.howto_blocks("en"), i18n.howto_blocks("ar")
    assert [k for k, _ in en] == [k for k, _ in ar], "the two summaries have the same outline"
    assert sum(k == "heading" for k, _ in en) >= 8
    assert not [t for k, t in en + ar if k == "text"], "only '# ' headings and '- ' bullets"
    whole_en, whole_ar = i18n.howto_text("en"), i18n.howto_text("ar")
    for needle in ("152", "162", "130", "J 20", "9 14", "Ashkal", "Gahwa", "Al-Kaboot", "Baloot"):
        assert needle in whole_en, needle
    for needle in ("152", "162", "130", "ولد 20", "تسعة 14", "أشكل", "قهوة", "كبوت", "بلوت", "سرا",
                   "خمسين", "مية", "أربعمية"):
        assert needle in whole_ar, needle
    assert i18n.howto_text("xx") == whole_en


# ----- tr ------------------------------------------------------------------------------------

def test_tr_falls_back_to_english_then_to_the_key() -> None:
    assert i18n.set_language("ar") == "ar" and i18n.language() == "ar" and i18n.is_rtl()
    assert i18n.tr("menu.new_match") == "صكة جديدة"
    assert i18n.tr("call.hokum_suit", suit="♥") == "حكم ♥"
    del i18n.load_catalogue("ar").messages["menu.quit"]
    try:
        assert i18n.tr("menu.quit") == "Quit"
    finally:
        i18n.reload()
    assert i18n.tr("no.such.key") == "no.such.key"
    assert i18n.tr("You must follow {suit}", suit="♠") == "You must follow ♠"
    assert i18n.tr("call.hokum_suit") == "حكم {suit}"  # no kw: the template
    assert i18n.tr("call.hokum_suit", colour="red") == "حكم {suit}"  # wrong kw: never raises
    assert i18n.set_language("fr") == "en" and not i18n.is_rtl()
    assert i18n.tr("menu.new_match") == "New match"


def test_list_join_uses_the_language_comma() -> None:
    assert i18n.list_join(["a", "b"]) == "a, b"
    i18n.set_language("ar")
    assert i18n.list_join(["أ", "ب"]) == "أ، ب"


# ----- bidi ----------------------------------------------------------------------------------

def test_display_text_leaves_latin_alone_and_reverses_arabic() -> None:
    i18n.set_language("ar")
    assert i18n.display_text("Hokum ♥ ×2") == "Hokum ♥ ×2"
    assert i18n.display_text("152 – 98") == "152 – 98"
    assert i18n.display_text("حكم") == "مكح"
    # words right to left, the digits of a number still left to right
    assert i18n.display_text("لنا 152 لهم 98") == "98 مهل 152 انل"
    # a bracket inside Arabic takes its mirror image so that it still opens towards the text
    assert i18n.display_text("(شايب)") == "(بياش)"
    # a Latin name in an Arabic sentence stays readable
    assert i18n.display_text("Fahad أخذ الأكلة") == "ةلكألا ذخأ Fahad"
    # a combining mark stays after its letter
    assert i18n.display_text("موزّع") == "عزّوم"
    # lines are reordered one by one, not as a paragraph
    assert i18n.display_text("حكم\nصن") == "مكح\nنص"
    i18n.set_language("en")
    assert i18n.display_text("Fahad أخذ") == "Fahad ذخأ"


def test_signs_stay_with_their_numbers_in_arabic(font: pygame.font.Font) -> None:
    """'+52' must not read '52+' and a minus must not trail ('16-'): the numbers are isolated."""
    i18n.set_language("ar")
    shown = i18n.display_text("النقاط +52 لنا")
    assert "+52" in shown and "52+" not in shown
    assert "−16" in i18n.display_text("الفرق −16 نقطة") and "16−" not in i18n.display_text("الفرق −16 نقطة")
    assert "×2" in i18n.display_text("دبل ×2 مقفول")
    assert "(+10)" in i18n.display_text("أخذ الأكلة (+10)")
    assert not any(ch in shown for ch in "\u2066\u2069\u200e"), "the marks are removed before drawing"
    # on the shaped text: the drawn line holds '+52' left to right (the '+' glyph left of the '5')
    line = i18n.render_text(font, "النقاط +52", (255, 255, 255), background=(0, 0, 0))
    plus = font.render("+52", True, (255, 255, 255), (0, 0, 0))
    wrong = font.render("52+", True, (255, 255, 255), (0, 0, 0))
    left = line.subsurface(pygame.Rect(0, 0, plus.get_width(), line.get_height()))
    assert _pixels(left) == _pixels(plus.subsurface(pygame.Rect(0, 0, plus.get_width(), line.get_height())))
    assert _pixels(left) != _pixels(wrong.subsurface(pygame.Rect(0, 0, wrong.get_width(), line.get_height())))


# ----- drawing (pygame, headless) ------------------------------------------------------------

@pytest.fixture(scope="module")
def font() -> Iterator[pygame.font.Font]:
    pygame.font.init()
    yield pygame.font.Font(str(FONT), 28)


def sample_lines() -> list[str]:
    tr = i18n.tr
    return [
        tr("menu.new_match"), tr("menu.continue"), tr("menu.settings"), tr("menu.howto"),
        tr("menu.stats"), tr("menu.quit"),
        tr("contract.hokum", suit="♥") + " ×2",
        tr("announce.score_match", us=152, them=98, target=152),
        tr("announce.baloot_seat", seat=tr("seat.1"), team=tr("team.1")),
        tr("illegal.follow", suit="♠"),
    ]


def render_panel(font: pygame.font.Font, lines: list[str], width: int = 760) -> pygame.Surface:
    """A settings-like panel: each line right-aligned in Arabic, left-aligned in English."""
    row = font.get_linesize() + 8
    panel = pygame.Surface((width, 20 + row * len(lines)))
    panel.fill((16, 70, 40))
    for n, line in enumerate(lines):
        surf = i18n.render_text(font, line, (245, 240, 225))
        panel.blit(surf, (i18n.aligned_x(20, width - 40, surf.get_width()), 10 + n * row))
    return panel


def _ink(surface: pygame.Surface) -> int:
    """How many pixels (on a 2-pixel grid) differ from the background colour."""
    w, h = surface.get_size()
    bg = surface.get_at((0, 0))
    return sum(surface.get_at((x, y)) != bg for x in range(0, w, 2) for y in range(0, h, 2))


@pytest.mark.parametrize("code", ["en", "ar"])
def test_screenshot_per_language(code: str, font: pygame.font.Font, tmp_path: Path) -> None:
    i18n.set_language(code)
    lines = sample_lines()
    panel = render_panel(font, lines)
    out = tmp_path / f"i18n_{code}.png"
    pygame.image.save(panel, str(out))
    assert out.stat().st_size > 1000
    assert _ink(panel) > 2000, "the panel has text on it"
    for line in lines:  # every line drew something (no missing glyph boxes only)
        assert _ink(i18n.render_text(font, line, (255, 255, 255))) > 20, line
    if code == "ar":
        assert i18n.has_arabic("".join(lines))
        # right-aligned: the text ends near the right edge of the panel
        surf = i18n.render_text(font, lines[0], (255, 255, 255))
        assert i18n.aligned_x(20, 720, surf.get_width()) == 740 - surf.get_width()


def _pixels(surface: pygame.Surface) -> bytes:
    return bytes(pygame.image.tobytes(surface, "RGB"))


def test_arabic_is_shaped_and_reordered(font: pygame.font.Font) -> None:
    i18n.set_language("ar")
    for word in ("صكة", "الأكلة", "موزّع", "أربعمية"):
        ours = i18n.render_text(font, word, (255, 255, 255), background=(0, 0, 0))
        # the reference: HarfBuzz shaping the logical word right to left by itself
        ref_font = pygame.font.Font(str(FONT), 28)
        ref_font.set_script("Arab")
        ref_font.set_direction(pygame.DIRECTION_RTL)
        ref = ref_font.render(word, True, (255, 255, 255), (0, 0, 0))
        assert ours.get_size() == ref.get_size() and _pixels(ours) == _pixels(ref), word
        # and it is not what the raw string gives: unjoined letters in the wrong order
        raw_font = pygame.font.Font(str(FONT), 28)
        raw_font.set_script("Latn")
        raw = raw_font.render(word, True, (255, 255, 255), (0, 0, 0))
        assert _pixels(raw) != _pixels(ours), word


def test_wrap_before_reordering(font: pygame.font.Font) -> None:
    i18n.set_language("ar")
    text = i18n.tr("announce.baloot_hold")
    width = 300
    lines = i18n.wrap_lines(text, font, width)
    assert len(lines) > 2
    assert " ".join(lines).split() == text.split(), "logical order, nothing lost"
    assert all(i18n.text_width(font, line) <= width for line in lines)
    shown = i18n.display_lines(text, font, width)
    # the first line shown is the start of the sentence (reordering happens inside each line)
    assert shown[0] == i18n.display_text(lines[0])
    assert i18n.wrap_lines("a\n\nb", font, width) == ["a", "", "b"]
    long_word = "ب" * 80
    parts = i18n.wrap_lines(long_word, font, 200)
    assert "".join(parts) == long_word and len(parts) > 1
