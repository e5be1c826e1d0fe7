"""Keys never reach a log line, whoever writes the line."""

from __future__ import annotations

import io
import logging

from cite_sentinel.core.http.redaction import MaskingFilter


def test_a_url_with_a_key_logged_by_a_library_is_written_masked() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(MaskingFilter({"OPENALEX_API_KEY": "oa-secret-1234"}))
    logger = logging.getLogger("httpx.test-masking")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        logger.info("HTTP Request: GET %s", "https://api.openalex.org/works?api_key=oa-secret-1234")
        try:
            raise ValueError("refused oa-secret-1234")
        except ValueError:
            logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    written = stream.getvalue()
    assert "oa-secret-1234" not in written
    assert "api_key=***" in written and "refused ***" in written
