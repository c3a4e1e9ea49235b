"""Unhandled errors: written to a log in the user's data folder and shown in a dialog,
instead of the window vanishing. The dialog says the match was saved only when it was: the last
save of this run worked and the file is still there."""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from pathlib import Path

from ui import i18n
from ui.files.logfile import append_log


def write_crash_log(exc: BaseException) -> Path | None:
    """Append the error to the log (`ui.files.logfile`: a regular file only, never blocking, bounded);
    returns its path (None if even that is impossible)."""
    return append_log(f"\n=== {time.strftime('%Y-%m-%d %H:%M:%S')} — Baloot crashed ===\n"
                      f"python {platform.python_version()} on {platform.platform()}\n"
                      + "".join(traceback.format_exception(exc)))


def match_saved() -> bool | None:
    """True: the match was saved after the last move; False: that save failed; None: nothing to
    say (no match was saved in this run, or its save was used up: the match ended, a new one began)."""
    from ui.files.savegame import saved_this_run
    from ui.files.storage import save_file

    saved = saved_this_run()
    if saved:
        try:
            return True if save_file().exists() else None
        except OSError:
            return None
    return saved


def crash_message(exc: BaseException, path: Path | None, saved: bool | None = None) -> list[str]:
    """The message in the player's language (logical order; `show_dialog` reorders it to draw).
    `saved`: see `match_saved`."""
    tr = i18n.tr
    error = f"{type(exc).__name__}: {str(exc)[:200]}"
    lines = [tr("crash.body")]
    if saved is not None:
        lines.append(tr("crash.saved") if saved else tr("crash.not_saved"))
    lines.append(tr("crash.error", error=error))
    lines.append(tr("crash.log", path=path) if path else tr("crash.no_log"))
    return lines


def show_dialog(lines: list[str], timeout_s: float = 600.0, title_key: str = "crash.title") -> bool:
    """A plain pygame window with the message; False when no screen is available."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    try:
        import pygame
        pygame.display.quit()
        pygame.display.init()
        pygame.font.init()
        from ui.theme import INK, PANEL, font_file
        font = pygame.font.Font(str(font_file()), 18)
        lines = [*lines, i18n.tr("crash.close_hint")]
        width = max(i18n.text_width(font, line) for line in lines) + 80
        w = min(max(width, 520), 1400)
        screen = pygame.display.set_mode((w, 60 + 34 * len(lines)))
        pygame.display.set_caption(i18n.tr(title_key))
        screen.fill(PANEL)
        for i, line in enumerate(lines):
            surf = i18n.render_text(font, line, INK)
            screen.blit(surf, (i18n.aligned_x(40, w - 80, surf.get_width()), 30 + 34 * i))
        pygame.display.flip()
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return True
            pygame.time.wait(50)
        return True
    except Exception:  # the dialog is best effort: the log and stderr still have the details
        return False


def report(exc: BaseException) -> int:
    """Log the error, tell the player, return the process exit status."""
    path = write_crash_log(exc)
    lines = crash_message(exc, path, match_saved())
    print("\n".join(lines), file=sys.stderr)
    show_dialog(lines)
    return 2
