"""Matching: whether an index's record is the cited work, and what the citation gets wrong.

Pure functions, no input or output: `match` weighs the evidence into a verdict, `fit` compares
one record with one reference, field by field (`titles`, `authors`, `venues/`,
`registrants`), and `calibration` turns the comparison into a confidence.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.matching.titles import fold

__all__ = ["fold"]
__getattr__, __dir__ = lazy(__name__, {"titles": ("fold",)})
