"""The project's one fake of the six scholarly APIs, for integration tests and benchmarks."""

from .counters import Stats
from .faults import APIS, ApiFaults, Down
from .quirks import Quirk
from .server import CORPUS_CHOICES, ENV_NAMES, FakeApi, corpus_path, corpus_paths, env_for

__all__ = [
    "APIS",
    "CORPUS_CHOICES",
    "ENV_NAMES",
    "ApiFaults",
    "Down",
    "FakeApi",
    "Quirk",
    "Stats",
    "corpus_path",
    "corpus_paths",
    "env_for",
]
