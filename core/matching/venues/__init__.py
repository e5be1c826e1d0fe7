"""Venue comparison: does a cited venue name the venue an index gives, another one, or neither?"""

from cite_sentinel.core.matching.venues.aliases import (
    canonical,
    names_a_conference,
    publishes_without_dois,
    workshop_version,
)
from cite_sentinel.core.matching.venues.hosts import is_host, is_preprint_server
from cite_sentinel.core.matching.venues.placement import Placement, is_venue_claim, place

__all__ = [
    "Placement",
    "canonical",
    "is_host",
    "is_preprint_server",
    "is_venue_claim",
    "names_a_conference",
    "place",
    "publishes_without_dois",
    "workshop_version",
]
