"""The Expert: reproducible decisions, play a partner can read, careful calls, weighted worlds
that still reproduce the observation, and only legal moves in hands of every kind."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from ai.calls import clearly_better
from ai.config import SearchKind
from ai.conventions import ruled_out
from ai.heuristic import heuristic_call
from ai.ismcts import ISMCTSAgent, SearchConfig, search_play
from ai.levels import level_config
from ai.posterior import SilentProjects, posterior_worlds
from ai.registry import LEVELS, make_agent
from ai.sampler import WorldSampler
from bench.positions import KINDS, random_positions, scripted_hand
from game.actions import DOUBLE, HOKUM, PASS, is_card
from game.cards import card_str, cards_in, parse_cards
from game.deal import DealBase
from game.phase import Phase
from game.projects import best_split
from game.rules import Rules
from game.state import RoundState
from game.worlds import build_world
from lab.doubles import deal_state as doubling_deal
from tests.helpers import bid_by_rule
from tests.test_ai_ismcts import PARTNER_SURE, decide, fixture

EXPERT = dataclasses.replace(level_config("expert"), time_limit=None)
"""The shipped Expert without its time cap: the same budget, reproducible."""
TINY = dataclasses.replace(EXPERT, name="tiny", iterations=20, candidates=12, solve_cards=12,
                           solve_worlds=3, call_worlds=4)
"""Every part of the Expert on a small budget (for the many-hands tests)."""


def test_expert_is_a_level() -> None:
    assert LEVELS[-1] == "expert"
    agent = make_agent("expert", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.config.play_model
    assert level_config("expert").time_limit is not None  # the game's level is capped


def test_same_seed_and_budget_give_the_same_decision() -> None:
    checked = 0
    for state, _ in random_positions(30, seed=8):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        if len(obs.legal_actions) < 2:
            continue
        a = ISMCTSAgent(TINY, seed=4).decide(obs, list(obs.legal_actions))
        other = ISMCTSAgent(TINY, seed=4)
        other.decide(obs, list(obs.legal_actions))
        b = other.decide(obs, list(obs.legal_actions))
        assert (a.action, a.stats, a.iterations) == (b.action, b.stats, b.iterations)
        checked += 1
    assert checked > 15


# ----- play a partner can read -------------------------------------------------------------------

# Sun; East's A♠ takes the trick whatever South plays (North has played): the 7♠, not the K♠
# (which is the top spade once the Ace is gone).
DONATION = ("sun/-/N/N/x1/open/-", {"S": "KS 7S QH 8D", "E": "AS 10H 9D JC", "N": "8S AH 10D QC",
                                    "W": "9S KH 7D 7C"}, "E", 4, "AS,8S,9S")
# Sun; North's A♠ is sure to win and South has no spade: give the 10♥ (A♥ is with East).
FEED = ("sun/-/N/N/x1/open/-", {"S": "10H 7D 8C 9C", "E": "7S AH 9D 10C", "N": "AS KD QC 8H",
                                "W": "8S KH JD 7C"}, "E", 4, "7S,AS,8S")
# Sun; North led diamonds (holding K♦ Q♦), South won with the A♦ and leads: back a diamond.
RETURN = ("sun/-/N/N/x1/open/-", {"S": "AD JD 9S 8H 7C", "E": "9D AS 10H KC 8C",
                                  "N": "7D KD QD 7S 9H", "W": "8D KS AH AC QC"}, "N", 3,
          "7D,8D,AD,9D")
# Hokum ♥, South declares with J♥ 9♥; East showed out of clubs on West's A♣ and still may
# hold trumps (A♥ 10♥ are out): draw trumps, do not lead the K♣ into East's ruff.
DRAW = ("hokum/H/S/S/x1/open/-", {"S": "9C AS JH 9H KC QD", "W": "AC 7S 10S 8D KD 7H",
                                  "E": "7D 8S AH 10H QS 9D", "N": "8C 9S JS 10D JD 8H"}, "W", 2,
        "AC,9C,7D,8C,7S,AS,8S,9S")

SCENARIOS = {
    "donation": (DONATION, {"7S"}),
    "ruff_partner": (PARTNER_SURE, {"7C", "8C"}),
    "feed_partner": (FEED, {"10H"}),
    "return_suit": (RETURN, {"JD"}),
    "draw_trumps": (DRAW, {"JH", "9H"}),
}


# The same conventions in classic Belote (Hokum only: the Sun positions above get a trump suit
# that no card played so far belongs to). In Belote a seat whose partner is winning need not trump, so
# trumping the partner's sure trick is a choice there too.
BELOTE_SCENARIOS = {
    "donation": (("hokum/C/N/N/x1/open/-", *DONATION[1:]), {"7S"}),
    "ruff_partner": (PARTNER_SURE, {"7C", "8C"}),
    # Diamonds trump: South's 7♦ could ruff North's sure A♠; the 10♥ is the card to give.
    "feed_partner": (("hokum/D/N/N/x1/open/-", *FEED[1:]), {"10H"}),
    # Clubs trump, East-West declaring: South, a defender, returns North's diamonds.
    "return_suit": (("hokum/C/E/E/x1/open/-", *RETURN[1:]), {"JD"}),
    "draw_trumps": (DRAW, {"JH", "9H"}),
}


SCENARIOS_BY_PRESET = {"saudi": SCENARIOS, "belote": BELOTE_SCENARIOS}


@pytest.mark.parametrize(("rule", "rule_set"), [(r, p) for p, table in SCENARIOS_BY_PRESET.items()
                                                for r in table])
def test_the_expert_plays_what_a_partner_can_read(rule: str, rule_set: str) -> None:
    spec, good = SCENARIOS_BY_PRESET[rule_set][rule]
    state = fixture(*spec, rules=Rules.preset(rule_set))
    assert state.rules.belote == (rule_set == "belote")
    seat = state.to_move()
    assert seat is not None
    obs = state.observation(seat)
    legal = sum(1 << a for a in obs.legal_actions)
    fired = ruled_out(obs, legal)
    assert rule in fired  # the position is one the convention is about
    assert not {card_str(c) for c in cards_in(fired[rule])} & good
    for seed in range(3):
        assert card_str(decide(ISMCTSAgent(EXPERT, seed=seed), state)) in good


def test_a_convention_yields_to_a_clearly_better_card() -> None:
    """The conventions only break near-ties: with a margin of -1 they are off, and a search
    result far better than the conventional card is kept (the margin is in game points)."""
    state = fixture(*DRAW)
    seat = state.to_move()
    assert seat is not None
    obs = state.observation(seat)
    off = dataclasses.replace(EXPERT, readable_margin=-1.0)
    res = search_play(obs, off, random.Random(1))
    assert res.kind is SearchKind.PLAY and is_card(res.action)
    strict = dataclasses.replace(EXPERT, readable_margin=1000.0)
    assert card_str(search_play(obs, strict, random.Random(1)).action) in ("JH", "9H")


# ----- calls -------------------------------------------------------------------------------------

def _round_two(hand: str, buying: str, dealer: int) -> RoundState:
    """All four passed round 1; the dealer's right (P1) speaks first in round 2."""
    rest = [c for c in range(32) if not (parse_cards(hand) | parse_cards(buying)) >> c & 1]
    random.Random(5).shuffle(rest)
    p1 = (dealer + 1) & 3
    hands = [0, 0, 0, 0]
    hands[p1] = parse_cards(hand)
    k = 0
    for s in range(4):
        if s != p1:
            hands[s] = sum(1 << c for c in rest[k:k + 5])
            k += 5
    s = RoundState(DealBase(Rules(), dealer, (0, 0), (hands[0], hands[1], hands[2], hands[3]),
                            cards_in(parse_cards(buying))[0], tuple(rest[k:])))
    for _ in range(4):
        s.apply(PASS)
    assert s.phase is Phase.BIDDING and s.to_move() == p1
    return s


@pytest.mark.parametrize("hand", ["JS 8S AH 7D 8C", "JS 9S KH 7C 8D"])
def test_no_round_two_hokum_on_a_bare_jack(hand: str) -> None:
    """J-8 or J-9 as the only trumps is no round-2 Hokum here: the rule-based call passes, and
    the Expert's simulation does not find Hokum better by its margin (one standard error)."""
    state = _round_two(hand, "9D" if "D" not in hand.split()[3] else "9C", dealer=3)
    seat = state.to_move()
    assert seat is not None
    obs = state.observation(seat)
    assert HOKUM in obs.legal_actions and heuristic_call(obs, obs.legal_actions) == PASS
    for seed in range(2):
        assert ISMCTSAgent(EXPERT, seed=seed).choose(obs, obs.legal_actions) != HOKUM


def test_a_call_must_beat_the_rule_based_one_by_the_margin() -> None:
    diffs = [0.03 if i % 2 else -0.01 for i in range(100)]  # mean 0.01, standard error 0.002
    assert clearly_better(diffs, 1.0)
    assert clearly_better(diffs, 4.0)
    assert not clearly_better(diffs, 6.0)
    assert not clearly_better([-d for d in diffs], 0.0)  # worse than the rule: never


# ----- worlds ------------------------------------------------------------------------------------

@pytest.mark.parametrize("silent", [1.0, 0.1])
def test_weighted_worlds_reproduce_the_observation(silent: float) -> None:
    checked = weighted = 0
    for state, seat in random_positions(120, seed=17):
        if state.phase is not Phase.PLAYING:
            continue
        obs = state.observation(seat)
        post = posterior_worlds(obs, random.Random(seat), 12, 0.25, silent=silent)
        weighted += post.ess < len(post.states) - 1e-9
        for st in post.states[:4]:
            world = build_world(obs, st.hands)
            assert world.observation(seat) == obs
            assert world.card_play().hands == st.hands
        checked += 1
    assert checked > 40 and weighted > 20


def test_silence_about_projects_weighs_the_deals_where_the_silent_seat_holds_some() -> None:
    """After the first trick, a seat that declared nothing keeps back any projects it holds: a
    deal gets log(silent) for each such seat, counted here from the rule book's projects of the
    seat's eight cards in that deal (the cards in hand and those it played)."""
    penalised = scored = 0
    for state, seat in random_positions(400, seed=23, max_moves=80):
        if state.phase is not Phase.PLAYING or state.tricks_done < 1:
            continue
        obs = state.observation(seat)
        silent = [s for s in range(4) if s != seat and obs.declared[s] == ()]
        assert sorted(silent) == sorted(s for s in range(4)
                                        if s != seat and state.declared[s] == ())
        sampler = WorldSampler(obs)
        model = SilentProjects(obs, sampler, 0.1)
        assert model.active == bool(silent)
        assert not SilentProjects(obs, sampler, 1.0).active
        c = obs.contract
        assert c is not None
        for _ in range(5):
            hands = sampler.sample(random.Random(scored))[0]
            holding = sum(1 for s in silent if best_split(hands[s] | obs.played_by[s], c.sun,
                                                          c.trump, obs.rules.trump_sequence_wins_ties))
            assert model.log_weight(hands) == pytest.approx(holding * math.log(0.1))
            penalised += holding > 0
            scored += 1
    assert scored > 200 and 0.1 * scored < penalised < 0.9 * scored


def test_a_silent_leader_is_seldom_given_projects() -> None:
    """Sun, first trick: West leads the 7♣ without declaring. Uniform deals give West projects
    in some deals; weighed by the Expert's silence likelihood, those deals keep exactly Bayes'
    share of the weight: u * 0.1 / (u * 0.1 + 1 - u)."""
    state = fixture("sun/-/S/S/x1/open/-",
                    {"S": "AS 10S QH 9H JD 8D AC 8C", "E": "KS 8S AH 10H AD 9D KC 9C",
                     "N": "QS 7S KH 8H KD 7D QC 10C", "W": "JS 9S JH 7H QD 10D JC 7C"}, "W", 0, "7C")
    obs = state.observation(0)
    assert obs.declared[3] == () and obs.declared[1] is None
    post = posterior_worlds(obs, random.Random(3), 400, 0.0, plays=False, calls=False,
                            silent=EXPERT.silent_projects)
    holds = [bool(best_split(st.hands[3] | obs.played_by[3], True, -1, False))
             for st in post.states]
    u = sum(holds) / len(holds)
    weighted = sum(w for h, w in zip(holds, post.weights, strict=True) if h) / post.total
    assert 0.03 < u < 0.3
    assert weighted == pytest.approx(u * 0.1 / (u * 0.1 + 1 - u))


def test_silence_says_nothing_in_classic_belote() -> None:
    rules = Rules.preset("belote")
    for state, seat in random_positions(150, seed=5, max_moves=80, rules=rules):
        if state.phase is Phase.PLAYING and state.tricks_done >= 1:
            obs = state.observation(seat)
            assert not SilentProjects(obs, WorldSampler(obs), 0.1).active


# ----- legal moves -------------------------------------------------------------------------------

def _play_hand(state: RoundState, agents: list[ISMCTSAgent]) -> int:
    decisions = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        legal = list(obs.legal_actions)
        if len(legal) > 1:
            res = agents[seat].decide(obs, legal)
            assert res.action in legal
            assert res.kind is not SearchKind.FALLBACK  # the search itself chose (no guard)
            decisions += 1
            state.apply(res.action)
        else:
            state.apply(legal[0])
    return decisions


def test_no_illegal_move_in_300_hands_of_every_kind() -> None:
    agents = [ISMCTSAgent(TINY, seed=s) for s in range(4)]
    played = {k: 0 for k in KINDS}
    seed = 0
    while sum(played.values()) < 280:
        seed += 1
        kind = KINDS[seed % len(KINDS)]
        if played[kind] >= 70:
            continue
        state = scripted_hand(seed, kind)
        if state is None:
            continue
        _play_hand(state, agents)
        played[kind] += 1
    for seed in range(20):  # and 20 hands with every call made by the Expert too
        _play_hand(RoundState.deal(random.Random(seed), dealer=seed & 3), agents)
    assert all(n == 70 for n in played.values())



@pytest.mark.slow
@pytest.mark.parametrize("preset", ["riyadh", "belote"])
def test_no_illegal_move_in_300_hands_of_each_preset(preset: str) -> None:
    """The Expert in every seat on the other rule sets: every call (Belote's Hokum-only
    bidding, Riyadh's third round and Ashkal), every card, the belote announcements."""
    rules = Rules.preset(preset)
    agents = [ISMCTSAgent(TINY, seed=s) for s in range(4)]
    rng = random.Random(7)
    decisions = announced = 0
    for seed in range(300):
        state = RoundState.deal(random.Random(seed), dealer=seed & 3, rules=rules,
                                match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        decisions += _play_hand(state, agents)
        announced += sum(1 for s in state.belote_said if s == 2)
    assert decisions > 300 * 8
    if rules.belote:
        assert announced > 5, "the Expert announces its belote-rebelote"

def test_search_config_defaults_leave_the_other_levels_alone() -> None:
    for level in ("easy", "medium", "hard"):
        cfg = level_config(level)
        assert not cfg.play_model and not cfg.solve_cards and not cfg.leaf_solve
        assert cfg.readable_margin < 0 and cfg.call_mismatch == 0.3 and not cfg.model_opponents
        assert cfg.silent_projects == 1.0
    assert isinstance(EXPERT, SearchConfig)


# ----- inference from play -----------------------------------------------------------------------

def test_the_play_moves_the_cards_where_it_points() -> None:
    """Sun: North leads the 10♠ and East, last to play, follows with the 9♠ under it. East
    would have taken the trick with the A♠, so from South's seat the weighted worlds put the A♠
    with East less often than uniform deals do (about a third) under the play networks."""
    state = fixture("sun/-/S/S/x1/open/-", {"S": "8S QH KH AD 7C", "E": "9S 7H 8D 9C 10C",
                                              "N": "10S JH 9D JD QC", "W": "7S AS KD QD KC"},
                    "N", 3, "10S,7S,8S,9S")
    obs = state.observation(0)
    post = posterior_worlds(obs, random.Random(3), 400, 0.0, calls=False)
    ace = parse_cards("AS")
    uniform = sum(1 for st in post.states if st.hands[1] & ace) / len(post.states)
    weighted = sum(w for st, w in zip(post.states, post.weights, strict=True)
                   if st.hands[1] & ace) / post.total
    assert 0.2 < uniform < 0.45  # East, North or West
    assert weighted < uniform - 0.15


def test_the_hint_can_use_the_expert() -> None:
    from ai.hints import recommend
    state = fixture(*DRAW)
    seat = state.to_move()
    assert seat is not None
    action, reason = recommend(state.observation(seat), EXPERT, seed=1)
    assert card_str(action) in ("JH", "9H") and reason


def test_a_double_must_beat_pass_by_the_floor_in_the_simulation() -> None:
    """`double_floor`: a Double whose simulated gain over Pass is at most the floor becomes Pass;
    any other decision is left as it was."""
    cfg = dataclasses.replace(EXPERT, call_worlds=60)
    found = 0
    for i in range(200):
        st = doubling_deal(i, 3)  # seeded deals at random match scores
        bid_by_rule(st)
        if st.is_over() or DOUBLE not in st.legal_actions():
            continue
        seat = st.to_move()
        assert seat is not None
        obs = st.observation(seat)
        legal = list(obs.legal_actions)
        res = ISMCTSAgent(cfg, seed=i).decide(obs, legal)
        assert res.stats is not None
        gain = res.stats[DOUBLE][1] - res.stats[PASS][1]
        above = dataclasses.replace(cfg, double_floor=max(gain, 0.0) + 1e-9)
        assert ISMCTSAgent(above, seed=i).decide(obs, legal).action == (
            PASS if res.action == DOUBLE else res.action)
        if res.action == DOUBLE:
            below = dataclasses.replace(cfg, double_floor=gain - 1e-9)
            assert gain > 1e-9 and ISMCTSAgent(below, seed=i).decide(obs, legal).action == DOUBLE
            found += 1
            if found == 2:
                return
    raise AssertionError(f"the simulation doubled {found} times in 200 seeded deals")
