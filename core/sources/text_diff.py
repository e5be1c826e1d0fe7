"""Where two versions of a long text differ, found without a character loop over all of it."""

from __future__ import annotations

_BLOCK = 1 << 15


def common_ends(old: str, new: str) -> tuple[int, int]:
    """Lengths of the longest common prefix and suffix (not overlapping in either text)."""
    prefix = _prefix(old, new, 0, min(len(old), len(new)))
    room = min(len(old), len(new)) - prefix
    suffix = _suffix(old, new, room)
    return prefix, suffix


def _prefix(a: str, b: str, start: int, limit: int) -> int:
    at = start
    while at < limit and a[at : at + _BLOCK] == b[at : at + _BLOCK]:
        at += _BLOCK
    if at >= limit:
        return limit
    low, high = at, min(at + _BLOCK, limit)  # a[:low] == b[:low]; they differ before high
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _suffix(a: str, b: str, limit: int) -> int:
    la, lb = len(a), len(b)
    done = 0
    while done < limit:
        size = min(_BLOCK, limit - done)
        if a[la - done - size : la - done] != b[lb - done - size : lb - done]:
            break
        done += size
    if done >= limit:
        return limit
    low, high = done, min(done + _BLOCK, limit)  # suffixes of length low agree
    while low < high:
        middle = (low + high + 1) // 2
        if a[la - middle : la - low] == b[lb - middle : lb - low]:
            low = middle
        else:
            high = middle - 1
    return low
