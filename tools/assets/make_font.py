#!/usr/bin/env python3
"""Build the game's one typeface, Baloot Sans (Regular and Bold), from Noto fonts.

One font for Latin, Arabic and the card suits keeps a line that mixes them ("حكم ♥", "K♣ by
Saad") on one baseline and lets pygame-gui, which cannot fall back to a second font, draw every
label. The parts were drawn to go together: Noto Sans (Latin), Noto Sans Arabic UI (the Arabic
cut with Latin-sized vertical metrics: an Arabic line is as tall as an English one) and, for the
few symbols neither has, Noto Sans Symbols2 (♠♥♦♣, ✓, ▶ ◀) and Noto Sans Math (← ↑ → ↓ − ≥).
All four are SIL OFL 1.1; the result is renamed (OFL's advice for a modified font) and shipped
with the licence in assets/fonts/OFL-BalootSans.txt.

Inputs come from Debian bookworm's `fonts-noto-core` and `fonts-noto-ui-core`, version
NOTO_VERSION (downloaded with `apt-get download` into a temporary folder; nothing is installed).
The parts' own hinting cannot be merged; ttfautohint (Debian `ttfautohint`, 1.8.3 here) gives the
merged font instructions that turn hinting off, so that Windows and Linux draw it pixel for pixel
alike (see `build`).
Needs fontTools (requirements-dev.txt). Usage, from the repository root:

    .venv/bin/python tools/assets/make_font.py
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "assets" / "fonts"
FAMILY = "Baloot Sans"
NOTO_VERSION = "20201225-1"
PACKAGES = ("fonts-noto-core", "fonts-noto-ui-core")
NOTO_DIR = Path("usr/share/fonts/truetype/noto")

LATIN = "U+0020-007E,U+00A0-024F,U+0300-036F,U+2000-206F,U+20AC,U+2122"
ARABIC = "U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF,U+200C-200F"
SUITS = "U+2660-2667,U+2713,U+25B6,U+25C0"
MATH = "U+2190-2193,U+2212,U+2264-2265"
"""Disjoint code points: each character comes from exactly one part."""

PARTS = {
    "Regular": (("NotoSans-Regular.ttf", LATIN), ("NotoSansArabicUI-Regular.ttf", ARABIC),
                ("NotoSansSymbols2-Regular.ttf", SUITS), ("NotoSansMath-Regular.ttf", MATH)),
    "Bold": (("NotoSans-Bold.ttf", LATIN), ("NotoSansArabicUI-Bold.ttf", ARABIC),
             ("NotoSansSymbols2-Regular.ttf", SUITS), ("NotoSansMath-Regular.ttf", MATH)),
}


def unpack_noto(folder: Path) -> Path:
    """The Noto .ttf folder of the pinned Debian packages, unpacked in `folder`."""
    for package in PACKAGES:
        subprocess.run(["apt-get", "download", f"{package}={NOTO_VERSION}"], cwd=folder, check=True)
    for deb in folder.glob("*.deb"):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(folder / "root")], check=True)
    return folder / "root" / NOTO_DIR


def part(path: Path, unicodes: str, out: Path) -> Path:
    """`path` cut to `unicodes`, its hinting dropped (the parts' hinting programs cannot be merged)."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.hinting = False
    options.drop_tables += ["DSIG", "MATH"]
    options.notdef_outline = True
    font = subset.load_font(str(path), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(unicodes))
    subsetter.subset(font)
    subset.save_font(font, str(out), options)
    return out


def rename(font: TTFont, style: str) -> None:
    full = f"{FAMILY} {style}"
    ps = f"{FAMILY.replace(' ', '')}-{style}"
    notice = ("Baloot Sans: Noto Sans, Noto Sans Arabic UI, Noto Sans Symbols2 and Noto Sans Math "
              "(Copyright 2012-2020 Google Inc., SIL Open Font License 1.1), cut and merged for "
              "the Baloot game by tools/assets/make_font.py.")
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17, 21, 22):
            names.removeNames(nameID=record.nameID)
    for nid, value in ((1, FAMILY), (2, style), (3, f"{ps};{NOTO_VERSION}"), (4, full), (6, ps)):
        names.setName(value, nid, 3, 1, 0x409)
    names.setName(notice, 0, 3, 1, 0x409)
    font["OS/2"].usWeightClass = 700 if style == "Bold" else 400


def take_metrics(font: TTFont, model: TTFont) -> None:
    """The line box of Noto Sans (which Noto Sans Arabic UI shares), not the merge's largest part."""
    for attr in ("ascent", "descent", "lineGap"):
        setattr(font["hhea"], attr, getattr(model["hhea"], attr))
    for attr in ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent"):
        setattr(font["OS/2"], attr, getattr(model["OS/2"], attr))


def build(noto: Path, work: Path) -> list[Path]:
    made = []
    for style, parts in PARTS.items():
        cut = [part(noto / name, unicodes, work / f"{i}-{style}.ttf")
               for i, (name, unicodes) in enumerate(parts)]
        merged = Merger().merge([str(p) for p in cut])
        take_metrics(merged, TTFont(str(cut[0])))
        rename(merged, style)
        unhinted = work / f"merged-{style}.ttf"
        merged.save(str(unhinted))
        out = OUT / f"BalootSans-{style}.ttf"
        # Instructions that switch hinting off above 2 ppem: every FreeType build then draws the
        # outlines as designed. Left with no instructions at all, FreeType autohints, and real
        # hints (ttfautohint's) are run differently by the Windows app's FreeType: its pixels
        # differed from Linux's in every line of text (make windows compares them).
        subprocess.run(["ttfautohint", "--no-info", "--hinting-range-min=2", "--hinting-range-max=2",
                        "--hinting-limit=2", str(unhinted), str(out)], check=True)
        done = TTFont(str(out), recalcTimestamp=False)  # the same inputs make the same bytes:
        source = TTFont(str(noto / parts[0][0]))["head"]  # Noto Sans's dates, not the run's
        done["head"].created, done["head"].modified = source.created, source.modified
        done.save(str(out))
        made.append(out)
    return made


def licence(noto_root: Path) -> None:
    copyright_file = noto_root / "usr/share/doc/fonts-noto-core/copyright"
    text = copyright_file.read_text(encoding="utf-8")
    ofl = text[text.rindex("License: OFL-1.1"):]
    body = "\n".join("" if line.strip() == "." else line[1:] for line in ofl.splitlines()[1:]
                     if line.startswith(" "))
    (OUT / "OFL-BalootSans.txt").write_text(
        "Baloot Sans (BalootSans-Regular.ttf, BalootSans-Bold.ttf) is Noto Sans, Noto Sans Arabic UI,\n"
        "Noto Sans Symbols2 and Noto Sans Math, cut to the characters the game uses and merged into\n"
        f"one font by tools/assets/make_font.py (from Debian fonts-noto-core and fonts-noto-ui-core\n"
        f"{NOTO_VERSION}).\n\nCopyright 2012-2020 Google Inc. All Rights Reserved.\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n\n"
        + body.strip() + "\n",
        encoding="utf-8")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        noto = unpack_noto(folder)
        for path in build(noto, folder):
            print("wrote", path.relative_to(REPO), path.stat().st_size, "bytes")
        licence(folder / "root")
    return 0


if __name__ == "__main__":
    sys.exit(main())
