"""The learned weights the players read at run time (data files, not code: ai/playnet.py loads them)."""
