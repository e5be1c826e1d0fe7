"""How many entries the PDF reader locates in real PDFs that no one here wrote, against counts
made by hand.

Run from the repository root: `.venv/bin/python -m benchmarks.real_pdfs [--root /] [--half dev]`.
The PDFs are those Debian packages install (TeX Live's publisher, science and bibliography
documentation, R packages' vignettes: `benchmarks/real_pdfs.toml` names each one's package,
path, SHA-256 and hand count, and says how it was counted); none is kept in the repository.
A PDF that is missing is skipped with the package to install; one whose SHA-256 differs is
measured with a warning (another version of the package may print another list).

Per PDF: the entries the reader locates (its segmenter's entries: references and the entries
it could not read) against the hand count, whether the first and last entries are the list's
own, and every entry that holds text of the parts around the list (an author list, a caption,
the acknowledgements: the manifest's `not_entries`). The manifest splits the PDFs into a
development half (looked at while the segmenter was made) and a held-out half; each is
reported apart. Target: entries located exactly in at least 95% of PDFs, and no entry that is
not a reference.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.sources.pdf import read_pdf_file
from cite_sentinel.core.sources.pdf.document import Opened, open_pdf
from cite_sentinel.core.sources.pdf.margins import strip_margins
from cite_sentinel.core.sources.pdf.section import find_section

MANIFEST = Path(__file__).with_suffix(".toml")
TARGET = 0.95
_LABEL_ROOM = 12  # characters a printed label may take before an entry's first words


@dataclass(frozen=True, slots=True, kw_only=True)
class Known:
    """One PDF of the manifest."""

    package: str
    path: str
    sha256: str
    entries: int
    half: str
    layout: str
    counted: str
    first: str
    last: str
    not_entries: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Measured:
    """What the reader made of one PDF."""

    known: Known
    found: int
    references: int
    first: str
    last: str
    intruders: tuple[str, ...]
    seconds: float
    changed: bool  # the file is not the one counted

    @property
    def exact(self) -> bool:
        return self.found == self.known.entries

    @property
    def ends_right(self) -> bool:
        return _starts(self.first, self.known.first) and _starts(self.last, self.known.last)


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    known = [item for item in _manifest() if options.half in ("all", item.half)]
    root = Path(options.root)
    measured: list[Measured] = []
    for item in known:
        path = root / item.path
        if not path.is_file():
            print(f"skipped {item.path}: not installed (apt install {item.package})")
            continue
        measured.append(_measure(item, path))
    for half in ("dev", "held-out"):
        rows = [row for row in measured if row.known.half == half]
        if rows:
            _report(half, rows)
    if not measured:
        print("no PDF of the manifest is installed here")
        return 1
    exact = sum(row.exact for row in measured) / len(measured)
    intruders = sum(len(row.intruders) for row in measured)
    return 0 if exact >= TARGET and not intruders else 1


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default="/", help="where the packages are installed (/)")
    parser.add_argument("--half", choices=("dev", "held-out", "all"), default="all")
    return parser.parse_args(argv)


def _manifest() -> list[Known]:
    data = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    return [
        Known(**{**entry, "not_entries": tuple(entry.get("not_entries", ()))})
        for entry in data["pdf"]
    ]


def _measure(known: Known, path: Path) -> Measured:
    data = path.read_bytes()
    changed = hashlib.sha256(data).hexdigest() != known.sha256
    started = time.perf_counter()
    opened = open_pdf(data)
    texts: list[str] = []
    if isinstance(opened, Opened):
        section = find_section(strip_margins(opened.pages))
        if section is not None:
            texts = [" ".join(line.line.text for line in entry.lines) for entry in section.entries]
    references = len(read_pdf_file(path).references)
    seconds = time.perf_counter() - started
    intruders = tuple(
        f"{phrase!r} in entry {number}"
        for number, text in enumerate(texts, start=1)
        for phrase in known.not_entries
        if _folded(phrase) in _folded(text)
    )
    return Measured(
        known=known,
        found=len(texts),
        references=references,
        first=texts[0] if texts else "",
        last=texts[-1] if texts else "",
        intruders=intruders,
        seconds=seconds,
        changed=changed,
    )


def _report(half: str, rows: list[Measured]) -> None:
    print(f"\n{half} half: {len(rows)} PDFs")
    print(f"{'PDF':58} {'hand':>5} {'found':>5} {'read':>5}  exact  ends  seconds")
    for row in rows:
        name = row.known.path.rsplit("/", 2)
        shown = "/".join(name[-2:])[:58]
        print(
            f"{shown:58} {row.known.entries:5} {row.found:5} {row.references:5}  "
            f"{'yes' if row.exact else 'NO':5}  {'yes' if row.ends_right else 'NO':4}  "
            f"{row.seconds:6.2f}" + ("  (file differs from the one counted)" if row.changed else "")
        )
        if not row.ends_right:
            print(f"    first: {row.first[:90]!r}\n    last:  {row.last[:90]!r}")
        for intruder in row.intruders:
            print(f"    not a reference: {intruder}")
    exact = sum(row.exact for row in rows)
    hand = sum(row.known.entries for row in rows)
    found = sum(min(row.found, row.known.entries) for row in rows)
    intruders = sum(len(row.intruders) for row in rows)
    print(
        f"{half}: entries located exactly in {exact}/{len(rows)} PDFs = {exact / len(rows):.1%} "
        f"(target {TARGET:.0%}); {found}/{hand} entries found at most once each; "
        f"entries that are not references: {intruders}"
    )


def _starts(text: str, expected: str) -> bool:
    """Whether an entry starts as expected, its printed label aside."""
    return _folded(expected) in _folded(text)[: len(_folded(expected)) + _LABEL_ROOM]


def _folded(text: str) -> str:
    return "".join(char for char in text.casefold() if char.isalnum())


if __name__ == "__main__":
    sys.exit(main())
