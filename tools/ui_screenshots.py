"""Screenshots of every screen of the table and the menus, in English and Arabic, at 1024×640 and
1920×1080 (headless): `python tools/ui_screenshots.py OUT_DIR` (`--review`: only the review's,
`--rules`: only the rule sets'). The table is reached by keyboard
events as a player would; a few rare moments (Locked/Open, three-digit scores, shown projects with
a card already played) are set up directly on the table's state.

The rule sets (`belote_shots`, files `rules_*` and `belote_*`): the settings' rules tab for each
preset, classic Belote's call panels of both rounds, belote armed with Space and its bubble, hand
summaries with belote, 81-81 held points (and the next hand winning them) and capot, the pause menu,
the statistics' Belote tab, and Baloot's third round and Riyadh Ashkal. Their deals are found with
the table's own driver (tests/belote_helpers.py), so each is a real hand."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.actions import ASHKAL, LOCKED, OPEN, PASS, SUN, card_of, is_announced
from game.events import MatchOver
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules
from tests.belote_helpers import BELOTE, find_seed, south_choice, south_plays_with_belote
from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.screens import HowToScreen, SettingsScreen, StatsScreen
from ui.table.driver import MatchDriver
from ui.table.worker import InlineThinker

DT = 50.0


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def run_until(app: App, cond: Callable[[], bool], limit: int = 6000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise RuntimeError("never got there")


def decide(app: App) -> None:
    """One decision of South's, by keyboard: Sun / Declare / Pass, else the last legal card."""
    t = app.match
    assert t is not None
    legal = t.driver.legal_actions()
    app.step(DT)
    want = next((a for a in (SUN, PASS) if a in legal), None)
    if want is None:
        cards = [c for c in t.table.hands[0] if c in legal]
        want = cards[-1] if cards else legal[0]
    press(app, pygame.K_RIGHT)
    for _ in range(12):
        if t.selection.target is not None and t.selection.target[1] == want:
            break
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)


def shots(out: Path, language: str, size: tuple[int, int]) -> list[Path]:
    saved: list[Path] = []
    tag = f"{language}_{size[0]}x{size[1]}"
    app = App(7, humans=(0,), settings=Settings(animation_speed="fast", sound=False, language=language),
              thinker=InlineThinker(), size=size, sound=False, ai="random")

    def shot(name: str) -> None:
        app.invalidate()
        app.render()
        path = out / f"{name}_{tag}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    t = app.match
    assert t is not None
    try:
        run_until(app, lambda: t.human_turn() and t.gui.panel is not None)
        app.step(DT)
        shot("table_bidding")
        press(app, pygame.K_b)
        shot("bid_history_bidding")
        press(app, pygame.K_ESCAPE)
        # before any hand or trick: small boxes that say so
        press(app, pygame.K_p)
        shot("score_sheet_before_any_hand")
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_l)
        shot("last_trick_none_yet")
        press(app, pygame.K_ESCAPE)
        # a whole hand by keyboard, stopping at the first trick shown
        while t.animator.hud.last_trick is None:
            run_until(app, lambda: t.human_turn() or t.animator.hud.last_trick is not None)
            if t.animator.hud.last_trick is None:
                decide(app)
        run_until(app, lambda: t.human_turn() or t.animator.hud.summary is not None)
        press(app, pygame.K_l)
        shot("last_trick")
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_b)
        shot("bid_history_play")
        press(app, pygame.K_ESCAPE)
        if t.human_turn():
            press(app, pygame.K_h)
            run_until(app, lambda: t.hints.last is not None, 400)
            shot("hint")
        while t.animator.hud.summary is None:
            run_until(app, lambda: t.human_turn() or t.animator.hud.summary is not None)
            if t.animator.hud.summary is None:
                decide(app)
        app.step(DT)
        shot("hand_summary")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: t.human_turn())
        app.step(DT)
        shot("table_hand2")
        press(app, pygame.K_p)
        shot("score_sheet_play")
        press(app, pygame.K_ESCAPE)
        # three-digit scores, tricks and points: the score panel keeps every figure
        hud = t.animator.hud
        keep = hud.scores, list(hud.tricks), list(hud.points), hud.phase
        hud.scores, hud.tricks, hud.points, hud.phase = (148, 139), [4, 3], [88, 64], "playing"
        shot("score_panel_3digits")
        hud.scores, hud.tricks, hud.points, hud.phase = keep[0], keep[1], keep[2], keep[3]
        # shown projects, one card already played
        hud.shown = {1: [7, 6, 5], 2: [12, 20, 28, 4]}
        hud.played_shown = {7, 20}
        shot("projects_shown_played")
        hud.shown, hud.played_shown = {}, set()
        # Locked / Open: the panel with its explanation
        from ui.text import tr
        t.gui.want_panel(("demo",), tr("panel.your_call_raise"), tr("panel.locked_open"),
                         [(LOCKED, tr("call.locked")), (OPEN, tr("call.open"))])
        t.gui.manager.update(0.0)
        shot("locked_open_panel")
        t.gui.clear_panel()
        # menus over the table: only the top one readable
        app.pause()
        shot("pause")
        app.open_screen(SettingsScreen(app, tab=0))
        shot("settings_over_pause")
        app.resume()
        app.open_screen(HowToScreen(app))
        shot("howto")
        app.resume()
        app.recorder.statistics.best_hand, app.recorder.statistics.worst_hand = -20, -26
        app.recorder.statistics.hands_played = 5
        app.open_screen(StatsScreen(app))
        shot("stats_after_losses")
        app.resume()
        hud.match_over = MatchOver(1, (98, 160), False)
        app.step(DT)
        shot("match_end")
    finally:
        app.close()
        i18n.set_language("en")
    return saved


def review_shots(out: Path, language: str, size: tuple[int, int]) -> list[Path]:
    """The review of a hand (where it opens: the first mistake), a call, the end, a hand practised
    from a decision and its summary, opening a damaged record, the rating in the statistics."""
    import random
    import tempfile

    from ui.review.practice import PracticeEndScreen, PracticeTable
    from ui.review.screen import ReviewScreen
    from ui.screens.open_record import OpenRecordScreen
    from ui.table.overlays import HandSummaryScreen

    saved: list[Path] = []
    tag = f"{language}_{size[0]}x{size[1]}"
    app = App(9, humans=(0,), settings=Settings(animation_speed="instant", sound=False, language=language),
              thinker=InlineThinker(), size=size, sound=False, ai="random")

    def shot(name: str) -> None:
        app.invalidate()
        app.render()
        path = out / f"{name}_{tag}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    t = app.match
    assert t is not None
    rng = random.Random(5)
    try:
        def south_random() -> bool:
            if t.human_turn():
                t.submit(rng.choice(t.driver.legal_actions()))
            return isinstance(app.top, HandSummaryScreen)

        run_until(app, south_random, 20_000)
        app.show("table_review", t)
        rv = app.top
        assert isinstance(rv, ReviewScreen)
        run_until(app, rv.coach.done, 2000)
        app.step(DT)
        shot("review_coach")
        calls = [d.step for d in rv.review.decisions if d.observation.phase.value != "playing"]
        rv.go(calls[0] if calls else 2)
        shot("review_call")
        rv.go(len(rv.review.steps) - 1)
        shot("review_end")
        mistakes = rv.coach.mistakes()
        rv.go(mistakes[0] if mistakes else rv.review.decisions[-1].step)
        rv.pressed("takeback")
        practice = app.top
        assert isinstance(practice, PracticeTable)
        run_until(app, practice.human_turn)
        shot("practice_table")
        def south_first() -> bool:
            if practice.human_turn():
                practice.submit(practice.driver.legal_actions()[0])
            return isinstance(app.top, PracticeEndScreen)

        run_until(app, south_first, 20_000)
        app.step(DT)
        shot("practice_end")
        practice.leave()
        rv.back()
        app.to_main_menu()
        with tempfile.TemporaryDirectory() as folder:
            bad = Path(folder) / "match-from-a-friend.json"
            bad.write_text('{"format": "baloot-record", "version": 1, "seed": 4, "actions": ["AS"]}')
            opener = OpenRecordScreen(app)
            app.open_screen(opener)
            opener.items[0].widgets[0].set_text(str(bad))
            opener.open(str(bad))
            app.step(DT)
            shot("open_record_error")
            (Path(folder) / "from-friends").mkdir()
            opener.pressed("mode")
            opener.go_into(Path(folder))  # a folder of this run, not the player's own
            app.step(DT)
            shot("open_record_browse")
        app.close_screen()
        r = app.recorder.rating
        for won, opp in ((True, "ismcts:easy"), (False, "ismcts:hard"), (True, "ismcts:medium"),
                         (False, "ismcts:expert")):
            r.record_match(("human", opp, "ismcts:medium", opp), won)
        app.open_screen(StatsScreen(app))
        shot("stats_rating")
    finally:
        app.close()
        i18n.set_language("en")
    return saved


# ----- the rule sets -------------------------------------------------------------------------

def passes(obs: Observation) -> int:
    return PASS if PASS in obs.legal_actions else obs.legal_actions[0]


def seeds() -> dict[str, int]:
    """The deals of the rule-set screenshots (found once, used for every language and size)."""
    def took(d: MatchDriver, _r: object) -> bool:
        from game.actions import HOKUM
        return (0, HOKUM) in d.observation(0).bids and south_plays_with_belote(d)

    def round2(d: MatchDriver) -> bool:
        o = d.observation(0)
        return o.phase is Phase.BIDDING and o.bidding_round == 2 and o.to_move == 0

    def round3(d: MatchDriver) -> bool:
        o = d.observation(0)
        return o.phase is Phase.BIDDING and o.bidding_round == 3 and o.to_move == 0

    def ashkal(d: MatchDriver) -> bool:
        o = d.observation(0)
        return round2(d) and ASHKAL in o.legal_actions

    riyadh = Rules.preset("riyadh")
    return {
        "belote": find_seed(took, until=south_plays_with_belote),
        "round2": find_seed(lambda d, _r: round2(d), take=False, until=round2),
        "held": find_seed(lambda _d, r: r is not None and r.score is not None and r.score.held > 0),
        "capot": find_seed(lambda _d, r: r is not None and r.score is not None and r.score.kaboot
                           and r.score.winner == 0),
        "round3": find_seed(lambda d, _r: round3(d), until=round3, rules=riyadh, choose=passes,
                            spec="heuristic", limit=3000),
        "ashkal": find_seed(lambda d, _r: ashkal(d), until=ashkal, rules=riyadh, choose=passes,
                            spec="heuristic", limit=3000),
    }


def belote_shots(out: Path, language: str, size: tuple[int, int], found: dict[str, int]) -> list[Path]:
    saved: list[Path] = []
    tag = f"{language}_{size[0]}x{size[1]}"

    def window(seed: int, rules: Rules, ai: str = "random") -> App:
        settings = Settings(animation_speed="fast", sound=False, language=language, rules=rules,
                            announce_belote=False)
        return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
                   ai=ai)

    def shot(app: App, name: str) -> None:
        app.invalidate()
        app.render()
        path = out / f"{name}_{tag}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    def south_turn(app: App) -> bool:
        t = app.match
        assert t is not None
        return t.human_turn() or t.animator.hud.summary is not None

    def play(app: App, choose: Callable[[Observation], int], stop: Callable[[App], bool],
             on_card: Callable[[App, int], None] | None = None) -> None:
        """South's moves by the table's own entry points (a call, a card as if clicked) until `stop`."""
        t = app.match
        assert t is not None
        for _ in range(60):
            run_until(app, lambda: south_turn(app) or stop(app))
            if stop(app) or t.animator.hud.summary is not None:
                return
            app.step(DT)
            want = choose(t.observation())
            if t.observation().phase is Phase.PLAYING and card_of(want) >= 0:
                if on_card is not None:
                    on_card(app, want)
                t.try_play(card_of(want))
            else:
                t.submit(want)

    try:
        # the settings' rules tab: each preset, and a variant beyond one
        riyadh_e = Rules(third_round_on_ace=True, riyadh_ashkal=True, projects_times_raise=True)
        for name, rules in (("saudi", Rules()), ("riyadh_e", riyadh_e), ("belote", BELOTE)):
            app = window(found["belote"], rules)
            app.step(DT)
            app.open_screen(SettingsScreen(app, tab=3))
            app.step(DT)
            shot(app, f"rules_settings_{name}")
            app.close()
        # classic Belote: the round 1 panel (with the rules line under the scores), Space, belote
        app = window(found["belote"], BELOTE)
        t = app.match
        assert t is not None
        run_until(app, lambda: south_turn(app))
        app.step(DT)
        shot(app, "belote_call_round1")
        taken: set[str] = set()

        def space_first(app: App, action: int) -> None:
            if is_announced(action):
                press(app, pygame.K_SPACE)
                if "armed" not in taken:
                    taken.add("armed")
                    shot(app, "belote_space_armed")

        def bubble(app: App) -> bool:
            hud = app.match.animator.hud  # type: ignore[union-attr]
            b = hud.bubbles.get(0)
            if b is not None and b.alert and "bubble" not in taken:
                taken.add("bubble")
                shot(app, "belote_bubble")
            return False

        play(app, south_choice, bubble, space_first)
        run_until(app, lambda: t.animator.hud.summary is not None)
        app.step(DT)
        shot(app, "belote_summary_belote")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: south_turn(app))
        app.pause()
        shot(app, "belote_pause")
        app.resume()
        app.recorder.statistics.belote.matches_played = 3
        app.recorder.statistics.belote.taken, app.recorder.statistics.belote.made = 7, 5
        app.recorder.statistics.belote.recent = ["1004-812 won", "655-1012 lost"]
        screen = StatsScreen(app)
        screen.rule_set = "belote"
        screen.build()
        app.open_screen(screen)
        shot(app, "belote_stats")
        app.close()
        # round 2: the three other suits
        app = window(found["round2"], BELOTE)
        play(app, passes, lambda a: a.match.observation().bidding_round == 2  # type: ignore[union-attr]
             and a.match.human_turn())  # type: ignore[union-attr]
        app.step(DT)
        shot(app, "belote_call_round2")
        app.close()
        # 81-81: held, then (if the next hand is won) the held points awarded
        app = window(found["held"], BELOTE)
        t = app.match
        assert t is not None
        play(app, south_choice, lambda a: False)
        app.step(DT)
        shot(app, "belote_summary_held")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: south_turn(app))
        app.step(DT)
        shot(app, "belote_table_held")
        for _ in range(4):
            play(app, south_choice, lambda a: False)
            app.step(DT)
            hud = t.animator.hud
            if hud.summary is not None and hud.summary[1] is not None and any(hud.summary[1].held_awarded):
                shot(app, "belote_summary_held_won")
                break
            press(app, pygame.K_RETURN)
        app.close()
        # capot
        app = window(found["capot"], BELOTE)
        play(app, south_choice, lambda a: False)
        app.step(DT)
        shot(app, "belote_summary_capot")
        app.close()
        # Baloot, Riyadh majlis: the third round, Riyadh Ashkal, and the pause menu with a variant
        for name in ("round3", "ashkal"):
            app = window(found[name], Rules.preset("riyadh"), ai="heuristic")
            t = app.match
            assert t is not None
            want = 3 if name == "round3" else 2
            play(app, passes, lambda a, want=want: a.match.observation().bidding_round == want  # type: ignore
                 and a.match.human_turn())  # type: ignore[union-attr]
            app.step(DT)
            shot(app, f"rules_{name}_panel")
            app.close()
        app = window(found["belote"], Rules(third_round_on_ace=True, riyadh_ashkal=True,
                                            projects_times_raise=True))
        run_until(app, lambda: south_turn(app))
        app.step(DT)
        shot(app, "rules_table_riyadh_e")
        app.apply_settings(Settings(animation_speed="fast", sound=False, language=language, rules=BELOTE))
        app.pause()
        shot(app, "rules_pause_riyadh_e")
        app.close()
    finally:
        i18n.set_language("en")
    return saved


def main() -> int:
    """`--review`: only the review's screens; `--rules`: only the rule sets'."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "ui-shots")
    out.mkdir(parents=True, exist_ok=True)
    only_review, only_rules = "--review" in sys.argv[2:], "--rules" in sys.argv[2:]
    everything = not (only_review or only_rules)
    found = seeds() if everything or only_rules else {}
    for language in ("en", "ar"):
        for size in ((1024, 640), (1920, 1080)):
            paths = shots(out, language, size) if everything else []
            if everything or only_review:
                paths += review_shots(out, language, size)
            if everything or only_rules:
                paths += belote_shots(out, language, size, found)
            for p in paths:
                print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
