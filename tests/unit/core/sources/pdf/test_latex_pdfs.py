"""PDFs made by pdfLaTeX: accents set apart from their letters (OT1 fonts), hyperref links,
two columns, and a 600-page thesis."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.sources.pdf import read_pdf, read_pdf_file

from tests.support.pdf_papers import (
    WORKS,
    Paper,
    bibtex_latex_available,
    bibtex_paper,
    load_works,
)

PAPER = r"""\documentclass[twocolumn]{article}
\usepackage{hyperref}
\begin{document}
\section{Introduction}
Qu\'ebec was first \cite{a}, then G\"odel \cite{b}; see also \cite{a,b}.
\begin{thebibliography}{9}
\bibitem{a} J.~Qu\'ebec and P.~Erd\H{o}s, ``A study of na\"ive inference,''
  \emph{Journal of Machine Learning Research}, vol.~3, pp.~1--9, 2019,
  doi: \href{https://doi.org/10.1145/3292500.3330701}{10.1145/3292500.3330701}.
\bibitem{b} \c{C}.~G\"odel, ``Efficient fine-tuning of large models,'' in
  \emph{Proceedings of the AAAI Conference on Artificial Intelligence}, 2020.
\end{thebibliography}
\end{document}
"""
THESIS_PAGE = r"""\section{Chapter %d}
%s
\clearpage
"""
FILLER = (
    "We study sparse graphs and stochastic baselines with adaptive inference, and the "
    "signals of models in depth \\cite{a}. "
) * 12


def _pdflatex(tmp_path: Path, source: str) -> Path:
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed (apt texlive-latex-base)")
    (tmp_path / "paper.tex").write_text(source, encoding="utf-8")
    for _ in range(2):  # the second run resolves \cite
        subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
            cwd=tmp_path,
            capture_output=True,
            timeout=300,
            check=True,
        )
    return tmp_path / "paper.pdf"


@pytest.mark.slow
def test_accented_names_and_hyperref_dois_of_a_latex_pdf_are_read(tmp_path: Path) -> None:
    read = read_pdf(_pdflatex(tmp_path, PAPER).read_bytes(), "paper.pdf")
    first, second = read.references
    assert [person.family for person in first.people] == ["Québec", "Erdős"]
    assert first.title == "A study of naïve inference"
    assert first.identifiers.doi == "10.1145/3292500.3330701"
    assert [person.family for person in second.people] == ["Gödel"]
    assert second.title == "Efficient fine-tuning of large models"
    assert sorted(cit.key for cit in read.citations) == ["1", "1", "2", "2"]


@pytest.mark.slow
def test_a_six_hundred_page_thesis_is_read_to_its_reference_list(tmp_path: Path) -> None:
    chapters = "".join(THESIS_PAGE % (number, FILLER) for number in range(1, 601))
    source = PAPER.replace("\\section{Introduction}", chapters).replace("[twocolumn]", "")
    pdf = _pdflatex(tmp_path, source)
    read = read_pdf_file(pdf)
    assert len(read.references) == 2
    assert len(read.citations) > 300
    assert all(cit.location.page >= 1 for cit in read.citations)
    assert max(cit.location.page for cit in read.citations) >= 500


def _bibtex_paper(style: str, columns: int) -> Paper:
    if reason := bibtex_latex_available():
        pytest.skip(reason)
    if not WORKS.is_file():
        pytest.skip(f"needs the shared corpus ({WORKS} is absent)")
    return bibtex_paper(load_works(30, skip=600), style=style, columns=columns, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("style", ["plain", "plainnat", "alpha", "abbrv", "acm", "apalike"])
def test_every_entry_of_a_bibtex_written_list_in_two_latex_columns_is_read(style: str) -> None:
    """LaTeX's own two columns lie 10 pt apart, and justified lines end a fraction of a point
    inside that gap; BibTeX's classic styles write "Given M. Family" (plain), alphabetic
    labels with a raised "+" (alpha), initials (abbrv), the year after the names (apalike)."""
    paper = _bibtex_paper(style, columns=2)
    read = read_pdf(paper.pdf, "paper.pdf")
    assert len(read.references) == len(paper.works)
    titles = {_plain(reference.title) for reference in read.references}
    exact = sum(_plain(work.title) in titles for work in paper.works)
    assert exact >= 0.9 * len(paper.works)  # a title may lose a hyphen at a line's end
    firsts = {reference.people[0].family for reference in read.references if reference.people}
    assert sum(work.authors[0][0] in firsts for work in paper.works) >= 0.95 * len(paper.works)


def _plain(text: str) -> str:
    return "".join(char for char in text.casefold() if char.isalnum())


HANGING_LIST = r"""\documentclass[twocolumn]{article}
\begin{document}
\section{Introduction}
We compare the bound with the baselines of earlier work and the signals of models in depth.
\section*{References}
\begin{list}{}{\setlength{\leftmargin}{1.5em}\setlength{\itemindent}{-1.5em}%
\setlength{\itemsep}{0pt}\setlength{\parsep}{0pt}\small}
ENTRIES
\end{list}
\end{document}
"""
AUTHOR_YEAR_ENTRIES = (
    "Anosova J. P., Orlov V. V., 1991, Astrophysics and Space Science, 177, 359",
    "Basser P., Pierpaoli C., 1996, J Magn Reson B, 111, 209",
    "Bouwman F., Renes J., Mariman E., 2004, Proteomics, 4, 3855",
    "Dyer L. A., Forkner R. E., 2007, Ecology, 88, 1606",
    "Ekouya A., Dunogues J., Calas R., 1977, Journal of Organometallic Chemistry, 142, C35",
    "Erickson J., Joiner M., Guan X., Kutschke W., Yang J., 2008, Cell, 133, 462",
    "Johnson 1995, Int J Radiat Oncol Biol Phys, 33, 281",
    "Kalantar J., Talley N., 1999, J Clin Epidemiol, 52, 1117",
    "King G., Gentz M., Escoubas P., Nicholson G., 2008, Toxicon, 52, 264",
    "Mendel 1995, Eur. J. Immunol., 25, 1951",
    "Munday S., Young D. W., 1993, Journal of Management in Medicine, 7, 34",
    "Sen 2001, Economics and Philosophy, 17, 51",
    "Tarazi F., Baldessarini R., 2000, Int J Dev Neurosci, 18, 29",
    "Whitby M., 1995, Australian Infection Control, 1, 26",
    "Wiedmann F., 2017, Journal of Arabian Studies, 7, 300",
    "Williams 1966, American Naturalist, 100, 687",
)


@pytest.mark.slow
def test_one_line_entries_of_a_list_with_a_hanging_indent_are_each_an_entry(
    tmp_path: Path,
) -> None:
    """MNRAS's shape: author-year entries without a title, hanging indent, two columns; a
    one-line entry ("Williams 1966, …") after another stands at the first lines' indent."""
    items = "\n".join(f"\\item {entry}" for entry in AUTHOR_YEAR_ENTRIES)
    read = read_pdf_file(_pdflatex(tmp_path, HANGING_LIST.replace("ENTRIES", items)))
    unread = [finding for finding in read.findings if finding.code is Code.PARSE_ERROR]
    assert not unread  # "Mendel 1995, Eur. J. Immunol., 25, 1951": its page looks like a year
    printed = [" ".join(reference.raw.split()) for reference in read.references]
    assert printed == list(AUTHOR_YEAR_ENTRIES)  # each entry whole, none run into the next
