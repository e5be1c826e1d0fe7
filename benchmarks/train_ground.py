"""Fit the local groundedness scorer on SciFact train only, and write its parameters to a file.

Run: .venv/bin/python -m benchmarks.train_ground [--data ../shared/data/ground] [--lexical-only]
     [--output local_params.json]

It never writes the shipped core/ground/local_params.json: review the new file (its figures
by benchmarks.ground_eval) and copy it there in a commit of its own.

With the `embeddings` extra installed (and without --lexical-only) it also fits the second
relevance model over the lexical features plus the all-MiniLM-L6-v2 cosines (a few minutes).

Licences of what the fitted file is derived from: SciFact claims (CC BY 4.0) and abstracts
(S2ORC, ODC-By 1.0), Wadden et al. 2020. Citation-Integrity is never used here (no licence).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from cite_sentinel.core.ground import embedding, logistic
from cite_sentinel.core.ground.claim_scope import scoped_claim
from cite_sentinel.core.ground.claim_text import clean_claim
from cite_sentinel.core.ground.local_params import OUTPUT, STANCE_SENTENCES, save
from cite_sentinel.core.ground.relevance import Idf, idf_from, relatedness
from cite_sentinel.core.ground.sentence_rank import sentence_features
from cite_sentinel.core.ground.stance import cues

ROOT = Path(__file__).resolve().parents[1]
# Share of real (SUPPORT or CONTRADICT) train citations allowed below red. None: SciFact's
# claims are short and real citing sentences long, so a 2% rule on SciFact train said red
# to 23.6% of real Citation-Integrity dev citations; red stays below every real train citation.
FALSE_RED_RATE = 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "ground")
    parser.add_argument("--lexical-only", action="store_true", help="skip the embedding model")
    parser.add_argument(
        "--output",
        type=Path,
        default=Path(OUTPUT.name),
        help=f"where the parameters go (default: ./{OUTPUT.name}); a reviewed commit copies "
        f"them to core/ground/{OUTPUT.name}, which this never writes",
    )
    options = parser.parse_args()
    train = _read(options.data / "pairs_scifact_train.jsonl")
    documents = {row["doc_id"]: " ".join(row["sentences"]) for row in train}
    documents_text = list(documents.values()) + [row["claim"] for row in train]
    idf = idf_from(documents_text)
    ranker = _fit_ranker(train, idf)
    relevance_rows, relevance_labels, stance_rows, stance_labels = [], [], [], []
    for row in train:
        related = relatedness(row["claim"], row["sentences"], idf, ranker)
        # Relevance reads the clause the citation closes, as the scorer does (SciFact's
        # claims carry no markers, so there it is the whole claim).
        scope = scoped_claim(row["raw_claim"])
        in_scope = (
            related if scope == row["claim"] else relatedness(scope, row["sentences"], idf, ranker)
        )
        relevance_rows.append(in_scope.features)
        relevance_labels.append(int(row["label"] != "NEI"))
        if row["label"] != "NEI":
            top = sorted(range(len(row["sentences"])), key=lambda i: -related.lexical_scores[i])
            closest = [row["sentences"][i] for i in top[:STANCE_SENTENCES]]
            ranked = max(range(len(row["sentences"])), key=lambda i: related.sentence_scores[i])
            stance_rows.append(cues(row["claim"], closest, row["sentences"][ranked]))
            stance_labels.append(int(row["label"] == "SUPPORT"))
    relevance_model = logistic.fit(relevance_rows, relevance_labels, l2=1.0, steps=1500)
    stance_model = logistic.fit(stance_rows, stance_labels, l2=5.0)
    unrelated = _unrelated_threshold(relevance_model, relevance_rows, relevance_labels)
    with_embedding: logistic.Logistic | None = None
    unrelated_embedding = 0.0
    if options.lexical_only or not embedding.available():
        print("lexical only: the embedding relevance model is not fitted (extra `embeddings`)")
    else:
        embedder = embedding.MiniLm()
        rows = [
            features + embedding.features(embedder.cosines(row["claim"], row["sentences"]))
            for row, features in zip(train, relevance_rows, strict=True)
        ]
        with_embedding = logistic.fit(rows, relevance_labels, l2=1.0, steps=1500)
        unrelated_embedding = _unrelated_threshold(with_embedding, rows, relevance_labels)
    save(
        options.output,
        idf=idf,
        ranker=ranker,
        relevance=relevance_model,
        stance=stance_model,
        unrelated_below=unrelated,
        relevance_embedding=with_embedding,
        unrelated_below_embedding=unrelated_embedding,
        trained_on=f"SciFact train (claims CC BY 4.0; abstracts ODC-By 1.0), {len(train)} pairs",
    )
    print(f"wrote {options.output}: {len(idf.weights)} IDF words, unrelated below {unrelated:.3f}")


def _fit_ranker(train: list[dict], idf: Idf) -> logistic.Logistic:  # type: ignore[type-arg]
    """P(rationale) per sentence, from the annotated rationales of SUPPORT/CONTRADICT pairs."""
    rows: list[tuple[float, ...]] = []
    labels: list[int] = []
    for row in train:
        if row["label"] == "NEI" or not row["rationale"]:
            continue
        for index, features in enumerate(sentence_features(row["claim"], row["sentences"], idf)):
            rows.append(features)
            labels.append(int(index in row["rationale"]))
    return logistic.fit(rows, labels, l2=1.0, steps=300)


def _read(path: Path) -> list[dict]:  # type: ignore[type-arg]
    with path.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [{**row, "raw_claim": row["claim"], "claim": clean_claim(row["claim"])} for row in rows]


def _unrelated_threshold(
    model: logistic.Logistic, rows: list[tuple[float, ...]], labels: list[int]
) -> float:
    """Red only with high confidence: at most FALSE_RED_RATE of real train citations below it."""
    real = sorted(model.probability(row) for row, label in zip(rows, labels, strict=True) if label)
    allowed = int(FALSE_RED_RATE * len(real))  # this many real citations may be called red
    return math.floor(real[allowed] * 1000) / 1000


if __name__ == "__main__":
    main()
