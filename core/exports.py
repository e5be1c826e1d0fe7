"""A package's exported names, imported on first use (PEP 562): importing a package stays cheap."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy(
    package: str, modules: Mapping[str, tuple[str, ...]], *, own: tuple[str, ...] = ()
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for `package`, exporting each module's listed names.

    `modules` maps a module of the package (relative name) to the names it exports. A name is
    imported from its module when first asked for, then kept on the package. `own` names the
    package's exports defined in its `__init__` itself, for `dir()`.
    """
    home = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*home, *own})

    return __getattr__, __dir__
