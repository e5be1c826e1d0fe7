"""Robustness figures: real bibliographies read without an exception, and fuzzed text."""

from __future__ import annotations

import json
import re
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from cite_sentinel.core.config import Config
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.workspace.local_checks import Linked, lint
from hypothesis import HealthCheck, given, settings

from tests.support.reader_inputs import READERS, texts

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "real-bibs"
FUZZ_EXAMPLES = 2000
_ENTRY = re.compile(r"^\s*@(?!string|comment|preamble)\w+\s*[{(]", re.IGNORECASE | re.MULTILINE)


def main() -> int:
    if not DATA.is_dir():
        print(f"needs ../shared/data/real-bibs beside the project ({DATA} is absent)")
        return 2
    print("| file | entries in file | references read | reader findings | lint findings | "
          "exceptions | seconds |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    failures = 0
    for path in sorted(DATA.iterdir()):
        if path.suffix not in {".bib", ".json"}:
            continue
        failures += _real_file(path)
    print()
    print(f"| reader | fuzzed texts | exceptions |  ({FUZZ_EXAMPLES} hypothesis examples each)")
    print("|---|---|---|")
    for suffix, _ in READERS:
        failures += _fuzz(suffix)
    return 1 if failures else 0


def _real_file(path: Path) -> int:
    text = path.read_text("utf-8")
    expected = len(json.loads(text)) if path.suffix == ".json" else len(_ENTRY.findall(text))
    start = time.perf_counter()
    try:
        read = read_text(text, path.name)
        findings = lint([Linked(path.name, read)], Config())
    except Exception:  # the figure is whether anything escapes
        traceback.print_exc()
        print(f"| {path.name} | {expected} | – | – | – | 1 | – |")
        return 1
    seconds = time.perf_counter() - start
    own = _counts(Counter(str(finding.code) for finding in read.findings))
    local = _counts(Counter(str(f.code) for f in findings if f not in read.findings))
    print(
        f"| {path.name} | {expected} | {len(read.references)} | {own} | {local} | 0 "
        f"| {seconds:.2f} |"
    )
    return 0


def _fuzz(suffix: str) -> int:
    tried = 0
    escaped: list[str] = []

    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(text=texts)
    def run(text: str) -> None:
        nonlocal tried
        tried += 1
        try:
            read_text(text, f"fuzz{suffix}")
        except Exception as error:  # recorded, not raised: we count them
            escaped.append(f"{type(error).__name__}: {error}")

    run()
    print(f"| {suffix} | {tried} | {len(escaped)} |")
    for line in escaped[:3]:
        print(f"    {line}")
    return 1 if escaped else 0


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{code} {n}" for code, n in sorted(counter.items())) or "none"


if __name__ == "__main__":
    sys.exit(main())
