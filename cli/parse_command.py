"""`cite-sentinel parse FILE`: a printed reference list (free text or a PDF's) as BibTeX or
CSL-JSON, one entry per reference in order, with the reader's confidence in each field."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from cite_sentinel.core import InputError, Read, Reference
from cite_sentinel.core.fix import reference_bibtex, reference_csl
from cite_sentinel.core.sources import binary_reader_for, read_reflist
from cite_sentinel.core.workspace import TextFileError, read_text_file
from cite_sentinel.exit_codes import ExitCode
from cite_sentinel.report_output import write_atomically, write_stdout

FORMATS = ("bibtex", "csl-json")
_DOUBTFUL = 0.8  # a field read with less confidence than this is named on stderr


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `parse`."""
    parser.add_argument(
        "path", metavar="FILE", help="a PDF, or a text file holding a list of references"
    )
    parser.add_argument(
        "--to", choices=FORMATS, default="bibtex", help="output format (default: bibtex)"
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="write to OUT (atomically) instead of stdout"
    )


def run_parse(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Read the references of FILE and print them as entries; exit 2 if none were read."""
    read = _read(Path(options.path))
    for finding in read.findings:
        print(f"{finding.location}: {finding.severity}: {finding.message}", file=sys.stderr)
    references = read.references
    if not references:
        raise InputError(
            f"{options.path}: no references found; give a PDF with a reference list or a text"
            " file with one reference per paragraph or numbered line"
        )
    keys = _keys(references)
    if options.to == "csl-json":
        items = [reference_csl(ref, key) for ref, key in zip(references, keys, strict=True)]
        text = json.dumps(items, ensure_ascii=False, indent=2) + "\n"
    else:
        text = "\n".join(
            reference_bibtex(ref, key) for ref, key in zip(references, keys, strict=True)
        )
    if options.output:
        write_atomically(Path(options.output), text)
    else:
        write_stdout(text, machine=True)
    _summary(references, options.output)
    return ExitCode.CLEAN


def _read(path: Path) -> Read:
    binary = binary_reader_for(str(path))
    if binary is not None:
        if not path.is_file():
            raise InputError(f"cannot read {path}: no such file; check the path")
        return binary(path)
    try:
        text = read_text_file(path)
    except TextFileError as error:
        raise InputError(f"cannot read {path}: {error}; check the path") from error
    return read_reflist(text, str(path))


def _keys(references: Sequence[Reference]) -> list[str]:
    """The reader's keys; a number (a numbered list's) becomes `ref12`, a valid BibTeX key."""
    return [f"ref{ref.key}" if ref.key.isdigit() else ref.key for ref in references]


def _summary(references: Sequence[Reference], output: str | None) -> None:
    doubtful = sum(1 for ref in references if any(value < _DOUBTFUL for _, value in ref.confidence))
    where = f" to {output}" if output else ""
    note = (
        f"; {doubtful} with a field read with low confidence (see the comments)" if doubtful else ""
    )
    print(f"{len(references)} references written{where}{note}", file=sys.stderr)
