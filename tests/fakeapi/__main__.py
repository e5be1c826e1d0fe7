"""Run the fake server on its own: `python -m tests.fakeapi --port 0 --corpus sample`."""

from __future__ import annotations

import argparse
import sys
import threading

from .server import FakeApi, apply_control


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
    parser.add_argument("--corpus", default="sample", help="sample, full, or a JSONL(.gz) path")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="added to every API")
    parser.add_argument("--rate", default="", help="per-API req/s, e.g. openalex=10,crossref=5")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        api = FakeApi.start(args.corpus, host=args.host, port=args.port, seed=args.seed)
        apis: dict[str, dict[str, object]] = {"*": {"latency_ms": args.latency_ms}}
        apis.update(_rates(args.rate))
        apply_control(api.faults, {"apis": apis})
    except (OSError, ValueError) as error:
        print(f"fake API: cannot start: {error}", file=sys.stderr)
        return 2
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
