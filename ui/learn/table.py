"""What the lesson and the puzzle screens share: the review's table with the four hands open, South's
cards clicked or chosen with ← → and Enter, the calls as buttons, the panel of facts."""

from __future__ import annotations

import pygame

from game.actions import Action
from game.cards import SOUTH, cards_in
from game.deal import DealBase
from game.phase import Phase
from game.state import RoundState
from ui import i18n
from ui.audio.narrator import spoken
from ui.review.model import HandReview, Step, TrickView
from ui.review.view import ReviewLayout, ReviewPainter, call_words
from ui.screens.base import Screen, ScreenHost, mirrored
from ui.table.choices import call_labels
from ui.table.layout import Layout
from ui.table.model import display_key
from ui.table.panels import button_font_size
from ui.text import contract_label, display_names, team_name, tr
from ui.theme import GOLD, INK

COMPUTER_MS = 650.0
"""How long a computer seat's card stays alone on the table before the next one."""


def table_step(state: RoundState) -> Step:
    """What the review's painter draws, from a live position: the hands, the buying card during
    the bidding, the trick being played (or the one just completed)."""
    trick: TrickView | None = None
    cp = state.cp
    if cp is not None and cp.trick:
        trick = TrickView(cp.done + 1, cp.leader, tuple(cp.trick))
    elif state.tricks_log:
        leader, cards = state.tricks_log[-1]
        trick = TrickView(len(state.tricks_log), leader, tuple(cards))
    hands = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    buying = state.buying_card if state.phase is Phase.BIDDING else -1
    points = (state.points[0], state.points[1]) if cp is not None else (0, 0)
    won = (state.tricks_won[0], state.tricks_won[1]) if cp is not None else (0, 0)
    return Step(0, None, None, state.phase, hands, buying, state.contract, (), trick, (), points, won,
                ((), (), (), ()), (0, 0, 0, 0), state.project_team if cp is not None else None,
                state.baloot_seat if cp is not None else None, (), state.result)


def pair(ns: int, ew: int) -> str:
    """North-South's figure, then East-West's (read from the right in Arabic, as the review does)."""
    return f"{ns} – {ew}"


class LearnTable(Screen):
    """What the lesson and the puzzle screens share: the table, South's cards, the calls."""

    covers = True
    close_on_outside_click = False
    show_focus_always = False
    buttons: tuple[tuple[str, str], ...] = ()

    def __init__(self, host: ScreenHost) -> None:
        self.selected = -1
        """South's card chosen with the keyboard (-1: none)."""
        self.rings: dict[int, tuple[int, int, int]] = {}
        self.timer = 0.0
        self.keyboard = False
        self.painter = ReviewPainter(host.renderer)
        self._bubbles: tuple[int, dict[int, tuple[str, bool]]] = (-1, {})
        super().__init__(host)

    # ----- what the subclasses say ----------------------------------------------------------

    @property
    def state(self) -> RoundState:
        raise NotImplementedError

    def players_turn(self) -> bool:
        raise NotImplementedError

    def play(self, action: Action) -> None:
        """The player's move (a card or a call)."""
        raise NotImplementedError

    def call_choices(self) -> list[tuple[Action, str]]:
        st = self.state
        if not self.players_turn() or (st.phase is Phase.PLAYING and not st.must_decide_projects(SOUTH)):
            return []
        return call_labels(self.state.observation(SOUTH))

    # ----- layout ---------------------------------------------------------------------------

    def layout(self, lay: Layout) -> None:
        self.rl = rl = ReviewLayout(lay)
        self.frame = lay.window()
        bh = lay.button_h()
        names = list(self.buttons)
        gap = lay.m
        n = len(names)
        bw = min(self.button_width(tuple(k for _n, k in names), lay.button_w()),
                 (lay.w - 2 * lay.m - (n - 1) * gap) // max(1, n))
        x0 = lay.w // 2 - (n * bw + (n - 1) * gap) // 2
        rects = [pygame.Rect(x0 + i * (bw + gap), rl.buttons_y, bw, bh) for i in range(n)]
        if i18n.is_rtl():
            rects.reverse()
        for (name, key), rect in zip(names, rects, strict=True):
            self.button(name, rect, key, "#pass" if name == "back" else None)
        self.call_rects: list[tuple[Action, pygame.Rect]] = []
        calls = self.call_choices()
        if calls:
            font = self.host.renderer.assets.font(button_font_size(lay), True)
            cw = max(round(110 * lay.u), max(i18n.text_width(font, w) for _a, w in calls) + round(36 * lay.u))
            total = len(calls) * cw + (len(calls) - 1) * gap
            x = rl.table.centerx - total // 2
            y = rl.slider.y
            for i, (action, words) in enumerate(calls):
                rect = pygame.Rect(x + i * (cw + gap), y, cw, rl.slider_h + 6)
                self.call_rects.append((action, mirrored(rect, rl.table)))
                self.button(f"call:{action}", self.call_rects[-1][1], words)
        self.after_layout()

    def after_layout(self) -> None:
        """Focus: the first call when there are calls."""
        if self.call_rects:
            self.set_focus(f"call:{self.call_rects[0][0]}")

    def refresh(self) -> None:
        """The calls offered changed: rebuild the buttons."""
        self.build()
        self._changed = True

    # ----- South's cards --------------------------------------------------------------------

    def south_cards(self) -> list[tuple[int, pygame.Rect]]:
        st = self.state
        trump = st.contract.trump if st.contract is not None and not st.contract.sun else -1
        cards = sorted(cards_in(st.hands[SOUTH]), key=lambda c: display_key(c, trump))
        rl = self.rl
        out = []
        for (x, y), card in zip(rl.hand_centres(SOUTH, len(cards)), cards, strict=True):
            r = pygame.Rect(0, 0, rl.cw, rl.ch)
            r.center = (round(x), round(y))
            out.append((card, r))
        return out

    def card_at(self, pos: tuple[int, int]) -> int:
        for card, rect in reversed(self.south_cards()):
            if rect.collidepoint(pos):
                return card
        return -1

    # ----- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            card = self.card_at(event.pos)
            if card >= 0 and self.players_turn() and not self.call_rects:
                self.play(card)

    def pressed(self, name: str) -> None:
        if name.startswith("call:"):
            if self.players_turn():
                self.play(int(name[5:]))
        elif name == "back":
            self.back()
        else:
            self.button_pressed(name)

    def button_pressed(self, name: str) -> None:
        raise NotImplementedError

    def key(self, key: int, mod: int = 0) -> None:
        cards = [c for c, _r in self.south_cards()]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards and not self.call_rects:
            self.keyboard = True
            step = 1 if key == pygame.K_RIGHT else -1
            k = cards.index(self.selected) if self.selected in cards else (-1 if step > 0 else 0)
            self.selected = cards[(k + step) % len(cards)]
            self._changed = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected in cards and \
                self.players_turn() and not self.call_rects:
            self.play(self.selected)
        else:
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.keyboard = True
            super().key(key, mod)

    # ----- drawing --------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, title: str) -> None:
        lay, r, rl = self.host.layout, self.host.renderer, self.rl
        surface.blit(r.felt(lay), (0, 0))
        head = r.fit_rich(title, lay.big_font, rl.header.w, INK, True)
        r.put(surface, head, rl.header, rl.header.x, rl.header.y)
        names = display_names(self.host.settings.names())
        rings = dict(self.rings)
        if self.selected >= 0 and self.keyboard:
            rings[self.selected] = GOLD
        self.painter.table(surface, rl, table_step(self.state), names, self.state.dealer, self.bubbles(),
                           rings)
        if self.players_turn() and not self.call_rects:
            legal = self.state.legal_play_mask() if self.state.cp is not None else 0
            for card, rect in self.south_cards():  # the cards that may not be played, dimmed
                if not legal >> card & 1:
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((0, 0, 0, 90))
                    surface.blit(veil, rect)

    def bubbles(self) -> dict[int, tuple[str, bool]]:
        """During the bidding and the doubling, each seat's last call, worded as the review does
        (its calls come from the review's model of the hand, cached by the number of actions)."""
        st = self.state
        if not isinstance(st.base, DealBase) or st.phase not in (Phase.BIDDING, Phase.DOUBLING):
            return {}
        key = len(st.actions)
        if self._bubbles[0] != key:
            calls = HandReview(st.base, st.actions).steps[-1].calls
            self._bubbles = (key, {c.seat: (call_words(c, st.base.buying_card), False) for c in calls})
        return self._bubbles[1]

    def facts(self) -> list[tuple[str, str]]:
        """The left panel: the contract, the tricks and points so far, the match score."""
        st = self.state
        names = display_names(self.host.settings.names())
        out: list[tuple[str, str]] = []
        if st.contract is not None:
            out.append((tr("learn.info.contract"), contract_label(st.contract, names, st.rules.belote)))
        if st.cp is not None:
            out.append((tr("learn.info.tricks"), pair(st.tricks_won[0], st.tricks_won[1])))
            out.append((tr("learn.info.points"), pair(st.points[0], st.points[1])))
            if st.project_team is not None:
                out.append((tr("learn.info.projects"), team_name(st.project_team)))
            if st.baloot_seat is not None:
                out.append((tr("learn.info.baloot"), names[st.baloot_seat]))
        us, them = st.match_scores
        out.append((tr("learn.info.score"), pair(us, them)))
        if st.result is not None:
            out.append((tr("learn.info.hand"), pair(st.result.points[0], st.result.points[1])))
            target = 1000 if st.rules.belote else 152
            total = (us + st.result.points[0], them + st.result.points[1])
            out.append((tr("learn.info.score_after"), pair(total[0], total[1])))
            if max(total) >= target and total[0] != total[1]:
                out.append((tr("learn.info.match_won", target=target),
                            team_name(0 if total[0] > total[1] else 1)))
        return out

    def draw_facts(self, surface: pygame.Surface, title: str) -> None:
        self.painter.hand_list(surface, self.rl, title, [], -1, self.facts())

    def draw_above(self, surface: pygame.Surface) -> None:
        item = self.focused()
        if item is not None and self.keyboard:
            self.host.renderer.focus_ring(surface, item.rect, self.host.layout)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.timer += dt_ms

    def say(self, text: str) -> None:
        """With speech on, the words on the table are said too (cards as words: 'King of Spades')."""
        self.host.speaker.say(spoken(text))
