"""The screens by name. A scene opens another through its host (`App.show("settings")`), so no
screen module imports another's screens; the window is the one place that knows them all."""

from __future__ import annotations

from collections.abc import Callable

from ui.learn.screens import LessonsMenu, PuzzlesMenu
from ui.review.screen import ReviewScreen, table_review
from ui.screens.base import ConfirmScreen, Screen
from ui.screens.info import HowToScreen, StatsScreen
from ui.screens.menus import MainMenu, PauseMenu
from ui.screens.open_record import OpenRecordScreen
from ui.screens.settings_screen import SettingsScreen
from ui.table.overlays import (
    BidHistoryScreen,
    HandSummaryScreen,
    LastTrickScreen,
    MatchEndScreen,
    ScoreSheetScreen,
)

SCREENS: dict[str, Callable[..., Screen | None]] = {
    "main_menu": MainMenu,
    "pause": PauseMenu,
    "confirm": ConfirmScreen,
    "settings": SettingsScreen,
    "howto": HowToScreen,
    "stats": StatsScreen,
    "open_record": OpenRecordScreen,
    "review": ReviewScreen,
    "table_review": table_review,
    "lessons": LessonsMenu,
    "puzzles": PuzzlesMenu,
    "last_trick": LastTrickScreen,
    "bid_history": BidHistoryScreen,
    "score_sheet": ScoreSheetScreen,
    "hand_summary": HandSummaryScreen,
    "match_end": MatchEndScreen,
}
"""Each screen's name and what makes it from the host and the arguments of `App.show` (None: there
is nothing to show, e.g. the review of a match with no finished hand)."""
