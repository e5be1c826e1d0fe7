"""`cite-sentinel ground`: JSON lines in, one judgement line out per readable line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command

LINES = [
    {
        "id": "a1",
        "claim": "Low-dose aspirin reduces the risk of myocardial infarction.",
        "evidence": [
            "We enrolled 2,000 adults in a randomised trial.",
            "Daily low-dose aspirin reduced the risk of myocardial infarction by 20%.",
        ],
    },
    {"id": 2, "claim": "Aspirin prevents strokes.", "evidence": "", "title": "Aspirin trials"},
]


def test_each_line_gets_relevance_support_verdict_badge_and_ranked_evidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "pairs.jsonl"
    source.write_text("\n".join(json.dumps(line) for line in LINES) + "\n", encoding="utf-8")
    assert run_command(["ground", str(source)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["id"] for line in out] == ["a1", 2]
    first = out[0]
    assert set(first) >= {"id", "relevance", "support", "verdict", "badge", "evidence"}
    assert first["verdict"] is None and first["badge"] in ("grey", "red")
    assert first["evidence"][0] == {"index": 1, "text": LINES[0]["evidence"][1]}  # type: ignore[index]
    assert out[1]["support"] is None and out[1]["badge"] == "grey"


def test_evidence_indices_are_the_callers_even_past_blank_sentences(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = {"id": "l", "claim": LINES[0]["claim"], "evidence": ["", *LINES[0]["evidence"]]}  # type: ignore[misc]
    text = {"id": "t", "claim": LINES[0]["claim"], "evidence": " ".join(LINES[0]["evidence"])}  # type: ignore[arg-type]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{json.dumps(listed)}\n{json.dumps(text)}\n"))
    assert run_command(["ground", "-"]) == 0
    by_id = {line["id"]: line for line in map(json.loads, capsys.readouterr().out.splitlines())}
    finding = LINES[0]["evidence"][1]  # type: ignore[index]
    assert by_id["l"]["evidence"][0] == {"index": 2, "text": finding}
    assert by_id["t"]["evidence"][0] == {"index": 1, "text": finding}
    assert sorted(item["index"] for item in by_id["t"]["evidence"]) == [0, 1]


def test_a_bad_line_is_reported_with_its_line_number_and_the_rest_still_scored(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(LINES[0]) + "\n{not json\n" + json.dumps({"id": 3, "evidence": "x"}) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert run_command(["ground", "-"]) == 2
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1
    assert "<stdin>:2:1: error: not JSON" in captured.err
    assert '<stdin>:3:1: error: "claim" must be a non-empty string' in captured.err


def test_a_missing_file_is_a_usage_error_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["ground", str(tmp_path / "absent.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "Traceback" not in err


def test_embeddings_without_the_extra_is_exit_2_saying_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    source = tmp_path / "pairs.jsonl"
    source.write_text(json.dumps(LINES[0]) + "\n", encoding="utf-8")
    assert run_command(["ground", str(source), "--embeddings"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "pip install 'cite-sentinel[embeddings]'" in captured.err
    assert "Traceback" not in captured.err


def test_embeddings_asked_by_the_configuration_beside_the_file_are_honoured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    (tmp_path / ".cite-sentinel.toml").write_text("[ground]\nembeddings = true\n", "utf-8")
    source = tmp_path / "pairs.jsonl"
    source.write_text(json.dumps(LINES[0]) + "\n", encoding="utf-8")
    assert run_command(["ground", str(source)]) == 2
    assert "pip install 'cite-sentinel[embeddings]'" in capsys.readouterr().err


def test_a_byte_order_mark_is_no_error_and_a_line_not_in_utf8_is_located(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Windows editors and PowerShell write a BOM; one pasted line in Latin-1 spoils only itself.
    good = json.dumps(LINES[0]).encode("utf-8")
    latin = json.dumps({"id": "x", "claim": "Aspirin é", "evidence": "é"}, ensure_ascii=False)
    source = tmp_path / "pairs.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + good + b"\n" + latin.encode("latin-1") + b"\n" + good)
    assert run_command(["ground", str(source)]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["id"] for line in captured.out.splitlines()] == ["a1", "a1"]
    assert f"{source}:2:1: error: not UTF-8" in captured.err
    assert len(captured.err.splitlines()) == 1


def test_stdin_bytes_not_in_utf8_are_located_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = b"\xef\xbb\xbf" + json.dumps(LINES[0]).encode() + b'\n{"id": 2, "claim": "\xff"}\n'
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    assert run_command(["ground", "-"]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["id"] for line in captured.out.splitlines()] == ["a1"]
    assert "<stdin>:2:1: error: not UTF-8" in captured.err


def test_a_line_separator_inside_a_json_string_does_not_split_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = {
        "id": "s",
        "claim": "Aspirin\u2028lowers risk.",
        "evidence": "Aspirin\u2029lowers risk.",
    }
    source = tmp_path / "pairs.jsonl"
    source.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    assert run_command(["ground", str(source)]) == 0
    assert [json.loads(out)["id"] for out in capsys.readouterr().out.splitlines()] == ["s"]


def test_lines_without_an_id_or_evidence_are_refused_with_their_line_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"claim": "Aspirin prevents strokes.", "evidence": "Aspirin prevents strokes."},
        {"id": 2, "claim": "Aspirin prevents strokes."},
        LINES[0],
    ]
    source = tmp_path / "pairs.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert run_command(["ground", str(source)], {}) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["id"] for line in captured.out.splitlines()] == ["a1"]
    assert f'{source}:1:1: error: "id" is missing' in captured.err
    assert f'{source}:2:1: error: "evidence" is missing' in captured.err


def test_a_claim_without_evidence_has_no_relevance_rather_than_an_unrelated_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "pairs.jsonl"
    source.write_text(json.dumps({"id": 1, "claim": "Aspirin works.", "evidence": ""}) + "\n")
    assert run_command(["ground", str(source)], {}) == 0
    (line,) = map(json.loads, capsys.readouterr().out.splitlines())
    assert line["relevance"] is None and line["badge"] == "grey"
    assert line["note"] == "no evidence to judge the claim against (evidence is none)"
