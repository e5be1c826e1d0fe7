"""The records of a large XML dump (dblp, PubMed), one element at a time, the rest dropped.

Entities the document's DTD would define (dblp's `&ouml;`) come from the caller, since the
parser never fetches a DTD; an entity nobody defines is an error at its line and column.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.streams import DumpFile


def records(
    dump: DumpFile, tags: frozenset[str], entities: Mapping[str, str]
) -> Iterator[ET.Element]:
    """Each child of the root element whose tag is in `tags`, complete; read it before the next."""
    parser = ET.XMLParser()
    parser.entity.update(entities)
    root: ET.Element | None = None
    depth = 0
    events = ET.iterparse(dump, events=("start", "end"), parser=parser)
    try:
        for event, element in events:
            if event == "start":
                depth += 1
                if root is None:
                    root = element
                continue
            depth -= 1
            if depth == 1 and root is not None:
                if element.tag in tags:
                    yield element
                root.clear()
    except ET.ParseError as error:
        line, column = error.position
        raise DumpError(dump.name, line, column + 1, _problem(str(error))) from None


def text_of(element: ET.Element | None) -> str:
    """All the text inside an element (markup such as <i> dropped), spaces collapsed."""
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


def _problem(message: str) -> str:
    what = message.split(":", 1)[0]
    if what.startswith("undefined entity"):
        return (
            f"{what}: the document uses an entity its DTD does not define; put the dump's DTD "
            "beside it (dblp.xml needs dblp.dtd) or give it with --dtd"
        )
    if what in ("no element found", "unclosed token"):
        return f"the XML ends in the middle of a record ({what}): the file is truncated"
    return f"the XML is malformed ({what})"
