#!/usr/bin/env python3
"""Copy Amiri Bold (the game's name on the Arabic main menu) from its Debian package into
assets/fonts/ with its licence file. The game's typeface, Baloot Sans, is made by make_font.py.

Needs the Debian package ``fonts-hosny-amiri`` (``apt-get install fonts-hosny-amiri``). Uses only
the stdlib. Amiri: SIL Open Font License 1.1; OFL-Amiri.txt is the copyright line from the font
plus the OFL text from Debian's copyright file.

Usage: python3 tools/assets/copy_fonts.py
"""
from __future__ import annotations

import shutil
import struct
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "assets" / "fonts"

AMIRI_DIR = Path("/usr/share/fonts/opentype/fonts-hosny-amiri")
AMIRI_COPYRIGHT = Path("/usr/share/doc/fonts-hosny-amiri/copyright")

FONTS = [AMIRI_DIR / "Amiri-Bold.ttf"]


def name_table(path: Path) -> dict[int, str]:
    """Return {nameID: string} from a TrueType/OpenType font (Windows or Mac records)."""
    data = path.read_bytes()
    num_tables = struct.unpack(">H", data[4:6])[0]
    for i in range(num_tables):
        tag, _checksum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag != b"name":
            continue
        table = data[offset: offset + length]
        _fmt, count, str_off = struct.unpack(">HHH", table[:6])
        names: dict[int, str] = {}
        for j in range(count):
            pid, _eid, lid, nid, ln, off = struct.unpack(">HHHHHH", table[6 + 12 * j: 18 + 12 * j])
            raw = table[str_off + off: str_off + off + ln]
            if pid == 3 and lid == 0x409:
                names[nid] = raw.decode("utf-16-be")
            elif pid == 1 and nid not in names:
                names[nid] = raw.decode("latin-1")
        return names
    raise ValueError(f"{path}: no name table")


def debian_license_block(copyright_file: Path, name: str) -> str:
    """Extract the stand-alone 'License: <name>' paragraph text from a DEP-5 file."""
    lines = copyright_file.read_text(encoding="utf-8").splitlines()
    start = None
    for i, line in enumerate(lines):
        if line.strip() == f"License: {name}":
            start = i  # the last one is the stand-alone paragraph with the text
    if start is None:
        raise ValueError(f"no 'License: {name}' in {copyright_file}")
    body = []
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        text = line[1:]
        body.append("" if text.strip() == "." else text)
    return "\n".join(body).strip("\n") + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for font in FONTS:
        if not font.exists():
            raise SystemExit(f"missing {font}: apt-get install fonts-hosny-amiri")
        shutil.copy2(font, OUT / font.name)
        print("copied", font.name)

    amiri = name_table(AMIRI_DIR / "Amiri-Bold.ttf")
    (OUT / "OFL-Amiri.txt").write_text(
        amiri[0].strip() + "\n"
        "Amiri " + amiri.get(5, "") + " (http://www.amirifont.org), by Khaled Hosny.\n"
        "Files: Amiri-Bold.ttf (from Debian fonts-hosny-amiri)\n\n"
        + debian_license_block(AMIRI_COPYRIGHT, "OFL"),
        encoding="utf-8",
    )
    print("wrote OFL-Amiri.txt")


if __name__ == "__main__":
    main()
