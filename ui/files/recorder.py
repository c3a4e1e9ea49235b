"""After every action: the match saved (Continue resumes it exactly) and finished hands and matches
counted in the statistics. A full disk or a read-only folder never stops the game."""

from __future__ import annotations

from collections.abc import Callable

from ui.files.logfile import log_problem
from ui.files.rating import Rating, save_rating
from ui.files.savegame import SavedMatch, save_match
from ui.files.stats import Statistics, save_stats
from ui.files.storage import disk_full, save_file
from ui.table.driver import MatchDriver
from ui.text import tr
from ui.toasts import Toasts


class MatchRecorder:
    def __init__(self, toasts: Toasts, statistics: Statistics, persist: bool, profile: bool,
                 rating: Rating | None = None) -> None:
        self.toasts = toasts
        self.statistics = statistics
        self.rating = rating or Rating()
        """The player's rating (ui/files/rating.py): one update per match finished."""
        self.persist = persist
        """Save the match after every action."""
        self.profile = profile
        """Count the statistics (a person's game; the demo leaves them alone)."""
        self.hands_counted = 0
        self.last_failure = ""

    def started(self, driver: MatchDriver) -> None:
        self.hands_counted = len(driver.sheet)

    def after_action(self, driver: MatchDriver, players: tuple[str, str, str, str]) -> None:
        if not self.persist:
            return
        m = driver.state
        new_hands = m.sheet[self.hands_counted:]
        self.hands_counted = len(m.sheet)
        if self.profile and (new_hands or m.is_over()):
            belote = m.rules.belote  # each rule set keeps its own totals
            for hand in new_hands:
                self.statistics.record_hand(hand, belote)
            if m.is_over() and m.winner is not None:
                self.statistics.record_match(m.winner, m.scores, belote)
                if self.rating.record_match(players, m.winner == 0) is not None:
                    self.safely(lambda: save_rating(self.rating))
            self.safely(lambda: save_stats(self.statistics))
        if m.is_over():
            save_file().delete()
        else:
            self.safely(lambda: save_match(SavedMatch(m, players, driver.seed)))

    def safely(self, write: Callable[[], None]) -> None:
        try:
            write()
        except OSError as exc:
            if disk_full(exc):
                self.toasts.say(tr("toast.disk_full"))
            else:
                self.toasts.say(tr("toast.save_failed", reason=exc.strerror or str(exc)))
            if str(exc) != self.last_failure:  # once, not after every move
                log_problem(f"a file could not be written: {exc}")
            self.last_failure = str(exc)
        else:
            self.last_failure = ""
