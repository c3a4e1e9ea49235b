"""The rule sets in the window: the settings' presets and variants (for the next match), the rules
line on the table and in the pause menu (both languages, 1024×640), the late "Show" prompt, the
Belote hand summary's words, statistics per rule set, a saved Belote match resumed as Belote."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.actions import DECLARE, NO_DECLARE, PASS, Action, is_card
from game.events import HandScored
from game.match import HandRecord
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules
from game.scoring import score_hand
from tests.belote_helpers import BELOTE, find_seed
from tests.helpers import apply_all, play_position
from tests.test_ui_table import DT, post_click, run_until
from ui import i18n
from ui.app import App
from ui.assets import Assets
from ui.files.savegame import SavedMatch, load_match, save_match
from ui.files.settings import SCHEMA, Settings, load_settings
from ui.files.stats import BeloteStats, Statistics, load_stats, save_stats
from ui.files.storage import ENV_DIR, stats_file
from ui.rules_text import base_preset, rules_line
from ui.screens import PauseMenu, SettingsScreen
from ui.screens.settings_screen import settings_tabs
from ui.table.animator import Hud
from ui.table.choices import call_labels, panel_note, panel_title, projects_line, showing_late
from ui.table.layout import Layout
from ui.table.overlay_drawing import breakdown_rows, rounding_sentence
from ui.table.render import Renderer
from ui.table.summary_words import reason_sentence
from ui.table.worker import InlineThinker
from ui.text import tr


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DIR, str(folder))
    yield folder
    i18n.set_language("en")


def make_app(settings: Settings | None = None, size: tuple[int, int] = (1280, 800), menu: bool = False,
             seed: int = 3) -> App:
    return App(seed, humans=(0,), settings=settings or Settings(animation_speed="fast", sound=False),
               thinker=InlineThinker(), size=size, sound=False, ai="random", persist=True, menu=menu)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def focus_on(app: App, name: str) -> None:
    for _ in range(30):
        item = app.screens[-1].focused()
        if item is not None and item.name == name:
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"the focus never reached {name}")


# ----- the rules line -------------------------------------------------------------------------

def test_the_rules_line_names_the_preset_and_the_other_variants() -> None:
    assert rules_line(Rules()) == "Saudi tournament"
    assert rules_line(Rules.preset("riyadh")) == "Riyadh majlis"
    assert rules_line(Rules.preset("belote")) == "Classic Belote"
    assert rules_line(Rules(third_round_on_ace=True, riyadh_ashkal=True, projects_times_raise=True)) \
        == "Riyadh majlis + projects × raise"
    assert rules_line(Rules(third_round_on_ace=True)) == "Saudi tournament + third round on an Ace"
    assert rules_line(Rules(kawesh=True, declarer_leads=True)) == \
        "Saudi tournament + Kawesh redeal, declarer leads"
    many = Rules(kawesh=True, declarer_leads=True, projects_times_raise=True, baloot_holder_only=True,
                 opponents_always_count=True)
    assert rules_line(many) == "Saudi tournament + 5 variants"
    assert rules_line(Rules(game=Rules.preset("belote").game, kawesh=True)) == "Classic Belote", \
        "the Baloot variants do not apply to Belote: never named"
    i18n.set_language("ar")
    assert rules_line(Rules.preset("belote")) == "البيلوت الكلاسيكي"
    assert rules_line(Rules(projects_times_raise=True)) == "بطولة سعودية + المشاريع × الدبل"


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_score_panel_shows_the_rules_and_four_digit_scores(language: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    i18n.set_language(language)
    lay = Layout(*size)
    r = Renderer(Assets())
    for rules, held in ((BELOTE, 81), (Rules(third_round_on_ace=True, riyadh_ashkal=True,
                                              projects_times_raise=True), 0)):
        hud = Hud(hand_number=23, scores=(1004, 987), tricks=[5, 3], points=[102, 60], phase="playing",
                  rules=rules, held=held)
        items = r.score_items(lay, hud)
        texts = [it.text for it in items]
        for figure in ("1004", "987", "23", str(rules.target)):
            assert any(figure in t for t in texts), (figure, texts)
        # the variants in plain words, or counted when the words do not fit the panel
        assert rules_line(rules) in texts or rules_line(rules, max_tags=0) in texts, texts
        if held:
            assert i18n.trn("hud.held", 81) in texts
        panel = lay.score_rect()
        for it in items:
            assert panel.contains(it.rect), f"{it.text!r} at {it.rect} leaves {panel}"
            assert it.size >= 10, f"{it.text!r} shrunk to {it.size}"
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                assert not a.rect.colliderect(b.rect), f"{a.text!r} overlaps {b.text!r}"


# ----- the settings -------------------------------------------------------------------------

def test_every_setting_has_its_schema_and_announcing_belote_is_on_by_default() -> None:
    from dataclasses import fields
    assert set(SCHEMA["properties"]) == {f.name for f in fields(Settings)}
    assert Settings().announce_belote is True and Settings().rules == Rules.preset("saudi")
    loaded, bad = Settings.from_dict({"announce_belote": "yes", "rules": {"game": "belote"}})
    assert bad == ["announce_belote"] and loaded.announce_belote and loaded.rules == BELOTE
    assert Settings.from_dict(Settings(announce_belote=False, rules=BELOTE).to_dict()) == (
        Settings(announce_belote=False, rules=BELOTE), [])


def test_the_rules_tab_offers_the_presets_and_each_baloot_variant() -> None:
    saudi = [r.field for r in settings_tabs(Rules())[3][1]]
    assert saudi[0] == "preset" and saudi[-1] == "announce_belote"
    assert sorted(saudi[1:-1]) == sorted(f"rules.{f}" for f in Rules().to_dict() if f != "game")
    assert saudi[1:5] == ["rules.no_ashkal_on_ace", "rules.kawesh", "rules.third_round_on_ace",
                          "rules.riyadh_ashkal"], "the rule book's (a)-(d) first"
    assert [r.field for r in settings_tabs(BELOTE)[3][1]] == ["preset", "announce_belote"], \
        "the Baloot variants are not offered under Classic Belote"


def test_presets_and_variants_by_keyboard_apply_from_the_next_match(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        table_rules = app.match.animator.hud.rules
        assert table_rules == Rules()
        app.open_screen(SettingsScreen(app, tab=3))
        app.step(DT)
        focus_on(app, "preset")
        press(app, pygame.K_RIGHT)
        assert app.settings.rules == Rules.preset("riyadh")
        assert load_settings()[0].rules == Rules.preset("riyadh"), "saved at once"
        focus_on(app, "rules.projects_times_raise")
        press(app, pygame.K_RETURN)
        assert app.settings.rules == Rules(third_round_on_ace=True, riyadh_ashkal=True,
                                           projects_times_raise=True)
        screen = app.screens[-1]
        assert isinstance(screen, SettingsScreen)
        assert base_preset(app.settings.rules) == "riyadh"  # the preset row still says Riyadh
        notes = [text for text, _c in screen.rules_notes()]
        assert notes[0] == tr("settings.rules_next", rules="Riyadh majlis + projects × raise · to 152")
        assert tr("settings.rules_this_match", rules="Saudi tournament") in notes
        focus_on(app, "preset")
        press(app, pygame.K_RIGHT)
        assert app.settings.rules == BELOTE, "a preset is its rules exactly: (e) is off again"
        names = [it.name for it in app.screens[-1].items]
        assert "rules.kawesh" not in names and "announce_belote" in names
        focus_on(app, "announce_belote")
        press(app, pygame.K_RETURN)
        assert app.settings.announce_belote is False and load_settings()[0].announce_belote is False
        assert app.match.animator.hud.rules == table_rules, "the match on the table keeps its rules"
        press(app, pygame.K_ESCAPE)
        app.start_new_match()
        assert app.match.driver.state.rules == BELOTE and app.match.animator.hud.rules == BELOTE
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_rules_tab_fits_the_window(language: str, size: tuple[int, int]) -> None:
    app = make_app(Settings(animation_speed="fast", sound=False, language=language), size=size)
    try:
        app.step(DT)
        screen = SettingsScreen(app, tab=3)
        app.open_screen(screen)
        app.step(DT)
        rows = [it for it in screen.items if it.kind == "choice"]
        assert len(rows) == 11
        buttons = [it for it in screen.items if it.kind == "button"]
        for it in screen.items:
            assert screen.frame.contains(it.rect), (it.name, it.rect, screen.frame)
            for w in it.widgets:
                assert screen.frame.contains(w.rect), (it.name, w.rect)
        for i, a in enumerate(rows):
            assert a.rect.height >= 22
            for b in rows[i + 1:] + buttons:
                assert not a.rect.colliderect(b.rect), (a.name, b.name)
        lowest = max(it.rect.bottom for it in rows)
        assert lowest < min(b.rect.top for b in buttons)
    finally:
        app.close()


# ----- the pause menu -----------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_pause_menu_says_which_rules_are_played(language: str) -> None:
    settings = Settings(animation_speed="fast", sound=False, language=language, rules=BELOTE)
    app = make_app(settings, size=(1024, 640))
    try:
        app.step(DT)
        app.pause()
        app.step(DT)
        pause = app.screens[-1]
        assert isinstance(pause, PauseMenu)
        texts = [text for text, _bold in pause.rules_text]
        assert texts[0] == tr("pause.rules", rules=tr("rules.line_target", line=tr("preset.belote"),
                                                        target=1000))
        first = min(it.rect.top for it in pause.items)
        line = app.renderer.assets.font(app.layout.small_font).get_linesize()
        assert pause.frame.y + line * len(texts) < first
        # the settings changed for the next match: said too
        app.apply_settings(Settings(animation_speed="fast", sound=False, language=language))
        app.close_screen()
        app.pause()
        app.step(DT)
        texts = [text for text, _bold in app.screens[-1].rules_text]  # type: ignore[attr-defined]
        assert texts[-1] == tr("pause.rules_next", rules=tr("preset.saudi"))
    finally:
        app.close()


# ----- the late show (docs/rules.md section 6) -----------------------------------------------------

def late_position() -> Observation:
    """Hokum ♥; North's Fifty wins the projects; South, who did not declare its Sira in the first
    trick, is asked in the second."""
    deal = {"S": "7S 8S 9S 7C 8C 10H 7D 9D", "E": "10S KS AS 8D 10C JC KH AH",
            "N": "10D JD QD KD AC 9C JS QH", "W": "QS QC KC 7H 8H 9H JH AD"}
    state = play_position(deal, trump="H")
    state.apply(NO_DECLARE)
    apply_all(state, "7C")
    for card in ("10C", "9C", "QC"):
        seat = state.to_move()
        assert seat is not None
        if state.must_decide_projects(seat):
            state.apply(DECLARE if seat == 2 else NO_DECLARE)
        apply_all(state, card)
    while state.to_move() != 0:
        state.apply(next(a for a in state.legal_actions() if is_card(a)))
    return state.observation(0)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_second_trick_asks_show_or_not(language: str) -> None:
    i18n.set_language(language)
    obs = late_position()
    assert obs.legal_actions == (DECLARE, NO_DECLARE) and len(obs.tricks) == 1
    assert showing_late(obs)
    assert call_labels(obs) == [(DECLARE, tr("call.show")), (NO_DECLARE, tr("call.no_show"))]
    if language == "en":
        assert [w for _a, w in call_labels(obs)] == ["Show your projects", "Don't show"]
    assert panel_title(obs) == tr("panel.show_title")
    assert tr("project.sira") in projects_line(obs) and "9♠" in panel_note(obs)


def baloot_late_choice(obs: Observation) -> Action:
    legal = obs.legal_actions
    if obs.phase is not Phase.PLAYING:
        return PASS if PASS in legal else legal[0]
    if DECLARE in legal:
        return DECLARE if obs.tricks else NO_DECLARE
    return min(a for a in legal if is_card(a))


def test_the_late_show_prompt_on_the_table() -> None:
    def asked(d: object) -> bool:
        return showing_late(d.observation(0))  # type: ignore[attr-defined]

    seed = find_seed(lambda d, _r: asked(d), until=asked, rules=Rules(), choose=baloot_late_choice)
    app = make_app(Settings(animation_speed="fast", sound=False), seed=seed)
    try:
        t = app.match
        for _ in range(40):
            run_until(app, lambda: t.human_turn(), 6000)
            app.step(DT)
            obs = t.observation()
            if showing_late(obs):
                break
            want = baloot_late_choice(obs)
            if is_card(want):
                from tests.test_ui_table import visible_point
                post_click(visible_point(app, want))
            else:
                post_click(t.gui.panel.buttons[want].rect.center)
            for _ in range(3):
                app.step(DT)
        panel = t.gui.panel
        assert panel is not None and panel.title == tr("panel.show_title")
        assert sorted(panel.buttons) == [DECLARE, NO_DECLARE]
        assert dict(t.call_labels()) == {DECLARE: "Show your projects", NO_DECLARE: "Don't show"}
        assert panel.subtitle == projects_line(obs) and panel.subtitle
        post_click(panel.buttons[DECLARE].rect.center)
        run_until(app, lambda: 0 in t.animator.hud.shown)
        assert t.animator.hud.shown[0], "South's projects are on the table"
    finally:
        app.close()


# ----- the Belote hand summary ----------------------------------------------------------------

def belote_scored(points: tuple[int, int], tricks: tuple[int, int], belote: tuple[bool, bool],
                  takers: int = 0) -> HandScored:
    from game.contract import hokum_contract
    sc = score_hand("hokum", takers, 1, points, tricks, ((), ()), belote, classic=True)
    contract = hokum_contract(1, takers)  # South or East
    return HandScored(sc, points, tricks, ((), ()), belote, contract)


def record_of(e: HandScored, totals: tuple[int, int], won: tuple[int, int] = (0, 0)) -> HandRecord:
    return HandRecord(1, 3, "", e.score, e.card_points, totals, e.contract, won)


def rows(e: HandScored, rec: HandRecord | None) -> dict[str, tuple[str, str]]:
    return {label: (us, them) for label, us, them in breakdown_rows(e, rec, belote=True)}


def test_the_belote_summary_b3_made_with_its_belote() -> None:
    e = belote_scored((70, 92), (4, 4), (True, False))  # B3: 70 + 20 = 90 >= 82
    assert e.score.points == (90, 92)
    r = rows(e, record_of(e, (90, 92)))
    assert r[tr("sum.card_points")] == ("70", "92") and r[tr("sum.belote")] == ("20", "—")
    assert r[tr("sum.added")] == ("+90", "+92") and r[tr("sum.total")] == ("90", "92")
    assert tr("sum.game_points") not in r and tr("sum.projects") not in r and tr("sum.raise") not in r
    assert reason_sentence(e, True) == tr("sum.why.belote_made.0", total=90)
    assert rounding_sentence(e, None, True) == tr("sum.belote_count.0", points=70, belote=20, total=90)


def test_the_belote_summary_b2_holds_81_and_the_next_hand_wins_them() -> None:
    e = belote_scored((81, 81), (4, 4), (False, False))  # B2: litige
    assert e.score.points == (0, 81) and e.score.held == 81
    r = rows(e, record_of(e, (0, 81)))
    assert r[tr("sum.held")] == (tr("sum.held_cell", points=81), "—")
    assert reason_sentence(e, True) == tr("sum.why.litige.0", points=81)
    nxt = belote_scored((90, 72), (5, 3), (False, False))  # B1 next: we win it, and the 81
    rec = record_of(nxt, (171, 153), (81, 0))
    r = rows(nxt, rec)
    assert r[tr("sum.held_won")] == ("+81", "—") and r[tr("sum.added")] == ("+171", "+72")
    assert tr("sum.held_won.0", points=81) in rounding_sentence(nxt, rec, True)


def test_the_belote_summary_b4_failed_and_b7_capot() -> None:
    e = belote_scored((75, 87), (3, 5), (False, True))  # B4: failed, E-W 162 + 20
    assert e.score.points == (0, 182)
    assert reason_sentence(e, True) == tr("sum.why.belote_failed.0", total=75)
    assert rows(e, None)[tr("sum.added")] == ("+0", "+182")
    e = belote_scored((0, 162), (0, 8), (False, True), takers=1)  # B7: E-W take every trick
    assert e.score.points == (0, 272) and e.score.kaboot
    r = rows(e, None)
    assert r[tr("sum.capot_row")] == ("—", "252") and r[tr("sum.belote")] == ("—", "20")
    assert reason_sentence(e, True) == tr("sum.why.capot.1")
    assert rounding_sentence(e, None, True) == tr("sum.capot", award=252)
    i18n.set_language("ar")
    assert reason_sentence(e, True) == "كابو: أخذوا الأكلات الثماني كلها"


# ----- statistics per rule set --------------------------------------------------------------

def test_statistics_keep_baloot_and_belote_apart(data_dir: Path) -> None:
    s = Statistics()
    made = belote_scored((70, 92), (4, 4), (True, False))
    s.record_hand(record_of(made, (90, 92)), belote=True)
    s.record_hand(HandRecord(2, 0, "", None, (0, 0), (90, 92)), belote=True)
    s.record_match(0, (1004, 880), belote=True)
    assert s.hands_played == 0 and s.matches_played == 0, "Baloot's totals untouched"
    b = s.belote
    counts = (b.hands_played, b.hands_redealt, b.taken, b.made, b.belote_for, b.matches_won)
    assert counts == (1, 1, 1, 1, 1, 1)
    assert b.recent == ["1004-880 won"] and b.best_hand == -2
    save_stats(s)
    again, problem = load_stats()
    assert problem is None and again == s
    # a file written before rule sets (no "belote") still loads: its counts are Baloot's
    old = {k: v for k, v in Statistics(matches_played=7, recent=["152-98 won"]).to_dict().items()
           if k != "belote"}
    stats_file().save(old)
    loaded, problem = load_stats()
    assert problem is None and loaded.matches_played == 7 and loaded.belote == BeloteStats()
    stored = json.loads(next(data_dir.glob("stat*.json")).read_text())
    assert "belote" not in stored["data"]


def test_the_statistics_screen_has_a_tab_per_rule_set(data_dir: Path) -> None:
    from ui.screens import StatsScreen
    app = make_app(menu=True)
    try:
        app.recorder.statistics.belote.capot_for = 3
        app.recorder.statistics.kaboot_for = 5
        screen = StatsScreen(app)
        app.open_screen(screen)
        app.step(DT)
        labels = dict(row for _h, rows_ in screen.columns() for row in rows_)
        assert labels[tr("stats.kaboot_for")] == "5" and tr("stats.capot_for") not in labels
        screen.set_focus("rule_set")
        press(app, pygame.K_RIGHT)
        labels = dict(row for _h, rows_ in screen.columns() for row in rows_)
        assert screen.rule_set == "belote" and labels[tr("stats.capot_for")] == "3"
        assert tr("stats.sun_taken") not in labels
    finally:
        app.close()


def test_a_belote_match_counts_in_the_belote_statistics(data_dir: Path) -> None:
    settings = Settings(animation_speed="fast", sound=False, rules=BELOTE)
    app = App(5, humans=(), settings=settings, thinker=InlineThinker(), size=(1024, 640), sound=False,
              ai="random", persist=True)
    try:
        driver = app.match.driver
        app.recorder.profile = True  # count as a person's game would
        for _ in range(400):
            if driver.state.sheet:
                break
            driver.update(0.0, True)
        stats = app.recorder.statistics
        assert stats.belote.hands_played + stats.belote.hands_redealt == 1
        assert stats.hands_played == stats.hands_thrown_in == 0
    finally:
        app.close()


# ----- saves ----------------------------------------------------------------------------------

def test_a_saved_belote_match_resumes_as_belote(data_dir: Path) -> None:
    settings = Settings(animation_speed="fast", sound=False, rules=BELOTE)
    app = make_app(settings, seed=9)
    try:
        t = app.match
        for _ in range(3000):
            if len(t.driver.state.actions) >= 12:
                break
            if t.human_turn():
                legal = t.driver.legal_actions()
                t.submit(PASS if PASS in legal else legal[0])
            app.step(DT)
        actions = list(t.driver.state.actions)
        assert len(actions) >= 12
    finally:
        app.close()
    saved, problem = load_match()
    assert problem is None and saved is not None
    assert saved.match.rules == BELOTE and saved.match.actions == actions
    # resumed in a window whose settings say Saudi: the match stays Belote
    app = make_app(Settings(animation_speed="fast", sound=False), menu=True)
    try:
        app.continue_match(saved)
        app.step(DT)
        t = app.match
        assert t.driver.state.rules == BELOTE and t.animator.hud.rules == BELOTE
        assert rules_line(app.match_rules()) == "Classic Belote"  # type: ignore[arg-type]
        save_match(SavedMatch(t.driver.state, app.players(), t.driver.seed))
        assert load_match()[0].match.rules == BELOTE  # type: ignore[union-attr]
    finally:
        app.close()


# ----- How to play, the Baloot bidding variants ---------------------------------------------

def test_how_to_play_explains_classic_belote_and_the_variants_in_both_languages() -> None:
    for code, belote, scoring, variants, words in (
            ("en", "Classic Belote", "Classic Belote: scoring", "Rule variants (Baloot)",
             ("1000", "82", "252", "81 to 81", "Rebelote", "Space", "Riyadh majlis", "(g)")),
            ("ar", "البيلوت الكلاسيكي", "البيلوت الكلاسيكي: الحساب", "قوانين البلوت الاختيارية",
             ("1000", "82", "252", "81 مقابل 81", "ريبيلوت", "Space", "مجلس الرياض", "(ز)"))):
        blocks = i18n.howto_blocks(code)
        headings = [text for kind, text in blocks if kind == "heading"]
        assert {belote, scoring, variants} <= set(headings), headings
        whole = i18n.howto_text(code)
        for w in words:
            assert w in whole, (code, w)
        assert ("Locked" if code == "en" else "مقفول") in whole, "the doubling's Locked / Open stays"


BALOOT_DEAL = ("deal rules=CD dealer=W score=0-0 S=7S.8S.9S.10S.JS E=QS.KS.AS.7H.8H "
               "N=9H.10H.JH.QH.KH W=AH.7D.8D.9D.10D buy=AD stock=QD.KD.JD.7C.8C.9C.10C.JC.QC.KC.AC moves=-")


def test_the_third_round_and_riyadh_ashkal_are_worded_on_the_panel() -> None:
    from game.actions import ASHKAL, SUN, hokum_suit
    from game.notation import from_notation

    s = from_notation(BALOOT_DEAL)  # West deals: South is P1
    for _ in range(6):
        s.apply(PASS)
    obs = s.observation(2)  # North is P3 in round 2: Riyadh Ashkal
    assert obs.bidding_round == 2 and ASHKAL in obs.legal_actions
    assert panel_note(obs) == tr("panel.riyadh_ashkal")
    assert dict(call_labels(obs))[ASHKAL] == tr("call.ashkal")
    for _ in range(2):
        s.apply(PASS)
    obs = s.observation(0)
    assert obs.bidding_round == 3 and obs.to_move == 0
    assert panel_title(obs) == tr("panel.your_call", round=3)
    assert panel_note(obs) == tr("panel.round3", card="A♦")
    labels = dict(call_labels(obs))
    assert labels[SUN] == "Sun" and labels[hokum_suit(2)] == "Hokum ♦", "the buying suit too"


def test_the_pause_menu_fits_with_every_variant_on() -> None:
    every = Rules(**{name: True for name in Rules().to_dict() if name != "game"})  # type: ignore[arg-type]
    settings = Settings(animation_speed="fast", sound=False, rules=every, language="ar")
    app = make_app(settings, size=(1024, 640))
    try:
        app.step(DT)
        app.pause()
        app.step(DT)
        pause = app.screens[-1]
        assert isinstance(pause, PauseMenu)
        assert app.layout.window().contains(pause.frame), pause.frame
        assert pause.frame.h <= app.layout.h * 0.75, "a menu over the table, not a page of rules"
        assert tr("rules.short.opponents_always_count") in " ".join(text for text, _b in pause.rules_text), \
            "every variant is still named, in plain words"
    finally:
        app.close()
