"""The web page face: `cite-sentinel serve`, a local page for reviewers, editors and chairs.

It converts only: uploads into files in a temporary folder, a check of them through core,
and core's result into pages, live events and downloads made by core's renderers.
"""

from cite_sentinel.web.app import create_app
from cite_sentinel.web.limits import Limits
from cite_sentinel.web.settings import ServeSettings

__all__ = ["Limits", "ServeSettings", "create_app"]
