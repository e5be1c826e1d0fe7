"""arXiv: papers by id from the export API's Atom feed, in batches, one request every 3 s.

The API answers 400 for a whole batch when one id is malformed, so ids that cannot be
arXiv ids are answered as absent before asking. An entry's comment saying "withdrawn"
marks a withdrawn paper; `arxiv:doi` names its published version.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping, Sequence

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import arxiv_doi, normalise_arxiv, normalise_doi
from cite_sentinel.core.model import Identifiers, Record
from cite_sentinel.core.records import person_from_name
from cite_sentinel.core.verify.backends.endpoints import base_url
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome

BATCH = 100
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_NEW_ID = re.compile(r"^\d{4}\.\d{4,5}$")
_OLD_ID = re.compile(r"^[a-z][a-z\-]*(\.[a-z]{2})?/\d{7}$", re.IGNORECASE)
_WITHDRAWN = re.compile(r"\bwithdrawn\b", re.IGNORECASE)


class Arxiv:
    """The arXiv export API."""

    name = Api.ARXIV

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.ARXIV, env)

    async def by_ids(self, ids: Sequence[str]) -> dict[str, Outcome]:
        """One outcome per id as given (with or without version); unknown = Answered(())."""
        wanted: dict[str, list[str]] = {}
        for original in ids:
            wanted.setdefault(normalise_arxiv(original), []).append(original)
        valid = [i for i in wanted if is_arxiv_id(i)]
        found: dict[str, Outcome] = {}
        for start in range(0, len(valid), BATCH):
            found.update(await self._batch(valid[start : start + BATCH]))
        return {
            original: found.get(normalised, Answered(()))
            for normalised, originals in wanted.items()
            for original in originals
        }

    async def _batch(self, ids: Sequence[str]) -> dict[str, Outcome]:
        params = [("id_list", ",".join(ids)), ("max_results", str(len(ids)))]
        try:
            reply = await self._http.request(
                Api.ARXIV, "GET", self._base, "/api/query", params=params, freshness=_freshness
            )
            records = records_from_feed(reply.body)
        except SourceError as error:
            return dict.fromkeys(ids, Failed(str(error)))
        except (ElementTree.ParseError, ValueError):
            return dict.fromkeys(ids, Failed("arxiv: malformed Atom feed"))
        by_id = {record.identifiers.arxiv: record for record in records}
        return {i: Answered((by_id[i],) if i in by_id else ()) for i in ids}


def is_arxiv_id(value: str) -> bool:
    """Whether a normalised id has one of arXiv's two shapes (2101.00001, hep-th/9901001)."""
    return bool(_NEW_ID.match(value) or _OLD_ID.match(value))


def records_from_feed(body: bytes) -> list[Record]:
    """The entries of an Atom feed as Records; the API's error entries are skipped."""
    root = ElementTree.fromstring(body)
    return [
        record for entry in root.iter(f"{_ATOM}entry") if (record := _record(entry)) is not None
    ]


def _record(entry: ElementTree.Element) -> Record | None:
    url = _text(entry, f"{_ATOM}id")
    if "/abs/" not in url:
        return None  # an error entry: https://arxiv.org/api/errors#…
    arxiv = normalise_arxiv(url.split("/abs/", 1)[1])
    published = _text(entry, f"{_ATOM}published")
    comment = _text(entry, f"{_ARXIV}comment")
    doi = normalise_doi(_text(entry, f"{_ARXIV}doi"))
    return Record(
        source="arxiv",
        id=arxiv,
        title=_text(entry, f"{_ATOM}title"),
        people=tuple(
            person_from_name(_text(author, f"{_ATOM}name"))
            for author in entry.iter(f"{_ATOM}author")
        ),
        year=int(published[:4]) if published[:4].isdigit() else None,
        date=published[:10],
        venue=_text(entry, f"{_ARXIV}journal_ref"),
        kind="preprint",
        eprint_class=_primary_category(entry),
        identifiers=Identifiers(doi=arxiv_doi(arxiv), arxiv=arxiv),
        url=f"https://arxiv.org/abs/{arxiv}",
        abstract=_text(entry, f"{_ATOM}summary"),
        withdrawn=bool(_WITHDRAWN.search(comment)),
        is_preprint=True,
        published_doi=doi,
    )


def _freshness(reply: Reply) -> Freshness | None:
    if reply.status != 200:
        return None
    try:
        records = records_from_feed(reply.body)
    except (ElementTree.ParseError, ValueError):
        return None
    return Freshness.FOUND if records else Freshness.NOT_FOUND


def _primary_category(entry: ElementTree.Element) -> str:
    """The preprint's primary subject class (`cs.LG`), as `<arxiv:primary_category>` names it."""
    found = entry.find(f"{_ARXIV}primary_category")
    return str(found.get("term") or "").strip() if found is not None else ""


def _text(element: ElementTree.Element, tag: str) -> str:
    found = element.find(tag)
    return " ".join((found.text or "").split()) if found is not None else ""
