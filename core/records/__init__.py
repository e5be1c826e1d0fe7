"""Index JSON as Records: the codecs the index clients (core.verify) and the catalog's
importers (core.catalog) share, below both, with the names and markup of index text.

`openalex` (a work object), `crossref` (a work item), `names` (people from the names the
indexes print), `markup` (LaTeX-marked index text as plain text).
"""

from cite_sentinel.core.records.crossref import record_from_item, strip_jats
from cite_sentinel.core.records.markup import plain
from cite_sentinel.core.records.names import people_from_name, person_from_name, person_from_parts
from cite_sentinel.core.records.openalex import abstract_from_index, record_from_work

__all__ = [
    "abstract_from_index",
    "people_from_name",
    "person_from_name",
    "person_from_parts",
    "plain",
    "record_from_item",
    "record_from_work",
    "strip_jats",
]
