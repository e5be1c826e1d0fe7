"""The project's one fake of the six scholarly APIs, for integration tests and benchmarks."""

from .faults import APIS, ApiFaults, Down
from .server import ENV_NAMES, FakeApi, Stats, corpus_path, env_for

__all__ = ["APIS", "ENV_NAMES", "ApiFaults", "Down", "FakeApi", "Stats", "corpus_path", "env_for"]
