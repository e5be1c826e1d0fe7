"""Run the fake server on its own: `python -m tests.fakeapi --port 0 --corpus sample`
from the repository root, or `python path/to/checkout/tests/fakeapi …` from anywhere.

`--corpus all` serves the ML corpus and the every-field one; `--quirks 0.1` holds one work in
ten per index in a quirky way (tests/fakeapi/quirks.py); `--published-limits` enforces the
APIs' published rate and concurrency limits (tests/fakeapi/limits.py).

With a command after `--`, serve only while that command runs, with the CITE_SENTINEL_*_URL
variables (and ANTHROPIC_BASE_URL, for the Messages API stand-in) pointing at the fake, and
exit with its status (a demo of the whole product offline):
`python -m tests.fakeapi -- cite-sentinel check examples/`, or with any key as ANTHROPIC_API_KEY
`python -m tests.fakeapi -- cite-sentinel check --ground --scorer anthropic examples/grounded.md`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
from pathlib import Path

if not __package__:  # run as `python path/to/tests/fakeapi`: put the checkout on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fakeapi.server import ANTHROPIC_URL_VARIABLE, CORPUS_CHOICES, FakeApi, apply_control


def _rates(text: str) -> dict[str, dict[str, object]]:
    settings: dict[str, dict[str, object]] = {}
    for item in (part for part in text.split(",") if part.strip()):
        api, _, value = item.partition("=")
        settings[api.strip()] = {"rate": float(value)}
    return settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fakeapi", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 lets the OS choose")
    parser.add_argument(
        "--corpus", default="sample", help=f"{', '.join(CORPUS_CHOICES)}, or a JSONL(.gz) path"
    )
    parser.add_argument("--latency-ms", type=float, default=0.0, help="added to every API")
    parser.add_argument("--rate", default="", help="per-API req/s, e.g. openalex=10,crossref=5")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quirks", type=float, default=0.0, metavar="RATE", help="share of works held quirkily"
    )
    parser.add_argument(
        "--published-limits", action="store_true", help="enforce the published API limits"
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND to run against it")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    try:
        if not 0.0 <= args.quirks <= 1.0:
            raise ValueError(f"--quirks {args.quirks}: give a share between 0 and 1")
        api = FakeApi.start(
            args.corpus,
            host=args.host,
            port=args.port,
            seed=args.seed,
            quirks=args.quirks,
            published_limits=args.published_limits,
        )
        apis: dict[str, dict[str, object]] = {"*": {"latency_ms": args.latency_ms}}
        apis.update(_rates(args.rate))
        apply_control(api.faults, {"apis": apis})
    except (OSError, ValueError) as error:
        print(f"fake API: cannot start: {error}", file=sys.stderr)
        return 2
    if command:
        try:
            judge = {ANTHROPIC_URL_VARIABLE: api.url("anthropic")}
            environment = {**os.environ, **api.env(), **judge}
            return subprocess.run(command, env=environment, check=False).returncode
        finally:
            api.close()
    print(api.base_url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        api.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
