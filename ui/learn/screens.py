"""The scenes of the course and the puzzles: two menus and one table screen for each.

The table is the review's (ui/review/view.py): the four hands open around the trick, a panel of
facts on one side and the teacher's words on the other. South's cards are clicked (or chosen with
← → and played with Enter); calls are buttons. The computer seats move on a short timer so each
card can be seen; a text that explains a move holds the lesson until Next (Enter, Space).
"""

from __future__ import annotations

from ui.learn.course import LessonScreen, LessonsMenu
from ui.learn.puzzle_screens import PuzzleScreen, PuzzlesMenu

__all__ = ["LessonScreen", "LessonsMenu", "PuzzleScreen", "PuzzlesMenu"]
