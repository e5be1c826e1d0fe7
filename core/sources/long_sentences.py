"""A citation in a "sentence" of thousands of characters (a line of nothing but citations, a
table row) carries the part of it around the citation, not all of it: otherwise every citation
repeats the whole line, and a report of 80 KB of Markdown grows to hundreds of megabytes."""

from __future__ import annotations

from dataclasses import replace

from cite_sentinel.core.model import Citation, Read

MAX_SENTENCE = 1000  # characters of a citing sentence (and of the one before) a citation keeps
_CUT = "…"


def windowed(read: Read) -> Read:
    """The read with each citation's sentence and context cut to MAX_SENTENCE characters
    around where it stands; citations in ordinary sentences are returned as they are."""
    if not any(_long(citation) for citation in read.citations):
        return read
    return replace(read, citations=tuple(_window(citation) for citation in read.citations))


def _long(citation: Citation) -> bool:
    return len(citation.sentence) > MAX_SENTENCE or len(citation.context) > MAX_SENTENCE


def _window(citation: Citation) -> Citation:
    sentence, mark, context = citation.sentence, citation.mark, citation.context
    if len(sentence) > MAX_SENTENCE:
        sentence, mark = _around(sentence, mark)
    if len(context) > MAX_SENTENCE:
        context = _CUT + " " + _word_start(context[-MAX_SENTENCE:]).lstrip()
    if sentence is citation.sentence and context is citation.context:
        return citation
    return replace(citation, sentence=sentence, context=context, mark=mark)


def _around(sentence: str, mark: int) -> tuple[str, int]:
    """MAX_SENTENCE characters of the sentence centred on `mark` (its start when the mark is
    unknown), cut at spaces and marked with an ellipsis; the mark moved along."""
    centre = mark if 0 <= mark <= len(sentence) else 0
    start = max(0, min(centre - MAX_SENTENCE // 2, len(sentence) - MAX_SENTENCE))
    end = start + MAX_SENTENCE
    if start > 0:
        start = _next_space(sentence, start, centre)
    if end < len(sentence):
        end = _previous_space(sentence, end, centre)
    head = _CUT + " " if start > 0 else ""
    tail = " " + _CUT if end < len(sentence) else ""
    piece = sentence[start:end].strip()
    shift = start + (len(sentence[start:end]) - len(sentence[start:end].lstrip()))
    moved = mark - shift + len(head) if mark >= 0 else -1
    return head + piece + tail, moved if 0 <= moved <= len(head) + len(piece) else -1


def _next_space(text: str, start: int, limit: int) -> int:
    """The first space at or after `start`, not beyond `limit` (else `start`)."""
    found = text.find(" ", start, max(limit, start))
    return found if found >= 0 else start


def _previous_space(text: str, end: int, limit: int) -> int:
    """The last space before `end`, not before `limit` (else `end`)."""
    found = text.rfind(" ", min(limit, end), end)
    return found if found >= 0 else end


def _word_start(text: str) -> str:
    space = text.find(" ")
    return text[space:] if 0 <= space < 40 else text
