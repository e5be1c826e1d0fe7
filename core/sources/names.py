"""BibTeX name lists to Persons by BibTeX's own rules, so authors compare part by part."""

from __future__ import annotations

import re
from functools import lru_cache
from sys import intern

from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.latex_text import decode_latex

__all__ = ["parse_name", "parse_names", "split_names"]

_AND = re.compile(r"\s+and(?:\s+|\s*$)", re.IGNORECASE)
_WORD_BREAK = re.compile(r"[\s~]+")
_OTHERS = frozenset({"others", "et al.", "et al", "{others}"})
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "v", "junior", "senior"})
_INITIALS = re.compile(r"[A-Z]{1,3}")


@lru_cache(maxsize=32768)
def parse_names(value: str) -> tuple[tuple[Person, ...], bool]:
    """The people of an author or editor field (raw LaTeX), and whether it ends in `and others`."""
    people: list[Person] = []
    others = False
    parse = parse_name if _LATEX.search(value) else _parse_plain
    for name in split_names(value):
        if name.strip().lower() in _OTHERS:
            others = True
            continue
        person = parse(name)
        if person != _NOBODY:
            people.append(person)
    return tuple(people), others


def split_names(value: str) -> list[str]:
    """The names of a list, split at each `and` outside braces; a list written with commas
    instead ("Smith, J., Jones, K." or "John Smith, Kate Jones, Li Wei") is split at them."""
    if "{" not in value:
        names = [part for part in _AND.split(value.strip()) if part.strip()]
    else:
        names = []
        start = 0
        for match in _AND.finditer(value):
            if _depth(value, match.start()) == 0:
                names.append(value[start : match.start()])
                start = match.end()
        names.append(value[start:])
        names = [name for name in names if name.strip()]
    if len(names) == 1:
        return _comma_list(names[0]) or names
    return names


def _comma_list(name: str) -> list[str] | None:
    """The people of one name that BibTeX cannot read: three or more comma-separated parts
    that are not `von Last, Jr, First`. None when the commas are BibTeX's own."""
    parts = [part.strip() for part in _split_top(name, ",")]
    if len(parts) < 3 or not all(parts):
        return None
    if len(parts) == 3 and (_is_suffix(parts[1]) or _is_suffix(parts[2])):
        return None
    if all(len(_words(part)) >= 2 for part in parts):
        return [_vancouver(part) for part in parts]  # "John Smith", "Smith JK"
    if len(parts) % 2 == 0 and all(_is_given(part) for part in parts[1::2]):
        return [f"{family}, {given}" for family, given in zip(parts[::2], parts[1::2], strict=True)]
    return None


def _vancouver(part: str) -> str:
    """ "Smith JK" as "Smith, J. K."; any other name as written."""
    words = _words(part)
    if len(words) >= 2 and _INITIALS.fullmatch(words[-1]):
        return f"{' '.join(words[:-1])}, {' '.join(f'{c}.' for c in words[-1])}"
    return part


def _is_given(part: str) -> bool:
    """Initials or one to three capitalised given names: "J.", "J. K.", "Kate", "Mary Ann"."""
    words = _words(part)
    return 0 < len(words) <= 3 and all(w[:1].isupper() for w in words)


def parse_name(name: str) -> Person:
    """One name: `First von Last`, `von Last, First` or `von Last, Jr, First`."""
    name = name.strip().strip(",").strip()
    if _is_wholly_braced(name):
        return Person(literal=decode_latex(name[1:-1]))
    parts = _split_top(name, ",")
    if len(parts) == 1:
        words = _words(parts[0])
        if not words:
            return _NOBODY
        if len(words) == 1:
            return _person(first=[], von=[], last=words, jr=[])
        von_start = next((i for i, w in enumerate(words[:-1]) if _is_lower(w)), None)
        if von_start is None:
            return _person(first=words[:-1], von=[], last=words[-1:], jr=[])
        von_end = max(i for i in range(von_start, len(words) - 1) if _is_lower(words[i]))
        return _person(
            first=words[:von_start],
            von=words[von_start : von_end + 1],
            last=words[von_end + 1 :],
            jr=[],
        )
    parts = _suffix_last(parts)
    von_last = _words(parts[0])
    jr = _words(parts[1]) if len(parts) >= 3 else []
    first = _words(" ".join(parts[2:] if len(parts) >= 3 else parts[1:]))
    if not von_last:
        return _person(first=[], von=[], last=first, jr=jr) if first else _NOBODY
    von_end = -1
    for i, word in enumerate(von_last[:-1]):
        if _is_lower(word):
            von_end = i
    return _person(first=first, von=von_last[: von_end + 1], last=von_last[von_end + 1 :], jr=jr)


def _suffix_last(parts: list[str]) -> list[str]:
    """`Last, First, Jr.`, as people write it, read as BibTeX's `Last, Jr., First`."""
    if len(parts) == 3 and _is_suffix(parts[2]) and not _is_suffix(parts[1]):
        return [parts[0], parts[2], parts[1]]
    return parts


def _is_suffix(part: str) -> bool:
    return part.strip().strip(".").lower() in _SUFFIXES


_NOBODY = Person()
_LATEX = re.compile(r"[{}\\~$]|--|``|''")


def _parse_plain(name: str) -> Person:
    """`parse_name` for the common name without braces or commands: no decoding needed. The
    parts are interned: a large bibliography names the same people in many entries."""
    parts = _suffix_last(name.split(","))
    if len(parts) == 1:
        words = name.split()
        if len(words) <= 1:
            return Person(family=intern(words[0])) if words else _NOBODY
        lower = [i for i, word in enumerate(words[:-1]) if _plain_is_lower(word)]
        if not lower:
            return Person(family=intern(words[-1]), given=intern(" ".join(words[:-1])))
        return Person(
            family=intern(" ".join(words[lower[-1] + 1 :])),
            given=intern(" ".join(words[: lower[0]])),
            von=intern(" ".join(words[lower[0] : lower[-1] + 1])),
        )
    von_last = parts[0].split()
    jr = " ".join(parts[1].split()) if len(parts) >= 3 else ""
    first = " ".join(" ".join(parts[2:] if len(parts) >= 3 else parts[1:]).split())
    if not von_last:
        return Person(family=intern(first), suffix=jr) if first else _NOBODY
    von_end = -1
    for i, word in enumerate(von_last[:-1]):
        if _plain_is_lower(word):
            von_end = i
    return Person(
        family=intern(" ".join(von_last[von_end + 1 :])),
        given=intern(first),
        von=intern(" ".join(von_last[: von_end + 1])),
        suffix=jr,
    )


def _plain_is_lower(word: str) -> bool:
    for char in word:
        if char.isalpha():
            return char.islower()
    return False


def _person(*, first: list[str], von: list[str], last: list[str], jr: list[str]) -> Person:
    return Person(
        family=decode_latex(" ".join(last)),
        given=decode_latex(" ".join(first)),
        von=decode_latex(" ".join(von)),
        suffix=decode_latex(" ".join(jr)),
    )


def _is_wholly_braced(name: str) -> bool:
    if len(name) < 2 or name[0] != "{" or name[-1] != "}":
        return False
    depth = 0
    for index, char in enumerate(name):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0 and index < len(name) - 1:
                return False
    return True


def _depth(text: str, end: int) -> int:
    depth = 0
    for char in text[:end]:
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
    return depth


def _split_top(text: str, separator: str) -> list[str]:
    """Split at `separator` outside braces (unbalanced braces simply stay open)."""
    if "{" not in text:
        return text.split(separator)
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _words(text: str) -> list[str]:
    """Words split at spaces and ties outside braces."""
    if "{" not in text:
        return [word for word in _WORD_BREAK.split(text) if word]
    words: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        if depth == 0 and (char.isspace() or char == "~"):
            if current:
                words.append("".join(current))
                current = []
            continue
        current.append(char)
    if current:
        words.append("".join(current))
    return words


def _is_lower(word: str) -> bool:
    """BibTeX's test for a von word: its first letter outside braces is lower case.

    A brace group opening with a command (`{\\"o}`, `{\\ss}`) is a special character and
    speaks for its letter; any other brace group is caseless and skipped.
    """
    depth = 0
    index = 0
    while index < len(word):
        char = word[index]
        if char == "{":
            if depth == 0 and word[index + 1 : index + 2] == "\\":
                return _special_is_lower(word[index + 2 :])
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif depth == 0 and char == "\\":
            return _special_is_lower(word[index + 1 :])
        elif depth == 0 and char.isalpha():
            return char.islower()
        index += 1
    return False


def _special_is_lower(rest: str) -> bool:
    """A special character's case: that of a foreign letter command, else its next letter."""
    command = _COMMAND.match(rest)
    if command is None:
        return False
    if command.group(1) in _FOREIGN_LETTERS:
        return command.group(1).islower()
    letter = next((c for c in rest[command.end() :] if c.isalpha()), "")
    return letter.islower()


_COMMAND = re.compile(r"([A-Za-z]+)|.", re.DOTALL)
_FOREIGN_LETTERS = frozenset(
    {"i", "j", "oe", "OE", "ae", "AE", "aa", "AA", "o", "O", "l", "L", "ss", "SS"}
)
