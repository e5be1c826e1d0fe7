"""The key paths of the recorded real answers, which the fake's answers may not go beyond."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path

# Maps whose keys are data (words of an abstract), not field names.
OPAQUE = {"abstract_inverted_index"}


def key_paths(value: object, prefix: str = "") -> set[str]:
    """Every dotted key path in a JSON value; list elements share the path `name[]`."""
    paths: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            paths.add(path)
            if key not in OPAQUE:
                paths |= key_paths(item, path)
    elif isinstance(value, list):
        for item in value:
            paths |= key_paths(item, f"{prefix}[]")
    return paths


def recorded_keys(values: list[object]) -> set[str]:
    keys: set[str] = set()
    for value in values:
        keys |= key_paths(value)
    return keys


def decoded(data: Path, api: str) -> Iterator[dict[str, object]]:
    for path in sorted((data / "recorded" / api / "_decoded").glob("*.json")):
        yield json.loads(path.read_text(encoding="utf-8"))


def bodies(data: Path, api: str, uri_part: str) -> list[object]:
    """The JSON bodies of the recorded 200 answers to requests whose URI holds `uri_part`."""
    found = []
    for interaction in decoded(data, api):
        request, response = interaction["request"], interaction["response"]
        assert isinstance(request, dict) and isinstance(response, dict)
        if uri_part in str(request["uri"]) and response.get("status") == 200:
            found.append(response.get("body_json"))
    return [body for body in found if body is not None]


@functools.cache
def cached_keys(data: Path, api: str) -> frozenset[str]:
    """Key paths of every item in the recorded refchecker caches (read once per run)."""
    items: list[object] = []
    for path in sorted((data / "recorded" / api / "refchecker_cache").glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        items.extend(body if isinstance(body, list) else [body])
    return frozenset(recorded_keys(items))


@functools.cache
def openalex_work_keys(data: Path) -> frozenset[str]:
    """Work objects: singleton answers, the caches' lists and the client library's fixtures."""
    works = bodies(data, "openalex", "/works/https://doi.org/")
    fixtures = data / "recorded" / "openalex" / "openalex_python_fixtures"
    works.append(json.loads((fixtures / "W2741809807.json").read_text(encoding="utf-8")))
    return frozenset(recorded_keys(works) | cached_keys(data, "openalex"))


@functools.cache
def openalex_source_keys(data: Path) -> frozenset[str]:
    fixture = data / "recorded" / "openalex" / "openalex_python_fixtures" / "S137773608.json"
    return frozenset(key_paths(json.loads(fixture.read_text(encoding="utf-8"))))


@functools.cache
def crossref_work_keys(data: Path) -> frozenset[str]:
    """Work messages: singleton answers, the items of recorded lists and the caches."""
    found = bodies(data, "crossref", "api.crossref.org/works")
    messages: list[object] = []
    for body in found:
        if not isinstance(body, dict):
            continue
        message = body.get("message")
        if body.get("message-type") == "work":
            messages.append(message)
        elif body.get("message-type") == "work-list" and isinstance(message, dict):
            messages.extend(message.get("items") or [])
    return frozenset(recorded_keys(messages) | cached_keys(data, "crossref"))


@functools.cache
def s2_paper_keys(data: Path) -> frozenset[str]:
    batches = bodies(data, "semanticscholar", "/paper/batch")
    papers = [p for batch in batches if isinstance(batch, list) for p in batch if p]
    paper = data / "recorded" / "semanticscholar" / "semanticscholar_py" / "Paper.json"
    papers.append(json.loads(paper.read_text(encoding="utf-8")))
    return frozenset(recorded_keys(papers) | cached_keys(data, "semanticscholar"))


@functools.cache
def datacite_item_keys(data: Path) -> frozenset[str]:
    """The `data` objects of the recorded /dois/{doi} answers."""
    items = [b["data"] for b in bodies(data, "datacite", "/dois/") if isinstance(b, dict)]
    return frozenset(recorded_keys(items))
