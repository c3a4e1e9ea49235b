"""The screens around the table: main menu, pause menu, settings, how to play, statistics, a yes/no question.

Each screen owns a pygame-gui `UIManager` themed like the table's buttons and is drawn over the
felt (main menu) or over the paused table. Every screen is played with the keyboard as well as the
mouse: ↑ ↓ (and Tab) move the focus ring, ← → change a setting, Enter presses, Esc goes back.
Text is given to pygame-gui already in visual order (`i18n.display_text`); in Arabic the rows are
mirrored (labels on the right) and the first choice of a row is on the right.

Screens are scenes of the window's stack (`ui.scene`): the top one takes all input. The table's
overlays (last trick, bid history, score sheet, hand summary, match end) are in `table_screens`.
Screens talk to the window through `ScreenHost` (the `App`), so they can be tested headless.
"""

from ui.screens.base import ALWAYS_KEYS, ConfirmScreen, Item, Screen, ScreenHost, mirrored, screen_theme
from ui.screens.info import HowToScreen, StatsScreen, howto_rows, margin, ratio, recent_lines, stats_columns
from ui.screens.menus import MainMenu, MenuScreen, PauseMenu
from ui.screens.settings_screen import Row, SettingsScreen, get_value, settings_tabs, with_value

__all__ = [
    "ALWAYS_KEYS", "ConfirmScreen", "HowToScreen", "Item", "MainMenu", "MenuScreen", "PauseMenu", "Row",
    "Screen", "ScreenHost", "SettingsScreen", "StatsScreen", "get_value", "howto_rows", "margin",
    "mirrored", "ratio", "recent_lines", "screen_theme", "settings_tabs", "stats_columns", "with_value",
]
