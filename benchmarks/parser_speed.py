"""How fast printed references are read, and what the reader adds to the package.

Run from the repository root: `.venv/bin/python -m benchmarks.parser_speed [N]`.

Loads the shipped labeller and word lists (timed in a fresh process, so nothing is warm),
then reads N hand-labelled reference strings of ../shared/data/parsing (default 2,000;
AnyStyle's and GROBID's, in file order) with `parse_reference`, each three times, and reports
the milliseconds a reference takes warm (median and 95th percentile of the best of three),
on one core; and the size of the model and word list the package carries.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from cite_sentinel.core.model import Location
from cite_sentinel.core.sources.refparse import parse_reference
from cite_sentinel.core.sources.refparse.labeller import model_path

from training.dataset import ROOT, hand_labelled

_LOAD = (
    "import time; t = time.perf_counter();"
    "from cite_sentinel.core.lexicon.words import word_count;"
    "from cite_sentinel.core.sources.crf_taggers import thread_tagger;"
    "from cite_sentinel.core.sources.refparse.labeller import model_path;"
    "word_count('x'); thread_tagger(model_path());"
    "print(time.perf_counter() - t)"
)


def main(argv: Sequence[str]) -> int:
    count = int(argv[0]) if argv else 2000
    loads = [
        float(subprocess.run([sys.executable, "-c", _LOAD], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(3)
    ]  # fmt: skip
    strings = [example.text for example in hand_labelled()][:count]
    location = Location.point("bench.txt", 1, 1)
    timings = []
    for text in strings:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            parse_reference(text, key="b", location=location)
            best = min(best, time.perf_counter() - started)
        timings.append(best * 1000)
    timings.sort()
    model = model_path().stat().st_size / 1e6
    words = (ROOT / "core" / "lexicon" / "words.txt.gz").stat().st_size / 1e6
    print(f"{len(strings)} references, warm, one core")
    print(
        f"  per reference: median {statistics.median(timings):.2f} ms,"
        f" p95 {timings[int(0.95 * len(timings))]:.2f} ms, mean {statistics.mean(timings):.2f} ms"
    )
    print(f"  model and word list loaded in a fresh process: {min(loads):.2f} s (best of 3)")
    print(f"  package data: model {model:.1f} MB, word list {words:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
