"""Translations (gettext catalogues assets/i18n/<code>.po) and text ready to draw in either language.

    from ui import i18n
    i18n.set_language("ar")
    i18n.tr("menu.new_match")                       # 'صكة جديدة' (logical order: for speech, tests)
    i18n.trn("count.tricks", 2)                     # 'أكلتان': the dual, by the CLDR plural rules
    i18n.render_text(font, i18n.tr("call.hokum"), colour)   # a Surface, shaped and reordered
    i18n.display_text(s)                            # for pygame-gui: a string already reordered

Strings are kept in *logical* order everywhere (what `tr` returns, what goes to speech). Only the
last step before drawing turns a line into *visual* order (`display_text`): python-bidi reorders it,
mirrors brackets inside right-to-left runs, and pygame-ce (HarfBuzz, script "Arab", direction
left-to-right) joins the letters. Wrap first (`wrap_lines`), then reorder each line: reordering a
paragraph and then cutting it would put the lines in the wrong order. Never pass a display string
through `display_text` again (it would reverse it back).

This module imports pygame only inside the functions that draw or measure, so `tr` works without it.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import logging
import re
import string
import sys
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame
    from pygame.typing import ColorLike

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "ar")
"""Languages with a translation file, in the order the settings offer them."""
RTL_LANGUAGES = frozenset({"ar"})
FALLBACK = "en"

_language = FALLBACK
_catalogues: dict[str, Catalogue] = {}


def asset_root() -> Path:
    """assets/ beside the packages, or inside a PyInstaller bundle (where the data files are)."""
    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
    return base / "assets"


def i18n_dir() -> Path:
    return asset_root() / "i18n"


class Catalogue:
    """One language's gettext catalogue (assets/i18n/<code>.po, msgid = the key), read with Babel
    and served by the standard `gettext` module; its Plural-Forms header holds the CLDR rule."""

    def __init__(self, code: str, translations: gettext.NullTranslations) -> None:
        self.code = code
        self.translations = translations
        self.messages: dict[str, str] = {}
        """Singular messages, key -> text (every key, for tests and lookups)."""
        self.plurals: dict[str, tuple[str, ...]] = {}
        """Plural messages, key -> the forms in the catalogue's order."""

    def get(self, key: str) -> str | None:
        return self.messages.get(key)

    def plural(self, key: str, n: int) -> str | None:
        if key not in self.plurals:
            return None
        return self.translations.ngettext(key, key, n)

    def keys(self) -> set[str]:
        return set(self.messages) | set(self.plurals)


def load_catalogue(code: str) -> Catalogue:
    """The catalogue of one language (cached); empty when the file is missing or damaged."""
    cat = _catalogues.get(code)
    if cat is not None:
        return cat
    path = i18n_dir() / f"{code}.po"
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with path.open("rb") as f:
            po = read_po(f, locale=code)
        mo = io.BytesIO()
        write_mo(mo, po)
        mo.seek(0)
        cat = Catalogue(code, gettext.GNUTranslations(mo))
        for message in po:
            if not message.id:
                continue
            forms = message.string
            if isinstance(message.id, tuple | list) and isinstance(forms, tuple | list):
                cat.plurals[str(message.id[0])] = tuple(str(t) for t in forms)
            else:
                cat.messages[str(message.id)] = str(message.string)
    except (OSError, ValueError, LookupError) as e:
        log.warning("translation file %s could not be read: %s", path, e)
        cat = Catalogue(code, gettext.NullTranslations())
    _catalogues[code] = cat
    return cat


def load_table(code: str) -> dict[str, str]:
    """The singular messages of one language, key -> text."""
    return load_catalogue(code).messages


def reload() -> None:
    """Forget the cached catalogues (after editing a translation file)."""
    _catalogues.clear()


def set_language(code: str) -> str:
    """Switch the language; an unknown code falls back to English. Returns the language now in use."""
    global _language
    _language = code if code in LANGUAGES else FALLBACK
    return _language


def language() -> str:
    return _language


def is_rtl(code: str | None = None) -> bool:
    """Whether the language (default: the current one) is written right to left."""
    return (code or _language) in RTL_LANGUAGES


def has_text(key: str, code: str | None = None) -> bool:
    return key in load_catalogue(code or _language).keys()  # noqa: SIM118 (a set of both kinds)


def _format(text: str, kw: dict[str, object]) -> str:
    if not kw:
        return text
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text


def tr(key: str, **kw: object) -> str:
    """The text for `key` in the current language, else English, else the key itself; formatted
    with `kw` when given. A template whose placeholders do not match `kw` is returned unformatted
    (never raises)."""
    text = load_catalogue(_language).get(key)
    if text is None:
        text = load_catalogue(FALLBACK).get(key)
    return _format(key if text is None else text, kw)


def trn(key: str, n: int, **kw: object) -> str:
    """A count in words with the language's plural form (CLDR: Arabic has six — 2 أكلتان, the
    dual); `{count}` in the text is `n` (or `count=` given, e.g. the number with its sign)."""
    text = load_catalogue(_language).plural(key, n)
    if text is None:
        text = load_catalogue(FALLBACK).plural(key, n) or key
    return _format(text, {"count": n, **kw})


def plural_forms(key: str, code: str | None = None) -> tuple[str, ...]:
    return load_catalogue(code or _language).plurals.get(key, ())


def placeholders(template: str) -> set[str]:
    """The `{name}` fields of a template (used by the tests that compare languages)."""
    names: set[str] = set()
    for _lit, field, _spec, _conv in string.Formatter().parse(template):
        if field is not None:
            names.add(field)
    return names


def list_join(items: list[str]) -> str:
    """'a, b, c' with the language's comma (Arabic: '،')."""
    return tr("list.separator").join(items)


# ----- bidi ----------------------------------------------------------------------------------

_RTL_CLASSES = frozenset({"R", "AL"})


def has_rtl(text: str) -> bool:
    """True when the text holds a right-to-left letter (Arabic, Hebrew, ...)."""
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def has_arabic(text: str) -> bool:
    return any("\u0600" <= ch <= "\u06ff" or "\u0750" <= ch <= "\u077f" or "\u08a0" <= ch <= "\u08ff"
               or "\ufb50" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufeff" for ch in text)


_LEVEL_RE = re.compile(r"Level\(\s*(\d+)\s*,?\s*\)")


def _mirror_map() -> dict[str, str]:
    try:
        from bidi.mirror import MIRRORED
    except ImportError:  # pragma: no cover - the brackets then stay as they are
        return {}
    return dict(MIRRORED)


_MIRRORED = _mirror_map()


def _char_levels(text: str, base_dir: str) -> list[int] | None:
    """The resolved embedding level of every character (UAX #9 up to rule I2), from python-bidi.

    python-bidi 0.6 reorders correctly but does not mirror brackets or keep combining marks after
    their letter, so the levels are taken from its debug report and the reordering is done here.
    None when the report cannot be read (another python-bidi version): the caller falls back.
    """
    from bidi import get_display

    try:
        info = str(get_display(text, base_dir=base_dir, debug=True))
        part = info.split("levels:", 1)[1].split("paragraphs:", 1)[0]
    except (IndexError, ValueError, TypeError):
        return None
    by_byte = [int(v) for v in _LEVEL_RE.findall(part)]
    if len(by_byte) != len(text.encode("utf-8")):
        return None
    levels: list[int] = []
    offset = 0
    for ch in text:
        levels.append(by_byte[offset])
        offset += len(ch.encode("utf-8"))
    return levels


def _reorder_line(text: str, base_dir: str) -> str:
    """One line in visual order: UAX #9 rules L1-L4 over the levels python-bidi resolves."""
    levels = _char_levels(text, base_dir)
    if levels is None:
        from bidi import get_display

        return str(get_display(text, base_dir=base_dir))
    base = 1 if base_dir == "R" else 0
    classes = [unicodedata.bidirectional(ch) for ch in text]
    # L1: trailing whitespace and whitespace before a tab go back to the paragraph level.
    trailing = True
    for i in range(len(text) - 1, -1, -1):
        if classes[i] == "S":
            levels[i] = base
            trailing = True
        elif trailing and classes[i] in ("WS", "BN", "LRI", "RLI", "FSI", "PDI"):
            levels[i] = base
        else:
            trailing = False
    # L4: mirrored characters (brackets, < >) in right-to-left runs take their mirror image.
    chars = [_MIRRORED.get(ch, ch) if levels[i] & 1 else ch for i, ch in enumerate(text)]
    # L3: a letter and the combining marks after it move as one cluster.
    clusters: list[tuple[str, int]] = []
    for i, ch in enumerate(chars):
        if clusters and classes[i] == "NSM":
            prev, lvl = clusters[-1]
            clusters[-1] = (prev + ch, lvl)
        else:
            clusters.append((ch, levels[i]))
    # L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
    if not clusters:
        return ""
    highest = max(lvl for _c, lvl in clusters)
    odd = [lvl for _c, lvl in clusters if lvl & 1]
    lowest_odd = min(odd) if odd else highest + 1
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(clusters):
            if clusters[i][1] >= level:
                j = i
                while j < len(clusters) and clusters[j][1] >= level:
                    j += 1
                clusters[i:j] = clusters[i:j][::-1]
                i = j
            else:
                i += 1
    return "".join(c for c, _lvl in clusters)


_LRM = "\u200e"
_LRI, _PDI = "\u2066", "\u2069"
_CARD_RE = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")
_SIGNED_RE = re.compile(r"(?<![\w.])[+\-−×]\d+(?:[.,]\d+)*%?")
"""A number with its sign or the raise's ×: '+52', '−16', '×2' (never '52+' in Arabic)."""


def isolate_numbers(text: str) -> str:
    """Hold each signed number together as one left-to-right run (Unicode isolates, UAX #9):
    without them, right-to-left text puts the sign on the far side ('+52' shows as '52+')."""
    return _SIGNED_RE.sub(lambda m: _LRI + m.group(0) + _PDI, text)


def display_text(text: str, rtl: bool | None = None) -> str:
    """`text` (logical order, already wrapped) in the order to draw it, line by line.

    `rtl`: the paragraph direction; default: right to left when the current language is.
    A string without right-to-left letters is returned as it is (names, digits, English).
    A card such as 'K♣' or '10♥' stays one left-to-right unit in an Arabic sentence (held together
    by invisible left-to-right marks while reordering, removed afterwards).
    """
    if not has_rtl(text):
        return text
    base_dir = "R" if (is_rtl() if rtl is None else rtl) else "L"
    text = isolate_numbers(_CARD_RE.sub(lambda m: _LRM + m.group(0) + _LRM, text))
    return "\n".join(_strip_marks(_reorder_line(line, base_dir)) for line in text.split("\n"))


def _strip_marks(text: str) -> str:
    return text.replace(_LRM, "").replace(_LRI, "").replace(_PDI, "")


# ----- fonts ---------------------------------------------------------------------------------

def prepare_font(font: pygame.font.Font, text: str) -> None:
    """Set the HarfBuzz script the text needs: "Arab" joins Arabic letters, "Latn" otherwise."""
    # pygame.error (a RuntimeError): an SDL_ttf built without HarfBuzz; AttributeError: plain pygame.
    with contextlib.suppress(AttributeError, ValueError, RuntimeError):
        font.set_script("Arab" if has_arabic(text) else "Latn")


def text_width(font: pygame.font.Font, text: str) -> int:
    """Width in pixels of a logical-order string as it will be drawn."""
    prepare_font(font, text)
    return font.size(display_text(text))[0]


def render_text(font: pygame.font.Font, text: str, color: ColorLike, antialias: bool = True,
                background: ColorLike | None = None) -> pygame.Surface:
    """Render one line of logical-order text: script set, bidi reordered, letters joined."""
    prepare_font(font, text)
    return font.render(display_text(text), antialias, color, background)


def wrap_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Cut logical-order text into lines that fit `width` pixels, keeping '\\n' breaks.

    The lines stay in logical order: pass each one to `render_text` (or `display_text` for pygame-gui).
    A word wider than the line is cut between letters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if text_width(font, trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while len(line) > 1 and text_width(font, line) > width:
                cut = _fit_prefix(font, line, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _fit_prefix(font: pygame.font.Font, word: str, width: int) -> int:
    cut = len(word) - 1
    while cut > 1 and text_width(font, word[:cut]) > width:
        cut -= 1
    return max(1, cut)


def display_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Wrapped and reordered lines, ready for widgets that draw text as given (pygame-gui)."""
    return [display_text(line) for line in wrap_lines(text, font, width)]


def aligned_x(left: int, width: int, text_w: int, rtl: bool | None = None) -> int:
    """Where a line starts in a box: at the left in English, at the right in Arabic."""
    if is_rtl() if rtl is None else rtl:
        return left + width - text_w
    return left


# ----- how to play ---------------------------------------------------------------------------

def howto_text(code: str | None = None) -> str:
    """The rules summary (assets/i18n/howto_<code>.md), English when the language has none."""
    for lang in (code or _language, FALLBACK):
        try:
            return (i18n_dir() / f"howto_{lang}.md").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return ""


def howto_blocks(code: str | None = None) -> list[tuple[str, str]]:
    """The summary as ("heading" | "bullet" | "text", logical text) rows, blank lines dropped."""
    rows: list[tuple[str, str]] = []
    for raw in howto_text(code).splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):
            rows.append(("heading", line[2:].strip()))
        elif line.startswith("- "):
            rows.append(("bullet", line[2:].strip()))
        else:
            rows.append(("text", line))
    return rows
