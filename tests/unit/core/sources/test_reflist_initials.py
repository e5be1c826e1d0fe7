"""Where an author list with initials ends: at a colon (DIN, Copernicus), at the last name
written initials first (Elsevier, APS), after given names that follow a family name."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_initials import (
    initials_first,
    name_goes_on,
    names_end_at_colon,
)


@pytest.mark.parametrize(
    ("authors", "ends"),
    [
        ("Brandt, E. A., Nakamura, K., and Osei, P.", True),  # Copernicus
        ("Hart, E. C. van der and Moreau, C.", True),
        ("Berger, Jens", True),  # DIN 1505
        ("Leslie Lamport, LaTeX", False),  # a colon in the title
        ("Mu Y. Localize, Assemble", False),
    ],
)
def test_a_colon_ends_a_list_of_names(authors: str, ends: bool) -> None:
    assert names_end_at_colon(authors) is ends


@pytest.mark.parametrize(
    ("piece", "name"),
    [
        ("A. Brennan", True),
        ("R.K. Osei", True),
        ("J. van Dijk", True),
        ("C.-W. Yang", True),
        ("L.-wei H. Lehman", True),
        ("V. M. Kettnaker and R. Zabih", True),
        ("and L. Schmidt-Thieme", True),
        ("Memory-Efficient Backpropagation Through Time", False),
        ("Attention", False),
        ("in Icml (2013)", False),
        ("B. subtilis growth", False),
    ],
)
def test_names_written_initials_first(piece: str, name: bool) -> None:
    assert initials_first(piece) is name


def test_given_names_after_a_family_name_end_at_their_initial() -> None:
    # ISO 690: "HOLT, Andrew G." is whole; the comma after "Efficient" is the title's
    assert not name_goes_on("TUREK, Maria S. and HOLT, Andrew G.", "Efficient, Sparse Solvers")
    # plain BibTeX: "Donald E." goes on to "Knuth."
    assert name_goes_on("Donald E.", "Knuth. Literate programming.")
