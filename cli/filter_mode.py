"""Filter mode: pandoc runs `cite-sentinel FORMAT`; hand over to the filter, errors as pandoc's."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.config_file import config_for
from cite_sentinel.core import CiteSentinelError, configured
from cite_sentinel.exit_codes import ExitCode

TAG = "cite-sentinel"


def run_filter(args: Sequence[str]) -> int:
    """Filter stdin's document to stdout; the exit status tells pandoc whether the build fails."""
    from cite_sentinel.filters.pandoc_filter import BuildFailed, main

    try:
        config = configured(config_for([str(Path.cwd())], None), os.environ)
        main(config=config)
    except BuildFailed as failure:
        print(failure, file=sys.stderr, flush=True)
        return ExitCode.FINDINGS
    except CiteSentinelError as error:
        print(f"[ERROR] {TAG}: {error}", file=sys.stderr, flush=True)
        return ExitCode.INPUT
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except Exception:
        import traceback  # only a bug pays for it

        traceback.print_exc()
        print(
            f"[ERROR] {TAG}: this is a bug in cite-sentinel; please report it with the "
            "traceback above",
            file=sys.stderr,
            flush=True,
        )
        return ExitCode.INTERNAL
    return ExitCode.CLEAN
