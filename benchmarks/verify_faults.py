"""Faults: the engine and the command against a misbehaving fake API.

Scenarios: 20% server errors with 429 bursts, 5% timeouts and 5% malformed bodies on every
API; then each API down in turn. 200 references: 190 real works of the corpus (half with
DOIs) and 10 invented ones. Reported per scenario: crashes, real works called fabricated
(must be 0), unverified verdicts without a reason (must be 0), and the command's exit code
(3 where more than half the verdicts could not be judged).

Run from the repository root:  .venv/bin/python -m benchmarks.verify_faults
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.fakeapi import APIS, Down, FakeApi

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT.parent / "shared" / "data" / "corpus" / "works_sample5k.jsonl"
REAL, INVENTED = 190, 10
FLAKY = {"error_rate": 0.2, "burst_429": 3, "timeout_rate": 0.05, "malformed_rate": 0.05}
# Short timeouts keep the run brief; the limits are the client's defaults otherwise.
TIMEOUT_HOLD_S = 3.0


def main() -> int:
    if not SAMPLE.is_file():
        print(f"needs the shared data folder beside the project ({SAMPLE} is absent)")
        return 1
    print(
        "| scenario | seconds | exit | verified | miscited | fabricated | unverified |"
        " real called fabricated | unverified without reason |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder, FakeApi.start("sample") as fake:
        bib = Path(folder) / "refs.bib"
        bib.write_text(_bibliography(), encoding="utf-8")
        scenarios: list[tuple[str, dict[str, dict[str, object]]]] = [
            (
                "flaky: 20% 5xx, 429 bursts, 5% timeouts, 5% malformed",
                {api: {**FLAKY, "timeout_hold_s": TIMEOUT_HOLD_S} for api in APIS},
            ),
        ]
        scenarios += [(f"{api} down", {api: {"down": Down.UNAVAILABLE}}) for api in APIS]
        scenarios.append(("all down", {api: {"down": Down.RESET} for api in APIS}))
        for name, settings in scenarios:
            fake.reset_faults()
            for api, values in settings.items():
                fake.configure(api, **values)
            _scenario(name, fake, bib, Path(folder) / f"cache-{len(name)}-{time.time_ns()}")
    return 0


def _bibliography() -> str:
    works = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    with_doi = [w for w in works if w.get("doi")][: REAL // 2]
    without = [w for w in works if not w.get("doi")][: REAL - REAL // 2]
    entries = [_entry(f"real{i}", w) for i, w in enumerate(with_doi + without)]
    entries += [
        f"@article{{invented{i},\n  title = {{Recursive Lattice Attention for Quantum Gradient"
        f" Sheaves {i}}},\n  author = {{Quillfeather, Amadou and Thistlewood, Pernille}},\n"
        "  journal = {Journal of Imaginary Learning},\n  year = {2021}\n}\n"
        for i in range(INVENTED)
    ]
    return "\n".join(entries)


def _entry(key: str, work: dict[str, object]) -> str:
    people = work.get("authors") or []
    assert isinstance(people, list)
    fields = {
        "title": work.get("title", ""),
        "author": " and ".join(f"{p.get('family', '')}, {p.get('given', '')}" for p in people),
        "year": work.get("year", ""),
        "booktitle": work.get("venue", ""),
        "doi": work.get("doi", ""),
    }
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v)
    return f"@inproceedings{{{key},\n{body}\n}}\n"


def _scenario(name: str, fake: FakeApi, bib: Path, cache: Path) -> None:
    env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", str(bib), "--format", "json", "--quiet"],
        capture_output=True, text=True, env=env, timeout=900, check=False,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        print(f"| {name} | {elapsed:.0f} | {run.returncode} | CRASH: {run.stderr[-300:]!r} |")
        return
    references = report["references"]
    counts = {word: 0 for word in ("verified", "miscited", "fabricated", "unverified")}
    for reference in references:
        counts[reference["verdict"]] += 1
    real_fabricated = sum(
        1 for r in references if r["key"].startswith("real") and r["verdict"] == "fabricated"
    )
    silent = sum(1 for r in references if r["verdict"] == "unverified" and not r.get("reason"))
    print(
        f"| {name} | {elapsed:.0f} | {run.returncode} | {counts['verified']} |"
        f" {counts['miscited']} | {counts['fabricated']} | {counts['unverified']} |"
        f" {real_fabricated} | {silent} |"
    )


if __name__ == "__main__":
    sys.exit(main())
