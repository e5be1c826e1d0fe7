"""How well printed references are read: the learned labeller on hand-labelled real
reference strings, cross-validated by paper.

Run from the repository root (training extra installed: `.venv/bin/pip install -e
'.[dev,train]'`):

    .venv/bin/python -m benchmarks.parser_crossval [--folds 5] [--styles 600] [--iterations 300]
        [--only-fold N] [--keep FOLDER [--reuse]]

The strings are AnyStyle's parser data and GROBID's citation corpus (../shared/data/parsing).
They are cut into folds by group (a GROBID file is one paper's list; neighbouring AnyStyle
sequences and blocks of GROBID's many-paper files stay together), so no paper's references
are on both sides. For each fold a model is trained on the other folds plus the style renders
(training/renders.py: corpus works, never these strings) and the fold is parsed with it. Scores per
source group, strict (training/scoring.py: every field exactly, after case and punctuation)
and lenient (title ≥ 90% alike by rapidfuzz's ratio, first author's family name, year).
The hand rules this labeller replaced were scored the same way before they were removed
(docs/BENCHMARKS.md, "Reading printed references").
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.refparse import parse_reference
from rapidfuzz import fuzz

from training.dataset import chosen_styles, hand_labelled, rendered
from training.labelled import Labelled
from training.scoring import FIELDS, Judged, gold_families, gold_fields, judge, normalise
from training.train_parser import DEFAULTS, train

_LOCATION = Location.point("bench.txt", 1, 1)


def folds_of(examples: Sequence[Labelled], count: int, seed: int) -> dict[str, int]:
    groups = sorted({example.group for example in examples})
    random.Random(seed).shuffle(groups)
    return {group: index % count for index, group in enumerate(groups)}


def lenient(example: Labelled, reference: Reference, judged: Judged) -> bool:
    gold = gold_fields(example)
    title_ok = fuzz.ratio(normalise(gold["title"]), normalise(reference.title)) >= 90 or (
        not gold["title"] and not reference.title
    )
    families = [normalise(p.family or p.literal) for p in reference.people]
    gold_first = gold_families(gold["authors"])[:1]  # read as the strict measure reads it
    author_ok = families[:1] == gold_first
    return title_ok and author_ok and judged.right["year"]


_THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)


def score(
    examples: Sequence[Labelled],
    parse: Callable[[Labelled], Reference],
    calibration: list[tuple[float, bool]] | None = None,
) -> dict[str, dict[str, float]]:
    counts: dict[str, defaultdict[str, int]] = defaultdict(lambda: defaultdict(int))
    for example in examples:
        reference = parse(example)
        judged = judge(example, reference)
        if calibration is not None and reference.title:
            calibration.append((reference.certainty("title"), judged.right["title"]))
        for group in (example.source, example.source.split("/")[0] + "/all", "all"):
            row = counts[group]
            row["n"] += 1
            row["tay"] += judged.title_authors_year
            row["lenient"] += lenient(example, reference, judged)
            row["empty"] += judged.empty
            for field in FIELDS:
                row[field] += judged.right[field]
    return {
        group: {name: value / row["n"] if name != "n" else value for name, value in row.items()}
        for group, row in counts.items()
    }


def print_calibration(pairs: Sequence[tuple[float, bool]]) -> None:
    """How well the title's confidence tells a misread title: per threshold, the share of
    wrong titles and of right titles read with less confidence."""
    wrong = [value for value, right in pairs if not right]
    right = [value for value, right in pairs if right]
    print(f"\ntitle confidence ({len(right)} right, {len(wrong)} wrong titles read)")
    print("| below | wrong titles below | right titles below |")
    print("|---|---|---|")
    for threshold in _THRESHOLDS:
        low_wrong = sum(value < threshold for value in wrong) / max(len(wrong), 1)
        low_right = sum(value < threshold for value in right) / max(len(right), 1)
        print(f"| {threshold} | {100 * low_wrong:.1f}% | {100 * low_right:.1f}% |")


def print_table(title: str, table: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    header = ["group", "n", "t+a+y", "lenient", *FIELDS, "empty"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for group in sorted(table, key=lambda name: (name == "all", name.endswith("/all"), name)):
        row = table[group]
        cells = [group, str(int(row["n"]))] + [
            f"{100 * row[name]:.1f}%" for name in ("tay", "lenient", *FIELDS, "empty")
        ]
        print("| " + " | ".join(cells) + " |")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.parser_crossval")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--styles", type=int, default=DEFAULTS["styles"])
    parser.add_argument("--per-style", type=int, default=DEFAULTS["per_style"])
    parser.add_argument("--iterations", type=int, default=DEFAULTS["iterations"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--only-fold", type=int, default=-1, help="train and score one fold")
    parser.add_argument("--keep", type=Path, help="keep each fold's model in this folder")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="score the fold models already kept in --keep instead of training them again",
    )
    options = parser.parse_args(argv)
    examples = hand_labelled()
    extra: list[Labelled] = []
    if options.styles and not options.reuse:
        import pypandoc

        extra = rendered(
            chosen_styles(options.styles),
            str(pypandoc.get_pandoc_path()),
            per_style=options.per_style,
            seed=options.seed,
        )
    fold_of = folds_of(examples, options.folds, options.seed)
    print(
        f"{len(examples)} hand-labelled strings in {len(fold_of)} groups, {options.folds} folds;"
        f" {len(extra)} style renders in training; {options.iterations} iterations"
    )
    tested: list[Labelled] = []
    models: dict[int, Path] = {}
    with tempfile.TemporaryDirectory() as folder:
        for fold in range(options.folds):
            if options.only_fold >= 0 and fold != options.only_fold:
                continue
            started = time.perf_counter()
            path = (options.keep or Path(folder)) / f"fold{fold}.crfsuite"
            if options.reuse and path.is_file():
                print(f"fold {fold}: the model kept in {path}", flush=True)
                models[fold] = path
                tested += [e for e in examples if fold_of[e.group] == fold]
                continue
            train(
                [e for e in examples if fold_of[e.group] != fold] + extra,
                path,
                iterations=options.iterations,
            )
            models[fold] = path
            tested += [e for e in examples if fold_of[e.group] == fold]
            print(f"fold {fold} trained in {time.perf_counter() - started:.0f} s", flush=True)
        calibration: list[tuple[float, bool]] = []
        table = score(
            tested,
            lambda e: parse_reference(
                e.text, key="b", location=_LOCATION, model=models[fold_of[e.group]]
            ),
            calibration,
        )
    print_table("learned labeller (cross-validated)", table)
    print_calibration(calibration)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
