"""bench/card_location.py: the shares it reports are the weighted deals' own."""

from __future__ import annotations

import random

from ai.posterior import candidate_deals
from ai.sampler import WorldSampler
from bench.card_location import BASE, WAYS, located, play_hand_located, report
from bench.positions import heuristic_hand
from game.phase import Phase


def test_uniform_weights_give_the_plain_share_of_the_deals() -> None:
    st = next(s for h in range(5) for s in heuristic_hand(1, h)
              if s.phase is Phase.PLAYING and s.tricks_done >= 2 and len(s.legal_actions()) > 1)
    seat = st.to_move()
    assert seat is not None
    got = located(st, seat, 60, seed=5)
    obs = st.observation(seat)
    found = candidate_deals(obs, WorldSampler(obs), random.Random(5), 60, 0.1,
                            silent=0.1)
    cards = [(c, s) for s in range(4) if s != seat for c in range(32)
             if st.hands[s] >> c & 1 and obs.unseen >> c & 1 and not obs.known_held(s) >> c & 1]
    plain = sum(sum(1 for h in found.hands if h[s] >> c & 1) / len(found.hands)
                for c, s in cards) / len(cards)
    assert got["cards"] == len(cards)
    assert abs(got["uniform"][0] - plain) < 1e-12 and got["uniform"][2] == 1.0
    for name in WAYS:
        assert 0.0 < got[name][0] <= 1.0 and 0.0 < got[name][2] <= 1.0


def test_a_report_over_hands_of_play() -> None:
    rows = [play_hand_located(i, 2, "heuristic", 40) for i in range(3)]
    assert all(r["positions"] for r in rows)
    text = report(rows)
    assert BASE in text and "+0.0000 ± 0.0000" in text  # the Expert minus itself
    assert report(rows[:1]).endswith("too few to report")
