"""Game records: a whole match as JSON (rules, seed, every action) that replays exactly.

    python -m game.record replay FILE     print each hand's contract, card points and score
    python -m game.record random --seed N --out FILE   write a record of random legal play
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from .actions import action_str, parse_action
from .cards import SEAT_NAMES
from .cli import Parser
from .errors import IllegalActionError, RecordError
from .jsonfile import JSONFileError, read_json
from .match import HandRecord, MatchState
from .rules import PRESETS, Rules

FORMAT = "baloot-record"
VERSION = 1


def record_of(match: MatchState) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "rules": match.rules.to_dict(),
        "seed": match.seed, "actions": [action_str(a) for a in match.actions],
    }
    if match.is_over():
        rec["result"] = {"scores": list(match.scores), "winner": match.winner}
    return rec


def dumps(match: MatchState) -> str:
    return json.dumps(record_of(match), indent=1)


def replay(record: dict[str, Any]) -> MatchState:
    """Rebuild the match; raises RecordError naming the first action that is not legal."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a Baloot record (expected \"format\": \"{FORMAT}\")")
    version = record.get("version")
    if version != VERSION:
        raise RecordError(f"record version {version!r} is not supported (this game reads {VERSION})")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the record's seed must be an integer")
    rules_data = record.get("rules", {})
    if not isinstance(rules_data, dict):
        raise RecordError("bad rules: not a table of rule variants")
    try:
        rules = Rules.from_dict(rules_data)
    except (ValueError, TypeError) as e:
        raise RecordError(f"bad rules: {e}") from None
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("the record has no list of actions")
    match = MatchState(seed, rules)
    for i, token in enumerate(actions, start=1):
        hand = match.hand_number
        seat = match.to_move()
        who = SEAT_NAMES[seat] if seat is not None else "nobody"
        try:
            if not isinstance(token, str):
                raise ValueError(f"{token!r} is not an action")
            match.apply(parse_action(token))
        except (IllegalActionError, ValueError) as e:
            raise RecordError(f"action {i} ({token!r} by {who} in hand {hand}) is illegal: {e}") from None
    result = record.get("result")
    if result is not None:
        expected = {"scores": list(match.scores), "winner": match.winner}
        if result != expected:
            raise RecordError(f"the record says the result is {result}, the replay gives {expected}")
    return match


def load(path: str | Path) -> dict[str, Any]:
    """The record in a file (a regular file of at most 1 MB of JSON); RecordError saying why not."""
    try:
        data = read_json(path)
    except JSONFileError as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} does not hold a record")
    return data


def random_match(seed: int, play_seed: int, rules: Rules | None = None) -> MatchState:
    """A complete match of uniformly random legal actions (for tests and examples)."""
    rng = random.Random(play_seed)
    match = MatchState(seed, rules)
    while not match.is_over():
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def hand_line(h: HandRecord) -> str:
    if h.score is None:
        return (f"hand {h.number:2d}  dealer {SEAT_NAMES[h.dealer]:5s}  thrown in"
                f"{'':40s}total {h.totals[0]:3d}-{h.totals[1]:<3d}")
    s = h.score
    extra = "  Al-Kaboot" if s.kaboot else ""
    extra += "  Gahwa: match won" if s.match_winner is not None else ""
    extra += f"  {s.held} held (81-81)" if s.held else ""
    extra += f"  +{max(h.held_awarded)} held points" if any(h.held_awarded) else ""
    return (f"hand {h.number:2d}  dealer {SEAT_NAMES[h.dealer]:5s}  {h.contract_label:28s} "
            f"cards {h.card_points[0]:3d}-{h.card_points[1]:<3d}  score +{s.points[0]}/+{s.points[1]}"
            f"  total {h.totals[0]:3d}-{h.totals[1]:<3d}{extra}")


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m game.record", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a record and print every hand")
    rp.add_argument("file")
    rn = sub.add_parser("random", help="write a record of a match of random legal play")
    rn.add_argument("--seed", type=int, default=1, help="the match seed (deals)")
    rn.add_argument("--play-seed", type=int, default=None, help="seed of the random choices")
    rn.add_argument("--rules", default="saudi",
                    help="a preset (saudi, riyadh, belote) or notation flags (e.g. CD, belote)")
    rn.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.command == "random":
        out = Path(args.out)
        if not out.parent.is_dir() or out.is_dir():
            parser.error(f"--out {out}: {'is a folder' if out.is_dir() else 'its folder does not exist'}")
        try:
            rules = Rules.preset(args.rules) if args.rules in PRESETS else Rules.from_flags(args.rules)
        except ValueError as e:
            parser.error(f"--rules: {e}")
        m = random_match(args.seed, args.seed if args.play_seed is None else args.play_seed, rules)
        try:
            out.write_text(dumps(m) + "\n", encoding="utf-8")
        except OSError as e:
            parser.error(f"--out {out}: cannot write there ({e.strerror or e})")
        print(f"wrote {out}: {len(m.sheet)} hands, {len(m.actions)} actions")
        return 0
    try:
        match = replay(load(args.file))
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # a file never makes the tool trace back
        print(f"error: {args.file} cannot be replayed ({type(e).__name__}: {str(e)[:200]})",
              file=sys.stderr)
        return 1
    print(f"rules: {match.rules.preset_name() or match.rules.flags()}, to {match.rules.target}")
    for h in match.sheet:
        print(hand_line(h))
    if match.is_over():
        team = "North-South" if match.winner == 0 else "East-West"
        how = " by Gahwa" if match.by_gahwa else ""
        print(f"match won by {team}{how}, {match.scores[0]}-{match.scores[1]}")
    else:
        print(f"match in progress after {len(match.actions)} actions, "
              f"{match.scores[0]}-{match.scores[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
