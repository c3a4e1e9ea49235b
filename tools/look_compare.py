"""The table before and after a change of the look, side by side: `python tools/look_compare.py
[--before REF] [--out docs/look]`. Each tree (REF checked out in a temporary git worktree, and this
one) takes its own screenshots with its own tools/ui_screenshots.py (`shots`: the table reached by
keyboard as a player would, at 1024×640), so the two halves are the same moments of the same seeded
match. Writes table_en.jpg (the card play with a hint, the buyer's tab and the dealer's chip) and
table_ar.jpg (the second hand's bidding)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1024, 640)
PAIRS = {"table_en": ("hint", "en"), "table_ar": ("table_hand2", "ar")}
"""Each picture: which of ui_screenshots' shots, in which language."""

TAKE = """
import sys
from pathlib import Path
sys.path.insert(0, "tools")
from ui_screenshots import shots
shots(Path(sys.argv[1]), sys.argv[2], (1024, 640))
"""


def take(tree: Path, out: Path, language: str) -> None:
    """The tree's own screenshots of the table in `language` (its own code and fonts)."""
    env = dict(os.environ, PYTHONPATH=str(tree), BALOOT_PURE_PYTHON="1")  # the old tree has no build
    subprocess.run([sys.executable, "-c", TAKE, str(out), language], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def side_by_side(before: Path, after: Path, out: Path, label_font: pygame.font.Font) -> None:
    a, b = pygame.image.load(str(before)), pygame.image.load(str(after))
    gap, head = 16, 34
    sheet = pygame.Surface((a.get_width() + gap + b.get_width(), head + max(a.get_height(), b.get_height())))
    sheet.fill((16, 20, 18))
    for x, img, words in ((0, a, "before"), (a.get_width() + gap, b, "after")):
        sheet.blit(label_font.render(words, True, (232, 190, 82)), (x + 8, 4))
        sheet.blit(img, (x, head))
    pygame.image.save(sheet, str(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", default="d92d66e", help="the git commit of the look before")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "look")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "BalootSans-Bold.ttf"), 22)
    with tempfile.TemporaryDirectory() as tmp:
        old_tree, shots_old, shots_new = Path(tmp) / "before", Path(tmp) / "old", Path(tmp) / "new"
        shots_old.mkdir()
        shots_new.mkdir()
        subprocess.run(["git", "worktree", "add", "--detach", str(old_tree), args.before], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
        try:
            for language in ("en", "ar"):
                take(old_tree, shots_old, language)
                take(ROOT, shots_new, language)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, check=True)
        tag = f"{SIZE[0]}x{SIZE[1]}"
        for name, (shot, language) in PAIRS.items():
            png = f"{shot}_{language}_{tag}.png"
            out = args.out / f"{name}.jpg"
            side_by_side(shots_old / png, shots_new / png, out, font)
            print("wrote", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
