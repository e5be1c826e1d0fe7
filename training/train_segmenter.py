"""Train the reference-list segmenter (`core/sources/segment/model/segmenter.crfsuite`).

Run from the repository root, with `../shared` beside it, Typst (the `typst` package) and, for
the LaTeX documents, pdfLaTeX with TeX Live's publisher classes (apt texlive-latex-extra,
texlive-publishers):

    .venv/bin/python -m training.train_segmenter [--documents 500] [--output PATH]

Documents are drawn at random (seed 2026) around real reference lists (training/segment_sources),
typeset by Typst and LaTeX in many layouts (training/segment_typst, segment_latex), read back by
the PDF reader, and each line labelled by finding its text among the document's known pieces
(training/segment_align). Another 15% of documents, drawn the same way, are held out: the
figures printed at the end are on them (lines labelled right; documents whose every entry is
cut exactly right). Typeset documents are cached in the system temporary folder.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import pickle
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pycrfsuite
from cite_sentinel.core.sources.segment import Role
from cite_sentinel.core.sources.segment.features import line_features
from cite_sentinel.core.sources.segment.labeller import label_lines, model_path

from training import (
    segment_align,
    segment_documents,
    segment_latex,
    segment_listings,
    segment_sources,
    segment_text,
    segment_typst,
)
from training.segment_align import Labelled

SEED = 2026
SHAPES = (
    "appendix", "author-list", "acknowledgements", "captions", "alpha", "mnras",
    "numbered-prose", "line-numbers", "documentation",
)  # fmt: skip
CSL_STYLES = (
    "apa", "ieee", "nature", "chicago-author-date", "harvard-cite-them-right",
    "american-medical-association", "modern-language-association",
)  # fmt: skip
_HELD_OUT = 0.15
_MOST_UNPLACED = 0.03  # a document whose lines cannot be placed better than this is dropped
_PARAMETERS = {
    "c1": 0.05,
    "c2": 0.5,
    "max_iterations": 200,
    "feature.possible_transitions": True,
}


@dataclass(frozen=True, slots=True)
class Recipe:
    """How to make one training document."""

    number: int
    engine: str  # typst or latex
    shape: str


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    started = time.perf_counter()
    recipes = _recipes(options.documents, options.latex_share)
    documents = _documents(recipes, options.workers)
    split = int(len(documents) * (1 - _HELD_OUT))
    texts = _texts(options.texts)
    text_split = int(len(texts) * (1 - _HELD_OUT))
    train = documents[:split] + texts[:text_split]
    print(
        f"{len(documents)} PDFs and {len(texts)} texts ({len(train)} to train on) in "
        f"{time.perf_counter() - started:.0f} s"
    )
    output = Path(options.output)
    parameters = {"max_iterations": options.iterations, "c1": options.c1, "c2": options.c2}
    _train(train, output, parameters)
    print(f"trained in {time.perf_counter() - started:.0f} s: {output}")
    _report("PDFs", documents[split:], output)
    _report("texts", texts[text_split:], output)
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=500, help="typeset documents")
    parser.add_argument("--texts", type=int, default=400, help="plain-text documents")
    parser.add_argument("--latex-share", type=float, default=0.3)
    parser.add_argument("--iterations", type=int, default=_PARAMETERS["max_iterations"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--c1", type=float, default=_PARAMETERS["c1"])
    parser.add_argument("--c2", type=float, default=_PARAMETERS["c2"])
    parser.add_argument("--output", default=str(model_path()))
    return parser.parse_args(argv)


def _recipes(count: int, latex_share: float) -> list[Recipe]:
    rng = random.Random(SEED)
    recipes = []
    for number in range(count):
        shape = SHAPES[number % len(SHAPES)] if rng.random() < 0.4 else ""
        engine = "latex" if rng.random() < latex_share else "typst"
        recipes.append(Recipe(number, engine, shape))
    return recipes


def _documents(recipes: list[Recipe], workers: int) -> list[Labelled]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        made = list(pool.map(_cached, recipes, chunksize=4))
    kept = [doc for doc in made if doc is not None]
    print(f"{len(recipes) - len(kept)} documents dropped (not typeset, or lines not placed)")
    return kept


def _texts(count: int) -> list[Labelled]:
    """Documents as plain text (cheap: nothing is typeset)."""
    lists, prose, titles, names = _materials()
    made = []
    for number in range(count):
        rng = random.Random(SEED * 7_000_003 + number)
        shape = SHAPES[number % len(SHAPES)] if rng.random() < 0.3 else ""
        document = segment_documents.document(
            rng, rng.choice(lists), prose, titles, names, shape=shape
        )
        lines, roles, texts = segment_text.labelled_text(document, rng)
        made.append(Labelled(lines, roles, texts, 0))
    return made


def _cached(recipe: Recipe) -> Labelled | None:
    """A document typeset and labelled, from the cache when the code that makes it is the same."""
    makers = (
        segment_sources, segment_documents, segment_listings, segment_typst, segment_latex,
        segment_align, *_READER,
    )  # fmt: skip
    version = hashlib.sha256(
        b"".join(Path(module.__file__ or "").read_bytes() for module in makers)
    ).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / "cite-sentinel-segmenter" / version
    path = cache / f"{recipe.number}-{recipe.engine}-{recipe.shape}.pickle"
    if path.is_file():
        cached: Labelled | None = pickle.loads(path.read_bytes())
        return cached
    labelled = _make(recipe)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(labelled))
    return labelled


_STORE: dict[str, object] = {}
# The reader's modules that make a training document's lines: a change to one makes new ones.
_READER = tuple(
    importlib.import_module(f"cite_sentinel.core.sources.{name}")
    for name in (
        "pdf.glyphs", "pdf.layout", "pdf.line_numbers", "pdf.document", "pdf.margins",
        "pdf.list_lines", "segment.lines",
    )
)  # fmt: skip


def _make(recipe: Recipe) -> Labelled | None:
    lists, prose, titles, names = _materials()
    rng = random.Random(SEED * 1_000_003 + recipe.number)
    refs = rng.choice(lists)
    document = segment_documents.document(rng, refs, prose, titles, names, shape=recipe.shape)
    try:
        if recipe.engine == "latex":
            document = segment_latex.latin(document)
            pdf = segment_latex.typeset(document, rng.randrange(1000))
        else:
            pdf = segment_typst.typeset(document, raised=rng.random() < 0.6)
    except (RuntimeError, OSError) as error:
        print(f"document {recipe.number} ({recipe.engine}) not typeset: {str(error)[:200]}")
        return None
    if pdf is None:
        return None
    labelled = segment_align.labelled_pdf(pdf, segment_typst.printed(document))
    if labelled is None or labelled.unplaced > _MOST_UNPLACED * len(labelled.lines):
        return None
    return labelled


def _materials() -> tuple[
    list[segment_sources.RefList], list[str], list[str], list[tuple[str, str]]
]:
    """The sources, read once per process."""
    if not _STORE:
        lists = segment_sources.reference_lists()
        lists += segment_sources.rendered_lists(CSL_STYLES, 120)
        _STORE["materials"] = (
            lists,
            segment_sources.prose(),
            segment_sources.titles(),
            segment_sources.names(4000),
        )
    materials = _STORE["materials"]
    assert isinstance(materials, tuple)
    return materials  # type: ignore[return-value]


def _train(documents: list[Labelled], output: Path, parameters: dict[str, float]) -> None:
    trainer = pycrfsuite.Trainer(verbose=False)
    for document in documents:
        trainer.append(line_features(document.lines), [role.value for role in document.roles])
    trainer.set_params({**_PARAMETERS, **parameters})
    output.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(output))


def _report(kind: str, documents: list[Labelled], model: Path) -> None:
    """Lines labelled right, and documents whose entries are all cut right, on held-out ones."""
    lines: Counter[tuple[str, str]] = Counter()
    exact = 0
    for document in documents:
        found = label_lines(document.lines, model=model).roles
        lines.update(
            (truth.value, got.value) for truth, got in zip(document.roles, found, strict=True)
        )
        exact += _entries(document.roles) == _entries(found)
    total = sum(lines.values())
    right = sum(count for (truth, got), count in lines.items() if truth == got)
    print(
        f"held out: {len(documents)} {kind}, lines right {right}/{total} = "
        f"{right / total:.2%}; every entry exact in {exact}/{len(documents)}"
    )
    for (truth, got), count in sorted(lines.items()):
        if truth != got:
            print(f"  {truth} -> {got}: {count}")


def _entries(roles: Sequence[Role]) -> list[int]:
    """Where entries start: the lines labelled first (or more with nothing open)."""
    starts = []
    open_entry = False
    for index, role in enumerate(roles):
        if role is Role.FIRST or (role is Role.MORE and not open_entry):
            starts.append(index)
        open_entry = role in (Role.FIRST, Role.MORE) or (open_entry and role is Role.OTHER)
    return starts


if __name__ == "__main__":
    sys.exit(main())
