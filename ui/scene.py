"""A scene is one layer of the window's stack: the table, a menu, an overlay. The top one takes all
input and is the only one that moves; the ones below wait (the match pauses under any overlay).

    handle(event)   an input event (only the top scene gets them)
    update(dt_ms)   advance by one frame (only the top scene)
    draw(surface)   draw everything (a scene that `covers` the window) or its box over the backdrop
    dirty()         something changed since the last drawing (else the window is not redrawn)
    relayout()      the window size or the language changed: rebuild widgets and text
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Scene(Protocol):
    covers: bool
    """True: draws the whole window (the table, the main menu); False: a box over a dimmed backdrop."""

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt_ms: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def dirty(self) -> bool: ...

    def relayout(self) -> None: ...
