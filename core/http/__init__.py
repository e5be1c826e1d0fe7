"""Talking to the indexes politely: one client with per-API limits, breakers, a cache, no leaks.

`client` sends requests within each API's published limits (`ratelimit`, `breaker`), `cache`
keeps answers with a freshness, `redaction` keeps keys out of logs.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.http.client import Api, HttpSettings, Lane, default_lanes
    from cite_sentinel.core.http.redaction import MaskingFilter

__all__ = ["Api", "HttpSettings", "Lane", "MaskingFilter", "default_lanes"]
__getattr__, __dir__ = lazy(
    __name__,
    {"client": ("Api", "HttpSettings", "Lane", "default_lanes"), "redaction": ("MaskingFilter",)},
)
