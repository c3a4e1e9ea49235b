"""The look in one place: the typeface, the palette of the table, its panels and buttons, and the
colours of pygame-gui's widgets made from it. pygame-free (the crash window and the tools use it).

The conventions it serves are written down in docs/ui.md, "The look".
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ui import i18n
from ui.i18n import asset_root

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# ----- type ----------------------------------------------------------------------------------

FONT_FILES: Final = {False: "BalootSans-Regular.ttf", True: "BalootSans-Bold.ttf"}
"""Baloot Sans (tools/assets/make_font.py): Noto Sans, Noto Sans Arabic UI and the suits in one
font, so Latin, Arabic and ♠♥♦♣ share one baseline and pygame-gui can draw every label."""
LINE_EM: Final = 1.362
"""Baloot Sans's line box in em (ascent 1069 + descent 293 per 1000 units; a test reads the file)."""
TITLE_FONT_ARABIC: Final = "Amiri-Bold.ttf"
"""The game's name on the main menu in Arabic: Amiri's calligraphic Naskh, for that one word."""


def font_file(bold: bool = False) -> Path:
    return asset_root() / "fonts" / FONT_FILES[bold]


# ----- palette -------------------------------------------------------------------------------

INK: Final[Colour] = (244, 240, 226)
"""Text on the felt and on panels."""
DIM_INK: Final[Colour] = (190, 200, 186)
"""Secondary text: a seat's role, the figures under the scores, keys."""
GOLD: Final[Colour] = (232, 190, 82)
"""What asks for the player: their team, the turn, a decision, a raise, a focused control."""
BRIGHT_GOLD: Final[Colour] = (255, 217, 120)
RED: Final[Colour] = (236, 92, 86)
"""A refusal, a loss, a mistake: as text or a mark on the dark panels."""
REFUSAL: Final[Colour] = (150, 28, 28)
"""Behind the message that says why a card or a call is refused."""
DARK: Final[Colour] = (24, 30, 26)
"""Text on paper (bubbles, the dealer's disc, the declarer's tab)."""
TEAM_COLOURS: Final[tuple[Colour, Colour]] = (GOLD, (126, 178, 228))
"""Us (South and North) gold, them (East and West) blue: names, plates, scores."""

PANEL: Final[Colour] = (14, 38, 24)
"""Every panel and box: dark green glass over the felt."""
PANEL_ALPHA: Final = 215
PANEL_EDGE: Final[Colour] = (70, 110, 80)
"""A panel's edge when it asks nothing of the player (scores, contract, calls)."""
SHADOW: Final[RGBA] = (0, 0, 0, 70)
"""Under panels, plates and bubbles: they lie on the felt."""
TRACK: Final[Colour] = (50, 80, 60)
"""The groove of a slider, a volume bar or a scroll bar."""
TRACK_FILL: Final[Colour] = (120, 150, 110)
"""The part of a groove already passed (the review's slider)."""
ENTRY: Final[Colour] = (12, 35, 23)
"""Inside a text entry (the settings' names): darker than the panel."""
RULE_LINE: Final[Colour] = (90, 120, 96)
"""A table's rule (score sheet, hand summary, coach)."""
PAPER: Final[Colour] = (250, 248, 240)
"""Speech bubbles and the dealer's disc."""
ALERT_PAPER: Final[Colour] = (255, 214, 90)
"""A bubble that matters (Baloot!, a double, Belote!)."""
TAB_PAPER: Final[Colour] = (250, 232, 170)
"""The declarer's tab."""
SUIT_RED_ON_PAPER: Final[Colour] = (200, 30, 40)
"""♥ and ♦ on paper; on the dark panels they take RED."""

BUTTON: Final = {
    "normal_bg": (47, 107, 69), "hovered_bg": (63, 140, 90), "active_bg": (36, 85, 58),
    "disabled_bg": (51, 68, 58), "normal_border": GOLD, "hovered_border": BRIGHT_GOLD,
    "active_border": BRIGHT_GOLD, "normal_text": INK, "hovered_text": (255, 255, 255),
    "active_text": (255, 255, 255), "disabled_text": (154, 168, 156),
    "selected_bg": (74, 156, 102), "selected_border": (255, 255, 255), "selected_text": (255, 255, 255),
}
"""A decision's button (a call, Continue, a menu's choice): green with a gold edge."""
QUIET_BUTTON: Final = {"normal_bg": (74, 82, 76), "hovered_bg": (93, 103, 96), "active_bg": (58, 64, 60),
                       "normal_border": (170, 179, 172)}
"""Saying no (Pass, No double, Don't show): grey, so the calls that buy stand out."""
TOOL_BUTTON: Final = {"normal_bg": (20, 56, 38), "hovered_bg": (31, 82, 54), "normal_border": (111, 156, 124),
                      "selected_bg": (31, 82, 54)}
"""The toolbar's and a screen's secondary buttons: the panels' glass with a green edge."""

CHOICE: Final = {"normal_bg": (29, 74, 49), "hovered_bg": BUTTON["normal_bg"],
                 "normal_border": TOOL_BUTTON["normal_border"], "normal_text": (223, 230, 216)}
"""A choice of a settings row not taken (a segment)."""
CHOICE_ON: Final = {"normal_bg": GOLD, "hovered_bg": BRIGHT_GOLD, "active_bg": BRIGHT_GOLD,
                    "selected_bg": BRIGHT_GOLD, "normal_border": (255, 241, 194), "normal_text": DARK,
                    "hovered_text": DARK, "active_text": DARK, "selected_text": DARK}
"""The choice taken, and the tab shown: gold, like what is the player's."""
TAB: Final = {"normal_bg": TOOL_BUTTON["normal_bg"], "hovered_bg": TOOL_BUTTON["hovered_bg"],
              "normal_border": (79, 124, 92), "normal_text": (207, 217, 203)}
"""A tab not shown."""
TEXT_ENTRY: Final = {"dark_bg": ENTRY, "normal_border": TOOL_BUTTON["normal_border"], "normal_text": INK,
                     "selected_bg": BUTTON["hovered_bg"], "selected_text": (255, 255, 255),
                     "text_cursor": BRIGHT_GOLD}


def hex_colour(c: Colour) -> str:
    """'#rrggbb' for pygame-gui's theme."""
    return "#{:02x}{:02x}{:02x}".format(*c)


def gui_colours(colours: dict[str, Colour]) -> dict[str, str]:
    return {k: hex_colour(v) for k, v in colours.items()}


def theme_font(size: int, bold: bool = True, arabic: bool | None = None) -> dict[str, str]:
    """A pygame-gui theme's font: Baloot Sans. In Arabic HarfBuzz shapes with the Arab script;
    pygame-gui stays left to right and is given text already in visual order. `arabic`: force the
    Arab script (a word in Arabic on an English screen); default: the language's."""
    arabic = i18n.is_rtl() if arabic is None else arabic
    return {"name": "baloot_sans_arab" if arabic else "baloot_sans", "size": str(size),
            "regular_path": str(font_file(False)), "bold_path": str(font_file(True)),
            "bold": "1" if bold else "0", "script": "Arab" if arabic else "Latn"}
__all__ = [
    "ALERT_PAPER",
    "BRIGHT_GOLD",
    "BUTTON",
    "CHOICE",
    "CHOICE_ON",
    "DARK",
    "DIM_INK",
    "ENTRY",
    "FONT_FILES",
    "GOLD",
    "INK",
    "LINE_EM",
    "PANEL",
    "PANEL_ALPHA",
    "PANEL_EDGE",
    "PAPER",
    "QUIET_BUTTON",
    "RED",
    "REFUSAL",
    "RGBA",
    "RULE_LINE",
    "SHADOW",
    "SUIT_RED_ON_PAPER",
    "TAB",
    "TAB_PAPER",
    "TEAM_COLOURS",
    "TEXT_ENTRY",
    "TITLE_FONT_ARABIC",
    "TOOL_BUTTON",
    "TRACK",
    "TRACK_FILL",
    "Colour",
    "font_file",
    "gui_colours",
    "hex_colour",
    "theme_font",
]
