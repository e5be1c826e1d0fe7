"""Train the reference labeller that ships in the package.

Run from the repository root, with the training extra installed
(`.venv/bin/pip install -e '.[dev,train]'`):

    .venv/bin/python -m training.train_parser [--styles N] [--per-style K] [--iterations I]

It reads AnyStyle's and GROBID's hand-labelled strings from ../shared/data/parsing, renders
corpus works in N CSL styles with pandoc's citeproc (training/renders.py; cached), trains a
linear-chain CRF with crfsuite (L-BFGS, L1 + L2) and writes
core/sources/refparse/model/parser.crfsuite. The same seed and data give the same model.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import pycrfsuite
from cite_sentinel.core.sources.refparse.features import sequence_features
from cite_sentinel.core.sources.refparse.labeller import model_path

from training.dataset import chosen_styles, hand_labelled, rendered
from training.labelled import Labelled, tokens_and_labels

DEFAULTS = {"styles": 600, "per_style": 24, "iterations": 300, "seed": 2026}
PARAMS = {"c1": 0.03, "c2": 0.01, "feature.possible_transitions": True}


def train(examples: Iterable[Labelled], output: Path, *, iterations: int) -> int:
    """Train a model on the examples and write it to `output`; the number of sequences."""
    trainer = pycrfsuite.Trainer(verbose=False)
    count = 0
    for example in examples:
        tokens, labels = tokens_and_labels(example)
        if tokens:
            trainer.append(sequence_features(tokens), [label.value for label in labels])
            count += 1
    trainer.set_params({**PARAMS, "max_iterations": iterations})
    output.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(output))
    return count


def training_examples(*, styles: int, per_style: int, seed: int) -> list[Labelled]:
    """The hand-labelled strings and the renders of `styles` styles."""
    examples = hand_labelled()
    if styles:
        import pypandoc

        chosen = chosen_styles(styles)
        pandoc = str(pypandoc.get_pandoc_path())
        examples += rendered(chosen, pandoc, per_style=per_style, seed=seed)
    return examples


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.train_parser", description=__doc__)
    parser.add_argument("--styles", type=int, default=DEFAULTS["styles"])
    parser.add_argument("--per-style", type=int, default=DEFAULTS["per_style"])
    parser.add_argument("--iterations", type=int, default=DEFAULTS["iterations"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--output", type=Path, default=model_path())
    options = parser.parse_args(argv)
    started = time.perf_counter()
    examples = training_examples(
        styles=options.styles, per_style=options.per_style, seed=options.seed
    )
    count = train(examples, options.output, iterations=options.iterations)
    size = options.output.stat().st_size / 1e6
    print(
        f"{count} sequences, {options.iterations} iterations: {options.output} ({size:.1f} MB)"
        f" in {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
