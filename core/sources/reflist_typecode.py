"""GB/T 7714 (China's national standard for references) marks the kind of each work with a
bracketed code right after its title: "LECUN Y, BENGIO Y, HINTON G. Deep learning[J]. Nature,
2015, 521(7553): 436-444.", "HE K, ZHANG X, REN S, et al. Deep residual learning for image
recognition[C]//Proceedings of the IEEE Conference on CVPR. 2016: 770-778.", "GOODFELLOW I,
BENGIO Y, COURVILLE A. Deep learning[M]. Cambridge: MIT Press, 2016.".

The code ends the title and names the kind of work; "//" introduces the container a part is
published in; after a book's, a thesis's or a report's code comes "City: Publisher, Year".
"/OL" (online) may follow any code: "[C/OL]", "[J/OL]", "[EB/OL]".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_KINDS = {
    "J": "article-journal",
    "C": "paper-conference",
    "M": "book",
    "D": "thesis",
    "R": "report",
    "S": "standard",
    "P": "patent",
    "N": "article-newspaper",
    "A": "chapter",
    "G": "book",  # a compilation
    "Z": "document",
    "DB": "dataset",
    "CP": "software",
    "EB": "webpage",
}
_CODE = re.compile(r"\[\s*(?P<code>DB|CP|EB|[JCMDRSPNAGZ])\s*(?:/\s*OL\s*)?\]")
# Works published on their own: what follows their code is where and by whom.
_STANDALONE = frozenset(("book", "thesis", "report", "standard", "patent", "document"))
_PLACE_PUBLISHER = re.compile(
    rf"^(?:(?P<place>[^:,.;]{{2,40}}):\s*)(?P<publisher>[^,:;]{{2,120}}?)\s*[,.]\s*{_YEAR}"
)


@dataclass(frozen=True, slots=True)
class TypeCode:
    """A reference's type code: the text before it (authors, year, title), the kind it names,
    and the text after it (container or publisher, year, pages)."""

    head: str
    kind: str
    rest: str

    @property
    def standalone(self) -> bool:
        """Whether the work is published on its own (a book, a thesis), not in a container."""
        return self.kind in _STANDALONE


def type_code(body: str) -> TypeCode | None:
    """The reference split at its GB/T 7714 type code, or None where it has none. The code
    must follow a title: a word before it, and no space between."""
    for match in _CODE.finditer(body):
        head = body[: match.start()]
        if not head or not (head[-1].isalnum() or head[-1] in "?!)”\"'’"):
            continue
        rest = re.sub(r"^\s*(?://|[.,])?\s*", "", body[match.end() :])
        return TypeCode(head=head.strip(), kind=_KINDS[match.group("code")], rest=rest)
    return None


def place_and_publisher(rest: str) -> tuple[str, str]:
    """ "Cambridge: MIT Press, 2016." as ("Cambridge", "MIT Press"); ("", "") where the text
    does not open with a place and a publisher."""
    match = _PLACE_PUBLISHER.match(rest.strip())
    if match is None:
        return "", ""
    return match.group("place").strip(), match.group("publisher").strip()
