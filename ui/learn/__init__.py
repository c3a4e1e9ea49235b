"""Learning inside the game (issue 51): the guided lessons and the puzzles checked by the solver.

The models (`puzzles`, `lessons`, `data`, `progress`) are pygame-free and tested headless; the
scenes that show them are in `screens`. The course and the puzzles are data in assets/learn/.
"""
