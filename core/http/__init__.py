"""Talking to the indexes politely: one client with per-API limits, breakers, a cache, no leaks.

`client` sends requests within each API's published limits (`settings`, `ratelimit`,
`breaker`), `cache` keeps answers with a freshness, `redaction` keeps keys out of logs.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.http.client import Api
    from cite_sentinel.core.http.redaction import MaskingFilter
    from cite_sentinel.core.http.settings import HttpSettings, Lane, default_lanes

__all__ = ["Api", "HttpSettings", "Lane", "MaskingFilter", "default_lanes"]
__getattr__, __dir__ = lazy(
    __name__,
    {
        "client": ("Api",),
        "redaction": ("MaskingFilter",),
        "settings": ("HttpSettings", "Lane", "default_lanes"),
    },
)
