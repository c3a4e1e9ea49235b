"""Card images and fonts from assets/, loaded once and cached at the sizes in use (sound: `ui.audio.cues`)."""

from __future__ import annotations

import pygame

from game.cards import SUIT_LETTERS, rank_of, suit_of
from ui import i18n
from ui.i18n import asset_root
from ui.textlog import noted
from ui.theme import INK, font_file

RANK_FILES = "789TJQKA"


def card_file(card: int) -> str:
    return f"{RANK_FILES[rank_of(card)]}{SUIT_LETTERS[suit_of(card)]}.png"


BACK = -1
BACK_RED = (128, 26, 42)
BACK_LINE = (158, 46, 62)
BACK_GOLD = (214, 178, 98)


class Assets:
    """Loads lazily; scaled images are cached by size (the cache is dropped when it grows)."""

    def __init__(self, deck: str = "4color") -> None:
        self.root = asset_root()
        self.deck = deck
        self._raw: dict[int, pygame.Surface] = {}
        self._scaled: dict[tuple[int, int, int, int], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, bool, tuple[int, int, int], str], pygame.Surface] = {}
        self._masks: dict[tuple[int, int, tuple[int, int, int, int], int], pygame.Surface] = {}

    # ----- cards ---------------------------------------------------------------------------

    def raw(self, card: int) -> pygame.Surface:
        img = self._raw.get(card)
        if img is None:
            if card == BACK:
                img = draw_back(pygame.image.load(str(self.root / "cards" / "back.png")).convert_alpha())
            else:
                img = pygame.image.load(str(self.root / "cards" / self.deck / card_file(card)))
                img = img.convert_alpha()
            self._raw[card] = img
        return img

    def card(self, card: int, w: int, h: int, exact: bool = True) -> pygame.Surface:
        """A card face (or BACK) at w×h. `exact=False` (moving cards) scales fast, uncached."""
        w, h = max(1, w), max(1, h)
        key = (card, w, h, 0)
        img = self._scaled.get(key)
        if img is not None:
            return img
        if not exact:
            return pygame.transform.scale(self.raw(card), (w, h))
        if len(self._scaled) > 400:
            self._scaled.clear()
        img = pygame.transform.smoothscale(self.raw(card), (w, h))
        self._scaled[key] = img
        return img

    def rotated(self, card: int, w: int, h: int, angle: int) -> pygame.Surface:
        key = (card, w, h, angle % 360)
        img = self._scaled.get(key)
        if img is None:
            img = pygame.transform.rotate(self.card(card, w, h), angle)
            self._scaled[key] = img
        return img

    def rounded_mask(self, w: int, h: int, colour: tuple[int, int, int, int],
                     radius: int | None = None) -> pygame.Surface:
        """A translucent rounded rectangle (shadows, dimming), cached by size, colour and corner
        (default: a card's corner)."""
        radius = max(2, min(w, h) // 14) if radius is None else radius
        key = (w, h, colour, radius)
        surf = self._masks.get(key)
        if surf is None:
            if len(self._masks) > 200:
                self._masks.clear()
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
            self._masks[key] = surf
        return surf

    # ----- text ----------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(str(font_file(bold)), size)
            self._fonts[key] = f
        return f

    def text(self, s: str, size: int, colour: tuple[int, int, int] = INK,
             bold: bool = False) -> pygame.Surface:
        """One line of logical-order text, shaped and in visual order (Arabic joined, right to left)."""
        key = (s, size, bold, colour, i18n.language())
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 800:
                self._text.clear()
            surf = i18n.render_text(self.font(size, bold), s, colour)
            self._text[key] = surf
        return noted(surf, s)

    def visual_text(self, s: str, size: int, colour: tuple[int, int, int] = INK,
                    bold: bool = False) -> pygame.Surface:
        """A piece of a line that is already in visual order (`i18n.display_text`): shaped, not reordered."""
        key = ("\x00" + s, size, bold, colour, "visual")
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 800:
                self._text.clear()
            font = self.font(size, bold)
            i18n.prepare_font(font, s)
            surf = font.render(s, True, colour)
            self._text[key] = surf
        return noted(surf, s)

    def width(self, s: str, size: int, bold: bool = False) -> int:
        return i18n.text_width(self.font(size, bold), s)

    def fit_text(self, s: str, size: int, max_w: int, colour: tuple[int, int, int] = INK,
                 bold: bool = False) -> pygame.Surface:
        """The text at `size`, or smaller until it fits `max_w` pixels."""
        while size > 9:
            surf = self.text(s, size, colour, bold)
            if surf.get_width() <= max_w:
                return surf
            size -= 1
        return self.text(s, size, colour, bold)

    def wrap(self, s: str, size: int, max_w: int, bold: bool = False) -> list[str]:
        """Logical-order lines that fit `max_w` (wrapped before any reordering)."""
        return [line for line in i18n.wrap_lines(s, self.font(size, bold), max_w) if line] if s else []

    def set_deck(self, deck: str) -> None:
        """Switch between the two-colour and four-colour faces (the cached images are dropped)."""
        if deck != self.deck:
            self.deck = deck
            self._raw.clear()
            self._scaled.clear()


def draw_back(template: pygame.Surface) -> pygame.Surface:
    """Our card back, drawn on the shipped back's outline (white card, rounded corners):
    a deep red field with a fine lattice, a gold frame and a gold diamond in the middle."""
    w, h = template.get_size()
    img = template.copy()
    inset = round(w * 0.055)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    radius = round(w * 0.045)
    pygame.draw.rect(img, (255, 255, 255), field.inflate(4, 4), border_radius=radius)
    pygame.draw.rect(img, BACK_RED, field, border_radius=radius)
    lattice = pygame.Surface(field.size, pygame.SRCALPHA)
    step = max(6, round(w * 0.07))
    fw, fh = field.size
    for k in range(-fh, fw + fh, step):
        pygame.draw.line(lattice, BACK_LINE, (k, 0), (k + fh, fh), 2)
        pygame.draw.line(lattice, BACK_LINE, (k, fh), (k + fh, 0), 2)
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    img.blit(lattice, field)
    frame = field.inflate(-round(w * 0.07), -round(w * 0.07))
    pygame.draw.rect(img, BACK_GOLD, frame, max(2, round(w * 0.012)), border_radius=radius)
    cx, cy = w / 2, h / 2
    for scale, colour, width in ((0.25, BACK_GOLD, 0), (0.19, BACK_RED, 0), (0.13, BACK_GOLD, 0)):
        rx, ry = w * scale, w * scale * 1.35
        pts = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
        pygame.draw.polygon(img, colour, pts, width)
    return img
