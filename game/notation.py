"""A one-line text form of a position that round-trips exactly (the FEN of this game).

Two kinds of position, each followed by the actions taken since (see docs/notation.md):

  deal rules=- dealer=S score=0-0 S=.. E=.. N=.. W=.. buy=7H stock=.. moves=pass,hokum,..
  play rules=- dealer=S score=0-0 contract=hokum/H/N/N/x1/open/- S=.. E=.. N=.. W=..
       lead=N done=6 won=3-3 points=60-58 projects=- pteam=- baloot=- moves=KC,7C,..
"""

from __future__ import annotations

from .actions import action_str, parse_action
from .cardplay import CardPlay
from .cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    CardSet,
    card_str,
    cards_str,
    parse_card,
    parse_cards,
    parse_seat,
)
from .contract import Contract, ContractKind
from .deal import DealBase, PlayBase
from .errors import NotationError
from .projects import KINDS, Project, project_from_cards
from .ranking import LAST_TRICK_BONUS, NO_TRUMP, mask_points
from .rules import Rules
from .state import RoundState

PREFIX_DEAL, PREFIX_PLAY = "deal", "play"


def _mask(m: CardSet) -> str:
    return cards_str(m, sep=".")


def _opt_seat(s: int | None) -> str:
    return "-" if s is None else SEAT_LETTERS[s]


def _parse_opt_seat(t: str) -> int | None:
    return None if t == "-" else parse_seat(t)


def _pair(a: tuple[int, int]) -> str:
    return f"{a[0]}-{a[1]}"


def _parse_pair(t: str, what: str) -> tuple[int, int]:
    parts = t.split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{what} must look like 12-40, not {t!r}")
    return int(parts[0]), int(parts[1])


def contract_str(c: Contract) -> str:
    trump = "-" if c.trump == NO_TRUMP else SUIT_LETTERS[c.trump]
    lock = "locked" if c.locked else "open"
    return "/".join([c.kind, trump, SEAT_LETTERS[c.declarer], SEAT_LETTERS[c.bidder],
                     f"x{c.raise_level}", lock, _opt_seat(c.doubler)])


def parse_contract(t: str) -> Contract:
    parts = t.split("/")
    if len(parts) != 7 or parts[0] not in tuple(ContractKind) or not parts[4].startswith("x"):
        raise ValueError(f"contract must look like hokum/H/N/N/x1/open/-, not {t!r}")
    kind, trump_s, decl, bidder, raise_s, lock, doubler = parts
    if kind == ContractKind.SUN:
        if trump_s != "-":
            raise ValueError("a Sun contract has no trump suit: write '-'")
        trump = NO_TRUMP
    else:
        if trump_s not in SUIT_LETTERS or len(trump_s) != 1:
            raise ValueError(f"trump must be one of S, H, D, C, not {trump_s!r}")
        trump = SUIT_LETTERS.index(trump_s)
    if raise_s[1:] not in ("1", "2", "3", "4", "5"):
        raise ValueError(f"raise must be x1..x5, not {raise_s!r}")
    if lock not in ("open", "locked"):
        raise ValueError(f"lock must be 'open' or 'locked', not {lock!r}")
    return Contract(ContractKind(kind), trump, parse_seat(decl), parse_seat(bidder), int(raise_s[1:]),
                    lock == "locked", _parse_opt_seat(doubler))


def _projects_str(declared: tuple[tuple[Project, ...], ...]) -> str:
    parts = [f"{SEAT_LETTERS[s]}:" + "+".join(f"{p.kind}({_mask(p.cards)})" for p in d)
             for s, d in enumerate(declared) if d]
    return "/".join(parts) or "-"


def _parse_projects(t: str, sun: bool) -> tuple[tuple[Project, ...], ...]:
    out: list[tuple[Project, ...]] = [(), (), (), ()]
    if t == "-":
        return tuple(out)
    for part in t.split("/"):
        seat_s, _, body = part.partition(":")
        projs = []
        for item in body.split("+"):
            kind, _, rest = item.partition("(")
            if kind not in KINDS or not rest.endswith(")"):
                raise ValueError(f"project must look like fifty(KH.QH.JH.10H), not {item!r}")
            projs.append(project_from_cards(kind, parse_cards(rest[:-1]), sun))
        out[parse_seat(seat_s)] = tuple(projs)
    return tuple(out)


def _base_fields(b: DealBase | PlayBase) -> list[str]:
    return [f"rules={b.rules.flags()}", f"dealer={SEAT_LETTERS[b.dealer]}",
            f"score={_pair(b.match_scores)}"]


def to_notation(state: RoundState) -> str:
    b = state.base
    hands = [f"{SEAT_LETTERS[s]}={_mask(h)}" for s, h in enumerate(b.hands)]
    if isinstance(b, DealBase):
        fields = [PREFIX_DEAL, *_base_fields(b), *hands, f"buy={card_str(b.buying_card)}",
                  "stock=" + (".".join(card_str(c) for c in b.stock) or "-")]
    else:
        fields = [PREFIX_PLAY, *_base_fields(b), f"contract={contract_str(b.contract)}", *hands,
                  f"lead={SEAT_LETTERS[b.leader]}", f"done={b.tricks_done}",
                  f"won={_pair(b.tricks_won)}", f"points={_pair(b.points)}",
                  f"projects={_projects_str(b.declared)}",
                  f"pteam={'-' if b.project_team is None else b.project_team}",
                  f"baloot={_opt_seat(b.baloot_seat)}"]
    fields.append("moves=" + (",".join(action_str(a) for a in state.actions) or "-"))
    return " ".join(fields)


def from_notation(text: str) -> RoundState:
    """The position `text` describes; NotationError (a ValueError) for anything else."""
    try:
        return _from_notation(text)
    except NotationError:
        raise
    except ValueError as e:  # the card, seat, rules and move parsers and the engine's own checks
        raise NotationError(str(e)) from None


def _parse_team(t: str) -> int | None:
    if t not in ("-", "0", "1"):
        raise NotationError(f"pteam= is the team whose projects count: 0, 1 or '-', not {t!r}")
    return None if t == "-" else int(t)


def _from_notation(text: str) -> RoundState:
    if not isinstance(text, str):
        raise NotationError("a position is a line of text")
    tokens = text.split()
    if not tokens or tokens[0] not in (PREFIX_DEAL, PREFIX_PLAY):
        raise ValueError("a position starts with 'deal' or 'play'")
    kind = tokens[0]
    values: dict[str, str] = {}
    for tok in tokens[1:]:
        key, eq, val = tok.partition("=")
        if not eq:
            raise ValueError(f"expected key=value, got {tok!r}")
        if key in values:
            raise ValueError(f"{key}= given twice")
        values[key] = val
    expected = (["rules", "dealer", "score", "S", "E", "N", "W", "buy", "stock", "moves"]
                if kind == PREFIX_DEAL else
                ["rules", "dealer", "score", "contract", "S", "E", "N", "W", "lead", "done",
                 "won", "points", "projects", "pteam", "baloot", "moves"])
    if list(values) != expected:
        raise ValueError(f"a '{kind}' position has the fields {' '.join(expected)} in that order")
    rules = Rules.from_flags(values["rules"])
    dealer = parse_seat(values["dealer"])
    scores = _parse_pair(values["score"], "score")
    hands = tuple(parse_cards(values[s]) for s in SEAT_LETTERS)
    seen = 0
    for h in hands:
        if seen & h:
            raise ValueError(f"{cards_str(seen & h)} is in two hands")
        seen |= h
    state: RoundState
    if kind == PREFIX_DEAL:
        buy = parse_card(values["buy"])
        stock = tuple(parse_card(t) for t in values["stock"].split(".")) \
            if values["stock"] != "-" else ()
        allcards = seen | (1 << buy)
        for c in stock:
            allcards |= 1 << c
        if any(h.bit_count() != 5 for h in hands) or len(stock) != 11 or \
                allcards != (1 << 32) - 1:
            raise ValueError("a deal holds five cards per hand, the buying card and an 11-card "
                             "stock: all 32 cards once")
        state = RoundState(DealBase(rules, dealer, scores, (hands[0], hands[1], hands[2],
                                                             hands[3]), buy, stock))
    else:
        contract = parse_contract(values["contract"])
        done = int(values["done"]) if values["done"].isdigit() else -1
        if not 0 <= done <= 7:
            raise ValueError("done= is the number of tricks already played, 0-7")
        points = _parse_pair(values["points"], "points")
        played = ((1 << 32) - 1) ^ seen
        expected_pts = mask_points(played, contract.trump)
        if sum(points) != expected_pts:
            raise ValueError(f"points must add up to {expected_pts}, the value of the cards "
                             "no longer in any hand")
        pteam = _parse_team(values["pteam"])
        declared = _parse_projects(values["projects"], contract.sun)
        state = RoundState(PlayBase(rules, dealer, scores, contract,
                                    (hands[0], hands[1], hands[2], hands[3]),
                                    parse_seat(values["lead"]), done, points,
                                    _parse_pair(values["won"], "won"), declared, pteam,
                                    _parse_opt_seat(values["baloot"])))
    if values["moves"] != "-":
        for i, tok in enumerate(values["moves"].split(",")):
            try:
                state.apply(parse_action(tok))
            except ValueError as e:
                raise ValueError(f"move {i + 1} ({tok}): {e}") from None
    return state


def cardplay_from_notation(text: str) -> CardPlay:
    """The card play of a position in notation (seats yet to decide declare their projects)."""
    state = from_notation(text)
    if state.cp is None or state.is_over():
        raise NotationError("the position is not in the card play")
    return state.card_play()


__all__ = [
    "LAST_TRICK_BONUS",
    "NotationError",
    "cardplay_from_notation",
    "contract_str",
    "from_notation",
    "parse_contract",
    "to_notation",
]
