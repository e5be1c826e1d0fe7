"""Do manuscripts get the clause scope the corpus figures measured? CitInt dev as papers.

Run from the repository root: `.venv/bin/python -m benchmarks.claim_marks_accuracy`.
Each citing sentence of `../shared/data/ground/pairs_citint_dev.jsonl` is written as a
manuscript: every citation of its corpus markers (`[<|cit|>]`, `(<|other_cit|>, <|cit|>)`,
superscripts) becomes a Markdown `[@key; …]`, a LaTeX `~\\cite{key,…}` or Typst `#cite(<key>)`s
at the same place, read by the real reader and turned into claims by `core.ground.claims`; the
cited work's claim is scored by the local scorer. Relevance AUROC (SUPPORT or CONTRADICT vs
NEI) and false red are compared with the corpus claim as marked (what docs/BENCHMARKS.md
reports) and with the whole sentence (what manuscripts got before citation places were kept).
Nothing is fitted here.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path

from cite_sentinel.core.ground.claim_scope import CITATION
from cite_sentinel.core.ground.claim_text import clean_claim
from cite_sentinel.core.ground.claims import claims_of
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Badge, Claim, Evidence, EvidenceKind, Judgement, Pair
from cite_sentinel.core.model import Read
from cite_sentinel.core.sources.latex import read_latex
from cite_sentinel.core.sources.markdown import read_markdown
from cite_sentinel.core.sources.typst import read_typst

from benchmarks.ground_eval import auroc

ROOT = Path(__file__).resolve().parents[1]
CITED = "cited"
_MARKER = re.compile(r"<\|([a-z_]+)\|>")
_READERS: dict[str, tuple[Callable[[str, str], Read], str]] = {
    "Markdown": (read_markdown, "paper.md"),
    "LaTeX": (read_latex, "paper.tex"),
    "Typst": (read_typst, "paper.typ"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT.parent / "shared" / "data" / "ground" / "pairs_citint_dev.jsonl"
    parser.add_argument("--pairs", type=Path, default=default)
    pairs_path = parser.parse_args().pairs
    if not pairs_path.exists():
        print(f"skipped: {pairs_path} is absent")
        return
    rows = [json.loads(line) for line in pairs_path.read_text(encoding="utf-8").splitlines()]
    related = [int(row["label"] != "NEI") for row in rows]
    scorer = LocalScorer()
    evidence = [Evidence(EvidenceKind.ABSTRACT, tuple(row["sentences"])) for row in rows]
    claims = [row["claim"] for row in rows]
    marked = [scorer.judge(Pair(Claim(c), e)) for c, e in zip(claims, evidence, strict=True)]
    whole = [
        scorer.judge(Pair(Claim(clean_claim(c)), e)) for c, e in zip(claims, evidence, strict=True)
    ]
    print(f"Citation-Integrity dev, {len(rows)} pairs, {sum(related)} related")
    _line("corpus claim, marked", marked, related)
    _line("whole sentence", whole, related)
    for name, (reader, path) in _READERS.items():
        judged, unread = [], 0
        for row, ev, fallback in zip(rows, evidence, whole, strict=True):
            claim = _manuscript_claim(row["claim"], name, reader, path)
            if claim is None:
                unread += 1
                judged.append(fallback)
            else:
                judged.append(scorer.judge(Pair(claim, ev, CITED)))
        _line(f"{name} manuscript ({unread} without a claim: whole)", judged, related)


def _manuscript_claim(
    claim: str, flavour: str, reader: Callable[[str, str], Read], path: str
) -> Claim | None:
    """The claim the cited work is asked when the sentence is written as a manuscript."""
    text = _written(claim, flavour)
    for cited in claims_of(reader(text + "\n", path).citations):
        keys = [citation.key for citation in cited.citations]
        if CITED in keys:
            return cited.claim_for(keys.index(CITED))
    return None


def _written(claim: str, flavour: str) -> str:
    """Corpus markers as citations: this work's as `cited`, each other one's its own key; the
    prose between them escaped where the format would read it as markup."""
    others = iter(range(1, 10_000))
    pieces: list[str] = []
    previous = 0
    for group in CITATION.finditer(claim):
        pieces.append(_ESCAPES[flavour](claim[previous : group.start()]))
        kinds = _MARKER.findall(group.group())
        keys = [CITED if kind in ("cit", "multi_cit") else f"other{next(others)}" for kind in kinds]
        pieces.append(_CITES[flavour](list(dict.fromkeys(keys))))
        previous = group.end()
    pieces.append(_ESCAPES[flavour](claim[previous:]))
    return "".join(pieces)


_CITES: dict[str, Callable[[list[str]], str]] = {
    "Markdown": lambda keys: " [" + "; ".join(f"@{key}" for key in keys) + "]",
    "LaTeX": lambda keys: "~\\cite{" + ",".join(keys) + "}",
    "Typst": lambda keys: "".join(f" #cite(<{key}>)" for key in keys),
}
_ESCAPES: dict[str, Callable[[str], str]] = {
    "Markdown": lambda text: text,
    "LaTeX": lambda text: re.sub(r"([%&#_$])", r"\\\1", text),
    "Typst": lambda text: re.sub(r"([$*_@<>#`\\\[\]])", r"\\\1", text),
}


def _line(name: str, judgements: list[Judgement], related: list[int]) -> None:
    relevance = [judgement.relevance for judgement in judgements]
    false_red = sum(
        1 for j, label in zip(judgements, related, strict=True) if label and j.badge is Badge.RED
    )
    print(
        f"{name}: relevance AUROC {auroc(relevance, related):.3f}, "
        f"false red {false_red}/{sum(related)}"
    )


if __name__ == "__main__":
    main()
