"""The review of a hand: its steps, its drawing, the coach's verdicts, practice from any moment."""
