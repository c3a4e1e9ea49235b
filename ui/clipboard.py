"""The system clipboard through SDL (pygame-ce's `pygame.scrap.put_text` / `get_text`), with a quiet
failure where there is none: the caller then shows the text for the player to copy by hand."""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False if there is no clipboard to put it on."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, RuntimeError):
        return False


def paste_text() -> str:
    """The clipboard's text ('' when it is empty or there is none)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, RuntimeError):
        return ""
    return text if isinstance(text, str) else ""
