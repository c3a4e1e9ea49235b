#!/usr/bin/env python3
"""Draw the Baloot app icon headlessly with pygame and write icon.png/.ico/.icns.

Design: a rounded green-felt tile with a gold rim, and two fanned playing cards
(ace of hearts behind, ace of spades in front) with soft drop shadows.

Outputs (in assets/icon/):
  icon.png   1024x1024 RGBA master
  icon.ico   16, 24, 32, 48, 64, 128, 256 px (written with Pillow)
  icon.icns  16..1024 px incl. @2x variants, PNG-encoded entries (written here,
             PNG bytes from Pillow; Pillow's own ICNS writer omits 16/32 px 1x)

Generation needs pygame-ce, numpy and Pillow (Pillow is a build-time tool only;
the game loads icon.png with pygame). Suit glyphs come from assets/fonts/BalootSans-*.ttf.

Usage: .venv/bin/python tools/assets/make_icon.py
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path

import numpy as np
import pygame

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "assets" / "icon"
FONTS = REPO / "assets" / "fonts"

FINAL = 1024
SS = 2                     # supersampling factor for anti-aliasing
N = FINAL * SS             # working canvas size

FELT_CENTRE = np.array([46, 150, 88], dtype=np.float64)
FELT_EDGE = np.array([8, 72, 40], dtype=np.float64)
GOLD = (222, 184, 92)
RED = (204, 28, 44)
INK = (24, 24, 28)


def rounded_mask(w: int, h: int, radius: int) -> pygame.Surface:
    """White opaque rounded rectangle on a transparent surface."""
    m = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    return m


def felt_tile() -> pygame.Surface:
    """Radial-gradient felt clipped to a rounded square."""
    margin = int(N * 0.035)
    size = N - 2 * margin
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float64)
    cx, cy = size * 0.5, size * 0.42
    d = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / (size * 0.75)
    t = np.clip(d, 0.0, 1.0) ** 1.4
    rgb = FELT_CENTRE[None, None, :] * (1 - t[..., None]) + FELT_EDGE[None, None, :] * t[..., None]
    rgb = np.clip(rgb, 0, 255).astype(np.uint8)

    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.surfarray.blit_array(tile, rgb.transpose(1, 0, 2).copy())  # surfarray is (x, y)
    tile.fill((255, 255, 255, 255), special_flags=pygame.BLEND_RGBA_MULT)
    radius = int(size * 0.2)
    mask = rounded_mask(size, size, radius)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)

    # Gold rim and a faint inner line.
    rim = int(size * 0.018)
    pygame.draw.rect(tile, GOLD, (0, 0, size, size), width=rim, border_radius=radius)
    inset = int(size * 0.045)
    pygame.draw.rect(tile, (*GOLD, 90), (inset, inset, size - 2 * inset, size - 2 * inset),
                     width=max(2, rim // 3), border_radius=radius - inset)

    canvas = pygame.Surface((N, N), pygame.SRCALPHA)
    canvas.blit(tile, (margin, margin))
    return canvas


def card(suit: str, colour: tuple[int, int, int], w: int, h: int) -> pygame.Surface:
    """An ace: white rounded card, corner indices and a large centre pip."""
    radius = int(w * 0.09)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (252, 250, 245), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(s, (150, 150, 150), (0, 0, w, h), width=max(2, w // 160), border_radius=radius)

    big = pygame.font.Font(str(FONTS / "BalootSans-Regular.ttf"), int(h * 0.62))
    rank_font = pygame.font.Font(str(FONTS / "BalootSans-Bold.ttf"), int(h * 0.17))
    small = pygame.font.Font(str(FONTS / "BalootSans-Regular.ttf"), int(h * 0.12))

    pip = big.render(suit, True, colour)
    s.blit(pip, pip.get_rect(center=(w // 2, int(h * 0.53))))

    rank = rank_font.render("A", True, colour)
    spip = small.render(suit, True, colour)
    x0, y0 = int(w * 0.06), int(h * 0.02)
    corner = pygame.Surface((max(rank.get_width(), spip.get_width()),
                             rank.get_height() + int(spip.get_height() * 0.8)), pygame.SRCALPHA)
    corner.blit(rank, rank.get_rect(midtop=(corner.get_width() // 2, 0)))
    corner.blit(spip, spip.get_rect(midtop=(corner.get_width() // 2, int(rank.get_height() * 0.85))))
    s.blit(corner, (x0, y0))
    s.blit(pygame.transform.rotate(corner, 180),
           (w - x0 - corner.get_width(), h - y0 - corner.get_height()))
    return s


def shadow_of(surf: pygame.Surface, blur: int, alpha: int) -> pygame.Surface:
    """Soft shadow: the surface's alpha in black, blurred by down/up-scaling."""
    sh = surf.copy()
    sh.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    sh.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    pad = blur * 2
    big = pygame.Surface((sh.get_width() + 2 * pad, sh.get_height() + 2 * pad), pygame.SRCALPHA)
    big.blit(sh, (pad, pad))
    w, h = big.get_size()
    small = pygame.transform.smoothscale(big, (max(1, w // blur), max(1, h // blur)))
    return pygame.transform.smoothscale(small, (w, h))


def place(canvas: pygame.Surface, surf: pygame.Surface, angle: float, centre: tuple[int, int]) -> None:
    rot = pygame.transform.rotozoom(surf, angle, 1.0)
    sh = shadow_of(rot, blur=int(N * 0.012), alpha=120)
    off = int(N * 0.014)
    canvas.blit(sh, sh.get_rect(center=(centre[0] + off, centre[1] + int(off * 1.6))))
    canvas.blit(rot, rot.get_rect(center=centre))


def draw() -> pygame.Surface:
    pygame.init()
    canvas = felt_tile()
    cw, ch = int(N * 0.40), int(N * 0.56)
    place(canvas, card("♥", RED, cw, ch), 14, (int(N * 0.40), int(N * 0.50)))
    place(canvas, card("♠", INK, cw, ch), -11, (int(N * 0.60), int(N * 0.52)))
    return pygame.transform.smoothscale(canvas, (FINAL, FINAL))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    icon = draw()
    png = OUT / "icon.png"
    pygame.image.save(icon, str(png))
    print("wrote", png)

    from PIL import Image  # build-time only

    img = Image.open(png).convert("RGBA")
    ico_sizes = [(s, s) for s in (16, 24, 32, 48, 64, 128, 256)]
    img.save(OUT / "icon.ico", format="ICO", sizes=ico_sizes)
    print("wrote", OUT / "icon.ico")
    write_icns(img, OUT / "icon.icns")
    print("wrote", OUT / "icon.icns")


# ICNS element types holding PNG data, and the pixel size each one wants.
ICNS_TYPES = [
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024),                      # ic10 = 512@2x
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),  # 16/32/128/256 @2x
]


def write_icns(img, path: Path) -> None:
    """Write an Apple .icns whose elements are PNG images (macOS 10.7+)."""
    import io
    import struct

    from PIL import Image

    cache: dict[int, bytes] = {}
    body = b""
    for kind, px in ICNS_TYPES:
        if px not in cache:
            buf = io.BytesIO()
            img.resize((px, px), Image.Resampling.LANCZOS).save(buf, format="PNG", optimize=True)
            cache[px] = buf.getvalue()
        data = cache[px]
        body += kind + struct.pack(">I", len(data) + 8) + data
    path.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)


if __name__ == "__main__":
    main()
