"""Which surfaces are drawn text, for the layout check (tests/screen_check.py): while a `TextLog`
listens, the text helpers (`Assets.text`, `Assets.visual_text`, `Renderer.rich`) note each surface
they hand out, so a blit of text can be told from a blit of a card or a panel. Nothing listens in
the game: the cost there is one test of a module global per text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame


class TextLog:
    """The text surfaces handed out while listening, by identity, with their words."""

    def __init__(self) -> None:
        self.texts: dict[int, tuple[pygame.Surface, str]] = {}
        """Kept alive while the log lives, so an id is never reused for another surface."""

    def words(self, surf: pygame.Surface) -> str | None:
        """The words of `surf` if a text helper made it, else None."""
        got = self.texts.get(id(surf))
        return got[1] if got is not None and got[0] is surf else None


_listening: TextLog | None = None


def noted(surf: pygame.Surface, words: str) -> pygame.Surface:
    """`surf` (a text helper's result), noted while a log listens."""
    if _listening is not None:
        _listening.texts[id(surf)] = (surf, words)
    return surf


@contextmanager
def listening() -> Iterator[TextLog]:
    """Note every text surface made or handed out from the cache until the block ends."""
    global _listening
    log, before = TextLog(), _listening
    _listening = log
    try:
        yield log
    finally:
        _listening = before
