"""A citing sentence speaks for several works: score each against the clause its marker closes.

Writers put a citation right after the words it backs: in "X reduces hospitalisation [<|cit|>]
and may reduce mortality [<|other_cit|>]" the cited work is asked to back only the first
clause. When a claim marks this work's citation as `<|cit|>` or `<|multi_cit|>` (the
convention of citing-sentence corpora, also accepted by `ground` input) and other works as
`<|other_cit|>`, the scope is the text between the previous citation (or the start of the
marker's sentence) and this work's marker. Without such a marker, or when the scope is too
short to say anything (a narrative "Menni et al. [<|cit|>] showed that ..."), the whole
claim is the scope. Measured in docs/BENCHMARKS.md (Groundedness).
"""

from __future__ import annotations

import re

from cite_sentinel.core.ground.claim_text import clean_claim
from cite_sentinel.core.ground.tokens import words

# A citation: a bracketed or parenthesised group holding markers, or a bare (superscript) run.
CITATION = re.compile(
    r"\[[^\[\]]*<\|[a-z_]+\|>[^\[\]]*\]"
    r"|\([^()]*<\|[a-z_]+\|>[^()]*\)"
    r"|<\|[a-z_]+\|>(?:\s*[,;–-]\s*(?:<\|[a-z_]+\|>|\d+(?![\d.])))*"
)
_THIS_WORK = re.compile(r"<\|(?:cit|multi_cit)\|>")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?\s+(?=[A-Z(\[])")
MINIMUM_WORDS = 4  # content words a scope needs; fewer and the whole claim is scored


def scoped_claim(text: str) -> str:
    """The cleaned clause this work's marker closes, or the whole cleaned claim."""
    whole = clean_claim(text)
    citations = list(CITATION.finditer(text))
    mine = next((found for found in citations if _THIS_WORK.search(found.group())), None)
    if mine is None:
        return whole
    start = max((found.end() for found in citations if found.end() <= mine.start()), default=0)
    piece = text[start : mine.start()].rstrip(" .,;:")
    sentence_starts = [found.end() for found in _SENTENCE_END.finditer(piece)]
    if sentence_starts:
        piece = piece[sentence_starts[-1] :]
    scope = clean_claim(piece.strip(" ,;:"))
    return scope if len(words(scope)) >= MINIMUM_WORDS else whole
