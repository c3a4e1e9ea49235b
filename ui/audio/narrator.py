"""Everything the table shows, said aloud (pygame-free): a blind player plays a whole match by ear.

Every call, every card played with its seat, each trick's winner, the contract, projects and Baloot,
the hand summary and the match result are queued to the speaker as the animator shows them (so the
voice follows the table). "Your turn" comes with what may be played; the keys read the hand by suit.
Texts are in the player's language with cards and suits in words ('King of Hearts', 'شايب هاص').
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from game.cards import SUIT_SYMBOLS, cards_in, suit_of, team_of
from game.events import (
    BalootCalled,
    BeloteAnnounced,
    BidMade,
    CardPlayed,
    ContractFixed,
    HandScored,
    HandThrownIn,
    HeldPointsAwarded,
    MatchOver,
    ProjectsCompared,
    ProjectsDeclared,
    ProjectsShown,
    RaiseMade,
    TrickWon,
)
from game.observation import Observation
from game.ranking import NO_TRUMP
from ui import i18n
from ui.audio.announce import card_words, suit_words
from ui.table.animator import Hud, new_hand_words
from ui.table.choices import SUIT_DISPLAY_ORDER, display_key, display_order
from ui.table.driver import DealStarted, UIEvent
from ui.table.summary_words import reason_sentence
from ui.text import contract_label, project_name, tr, trn

_CARD_RE = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")
_RANKS = {"7": 0, "8": 1, "9": 2, "10": 3, "J": 4, "Q": 5, "K": 6, "A": 7}


def spoken(text: str) -> str:
    """Screen text made for the ear: 'K♣' → 'King of Clubs', a lone '♥' → 'Hearts'."""
    def card(m: re.Match[str]) -> str:
        rank = _RANKS.get(m.group(1))
        suit = SUIT_SYMBOLS.index(m.group(2))
        return card_words(rank * 1 + suit * 8) if rank is not None else m.group(0)

    text = _CARD_RE.sub(card, text)
    for suit, symbol in enumerate(SUIT_SYMBOLS):
        text = text.replace(symbol, suit_words(suit))
    return text.replace("×", tr("say.times"))


def hand_by_suit(hand: int | Sequence[int], trump: int = NO_TRUMP) -> str:
    """'Spades: Ace, King. Hearts: none. …' — the hand read suit by suit, in the order it is drawn:
    `hand` as drawn (a list), or a set of cards sorted as the table sorts them under `trump`."""
    if isinstance(hand, int):
        cards = sorted(cards_in(hand), key=lambda c: display_key(c, trump))
    else:
        cards = list(hand)
    parts = []
    for suit in SUIT_DISPLAY_ORDER:
        mine = [c for c in cards if suit_of(c) == suit]
        ranks = i18n.list_join([tr(f"rank.{c & 7}") for c in mine]) if mine else tr("say.none")
        parts.append(tr("say.suit_cards", suit=suit_words(suit), cards=ranks))
    return tr("say.hand", count=len(cards), cards=". ".join(parts))


class Narrator:
    """Turns what the table shows into queued speech; `say` is the speaker's queue."""

    def __init__(self, say: Callable[[str], object], me: int = 0) -> None:
        self.say = say
        self.me = me
        self.said: list[str] = []
        """Everything queued, in order (tests; and R/C keys can repeat)."""

    def __call__(self, text: str) -> None:
        if text:
            self.said.append(text)
            self.say(text)

    def on_event(self, e: UIEvent, hud: Hud) -> None:
        names = hud.names
        if isinstance(e, DealStarted):
            text = new_hand_words(e.number, e.base.dealer, names, self.me)
            self(text + ". " + tr("announce.buying_card", card=card_words(e.base.buying_card)))
        elif isinstance(e, BidMade | RaiseMade):
            call = hud.calls[-1].words() if hud.calls else ""
            self(tr("say.call", seat=names[e.seat], call=spoken(call)))
        elif isinstance(e, ContractFixed):
            label = contract_label(e.contract, names, hud.rules.belote)
            self(tr("say.contract", contract=spoken(label)))
            if hud.skip:
                self(spoken(hud.skip))
        elif isinstance(e, ProjectsDeclared) and e.kinds:
            self(tr("say.projects", seat=names[e.seat],
                    projects=i18n.list_join([project_name(k) for k in e.kinds])))
        elif isinstance(e, ProjectsCompared) and e.best is not None and e.best_seat is not None:
            self(tr("note.best_project", project=project_name(e.best.kind), seat=names[e.best_seat]))
        elif isinstance(e, ProjectsShown):
            cards = [c for p in e.projects for c in display_order(p.cards)]
            self(tr("say.shows", seat=names[e.seat], cards=i18n.list_join([card_words(c) for c in cards])))
        elif isinstance(e, CardPlayed):
            self(tr("say.card", seat=names[e.seat], card=card_words(e.card)))
        elif isinstance(e, BalootCalled):
            self(tr("say.call", seat=names[e.seat], call=tr("call.baloot")))
        elif isinstance(e, BeloteAnnounced):
            call = tr("call.rebelote" if e.rebelote else "call.belote")
            self(tr("say.call", seat=names[e.seat], call=call))
        elif isinstance(e, HeldPointsAwarded):
            self(tr(f"note.held_awarded.{e.team}", points=e.points))
        elif isinstance(e, TrickWon):
            key = "announce.trick_won_you" if e.seat == self.me else "announce.trick_won"
            self(tr(key, seat=names[e.seat]) + ", " + trn("count.card_points", e.points))
        elif isinstance(e, HandThrownIn):
            self(tr("note.annulled" if "Kawesh" in e.reason else "note.thrown_in"))
        elif isinstance(e, HandScored):
            self(summary_words(e, hud.rules.belote))
        elif isinstance(e, MatchOver):
            key = "end.title_win" if e.winner == team_of(self.me) else "end.title_loss"
            self(tr(key, partner=names[2], east=names[1], west=names[3]) + ". "
                 + tr("end.final", us=e.scores[0], them=e.scores[1]))

    def your_turn(self, obs: Observation, calls: list[str], cards: set[int] | None) -> None:
        """South is to decide: say so, with what may be chosen."""
        if cards is not None:
            hand = display_order(obs.hand)
            legal = [c for c in hand if c in cards]
            if len(legal) == len(hand) and len(hand) > 1:
                self(tr("say.your_turn_any", count=len(hand)))
            else:
                self(tr("say.your_turn_cards", cards=i18n.list_join([card_words(c) for c in legal])))
        elif calls:
            self(tr("say.your_call", calls=i18n.list_join([spoken(c) for c in calls])))


def summary_words(e: HandScored, belote: bool = False) -> str:
    """The hand summary aloud: who won and why, the points added, the match score."""

    sc = e.score
    return ". ".join([tr(f"sum.winner.{sc.winner}"), reason_sentence(e, belote),
                      tr("say.points_added", us=sc.points[0], them=sc.points[1])])
