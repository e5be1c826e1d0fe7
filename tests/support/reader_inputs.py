"""Texts that reach deep into every reader: the property tests' inputs and the robustness
benchmark's (no reader may raise on any of them)."""

from __future__ import annotations

from hypothesis import strategies as st

READERS = [
    (".bib", "bibtex"),
    (".json", "csl"),
    (".yaml", "csl"),
    (".md", "markdown"),
    (".tex", "latex"),
    (".typ", "typst"),
    (".txt", "reflist"),
    (".ris", "ris"),
]

# Pieces of every syntax the readers know, so that examples reach deep into each parser.
FRAGMENTS = [
    "@article{", "@book{", "@string{", "@comment{", "@preamble{", "@misc{key,", "{", "}",
    '"', ",", "=", "#", "%", "\\", "\\cite{", "\\citep[p. 3]{", "\\parencites(a)(b)[c]{",
    "\\nocite{*}", "\\bibliography{", "\\addbibresource{", "\\bibitem{", "\\bibitem[x]{",
    "\\begin{thebibliography}{9}", "\\end{thebibliography}", "\\'{e}", '{\\"o}', "\\ss",
    "[@", "[-@", "@", "; @", "@{", "]", "[", "---\n", "---\nbibliography: ", "...\n",
    "---\nreferences:\n- id: ", "references:\n", "- id: ", "  title: ", "  author:\n",
    "    - family: ", "  issued: ", "2020-13-45", "&a ", "*a", "!!python/object ",
    "#cite(<", ">)", "#bibliography(\"", "@key", "<label>", "```\n", "`", "<!--", "-->",
    '[{"id": ', '{"items": [', '"title": ', '"author": [{"family": ', '"issued": ',
    '{"date-parts": [[', "]]}", "null", "true", "1e999", "NaN",
    "References\n", "1. ", "[1] ", "Smith, J. (2020). ", "Title. ", "Journal, 1(2), 3–4. ",
    "doi:10.", "https://doi.org/10.1000/", "arXiv:", "2101.0000", "ISBN 0-306-", "PMID: ",
    "et al.", " and ", "and others", "\n", "\n\n", "\r\n", "\t", "  ", "\ufeff", "\u200b",
    "\x00", "\ud7ff", "é", "😀", "\u202e", "@doi:", "@arxiv:", "@tag:", "@url:", "@pmid:",
    "TY  - JOUR\n", "TY  - ", "AU  - ", "AU  - Doe, J.\n", "TI  - ", "PY  - 2020///\n",
    "SP  - ", "EP  - ", "ID  - ", "ER  - \n", "ER  -",
]  # fmt: skip

texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40).map(
    "".join
)
