"""Where a free-text author list ends when its names carry initials.

A full stop after an initial may end the list (Vancouver and AMA: "Cakmak M, Lopes M. Title")
or not (BibTeX's plain, plainnat, abbrv and acm styles: "Donald E. Knuth. Title", "X. Su, O.
K.-C. Au, and R. W. H. Lau. Title"). And a colon may end it (DIN 1505: "Berger, Jens: Title")
or belong to the title ("Wu Y. SGD-X: A Benchmark").
"""

from __future__ import annotations

import re

from cite_sentinel.core.sources.reflist_people import UPPER

_LAST_NAME = re.compile(r"(?:[,;]\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*)")
# An initial, also of a hyphenated given name: "K.-C.", "I.-g." (In-geol).
_AN_INITIAL = rf"[{UPPER}][a-z]?\.(?:\s*-\s*[{UPPER}a-z]\.)?"  # also "Md.", "Th."
_GIVEN_AND_INITIALS = re.compile(  # "Donald E.", "L.-wei H." (Li-wei H.)
    rf"(?:[{UPPER}][\w'’-]+|[{UPPER}]\.-[a-z]+)(?:\s+[{UPPER}][\w'’-]+)*(?:\s*{_AN_INITIAL})+"
)
_ONLY_INITIALS = re.compile(rf"(?:{_AN_INITIAL}\s*-?\s*)+")
_DOTTED_INITIAL = re.compile(rf"\b[{UPPER}]\.")
_LONE_FAMILY = re.compile(rf"[{UPPER}][\w'’-]+")
_FULL_NAME = re.compile(rf"[{UPPER}][\w'’-]+(?:\s+[{UPPER}][\w'’-]+)+")
_VANCOUVER_NAME = re.compile(rf"[{UPPER}][\w'’-]+(?:\s+[\w'’-]+)*\s+[{UPPER}]{{1,3}}")
_NAME_ENDS = re.compile(
    r"(?:(?:van|von|de|der|den|da|di|du|del|della|dos|das|le|la|ten|ter)\s+)*"
    rf"[{UPPER}][\w'’-]*(?:,?\s+(?:Jr|Sr|II|III|IV)\.?)?"
    rf"(?=[.;]\s|,\s|\s*&|\s+and\s+(?:[{UPPER}][\w'’-]*\.?\s+){{0,3}}[{UPPER}][\w'’-]+[.,])"
)
_NAMES_END = re.compile(rf"[{UPPER}][\w'’-]*(?:\s+[{UPPER}][\w'’-]*){{1,2}}(?=[.;,]\s|\s*&)")
_NAMES_BEFORE_COMMA = re.compile(rf"[{UPPER}][\w'’-]*(?:\s+[{UPPER}][\w'’-]*){{1,2}},\s")
# A word of a name as written: "Jens", "Jean-Luc", "O'Neil", an initial ("D.", "Md.").
_NAME_WORD = re.compile(
    rf"[{UPPER}][a-z\u00df-\u024f'’]+(?:-[{UPPER}]?[a-z\u00df-\u024f'’]+)*|{_AN_INITIAL}"
)
# After the last full stop of a DIN author list: more "Family, I." names ("and Doe, K.").
_DIN_NAMES = re.compile(
    rf"(?:(?:and|&)\s+)?(?:[{UPPER}][\w'’-]+(?:\s[{UPPER}][\w'’-]+)?,\s(?:{_AN_INITIAL}\s?)+"
    r"(?:;\s|,\s|\s(?:and|&)\s)?)+"
)

_INITIAL_OR_PART = rf"(?:{_AN_INITIAL}|[{UPPER}]\.-[a-z]+)"  # also "Y.-fang" (Yi-fang)
# A whole list of "Family, I." names: "Wu, Y., Noonan, J. P., and Schaar, M. van der"
_INVERTED_NAME = (
    r"(?:(?:van|von|de|der|den|da|di|du|del|della|le|la)\s+)*"
    rf"[{UPPER}][\w'’-]+(?:\s[{UPPER}][\w'’-]+)?,\s{_INITIAL_OR_PART}(?:\s?{_INITIAL_OR_PART})*"
    r"(?:\s(?:van|von|de|der|den|da|di|du|del|della|le|la)\b)*"
)
_INVERTED_LIST = re.compile(
    rf"{_INVERTED_NAME}(?:(?:,\s(?:and\s|&\s)?|\s(?:and|&)\s|;\s){_INVERTED_NAME})*"
)

# Names written initials first, as Elsevier and APS print them: "A. Gruslys", "V.C. de
# Verdière", "C.-W. Yang", "W. Ming Tai", "and L. Schmidt-Thieme".
_INITIALS_FIRST = re.compile(
    rf"(?:(?:{_AN_INITIAL}|[{UPPER}]\.-[a-z]+)\s?)+"  # also "L.-wei H. Lehman" (Li-wei)
    r"(?:(?:van|von|de|der|den|da|di|du|del|della|dos|das|le|la|ten|ter)\s+)*"
    rf"[{UPPER}][\w'’-]+(?:\s[{UPPER}][\w'’-]+)?(?:,?\s(?:Jr|Sr)\.?)?"
)
_AND = re.compile(r"^(?:and|&)\s+|\s+(?:and|&)\s+")


def initials_first(text: str) -> bool:
    """Whether a comma-separated piece of an author list is one name or two written initials
    first ("A. Gruslys", "V. M. Kettnaker and R. Zabih"), not a title."""
    names = [name for name in _AND.split(text.strip()) if name]
    return bool(names) and all(_INITIALS_FIRST.fullmatch(name) for name in names)


def name_goes_on(before: str, after: str) -> bool:
    """Whether the full stop between `before` and `after` is an initial's inside a name, not
    the end of the author list: "Donald E." then "Knuth. Literate programming"."""
    if not _middle_initial(before):
        return False
    return bool(_NAME_ENDS.match(after)) or _after_initials(before, after)


def names_end_at_colon(authors: str) -> bool:
    """Whether the text before a colon is a DIN author list, not part of a title."""
    if _INVERTED_LIST.fullmatch(authors.strip()):
        return True  # Copernicus: "Wu, Y., Noonan, J. P., and Natarajan, P.: Title"
    last = _LAST_NAME.split(authors.strip())[-1].split()
    if not all(_NAME_WORD.fullmatch(word) for word in last):
        return False  # "Leslie Lamport, LaTeX: a document …": no given name reads "LaTeX"
    tail = authors.rsplit(". ", 1)[-1] if ". " in authors else ""
    # "Mu Y. Localize, Assemble: …", "Ju, W. Face and …: …": the colon is the title's
    return not tail or bool(_ONLY_INITIALS.fullmatch(tail) or _DIN_NAMES.fullmatch(tail))


def _middle_initial(before: str) -> bool:
    """Whether the list so far ends in a given name's initial ("Donald E.", "and D.E."), not
    in the initials of a name written family first ("Shah, N.")."""
    pieces = _LAST_NAME.split(before.strip())
    if any(_VANCOUVER_NAME.fullmatch(piece.strip()) for piece in pieces[:-1]):
        return False  # "Cakmak M, Lopes M.": undotted initials, the full stop ends the list
    last = pieces[-1].strip()
    if _ONLY_INITIALS.fullmatch(last):
        separators = _LAST_NAME.findall(before.strip())
        if not separators or re.search(r"\band\b|&", separators[-1]):
            return True  # the list's first name, or its last: "and K. C."
        # Initials first when the name before is written so ("X. Su, O. K.-C.") or in full
        # ("Monika Henzinger, A. R."); after a family name alone they are its ("Shah, N.").
        previous = pieces[-2].strip()
        return bool(_DOTTED_INITIAL.search(previous) or _FULL_NAME.fullmatch(previous))
    if len(pieces) > 1 and _LONE_FAMILY.fullmatch(pieces[-2].strip()):
        return False  # ISO 690's "HUTH, Alexander G.": given names after the family end it
    return bool(_GIVEN_AND_INITIALS.fullmatch(last))


def _after_initials(before: str, after: str) -> bool:
    """After an initial the rest of the name may be more than one word: "and F. Maxwell
    Harper.", or, before the comma of the next name, "Yuneisy E. Garcia Guzman, Péter …"
    (not "Li P. Sign-Full Random Projections.", AMA's single author and a title)."""
    last = _LAST_NAME.split(before.strip())[-1].strip()
    if _ONLY_INITIALS.fullmatch(last):
        return bool(_NAMES_END.match(after))
    return bool(_NAMES_BEFORE_COMMA.match(after))
