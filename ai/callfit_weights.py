"""The fitted weights of ai/callfit.py (written by bench/callfit_fit.py --write; do not edit)."""

from typing import Final

NOTE: Final[str] = (
    'Fitted to 11448 calls with a choice in 1373 deals (calls51.jsonl, calls52.jsonl), L2 '
    '0.001.'
)
"""How the weights were fitted."""

WEIGHTS: Final[tuple[float, ...]] = (
    0.771423, -0.004245, 2.149583, 0.184273, -1.227165, 2.150931, 0.185806, 2.587897, 0.358730,
    1.052918, 1.816434, 0.288710, 4.318495, 0.863094, -0.132638, 5.756360, 3.594591,
)
"""One weight per feature of ai/callfit.py FEATURES."""
