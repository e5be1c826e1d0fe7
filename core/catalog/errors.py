"""The catalog's one error: a dump that cannot be read on, located for a person."""

from __future__ import annotations

from cite_sentinel.core.errors import InputError


class DumpError(InputError):
    """A file of a dump is malformed at a place; what came before it is imported and kept."""

    def __init__(self, path: str, line: int, column: int, problem: str) -> None:
        super().__init__(f"{path}:{line}:{column}: error: {problem}")
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem

    def __reduce__(self) -> tuple[type[DumpError], tuple[str, int, int, str]]:
        """Rebuilt from its parts when it crosses from an import's worker process."""
        return (DumpError, (self.path, self.line, self.column, self.problem))
