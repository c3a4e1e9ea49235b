"""Spoken and on-screen announcements for the keys of the classic Belote client (pygame-free).

    C      the cards on the table (who played what in the current trick)
    A      the trump suit (Hokum), or Sun: no trump, or not decided yet
    F      the suit led
    S      the scores: the match (Us / Them) and this hand's tricks and card points
    Space  Baloot: whether it was called and by whom, or whether you hold it
           (this engine calls Baloot by itself, so the key tells its status). In classic
           Belote the table arms the announcement with Space (your next King or Queen of trump
           is played announcing belote / rebelote) and this tells the belote's status.

Each announcement has two texts in the current language (logical order): `text` for the screen,
with card symbols ('K♥'), and `speech` for the voice, with words ('King of Hearts' / 'شايب هاص').

    ann = announce("c", state.observation(0), names)
    toast(ann.text); speaker.say(ann.speech)

The table maps its keys to these names: pygame.K_c -> "c", K_a -> "a", K_f -> "f", K_s -> "s",
K_SPACE -> "space".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.actions import is_card
from game.cardplay import shown_blocks_baloot
from game.cards import KING, QUEEN, RANK_LABELS, SUIT_SYMBOLS, rank_of, seat_after, suit_of, team_of
from game.observation import Observation
from game.phase import Phase
from game.ranking import NO_TRUMP
from ui.i18n import list_join, tr

KEYS: tuple[str, ...] = ("c", "a", "f", "s", "space")


@dataclass(frozen=True)
class Announcement:
    key: str
    text: str
    """For the screen: card and suit symbols."""
    speech: str
    """For the voice: cards and suits in words."""


CardName = Callable[[int], str]
SuitName = Callable[[int], str]


def card_symbol(card: int) -> str:
    return RANK_LABELS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def card_words(card: int) -> str:
    return tr("card.name", rank=tr(f"rank.{rank_of(card)}"), suit=tr(f"suit.{suit_of(card)}"))


def suit_symbol_name(suit: int) -> str:
    """'♥ Hearts': the symbol for the eye, the name so it also reads as a word."""
    return f"{SUIT_SYMBOLS[suit]} {tr(f'suit.{suit}')}"


def suit_words(suit: int) -> str:
    return tr(f"suit.{suit}")


def _seat(seat: int, names: Sequence[str] | None, me: int = 0) -> str:
    """The player's name if given, else 'You' for the observing seat and 'East'... for the others."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr("seat.0") if seat == me else tr(f"seat.full.{seat}")


def _twice(build: Callable[[CardName, SuitName], str]) -> tuple[str, str]:
    return build(card_symbol, suit_symbol_name), build(card_words, suit_words)


# ----- C: cards on the table ------------------------------------------------------------------

def cards_on_table(obs: Observation, names: Sequence[str] | None = None) -> Announcement:
    me = obs.seat

    def build(card: CardName, _suit: SuitName) -> str:
        if obs.phase is not Phase.PLAYING or not obs.trick:
            text = tr("announce.table_empty")
        else:
            items = [tr("announce.played", seat=_seat(seat_after(obs.trick_leader, i), names, me),
                        card=card(c)) for i, c in enumerate(obs.trick)]
            text = tr("announce.table", cards=list_join(items))
        return text + _turn_suffix(obs, me, names)

    return Announcement("c", *_twice(build))


def _turn_suffix(obs: Observation, me: int, names: Sequence[str] | None) -> str:
    if obs.phase is not Phase.PLAYING or obs.to_move is None:
        return ""
    if obs.to_move == me:
        turn = tr("announce.your_turn")
    else:
        turn = tr("announce.turn", seat=_seat(obs.to_move, names, me))
    return tr("list.separator") + turn


# ----- A: trump -------------------------------------------------------------------------------

def trump_suit(obs: Observation, names: Sequence[str] | None = None) -> Announcement:
    def build(card: CardName, suit: SuitName) -> str:
        c = obs.contract
        if c is None:
            if obs.phase is Phase.OVER:
                return tr("announce.no_hand")
            text = tr("announce.no_contract", round=obs.bidding_round)
            if obs.buying_card >= 0:
                text += tr("list.separator") + tr("announce.buying_card", card=card(obs.buying_card))
            return text
        seat = _seat(c.declarer, names, obs.seat)
        mine = c.declarer == obs.seat
        if c.sun or c.trump == NO_TRUMP:
            text = tr("announce.sun_you") if mine else tr("announce.sun", seat=seat)
        elif mine:
            text = tr("announce.trump_you", suit=suit(c.trump))
        else:
            text = tr("announce.trump", suit=suit(c.trump), seat=seat)
        extras: list[str] = []
        if c.raise_level == 5:
            extras.append(tr("call.gahwa"))
        elif c.raise_level > 1:
            extras.append(tr("sum.raise_x", level=c.raise_level))
        if c.locked:
            extras.append(tr("hud.locked"))
        return list_join([text, *extras])

    return Announcement("a", *_twice(build))


# ----- F: suit led ----------------------------------------------------------------------------

def suit_led(obs: Observation, names: Sequence[str] | None = None) -> Announcement:
    def build(_card: CardName, suit: SuitName) -> str:
        if obs.phase is not Phase.PLAYING:
            return tr("announce.led_none")
        if not obs.trick:
            if obs.to_move == obs.seat:
                return tr("announce.led_none_you")
            if obs.to_move is not None:
                return tr("announce.led_none_seat", seat=_seat(obs.to_move, names, obs.seat))
            return tr("announce.led_none")
        led = suit_of(obs.trick[0])
        if obs.trick_leader == obs.seat:
            return tr("announce.led_you", suit=suit(led))
        return tr("announce.led", suit=suit(led), seat=_seat(obs.trick_leader, names, obs.seat))

    return Announcement("f", *_twice(build))


# ----- S: scores ------------------------------------------------------------------------------

def scores(obs: Observation, names: Sequence[str] | None = None) -> Announcement:
    us, them = team_of(obs.seat), 1 - team_of(obs.seat)
    text = tr("announce.score_match", us=obs.match_scores[us], them=obs.match_scores[them],
              target=obs.rules.target)
    if obs.contract is not None and obs.phase in (Phase.PLAYING, Phase.OVER):
        if obs.tricks_won == (0, 0):
            hand = tr("announce.score_hand_none")
        else:
            hand = tr("announce.score_hand", our_tricks=obs.tricks_won[us], our_points=obs.points[us],
                      their_tricks=obs.tricks_won[them], their_points=obs.points[them])
        text += ". " + hand
    return Announcement("s", text, text)


# ----- Space: Baloot --------------------------------------------------------------------------

def baloot(obs: Observation, names: Sequence[str] | None = None) -> Announcement:
    me = obs.seat
    c = obs.contract
    if obs.baloot_seat is not None:
        who = obs.baloot_seat
        if who == me:
            text = tr("announce.baloot_you")
        else:
            team = tr(f"team.{int(team_of(who) != team_of(me))}")
            text = tr("announce.baloot_seat", seat=_seat(who, names, me), team=team)
    elif c is None:
        text = tr("announce.baloot_no_contract")
    elif c.sun or c.trump == NO_TRUMP:
        text = tr("announce.baloot_sun")
    else:
        k, q = c.trump * 8 + KING, c.trump * 8 + QUEEN
        mine = {card for card in (k, q) if obs.hand >> card & 1}
        mine |= {a for s, a in obs.history if s == me and is_card(a) and a in (k, q)}
        if len(mine) == 2 and obs.phase is not Phase.OVER:
            blocked = shown_blocks_baloot(obs, me)
            text = tr("announce.baloot_blocked") if blocked else tr("announce.baloot_hold")
        else:
            text = tr("announce.baloot_none")
    return Announcement("space", text, text)


# ----- Space in classic Belote: belote-rebelote -----------------------------------------------

def belote(obs: Observation, names: Sequence[str] | None = None, armed: bool = False,
           auto: bool = False) -> Announcement:
    """Who announced belote (and rebelote), or where yours stands: held and how to announce it,
    `armed` (Space was pressed: the next King or Queen of trump is played announcing it), `auto`
    (the setting announces it for you), or lost (played without the announcement)."""
    me = obs.seat
    c = obs.contract

    def build(card: CardName, _suit: SuitName) -> str:
        if c is None or c.sun:
            return tr("announce.belote_no_contract")
        k, q = c.trump * 8 + KING, c.trump * 8 + QUEEN
        parts: list[str] = []
        for seat in range(4):
            said = obs.belote_said[seat]
            if not said or seat == me:
                continue
            team = tr(f"team.{int(team_of(seat) != team_of(me))}")
            key = "announce.belote_seat_both" if said == 2 else "announce.belote_seat"
            parts.append(tr(key, seat=_seat(seat, names, me), team=team))
        mine = _own_belote(obs, me, k, q, card, armed, auto)
        if mine:
            parts.insert(0, mine)
        return list_join(parts) if parts else tr("announce.belote_none")

    return Announcement("space", *_twice(build))


def _own_belote(obs: Observation, me: int, k: int, q: int, card: CardName, armed: bool,
                auto: bool) -> str:
    said = obs.belote_said[me]
    held = obs.hand | obs.played_by[me]
    if said == 2:
        return tr("announce.belote_you_both")
    if not (held >> k & 1 and held >> q & 1):
        return ""
    if any(s == me and is_card(a) and a in (k, q) for s, a in obs.history):  # played unannounced
        return tr("announce.belote_lost")
    if obs.phase is Phase.OVER:
        return ""
    nxt = card(q) if said == 1 else card(k)
    if said == 1:
        key = "announce.rebelote_auto" if auto else (
            "announce.rebelote_armed" if armed else "announce.rebelote_hold")
        return tr("announce.belote_you") + tr("list.separator") + tr(key, card=nxt)
    key = "announce.belote_auto" if auto else ("announce.belote_armed" if armed else "announce.belote_hold")
    return tr(key, king=card(k), queen=card(q))


_BUILDERS: dict[str, Callable[[Observation, Sequence[str] | None], Announcement]] = {
    "c": cards_on_table, "a": trump_suit, "f": suit_led, "s": scores, "space": baloot,
}


def announce(key: str, obs: Observation, names: Sequence[str] | None = None, armed: bool = False,
             auto: bool = False) -> Announcement:
    """The announcement for a key name ("c", "a", "f", "s", "space"; case-insensitive).

    `names`: what to call each seat (index 0 = South); default: the seat names of the language.
    `armed`, `auto`: classic Belote's Space (see `belote`).
    """
    build = _BUILDERS.get(key.lower())
    if build is None:
        raise ValueError(f"no announcement for key {key!r} (known: {', '.join(KEYS)})")
    if key.lower() == "space" and obs.rules.belote:
        return belote(obs, names, armed, auto)
    return build(obs, names)
