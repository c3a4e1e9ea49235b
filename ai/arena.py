"""Headless matches between agents: python -m ai.arena --ns ismcts:hard --ew heuristic --matches 200

Every match is a full match to 152 (game.match.MatchState), seeded so it can be replayed.
With --duplicate each deal sequence is played twice with the teams swapped, which removes most of
the luck of the cards from the comparison. Figures are for the --ns agent ("A") against the --ew
agent ("B"): match and hand win rates with 95% confidence intervals (Wilson), and the mean
game-point difference per hand (A minus B) with a normal 95% interval.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import MISSING, asdict, dataclass, field, fields
from functools import lru_cache

from game._native import sources_digest
from game.bidding import IllegalActionError
from game.cards import team_of
from game.cli import Parser, whole_number
from game.contract import Contract
from game.match import MatchState
from game.rules import PRESETS, Rules

from .agent import plays_rule_set
from .registry import AgentSpecError, make_agent


@dataclass
class MatchResult:
    index: int
    seed: int
    a_team: int
    """The team (0 = North-South) that agent A played in this match."""
    a_won: bool
    hands: int
    """Hands that were scored (thrown-in hands excluded)."""
    a_hands_won: int
    diffs: list[int] = field(default_factory=list)
    """Game points per scored hand, A minus B."""
    deal_diffs: list[int] = field(default_factory=list)
    """A minus B for every deal in order, thrown-in hands included as 0 (for duplicate pairing)."""
    gahwa: bool = False
    final: tuple[int, int] = (0, 0)
    think: tuple[float, float] = (0.0, 0.0)
    """Total seconds spent choosing by A and by B."""
    decisions: tuple[int, int] = (0, 0)
    max_think: tuple[float, float] = (0.0, 0.0)
    deal_contracts: list[str] = field(default_factory=list)
    """For every deal in order, the contract played (`contract_key`; '' when thrown in): a deal
    played both ways with the same contract differs only by the card play."""
    deal_points: list[tuple[int, int]] = field(default_factory=list)
    """For every deal in order, the points it gave North-South and East-West ((0, 0) when thrown
    in): what the retired bench/hand_outcomes.py (git tag pilot/equity-fit) counted ('[]' in older logs)."""
    code: str = ""
    """The code that played the match: the digest of the game/ and ai/ sources (`code_digest`;
    '' in logs written before it was recorded)."""


@lru_cache(maxsize=1)
def code_digest() -> str:
    """12 hex digits of `game._native.sources_digest`: two runs with the same digest ran the
    same rules and players (a resumed run, a frozen copy of the tree)."""
    return sources_digest()[:12]


def code_line(codes: Iterable[str]) -> str:
    """Which code played a run's matches (their `code`s): each digest with its number of matches."""
    count = Counter(c or "not recorded" for c in codes)
    return "code: " + ", ".join(f"{c} ({n} matches)" for c, n in sorted(count.items()))


def contract_key(contract: Contract | None) -> str:
    """kind/trump/declarer seat/raise level/locked ('' for none)."""
    if contract is None:
        return ""
    return (f"{contract.kind.value}/{contract.trump}/{contract.declarer}/{contract.raise_level}/"
            f"{int(contract.locked)}")


def start_scores(seed: int, span: tuple[int, int] | None) -> tuple[int, int]:
    """North-South's and East-West's starting points for the match of this seed: each drawn
    from `span` (low, high) by the seed alone, so both tables of a duplicate pair start alike;
    (0, 0) without a span."""
    if span is None:
        return (0, 0)
    rng = random.Random(f"start|{seed}")
    return (rng.randint(span[0], span[1]), rng.randint(span[0], span[1]))


def header_span(header: dict[str, object]) -> tuple[int, int] | None:
    """The span of starting points a log's matches were played from (its `--start LO-HI`)."""
    text = header.get("start")
    if text is None:
        return None
    lo, _dash, hi = str(text).partition("-")
    return (int(lo), int(hi))


def play_match(index: int, seed: int, a_spec: str, b_spec: str, a_team: int,
               max_hands: int = 200, allow_import: bool = False,
               rules: Rules | None = None, start: tuple[int, int] | None = None) -> MatchResult:
    m = MatchState(seed, rules, start_scores(seed, start))
    agents = []
    for seat in range(4):
        spec = a_spec if team_of(seat) == a_team else b_spec
        agent = make_agent(spec, seed * 4 + seat, experiments=True, allow_import=allow_import)
        if not plays_rule_set(agent, m.rules.game):
            raise AgentSpecError(f"{spec} does not play {m.rules.game}")
        agents.append(agent)
    think = [0.0, 0.0]
    count = [0, 0]
    worst = [0.0, 0.0]
    while not m.is_over() and m.hand_number <= max_hands:
        to_move = m.to_move()
        assert to_move is not None
        seat = to_move
        obs = m.observation(seat)
        legal = obs.legal_actions
        side = 0 if team_of(seat) == a_team else 1
        t0 = time.perf_counter()
        action = agents[seat].choose(obs, legal)
        dt = time.perf_counter() - t0
        if len(legal) > 1:
            think[side] += dt
            count[side] += 1
            worst[side] = max(worst[side], dt)
        if action not in legal:
            raise IllegalActionError(f"agent {agents[seat].name} at seat {seat} chose an illegal "
                                     f"action {action} (legal: {list(legal)}) in match seed {seed}")
        m.apply(action)
    res = MatchResult(index, seed, a_team, m.winner == a_team, 0, 0, final=m.scores,
                      gahwa=m.by_gahwa, think=(think[0], think[1]),
                      decisions=(count[0], count[1]), max_think=(worst[0], worst[1]),
                      code=code_digest())
    for rec in m.sheet:
        res.deal_contracts.append(contract_key(rec.contract if rec.score is not None else None))
        if rec.score is None:
            res.deal_diffs.append(0)
            res.deal_points.append((0, 0))
            continue
        p = rec.score.points
        res.deal_points.append((p[0], p[1]))
        res.hands += 1
        res.a_hands_won += rec.score.winner == a_team
        res.diffs.append(p[a_team] - p[1 - a_team])
        res.deal_diffs.append(p[a_team] - p[1 - a_team])
    return res


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    mu = sum(xs) / n
    if n == 1:
        return (mu, 0.0)
    var = sum((x - mu) ** 2 for x in xs) / (n - 1)
    return (mu, z * math.sqrt(var / n))


def jobs(matches: int, seed: int, duplicate: bool) -> Iterator[tuple[int, int, int]]:
    """(index, match seed, team of A)."""
    if duplicate:
        for i in range(matches):
            yield i, seed * 1_000_003 + i // 2, i % 2
    else:
        for i in range(matches):
            yield i, seed * 1_000_003 + i, i % 2


Job = tuple[int, int, int, str, str, bool, str, tuple[int, int] | None]
"""(index, match seed, team of A, A, B, allow import, rule flags, starting span)."""


def _run(job: Job) -> MatchResult:
    i, s, team, a, b, allow_import, rules, start = job
    return play_match(i, s, a, b, team, allow_import=allow_import, rules=Rules.from_flags(rules),
                      start=start)


_last_print = [0.0]


def progress(done: int, total: int, wins: int, start: float, out: object = sys.stderr) -> None:
    now = time.perf_counter()
    if done not in (0, total) and now - _last_print[0] < 1.0:
        return
    _last_print[0] = now
    width = 30
    filled = int(width * done / max(total, 1))
    el = time.perf_counter() - start
    eta = el / done * (total - done) if done else 0.0
    line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches, "
            f"A won {wins}, {el:6.0f}s elapsed, ~{eta:5.0f}s left ")
    print(line, end="", file=out, flush=True)  # type: ignore[call-overload]


def summarize(results: list[MatchResult], a_spec: str, b_spec: str, duplicate: bool) -> str:
    n = len(results)
    wins = sum(r.a_won for r in results)
    hands = sum(r.hands for r in results)
    hw = sum(r.a_hands_won for r in results)
    diffs = [float(d) for r in results for d in r.diffs]
    lo, hi = wilson(wins, n)
    hlo, hhi = wilson(hw, hands)
    mu, half = mean_ci(diffs)
    think_a = sum(r.think[0] for r in results)
    think_b = sum(r.think[1] for r in results)
    dec_a = sum(r.decisions[0] for r in results)
    dec_b = sum(r.decisions[1] for r in results)
    lines = [
        f"A = {a_spec}  vs  B = {b_spec}   ({n} matches{', duplicate deals' if duplicate else ''})",
        f"match wins A: {wins}/{n} = {wins / max(n, 1):.1%}  (95% CI {lo:.1%} - {hi:.1%})",
        f"hand wins A:  {hw}/{hands} = {hw / max(hands, 1):.1%}  (95% CI {hlo:.1%} - {hhi:.1%})",
        f"mean game-point difference per hand (A - B): {mu:+.2f} ± {half:.2f}",
        f"Gahwa endings: {sum(r.gahwa for r in results)}; hands per match: {hands / max(n, 1):.1f}",
        f"think time per decision with a choice: A {think_a / max(dec_a, 1) * 1000:.0f} ms "
        f"(max {max((r.max_think[0] for r in results), default=0.0):.2f} s), "
        f"B {think_b / max(dec_b, 1) * 1000:.0f} ms "
        f"(max {max((r.max_think[1] for r in results), default=0.0):.2f} s)",
        code_line(r.code for r in results),
    ]
    if duplicate:
        full = full_pairs(results)
        both = sum(1 for p in full if all(r.a_won for r in p))
        none = sum(1 for p in full if not any(r.a_won for r in p))
        lines.append(f"duplicate pairs: {len(full)}; A won both {both}, split {len(full) - both - none}, "
                     f"lost both {none}")
        same = deals_both_ways(full)
        dmu, dhalf = mean_ci(same)
        lines.append(f"same deal played both ways ({len(same)} deals, thrown-in as 0): "
                     f"A - B per deal {dmu:+.2f} ± {dhalf:.2f}")
        lines += _by_contract(full)
    return "\n".join(lines)


def full_pairs(results: list[MatchResult]) -> list[list[MatchResult]]:
    """The duplicate pairs both of whose matches were played (the same deals, seats swapped)."""
    pairs: dict[int, list[MatchResult]] = {}
    for r in results:
        pairs.setdefault(r.seed, []).append(r)
    return [p for p in pairs.values() if len(p) == 2]


def deals_both_ways(pairs: list[list[MatchResult]]) -> list[float]:
    """Per deal both matches of a pair reached: the mean of A - B at the two tables."""
    return [(x + y) / 2.0 for a, b in pairs
            for x, y in zip(a.deal_diffs, b.deal_diffs, strict=False)]


def contract_part(a: MatchResult, ka: str, kb: str) -> str:
    """Which part of the split a deal belongs to, `ka` and `kb` its contracts at A's table `a`
    and at the other."""
    if ka == kb:
        return "the same contract both ways"
    pa, pb = ka.split("/"), kb.split("/")
    if ka and kb and pa[:3] == pb[:3]:  # the same bid by the same seat, raised differently
        a_declared_here = int(pa[2]) % 2 == a.a_team
        here_higher = (int(pa[3]), pa[4]) > (int(pb[3]), pb[4])
        side = "A" if a_declared_here == here_higher else "B"
        return f"the same bid raised further where {side} declared"
    return "different contracts"


_PARTS = ("the same contract both ways", "the same bid raised further where A declared",
          "the same bid raised further where B declared", "different contracts")


def _by_contract(pairs: list[list[MatchResult]]) -> list[str]:
    """The deals played both ways split by whether the auction ended in the same contract both
    times (the difference is then the card play's), in the same bid by the same seat raised
    further at one table (the doubling calls', split by the side that declared there), or in
    different contracts (the calls', then the play's)."""
    rows: list[tuple[str, float]] = []
    for a, b in pairs:
        if not a.deal_contracts or not b.deal_contracts:
            return []  # a log written before the contracts were logged
        for x, y, ka, kb in zip(a.deal_diffs, b.deal_diffs, a.deal_contracts, b.deal_contracts,
                                strict=False):
            rows.append((contract_part(a, ka, kb), (x + y) / 2.0))
    return contract_split(rows)


def contract_split(rows: list[tuple[str, float]]) -> list[str]:
    """Deals as (`contract_part`, A - B a deal both ways): each part's share of the per-deal
    mean (its deals' sum over all the deals), so the parts add up to the whole, and its own mean."""
    out = []
    for name in _PARTS:
        part = [d for s, d in rows if s == name]
        if not part and name != _PARTS[0] and name != _PARTS[-1]:
            continue
        share, half = mean_ci([d if s == name else 0.0 for s, d in rows])
        own = sum(part) / len(part) if part else 0.0
        out.append(f"  of which {name}: {len(part)} deals, {share:+.2f} ± {half:.2f} of the "
                   f"per-deal figure ({own:+.2f} a deal of these)")
    return out


class LogError(ValueError):
    """A --log file that is not a log of this experiment."""


def read_log(path: str, header: dict[str, object]) -> list[MatchResult]:
    """The matches already in a --log file of the same experiment (none if the file is new)."""
    if os.path.lexists(path) and not os.path.isfile(path):
        raise LogError("it is not a regular file")
    try:
        with open(path, encoding="utf-8") as f:
            lines = [ln for ln in f.read().splitlines() if ln.strip()]
    except FileNotFoundError:
        return []
    except UnicodeDecodeError:
        raise LogError("not an arena log (not text)") from None
    if not lines:
        return []
    try:
        first = json.loads(lines[0])
    except (ValueError, RecursionError):
        raise LogError("not an arena log (its first line is not JSON)") from None
    if first != header:
        raise LogError(f"it holds another experiment ({str(first)[:200]}); use a new file for {header}")
    done: list[MatchResult] = []
    for n, line in enumerate(lines[1:], start=2):
        try:
            done.append(match_result(json.loads(line)))
        except (ValueError, TypeError, KeyError, RecursionError) as e:
            if n == len(lines):  # a line cut short when the run was stopped: play that match again
                break
            why = f": {e}" if isinstance(e, LogError) else ""
            raise LogError(f"line {n} is not a match result{why}") from None
    return done


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _count(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_num(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _pair(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda v: isinstance(v, list) and len(v) == 2 and all(map(check, v))


def _list(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda v: isinstance(v, list) and all(map(check, v))


def _kind(t: type) -> Callable[[object], bool]:
    return lambda v: isinstance(v, t)


_FIELDS: dict[str, Callable[[object], bool]] = {
    "index": _count, "seed": _is_int, "a_team": lambda v: v in (0, 1) and _is_int(v),
    "a_won": _kind(bool), "hands": _count, "a_hands_won": _count, "diffs": _list(_is_int),
    "deal_diffs": _list(_is_int), "gahwa": _kind(bool), "final": _pair(_is_int), "think": _pair(_is_num),
    "decisions": _pair(_count), "max_think": _pair(_is_num), "deal_contracts": _list(_kind(str)),
    "deal_points": _list(_pair(_is_int)), "code": _kind(str),
}
"""What each field of a logged match may hold (JSON: tuples are lists)."""


def match_result(d: object) -> MatchResult:
    """A logged match, every field checked (LogError naming the first that is wrong)."""
    if not isinstance(d, dict):
        raise LogError("not a table of fields")
    for key, value in d.items():
        if key not in _FIELDS:
            raise LogError(f"unknown field {str(key)[:40]!r}")
        if not _FIELDS[key](value):
            raise LogError(f"field {key!r} holds a value of the wrong kind")
    missing = [f.name for f in fields(MatchResult) if f.name not in d
               and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise LogError(f"field {missing[0]!r} is missing")
    d = dict(d)
    for key in ("final", "think", "decisions", "max_think"):
        if key in d:
            d[key] = tuple(d[key])
    d["deal_points"] = [tuple(p) for p in d.get("deal_points", [])]
    return MatchResult(**d)


def _writable(path: str) -> str | None:
    """Why `path` cannot be written, checked before any match is played (None: it can)."""
    existed = os.path.lexists(path)
    if existed and not os.path.isfile(path):
        return "it is not a regular file"
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        return e.strerror or str(e)
    if not existed:
        os.unlink(path)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m ai.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--ns", required=True, help="agent A, North-South in even matches")
    ap.add_argument("--ew", required=True, help="agent B")
    ap.add_argument("--matches", type=whole_number(1), default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=whole_number(1), default=1)
    ap.add_argument("--duplicate", action="store_true",
                    help="play every deal sequence twice, teams swapped (matches are counted singly)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--json", metavar="FILE", help="also write every match result to FILE")
    ap.add_argument("--log", metavar="FILE",
                    help="write each finished match to FILE (JSON lines) as it ends; a run given the "
                         "same FILE again skips the matches already there, so a long run can be resumed")
    ap.add_argument("--report", action="store_true",
                    help="with --log: only print the report of the matches already in FILE")
    ap.add_argument("--rules", default="saudi",
                    help="the rule set: a preset (saudi, riyadh, belote) or notation flags (e.g. "
                         "CDE, belote)")
    ap.add_argument("--start", metavar="LO-HI",
                    help="play match endings: each team starts the match with points drawn from "
                         "LO-HI (e.g. 110-150), the same in both tables of a duplicate pair")
    ap.add_argument("--allow-import", action="store_true",
                    help="let --ns/--ew name any agent class as package.module:Class (imports and "
                         "runs that code)")
    args = ap.parse_args(argv)
    if args.report and not args.log:
        ap.error("--report reads the matches of a --log FILE")
    try:
        rules = Rules.preset(args.rules) if args.rules in PRESETS else Rules.from_flags(args.rules)
    except ValueError as e:
        ap.error(f"--rules: {e}")
    span: tuple[int, int] | None = None
    if args.start is not None:
        lo, dash, hi = args.start.partition("-")
        if not (dash and lo.isdigit() and hi.isdigit() and int(lo) <= int(hi) < rules.target):
            ap.error(f"--start {args.start}: give LO-HI, two whole numbers with LO <= HI below "
                     f"the target of {rules.target}")
        span = (int(lo), int(hi))
    for opt, spec in (("--ns", args.ns), ("--ew", args.ew)):
        try:  # fail early on a bad spec
            agent = make_agent(spec, 0, experiments=True, allow_import=args.allow_import)
            if not plays_rule_set(agent, rules.game):
                raise AgentSpecError(f"{spec} does not play {rules.game}")
        except AgentSpecError as e:
            hint = " (package.module:Class needs --allow-import)" if ":" in spec and not (
                args.allow_import or spec.lower().startswith("ismcts")) else ""
            ap.error(f"{opt}: {e}{hint}")
        except Exception as e:  # an imported class that is no agent (subprocess:Popen, builtins:type)
            ap.error(f"{opt}: {spec} cannot be made an agent ({type(e).__name__}: {str(e)[:200]})")
    for opt, path in (("--log", args.log), ("--json", args.json)):
        why = _writable(path) if path and not args.report else None
        if why:
            ap.error(f"{opt} {path}: cannot write there ({why})")
    header: dict[str, object] = {"ns": args.ns, "ew": args.ew, "seed": args.seed,
                                 "duplicate": args.duplicate}
    if rules != Rules():  # (logs of the default rules keep their old header)
        header["rules"] = rules.flags()
    if span is not None:
        header["start"] = args.start
    try:
        logged = read_log(args.log, header) if args.log else []
    except (LogError, OSError) as e:
        ap.error(f"--log {args.log}: {e.strerror if isinstance(e, OSError) else e}")
    results = [r for r in logged if r.index < args.matches]
    resumed = len(results)
    have = {r.index for r in results}
    todo: list[Job] = [(i, s, t, args.ns, args.ew, args.allow_import, rules.flags(), span)
                       for i, s, t in jobs(args.matches, args.seed, args.duplicate) if i not in have]
    if args.report:
        results.sort(key=lambda r: r.index)
        print(summarize(results, args.ns, args.ew, args.duplicate))
        print(f"{len(results)} of {args.matches} matches played (read from {args.log}); seed {args.seed}")
        return 0
    total = len(todo) + len(results)
    log = None
    if args.log:  # rewritten with the whole lines only (a stopped run may have cut the last one)
        log = open(args.log, "w", encoding="utf-8")  # noqa: SIM115
        log.write("".join(json.dumps(x) + "\n" for x in [header, *map(asdict, logged)]))
        log.flush()

    def record(r: MatchResult) -> None:
        results.append(r)
        if log is not None:
            log.write(json.dumps(asdict(r)) + "\n")
            log.flush()
        if not args.quiet:
            progress(len(results), total, sum(x.a_won for x in results), start)

    start = time.perf_counter()
    if not args.quiet:
        progress(len(results), total, sum(x.a_won for x in results), start)
    try:
        if args.workers > 1 and todo:
            with ProcessPoolExecutor(max_workers=args.workers) as ex:
                futures = [ex.submit(_run, job) for job in todo]
                for fut in as_completed(futures):
                    record(fut.result())
        else:
            for job in todo:
                record(_run(job))
    finally:
        if log is not None:
            log.close()
    if not args.quiet:
        print(file=sys.stderr)
    results.sort(key=lambda r: r.index)
    print(summarize(results, args.ns, args.ew, args.duplicate))
    again = f"; {resumed} match(es) read from {args.log}" if resumed else ""
    print(f"wall time {time.perf_counter() - start:.0f} s with {args.workers} worker(s); "
          f"seed {args.seed}{again}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"ns": args.ns, "ew": args.ew, "seed": args.seed, "duplicate": args.duplicate,
                       "matches": [asdict(r) for r in results]}, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
