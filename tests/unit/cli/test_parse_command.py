"""`parse`: a printed reference list (text or a PDF's) rescued as BibTeX or CSL-JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command
from cite_sentinel.core.sources import read_bibtex, read_csl_json

from tests.support.pdf_papers import typeset

LIST = """\
[1] K. Mackenzie, General Theory of Lie Groupoids and Lie Algebroids. Cambridge: Cambridge
    University Press, 2005.
[2] K. Hashimoto and M. Kano, "Functional differentiation of the thalamus," Neuron, vol. 38,
    no. 5, pp. 785-796, 2003, doi: 10.1016/S0896-6273(03)00298-8.
[3] A. Verger, C. Ciuti, and I. Carusotto, Phys. Rev. B 73, 193306 (2006).
"""


def test_a_text_list_becomes_one_bibtex_entry_per_reference_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "refs.txt"
    source.write_text(LIST, encoding="utf-8")
    assert run_command(["parse", str(source)]) == 0
    captured = capsys.readouterr()
    entries = read_bibtex(captured.out, "out.bib").references
    assert [entry.key for entry in entries] == ["ref1", "ref2", "ref3"]
    book, article, untitled = entries
    assert book.title == "General Theory of Lie Groupoids and Lie Algebroids"
    assert [p.family for p in book.people] == ["Mackenzie"] and book.year == 2005
    assert article.venue == "Neuron" and (article.volume, article.issue) == ("38", "5")
    assert article.identifiers.doi == "10.1016/s0896-6273(03)00298-8"
    assert untitled.title == "" and untitled.venue.startswith("Phys. Rev. B")
    assert (untitled.volume, untitled.pages) == ("73", "193306")
    assert captured.out.count("% read with confidence: ") == 3
    assert "3 references written" in captured.err


def test_csl_json_carries_the_confidence_of_each_field(tmp_path: Path) -> None:
    source = tmp_path / "refs.txt"
    source.write_text(LIST, encoding="utf-8")
    out = tmp_path / "refs.json"
    assert run_command(["parse", str(source), "--to", "csl-json", "-o", str(out)]) == 0
    items = json.loads(out.read_text(encoding="utf-8"))
    assert [item["id"] for item in items] == ["ref1", "ref2", "ref3"]
    assert all(0 < value <= 1 for value in items[1]["cite-sentinel-confidence"].values())
    read = read_csl_json(out.read_text(encoding="utf-8"), str(out))
    assert read.references[1].title == "Functional differentiation of the thalamus"


def test_a_pdf_reference_list_is_read_like_a_text_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = (
        "@article{a, author = {Okonkwo, Adaeze and Varga, Bence}, title = {Sparse Graph"
        " Inference for Robust Representation Learning}, journal = {Journal of Machine Learning"
        " Research}, year = {2019}, volume = {20}, pages = {1--34}}\n"
    )
    source = (
        '#set page(paper: "a5")\n= Intro\nAs shown @a.\n#bibliography("refs.bib", style: "ieee")\n'
    )
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(typeset(source, {"refs.bib": bib}))
    assert run_command(["parse", str(pdf)]) == 0
    (entry,) = read_bibtex(capsys.readouterr().out, "out.bib").references
    assert entry.title == "Sparse Graph Inference for Robust Representation Learning"
    assert [p.family for p in entry.people] == ["Okonkwo", "Varga"]


def test_a_file_without_references_says_so_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Remember to buy milk.\n\nThe meeting moved to Tuesday.\n", encoding="utf-8")
    assert run_command(["parse", str(notes)]) == 2
    assert "no references found" in capsys.readouterr().err


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(["parse", str(tmp_path / "absent.pdf")]) == 2
    assert "absent.pdf" in capsys.readouterr().err
