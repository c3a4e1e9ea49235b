"""The exact endgame solver: the same values as plain enumeration, on every kind of contract."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.solver import GAHWA_VALUE, Solver, cards_left, distinct_moves, final_value
from game.cardplay import CardPlay
from game.projects import projects_in


def brute_force(st: CardPlay, utility: Callable[[CardPlay], int] = final_value) -> int:
    """Minimax over every legal card, no pruning, no table, no equivalent cards."""
    if st.done == 8:
        return utility(st)
    north_south = st.to_move() & 1 == 0
    values = []
    m = st.legal()
    while m:
        low = m & -m
        m ^= low
        child = st.copy()
        child.play(low.bit_length() - 1)
        values.append(brute_force(child, utility))
    return max(values) if north_south else min(values)


def random_endgame(rng: random.Random, max_cards: int) -> CardPlay:
    """A random deal and contract (Hokum or Sun, raised up to Gahwa, locked, classic Belote play
    rules, projects declared), played at random until at most `max_cards` are left in the hands
    (sometimes part-way through a trick)."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[8 * i:8 * i + 8]) for i in range(4)]
    trump = rng.randrange(-1, 4)
    classic = trump >= 0 and rng.random() < 0.25
    raise_level = rng.choice((1, 1, 1, 2, 3, 4, 5))
    locked = trump >= 0 and not classic and raise_level in (2, 4) and rng.random() < 0.5
    st = CardPlay.start(trump, locked, rng.randrange(2), raise_level, rng.randrange(4), hands,
                        classic=classic)
    if not classic:
        st.set_declared([projects_in(h, trump < 0, trump, False) if rng.random() < 0.7 else ()
                         for h in hands])
    stop_in_trick = rng.randrange(4)
    while True:
        left = cards_left(st)
        if left <= max_cards and (len(st.trick) == stop_in_trick or left + len(st.trick) < 4):
            return st
        m = st.legal()
        cards = [c for c in range(32) if m >> c & 1]
        st.play(rng.choice(cards))


def test_the_solver_agrees_with_enumeration_on_500_positions() -> None:
    rng = random.Random(14)
    kinds = {"sun": 0, "hokum": 0, "classic": 0, "gahwa": 0, "locked": 0}
    for _ in range(500):
        st = random_endgame(rng, 12)
        kinds["sun" if st.sun else "classic" if st.classic else "hokum"] += 1
        kinds["gahwa"] += st.raise_level == 5
        kinds["locked"] += st.locked
        solver = Solver()
        values = solver.move_values(st)
        m = st.legal()
        assert set(values) == {c for c in range(32) if m >> c & 1}
        for card, v in values.items():
            child = st.copy()
            child.play(card)
            assert v == brute_force(child), (card, v)
        assert solver.value(st.copy()) == (max if st.to_move() & 1 == 0 else min)(values.values())
    assert all(n >= 20 for n in kinds.values()), kinds


def test_equivalent_cards_are_only_pruned_and_gahwa_is_the_match() -> None:
    rng = random.Random(3)
    pruned = 0
    for _ in range(300):
        st = random_endgame(rng, 16)
        keep = distinct_moves(st)
        legal = st.legal()
        assert keep and keep & ~legal == 0
        pruned += (legal & ~keep).bit_count()
        if st.raise_level == 5:
            assert abs(Solver().value(st.copy())) == GAHWA_VALUE
    assert pruned > 10
