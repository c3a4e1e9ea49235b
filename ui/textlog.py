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
        self.pages: dict[int, tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]] = {}
        """Surfaces texts were composed on (a page scrolled into view): each text's words and ink."""

    def words(self, surf: pygame.Surface) -> str | None:
        """The words of `surf` if a text helper made it, else None."""
        got = self.texts.get(id(surf))
        return got[1] if got is not None and got[0] is surf else None

    def page(self, surf: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
        """The texts composed on `surf` (`noted_page`), with their ink in its coordinates."""
        got = self.pages.get(id(surf))
        return got[1] if got is not None and got[0] is surf else []


_listening: TextLog | None = None


def noted(surf: pygame.Surface, words: str) -> pygame.Surface:
    """`surf` (a text helper's result), noted while a log listens."""
    if _listening is not None:
        _listening.texts[id(surf)] = (surf, words)
    return surf


def noted_page(page: pygame.Surface, parts: list[tuple[pygame.Surface, int, int]]) -> pygame.Surface:
    """`page`, on which the surfaces `parts` were blitted at (x, y): its texts are noted while a
    log listens, so a page blitted in part (scrolled) is checked text by text."""
    log = _listening
    if log is not None:
        texts = [(w, s.get_bounding_rect().move(x, y)) for s, x, y in parts if (w := log.words(s))]
        log.pages[id(page)] = (page, texts)
    return page


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
