"""The MCP server's tools, driven by the SDK's own client (in process) against the fake API."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from cite_sentinel.core import CheckSession, Config
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine
from cite_sentinel.core.workspace import Roots
from cite_sentinel.mcp.progress import engine_progress
from cite_sentinel.mcp.server import build_server
from cite_sentinel.mcp.session import Session, Settings, open_session
from mcp import Client
from mcp_types import ListRootsResult, Root, TextContent

from tests.conftest import ROOT
from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Corpus, Person, Work

NOWLAN = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {YEAR},
  volume  = {4},
  pages   = {473--493}
}"""
NOWLAN_DOI = "10.1162/neco.1992.4.4.473"
INVENTED = """@inproceedings{okafor2031,
  author    = {Okafor, Chidi and Lindqvist, Maja},
  title     = {Gradient Tempering for Calibrated Few-Shot Retrieval in Sparse Knowledge Graphs},
  booktitle = {Proceedings of the Conference on Learning Representations},
  year      = {2021}
}"""
EXAMPLE_BIB = ROOT / "examples" / "refs.bib"


@pytest.fixture
def roots(fake_api: FakeApi, tmp_path: Path) -> Roots:
    """A server reading tmp_path (as with --root), over the fake API."""
    return Roots.of([tmp_path], "--root")


@contextlib.asynccontextmanager
async def _client(roots: Roots, granted: Sequence[Path] | None = None) -> AsyncIterator[Client]:
    """The SDK's client on a server over the fake API; `granted`: the client's own roots."""
    settings = Settings(config=Config(), environ=dict(os.environ), roots=roots)
    callback = None
    if granted is not None:
        folders = [Root(uri=folder.as_uri(), name=folder.name) for folder in granted]

        async def callback(context: object) -> ListRootsResult:
            return ListRootsResult(roots=folders)

    async with (
        open_session(settings) as session,
        Client(build_server(session), list_roots_callback=callback) as client,
    ):
        yield client


async def _call(client: Client, tool: str, **arguments: object) -> dict[str, Any]:
    result = await client.call_tool(tool, dict(arguments))
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def _error(client: Client, tool: str, **arguments: object) -> str:
    result = await client.call_tool(tool, dict(arguments))
    assert result.is_error
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


# --- verify_reference ------------------------------------------------------------------------


async def test_a_miscited_reference_comes_back_with_its_entry_corrected(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "verify_reference", reference=NOWLAN.replace("YEAR", "1993"))
        assert answer["status"] == "miscited"
        assert {"field": "year", "cited": "1993", "found": "1992"}.items() <= answer["problems"][
            0
        ].items()
        (fixed,) = read_bibtex(answer["bibtex"], "fixed.bib").references
        assert (fixed.key, fixed.year) == ("nowlan1992", 1992)
        assert "pages   = {473--493}" in answer["bibtex"]  # the rest as written
        assert fixed.identifiers.doi == NOWLAN_DOI  # the DOI it lacked is added
        assert answer["match"]["doi"] == NOWLAN_DOI


async def test_an_invented_reference_is_fabricated_and_gets_no_entry(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "verify_reference", reference=INVENTED)
        assert answer["status"] == "fabricated"
        assert answer["bibtex"] is None and answer["match"] is None
        assert {s["status"] for s in answer["sources"]} >= {"answered"}


@pytest.mark.parametrize("doi", ["10.1162/neco.1992.4.4.473999", "doi:10.9999/invented.2021.7"])
async def test_an_invented_bare_doi_is_fabricated_as_doi_org_says_it_is_not_registered(
    roots: Roots, doi: str, fake_api: FakeApi
) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "verify_reference", reference=doi)
    assert answer["status"] == "fabricated" and answer["bibtex"] is None
    assert "the cited identifier exists nowhere" in answer["reason"]
    assert "nearest" not in answer["reason"]  # the DOI's digits were not searched as a title
    said = {s["name"]: (s["status"], s["reason"]) for s in answer["sources"]}
    assert said["doi"] == ("answered", "DOI not registered")


@pytest.mark.parametrize(
    "reference",
    [
        "Nowlan, S. J., & Hinton, G. E. (1992). Simplifying neural networks by soft "
        "weight-sharing. Neural Computation, 4(4), 473-493.",
        json.dumps(
            {
                "id": "nowlan1992",
                "type": "article-journal",
                "title": "Simplifying Neural Networks by Soft Weight-Sharing",
                "author": [
                    {"family": "Nowlan", "given": "Steven J."},
                    {"family": "Hinton", "given": "Geoffrey E."},
                ],
                "container-title": "Neural Computation",
                "issued": {"date-parts": [[1992]]},
            }
        ),
        NOWLAN_DOI,
    ],
    ids=["free text", "csl-json", "doi"],
)
async def test_a_reference_in_any_form_is_verified_and_gets_an_entry_from_the_record(
    roots: Roots, reference: str
) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "verify_reference", reference=reference)
        assert answer["status"] == "verified"
        (entry,) = read_bibtex(answer["bibtex"], "entry.bib").references
        assert entry.identifiers.doi == NOWLAN_DOI
        assert entry.title == "Simplifying Neural Networks by Soft Weight-Sharing"


async def test_bibtex_that_holds_no_entry_is_an_error_saying_what_to_give(roots: Roots) -> None:
    async with _client(roots) as client:
        message = await _error(
            client, "verify_reference", reference="@article{x, title = {Unclosed"
        )
        assert "no reference could be read" in message and "BibTeX entry" in message


async def test_two_references_are_refused_with_a_pointer_to_check_bibliography(
    roots: Roots,
) -> None:
    async with _client(roots) as client:
        two = NOWLAN.replace("YEAR", "1992") + "\n" + INVENTED
        message = await _error(client, "verify_reference", reference=two)
        assert "holds 2 references" in message and "check_bibliography" in message


async def test_an_oversized_reference_is_refused_before_anything_is_asked(
    roots: Roots, fake_api: FakeApi
) -> None:
    async with _client(roots) as client:
        message = await _error(client, "verify_reference", reference="x" * 20_001)
        assert "reference" in message
        assert fake_api.stats().total == 0


async def test_with_the_indexes_down_a_reference_is_unverified_with_the_reason(
    fake_api: FakeApi, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, url in fake_api.env(down=("openalex", "crossref", "s2", "doi")).items():
        monkeypatch.setenv(name, url)
    async with _client(Roots.of([tmp_path], "--root")) as client:
        answer = await _call(client, "verify_reference", reference=INVENTED)
    assert answer["status"] == "unverified"
    failed = {s["name"]: s["reason"] for s in answer["sources"] if s["status"] == "failed"}
    assert {"openalex", "crossref"} <= set(failed) and all(failed.values())


# --- find_work ------------------------------------------------------------------------------


async def test_a_title_misremembered_by_a_word_finds_the_work_first(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(
            client,
            "find_work",
            title="Simplifying Neural Networks by Hard Weight-Sharing",
            year=1993,
        )
        first = answer["works"][0]
        assert first["record"]["doi"] == NOWLAN_DOI
        assert not first["same_title"]
        assert any(d.startswith("title:") for d in first["differences"])
        assert any(d.startswith("year:") for d in first["differences"])
        (entry,) = read_bibtex(first["bibtex"], "entry.bib").references
        assert (entry.year, entry.identifiers.doi) == (1992, NOWLAN_DOI)


async def test_an_invented_title_finds_no_work_and_says_why(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(
            client,
            "find_work",
            title="Gradient Tempering for Calibrated Few-Shot Retrieval in Sparse Knowledge Graphs",
        )
        assert answer["works"] == []
        assert "none holds a work" in answer["reason"]


async def test_a_doi_finds_its_work(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "find_work", doi=NOWLAN_DOI)
        (work,) = answer["works"]
        assert work["record"]["title"] == "Simplifying Neural Networks by Soft Weight-Sharing"


async def test_authors_that_contradict_the_title_rule_the_work_out(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(
            client,
            "find_work",
            title="Simplifying Neural Networks by Hard Weight-Sharing",
            authors=["Okafor, Chidi", "Lindqvist, Maja"],
        )
        assert answer["works"] == []


async def test_a_title_many_works_share_lists_each_of_them_up_to_the_limit(
    fake_api: FakeApi, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine works titled "Generalized Linear Models" (a paper, a book, reviews of it …): the
    indexes' first five hits are not all there is."""
    shared = [
        Work(number=n, key=f"glm{n}", title="Generalized Linear Models",
             authors=(Person(f"Author{n}", "A."),), year=1970 + n, venue="Journal of Models",
             doi=f"10.1111/glm.{n}")
        for n in range(1, 10)
    ]  # fmt: skip
    others = [
        Work(number=100 + n, key=f"other{n}", title=f"Linear Models of Kind {n}",
             authors=(Person("Other", "B."),), year=2000, doi=f"10.1111/other.{n}")
        for n in range(30)
    ]  # fmt: skip
    with FakeApi.start(Corpus.from_works([*shared, *others])) as server:
        for name, url in server.env().items():
            monkeypatch.setenv(name, url)
        async with _client(Roots.of([tmp_path], "--root")) as client:
            answer = await _call(client, "find_work", title="Generalized Linear Models", limit=10)
    found = sorted(work["record"]["doi"] for work in answer["works"])
    assert found == sorted(work.doi or "" for work in shared)


async def test_a_query_without_title_or_identifier_is_an_error(roots: Roots) -> None:
    async with _client(roots) as client:
        message = await _error(client, "find_work", authors=["Hinton"], year=1992)
        assert "give a title, a DOI or an arXiv id" in message


# --- check_bibliography ---------------------------------------------------------------------


async def test_a_bibliography_given_as_text_lists_what_needs_attention(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(
            client, "check_bibliography", text=EXAMPLE_BIB.read_text(encoding="utf-8")
        )
        summary = answer["summary"]
        listed = {reference["key"]: reference["status"] for reference in answer["references"]}
        assert summary["total"] == summary["verified"] + len(listed)
        assert listed["back1993"] == "miscited" and listed["okafor2021"] == "fabricated"
        assert "verified" not in listed.values()
        assert answer["report_uri"] is None


RIS_EXPORT = """TY  - JOUR
ID  - okafor2021
AU  - Okafor, Chidi
AU  - Lindqvist, Maja
TI  - Gradient Tempering for Calibrated Few-Shot Retrieval in Sparse Knowledge Graphs
T2  - Proceedings of the Conference on Learning Representations
PY  - 2021
ER  -
"""


@pytest.mark.parametrize("form", ["ris", "auto"])
async def test_a_ris_export_given_as_text_is_read_as_ris(roots: Roots, form: str) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "check_bibliography", text=RIS_EXPORT, format=form)
        assert answer["summary"]["total"] == 1
        assert [(ref["key"], ref["status"]) for ref in answer["references"]] == [
            ("okafor2021", "fabricated")
        ]


async def test_a_checked_file_leaves_its_report_as_a_resource(roots: Roots, tmp_path: Path) -> None:
    async with _client(roots) as client:
        (tmp_path / "refs.bib").write_text(NOWLAN.replace("YEAR", "1993"), encoding="utf-8")
        answer = await _call(client, "check_bibliography", path="refs.bib")
        assert answer["summary"]["miscited"] == 1
        contents = (await client.read_resource(answer["report_uri"])).contents
        report = json.loads(contents[0].text)  # type: ignore[union-attr]
        assert report["version"] == 1
        assert report["references"][0]["problems"][0]["field"] == "year"
        listing = json.loads(
            (await client.read_resource("cite-sentinel://reports")).contents[0].text
        )  # type: ignore[union-attr]
        assert [entry["uri"] for entry in listing] == [answer["report_uri"]]


async def test_a_manuscript_is_checked_with_the_bibliography_it_names(
    roots: Roots, tmp_path: Path
) -> None:
    async with _client(roots) as client:
        (tmp_path / "refs.bib").write_text(INVENTED, encoding="utf-8")
        (tmp_path / "paper.md").write_text(
            "---\nbibliography: refs.bib\n---\nAs shown [@okafor2031].\n", encoding="utf-8"
        )
        answer = await _call(client, "check_bibliography", path="paper.md")
        assert [r["status"] for r in answer["references"]] == ["fabricated"]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda root, outside: "../outside/refs.bib", "paths with `..` are refused"),
        (lambda root, outside: str(outside / "refs.bib"), "lies outside the folders"),
        (lambda root, outside: _link(root / "link.bib", outside / "refs.bib"), "lies outside"),
        (lambda root, outside: _fifo(root / "pipe.bib"), "not a regular file"),
        (lambda root, outside: ".", "is a folder"),
        (lambda root, outside: _hard_link(root / "hard.bib", outside / "refs.bib"), "hard links"),
    ],
    ids=["dot-dot", "absolute outside", "link out", "pipe", "folder", "hard link out"],
)
async def test_files_outside_the_roots_or_not_regular_are_refused(
    fake_api: FakeApi, tmp_path: Path, make: Any, said: str
) -> None:
    root, outside = _root_and_outside(tmp_path)
    async with _client(Roots.of([root], "--root")) as client:
        message = await _error(client, "check_bibliography", path=make(root, outside))
    assert said in message
    assert fake_api.stats().total == 0  # nothing was read, so nothing was asked


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda root, outside: _manuscript(root, outside), "lies outside the folders"),
        (lambda root, outside: _hard_linked_bibliography(root, outside), "hard links"),
    ],
    ids=["linked bibliography out", "hard-linked bibliography out"],
)
async def test_a_bibliography_outside_the_roots_is_said_unreadable_and_never_read(
    fake_api: FakeApi, tmp_path: Path, make: Any, said: str
) -> None:
    root, outside = _root_and_outside(tmp_path)
    async with _client(Roots.of([root], "--root")) as client:
        answer = await _call(client, "check_bibliography", path=make(root, outside))
    messages = [finding["message"] for finding in answer["findings"]]
    assert any("cannot be read" in message and said in message for message in messages), messages
    assert answer["references"] == []  # the manuscript's citation resolves to nothing read
    assert fake_api.stats().total == 0  # nothing was read, so nothing was asked


async def test_the_clients_roots_decide_which_folders_may_be_read(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    granted, command_line = tmp_path / "granted", tmp_path / "command-line"
    for folder in (granted, command_line):
        folder.mkdir()
        (folder / "refs.bib").write_text(NOWLAN.replace("YEAR", "1992"), encoding="utf-8")
    async with _client(Roots.of([command_line], "--root"), granted=[granted]) as client:
        answer = await _call(client, "check_bibliography", path=str(granted / "refs.bib"))
        message = await _error(client, "check_bibliography", path=str(command_line / "refs.bib"))
    assert answer["summary"]["verified"] == 1
    assert "outside the folders the client granted" in message


async def test_without_any_root_a_path_is_refused_with_what_to_do(fake_api: FakeApi) -> None:
    async with _client(Roots.of([], "--root")) as client:
        message = await _error(client, "check_bibliography", path="refs.bib")
    assert "--root" in message


# --- cite_support, the prompt, the listing ----------------------------------------------------


async def test_a_claim_is_judged_on_the_abstract_of_the_verified_work(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(
            client,
            "cite_support",
            claim="Soft weight-sharing generalises better than weight decay.",
            reference=NOWLAN.replace("YEAR", "1992"),
        )
        assert answer["reference_status"] == "verified"
        assert answer["evidence_kind"] == "abstract"
        assert answer["relevance"] is not None
        assert any("weight decay" in sentence for sentence in answer["evidence"])
        assert answer["verdict"] is None  # the local scorer earns no verdict


async def test_a_claim_citing_an_invented_work_has_nothing_to_be_judged_on(roots: Roots) -> None:
    async with _client(roots) as client:
        answer = await _call(client, "cite_support", claim="Tempering helps.", reference=INVENTED)
        assert answer["reference_status"] == "fabricated"
        assert answer["relevance"] is None and answer["evidence"] == []
        assert "nothing to judge" in answer["note"]


async def test_the_prompt_walks_through_the_tools_for_the_file_named(roots: Roots) -> None:
    async with _client(roots) as client:
        prompt = await client.get_prompt("check_references", {"path": "paper.md"})
        text = prompt.messages[0].content.text  # type: ignore[union-attr]
        assert "check_bibliography with path='paper.md'" in text
        assert "find_work" in text and "verify_reference" in text


async def test_every_tool_publishes_a_described_input_and_output_schema(roots: Roots) -> None:
    async with _client(roots) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert set(tools) == {"verify_reference", "check_bibliography", "find_work", "cite_support"}
        for tool in tools.values():
            assert tool.description and "not instructions" in tool.description
            assert tool.input_schema["properties"]
            assert (
                tool.output_schema is not None and "data_notice" in tool.output_schema["properties"]
            )


async def test_the_text_a_model_reads_is_the_structured_answer_marked_as_data(
    roots: Roots,
) -> None:
    async with _client(roots) as client:
        result = await client.call_tool("find_work", {"doi": NOWLAN_DOI})
        block = result.content[0]
        assert isinstance(block, TextContent)
        head, _, rest = block.text.partition("\n")
        assert head == "1 works found"
        assert rest.startswith("<cite-sentinel-data") and rest.endswith("</cite-sentinel-data>")
        inner = rest.split("\n", 1)[1].rsplit("\n", 1)[0]
        assert json.loads(inner) == result.structured_content


def _link(link: Path, target: Path) -> str:
    link.symlink_to(target)
    return link.name


def _hard_link(link: Path, target: Path) -> str:
    os.link(target, link)  # a second name inside the root: no path shows it leads out
    return link.name


def _root_and_outside(folder: Path) -> tuple[Path, Path]:
    """A root the server may read, and a folder beside it holding an invented refs.bib."""
    root, outside = folder / "root", folder / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "refs.bib").write_text(INVENTED, encoding="utf-8")
    return root, outside


def _hard_linked_bibliography(root: Path, outside: Path) -> str:
    os.link(outside / "refs.bib", root / "refs.bib")
    (root / "paper.md").write_text(
        "---\nbibliography: refs.bib\n---\nAs shown [@okafor2031].\n", encoding="utf-8"
    )
    return "paper.md"


def _fifo(path: Path) -> str:
    os.mkfifo(path)
    return path.name


def _manuscript(root: Path, outside: Path) -> str:
    (root / "paper.md").write_text(
        f"---\nbibliography: {outside / 'refs.bib'}\n---\nAs shown [@okafor2031].\n",
        encoding="utf-8",
    )
    return "paper.md"


async def test_cancelling_a_check_cancels_every_request_it_made(tmp_path: Path) -> None:
    in_flight: set[int] = set()
    numbers = itertools.count()
    started, settled = asyncio.Event(), asyncio.Event()

    async def never_answers(request: httpx.Request) -> httpx.Response:
        number = next(numbers)
        in_flight.add(number)
        started.set()
        try:
            await asyncio.Event().wait()  # no index ever answers: only cancelling ends this
        finally:
            in_flight.discard(number)
            if not in_flight:
                settled.set()
        return httpx.Response(500)

    transport = httpx.MockTransport(never_answers)
    engine = Engine({}, cache_dir=tmp_path, progress=engine_progress, transport=transport)
    settings = Settings(config=Config(), environ={}, roots=Roots.of([], "--root"))
    session = Session(settings, CheckSession(engine=engine))
    text = EXAMPLE_BIB.read_text(encoding="utf-8")
    async with Client(build_server(session)) as client:
        async with asyncio.TaskGroup() as group:
            call = group.create_task(client.call_tool("check_bibliography", {"text": text}))
            await asyncio.wait_for(started.wait(), 30)
            call.cancel()
        await asyncio.wait_for(settled.wait(), 30)  # every request was cancelled
        assert (await client.list_tools()).tools  # and the server still serves
    assert call.cancelled()


async def test_a_client_with_no_folder_open_falls_back_to_the_command_lines_roots(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(NOWLAN.replace("YEAR", "1992"), encoding="utf-8")
    async with _client(Roots.of([tmp_path], "--root"), granted=[]) as client:
        answer = await _call(client, "check_bibliography", path="refs.bib")
    assert answer["summary"]["verified"] == 1
