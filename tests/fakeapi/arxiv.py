"""arXiv's export API: /api/query?id_list=… (and simple search_query) as Atom feeds."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse
from .works import Work, normalise_arxiv

_CONTENT_TYPE = "application/atom+xml; charset=utf-8"
_VALID_ID = re.compile(r"^(\d{4}\.\d{4,5}|[a-z\-]+(\.[A-Z]{2})?/\d{7})(v\d+)?$", re.I)
_UPDATED = "2026-04-12T22:10:19Z"
_HEAD = (
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
    'xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">\n'
)


def _entry(work: Work) -> str:
    arxiv_id = work.arxiv or ""
    version = 2 if work.withdrawn else 1
    stamp = f"{work.year or 2000}-01-15T12:00:00Z"
    lines = [
        "  <entry>",
        f"    <id>http://arxiv.org/abs/{arxiv_id}v{version}</id>",
        f"    <title>{escape(work.title)}</title>",
        f"    <updated>{stamp}</updated>",
        f'    <link href="https://arxiv.org/abs/{arxiv_id}v{version}" rel="alternate" type="text/html"/>',  # noqa: E501
        f'    <link href="https://arxiv.org/pdf/{arxiv_id}v{version}" rel="related" type="application/pdf" title="pdf"/>',  # noqa: E501
        f"    <summary>{escape(work.abstract or '')}</summary>",
        '    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>',
        f"    <published>{stamp}</published>",
    ]
    if work.withdrawn:
        comment = "This paper has been withdrawn by the author"
        lines.append(f"    <arxiv:comment>{comment}</arxiv:comment>")
    lines.append('    <arxiv:primary_category term="cs.LG"/>')
    published = _published(work)
    for doi in published:
        lines.append(f"    <arxiv:doi>{escape(doi)}</arxiv:doi>")
        lines.append(
            f'    <link title="doi" href={quoteattr("https://doi.org/" + doi)} rel="related"/>'
        )
    if published:
        lines.append(f"    <arxiv:journal_ref>{escape(_journal_ref(work))}</arxiv:journal_ref>")
    for person in work.authors:
        lines += [
            "    <author>",
            f"      <name>{escape(person.given)} {escape(person.family)}</name>",
            "    </author>",
        ]
    lines.append("  </entry>")
    return "\n".join(lines) + "\n"


def _published(work: Work) -> tuple[str, ...]:
    """The DOIs of the published version: the record's own, or those it links to."""
    return (work.doi,) if work.doi else work.is_preprint_of


def _journal_ref(work: Work) -> str:
    if work.doi and work.venue:
        return " ".join(v for v in (work.venue, work.volume or "", f"({work.year})") if v)
    return f"Published version: {', '.join(_published(work))}"


def _feed(title: str, entries: list[str], per_page: int) -> str:
    return (
        _HEAD
        + f"  <id>https://arxiv.org/api/fake</id>\n  <title>{escape(title)}</title>\n"
        + f"  <updated>{_UPDATED}</updated>\n"
        + f"  <opensearch:itemsPerPage>{per_page}</opensearch:itemsPerPage>\n"
        + f"  <opensearch:totalResults>{len(entries)}</opensearch:totalResults>\n"
        + "  <opensearch:startIndex>0</opensearch:startIndex>\n"
        + "".join(entries)
        + "</feed>\n"
    )


def _error_feed(bad: str) -> str:
    anchor = f"https://arxiv.org/api/errors#incorrect_id_format_for_{bad}"
    entry = (
        f"  <entry>\n    <id>{escape(anchor)}</id>\n    <title>Error</title>\n"
        f"    <updated>{_UPDATED}</updated>\n"
        f'    <link href={quoteattr(anchor)} rel="alternate" type="text/html"/>\n'
        f"    <summary>incorrect id format for {escape(bad)}</summary>\n"
        "    <author>\n      <name>arXiv api core</name>\n    </author>\n  </entry>\n"
    )
    return (
        _HEAD
        + "  <id>https://arxiv.org/</id>\n  <title>arXiv Search Results</title>\n"
        + f"  <updated>{_UPDATED}</updated>\n"
        + "  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>\n"
        + "  <opensearch:totalResults>1</opensearch:totalResults>\n"
        + "  <opensearch:startIndex>0</opensearch:startIndex>\n"
        + entry
        + "</feed>\n"
    )


def _answer(status: int, text: str) -> ApiResponse:
    return ApiResponse(
        status, (("content-type", _CONTENT_TYPE),), text.encode(), kind="arxiv.query"
    )


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    if request.path.rstrip("/") != "/api/query":
        return ApiResponse(404, (("content-type", "text/plain"),), b"Not Found", kind="arxiv.other")
    per_page = request.int_arg("max_results", 10, low=0, high=2000)
    id_list = [i.strip() for i in request.arg("id_list").split(",") if i.strip()]
    for identifier in id_list:
        if not _VALID_ID.match(identifier):
            return _answer(400, _error_feed(identifier))
    title = f"arXiv Query: search_query=&id_list={','.join(id_list)}"
    if id_list:
        found = (corpus.find_arxiv(normalise_arxiv(i)) for i in id_list)
        entries = [_entry(w) for w in found if w is not None]
        return _answer(200, _feed(title, entries, per_page))
    query = re.sub(r"\b(ti|au|abs|all):", " ", request.arg("search_query"))
    on_arxiv = set(corpus.by_arxiv.values())
    hits = corpus.search(query.replace('"', " "), per_page, among=on_arxiv)
    return _answer(200, _feed(title, [_entry(h.work) for h in hits], per_page))
