"""`cite-sentinel format FILE --style S`: a reference list on stdout, without pandoc."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path

from cite_sentinel.core import InputError, Reference
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.styles import (
    Numbering,
    apa_list,
    html_reference_list,
    numbered_list,
    numbered_markdown,
)
from cite_sentinel.core.workspace import TextFileError, read_text_file
from cite_sentinel.exit_codes import ExitCode
from cite_sentinel.report_output import write_stdout

STYLES = ("numbered", "html", "apa")
SUFFIXES = (".bib", ".json", ".yaml", ".yml")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `format`."""
    parser.add_argument("path", metavar="FILE", help="a .bib, CSL-JSON or CSL-YAML bibliography")
    parser.add_argument(
        "--style", choices=STYLES, default="numbered", help="reference style (default: numbered)"
    )


def run_format(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Print the bibliography in the style asked, in its own order (APA: alphabetical)."""
    path = Path(options.path)
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(
            f"{path}: format reads bibliographies ({', '.join(SUFFIXES)}); "
            "give the .bib or CSL file a manuscript uses"
        )
    try:
        text = read_text_file(path)
    except TextFileError as error:
        raise InputError(f"cannot read {path}: {error}; check the path") from error
    read = read_text(text, options.path)
    for finding in read.findings:
        hint = f"; {finding.hint}" if finding.hint and finding.hint not in finding.message else ""
        print(f"{finding.location}: {finding.severity}: {finding.message}{hint}", file=sys.stderr)
    write_stdout(render(read.references, options.style), machine=True)
    errors = [f for f in read.findings if f.severity == "error"]
    return ExitCode.INPUT if errors and not read.references else ExitCode.CLEAN


def render(references: tuple[Reference, ...], style: str) -> str:
    """The reference list as text: Markdown for numbered and APA, an HTML list for html."""
    first: dict[str, Reference] = {}
    for reference in references:
        first.setdefault(reference.key, reference)  # a duplicate key: the first entry counts
    unique = tuple(first.values())
    numbering = Numbering.from_keys([reference.key for reference in unique])
    if style == "html":
        return html_reference_list(unique, numbering)
    if style == "apa":
        entries = apa_list(unique)
        return "".join(f"{entry.lines[0].markdown}\n\n" for entry in entries).rstrip("\n") + "\n"
    return numbered_markdown(numbered_list(unique, numbering))
