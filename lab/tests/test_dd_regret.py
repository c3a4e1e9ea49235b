"""lab/dd_regret.py: regrets are measured from the solver's values on the true deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.heuristic import heuristic_play
from ai.solver import Solver, cards_left
from bench.positions import heuristic_hand
from game.actions import card_of
from game.cards import team_of
from game.phase import Phase
from lab.dd_regret import OPEN, judged, main, play_hand_judged, report


def test_the_open_hand_player_has_no_regret_in_the_solved_endgame() -> None:
    # it solves the one true deal exactly once 16 cards or fewer are left, so its card is the
    # solver's best for its team, North-South and East-West movers alike
    rows = [play_hand_judged(i, 3, "heuristic", ("heuristic", OPEN), max_cards=12)
            for i in range(4)]
    positions = [p for r in rows for p in r["positions"]]
    assert len(positions) >= 8 and all(p["cards"] <= 12 and p["choices"] > 1 for p in positions)
    assert all(p["regret"][1] == 0 for p in positions)
    assert all(p["regret"][0] >= 0 for p in positions)


def test_a_regret_is_the_best_value_minus_the_chosen_cards() -> None:
    st = next(s for h in range(8) for s in heuristic_hand(2, h)
              if s.phase is Phase.PLAYING and cards_left(s.card_play()) <= 12
              and len(s.legal_actions()) > 2 and s.contract is not None
              and s.contract.raise_level < 5 and team_of(s.to_move() or 0) == 1)
    seat = st.to_move()
    assert seat is not None
    values = Solver().move_values(st.card_play())
    chosen = card_of(heuristic_play(st.observation(seat), st.legal_actions())[0])
    # East-West to move: their values are North-South's negated
    want = max(-v for v in values.values()) + values[chosen]
    assert judged(st, seat, ("heuristic",), seed=0)["regret"] == [want]


def test_a_report_pairs_the_policies_by_hand() -> None:
    rows = [play_hand_judged(i, 4, "heuristic", ("heuristic", "heuristic", OPEN), max_cards=8)
            for i in range(3)]
    text = report(rows, ("heuristic", "heuristic", OPEN))
    assert "| heuristic | " in text and "+0.00 ± 0.00 |" in text
    assert report(rows[:1], ("heuristic",)).endswith("too few to report")


def test_a_logged_run_resumes_and_refuses_other_settings(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # the command line shared by the logged benches (lab.call_regret.logged_main)
    log = tmp_path / "dd.jsonl"
    run = ["--policies", "heuristic", OPEN, "--players", "heuristic", "--max-cards", "8",
           "--log", str(log)]
    assert main([*run, "--hands", "1"]) == 0
    assert len(log.read_text().splitlines()) == 2  # the header and one hand
    capsys.readouterr()
    assert main([*run, "--hands", "2"]) == 0  # resumed: only the second hand is played
    rows = log.read_text().splitlines()[1:]
    assert sorted(json.loads(r)["index"] for r in rows) == [0, 1]
    printed = capsys.readouterr().out.strip().splitlines()
    assert main(["--report", str(log)]) == 0
    assert capsys.readouterr().out.strip().splitlines() == printed  # the same figures
    with pytest.raises(SystemExit, match="other settings"):
        main([*run[:-2], "--max-cards", "12", "--log", str(log)])
    with pytest.raises(SystemExit):
        main(["--policies", "heuristic"])  # neither --log nor --report
