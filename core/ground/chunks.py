"""Full text cut into ~2000-character overlapping chunks, as the Citation Sentinel design does."""

from __future__ import annotations

SIZE = 2000
OVERLAP = 200


def chunks(text: str, *, size: int = SIZE, overlap: int = OVERLAP) -> tuple[str, ...]:
    """Chunks of about `size` characters sharing `overlap`; cuts fall on whitespace."""
    text = " ".join(text.split())
    out: list[str] = []
    start = 0
    while start < len(text):
        end = min(start + size, len(text))
        if end < len(text):
            space = text.rfind(" ", start + size // 2, end)
            end = space if space > 0 else end
        out.append(text[start:end].strip())
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
        space = text.find(" ", start, end)
        start = space + 1 if space >= 0 else start
    return tuple(piece for piece in out if piece)
