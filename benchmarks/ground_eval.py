"""The issue-6 figures of the local scorer on the dev pairs (never fitted on): AUROC, top-3, speed.

Run: .venv/bin/python -m benchmarks.ground_eval [--data ../shared/data/ground] [--split dev]
     [--embeddings]   (relevance with the MiniLM cosines: extra `embeddings`)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.local_params import OUTPUT, load
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Judgement, Pair

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "ground")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--embeddings", action="store_true", help="add the embedding cosines")
    options = parser.parse_args()
    started = time.perf_counter()
    load.cache_clear()
    scorer = LocalScorer(load(OUTPUT), embeddings=options.embeddings)
    if scorer.uses_embeddings:
        scorer.judge(_pair({"claim": "warm up", "sentences": ["the model"], "title": ""}))
    load_s = time.perf_counter() - started
    mode = "lexical + embeddings" if scorer.uses_embeddings else "lexical"
    print(f"scorer: {mode}; model load: {load_s * 1000:.0f} ms")
    for name in ("scifact", "citint"):
        rows = _read(options.data / f"pairs_{name}_{options.split}.jsonl")
        pairs = [_pair(row) for row in rows]
        asyncio.run(scorer.score(pairs[:20]))  # warm
        started = time.perf_counter()
        judgements = asyncio.run(scorer.score(pairs))
        per_pair_ms = (time.perf_counter() - started) * 1000 / len(pairs)
        _report(name, rows, judgements, per_pair_ms)


def _report(name: str, rows: list[dict], judgements: tuple[Judgement, ...], ms: float) -> None:  # type: ignore[type-arg]
    related = [int(row["label"] != "NEI") for row in rows]
    relevance = [judgement.relevance for judgement in judgements]
    stance = [
        (j.support or 0.0, int(r["label"] == "SUPPORT"))
        for r, j in zip(rows, judgements, strict=True)
        if r["label"] != "NEI"
    ]
    with_rationale = [(r, j) for r, j in zip(rows, judgements, strict=True) if r["rationale"]]
    hits = sum(
        1 for r, j in with_rationale if {p.index for p in j.evidence[:3]} & set(r["rationale"])
    )
    print(f"\n## {name} {len(rows)} pairs")
    print(f"relevance AUROC (SUPPORT or CONTRADICT vs NEI): {auroc(relevance, related):.3f}")
    print(f"rationale in top-3: {hits}/{len(with_rationale)} = {hits / len(with_rationale):.1%}")
    print(
        "support AUROC (SUPPORT vs CONTRADICT): "
        f"{auroc([s for s, _ in stance], [label for _, label in stance]):.3f}"
    )
    print(f"speed: {ms:.2f} ms per pair (batched, warm)")
    print("reliability of relevance (bin, pairs, mean predicted, observed related):")
    _reliability(relevance, related)
    print("reliability of support on SUPPORT/CONTRADICT pairs (observed SUPPORT):")
    _reliability([s for s, _ in stance], [label for _, label in stance])
    badges: dict[str, int] = {}
    for judgement in judgements:
        badges[judgement.badge.value] = badges.get(judgement.badge.value, 0) + 1
    red_nei = sum(
        1
        for r, j in zip(rows, judgements, strict=True)
        if j.badge.value == "red" and r["label"] == "NEI"
    )
    print(f"badges: {badges}; red badges on NEI pairs: {red_nei}/{badges.get('red', 0)}")
    real = sum(related)
    false_red = badges.get("red", 0) - red_nei
    print(f"false red (real citations said unrelated): {false_red}/{real} = {false_red / real:.1%}")


def auroc(scores: list[float], labels: list[int]) -> float:
    """Mann-Whitney AUROC with ties counted half."""
    ranked = sorted(zip(scores, labels, strict=True))
    ranks = [0.0] * len(ranked)
    index = 0
    while index < len(ranked):
        end = index
        while end + 1 < len(ranked) and ranked[end + 1][0] == ranked[index][0]:
            end += 1
        for k in range(index, end + 1):
            ranks[k] = (index + end) / 2 + 1
        index = end + 1
    positives = sum(label for _, label in ranked)
    negatives = len(ranked) - positives
    rank_sum = sum(rank for rank, (_, label) in zip(ranks, ranked, strict=True) if label)
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def _reliability(scores: list[float], labels: list[int], bins: int = 5) -> None:
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        inside = [
            (s, y)
            for s, y in zip(scores, labels, strict=True)
            if low <= s < high or (b == bins - 1 and s == 1.0)
        ]
        if inside:
            mean = sum(s for s, _ in inside) / len(inside)
            observed = sum(y for _, y in inside) / len(inside)
            print(f"  [{low:.1f},{high:.1f})  {len(inside):4d}  {mean:.2f}  {observed:.2f}")


def _pair(row: dict) -> Pair:  # type: ignore[type-arg]
    evidence = Evidence(EvidenceKind.ABSTRACT, tuple(row["sentences"]), row["title"])
    return Pair(Claim(row["claim"]), evidence)  # the scorer strips citation markers itself


def _read(path: Path) -> list[dict]:  # type: ignore[type-arg]
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


if __name__ == "__main__":
    main()
