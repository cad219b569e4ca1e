"""Conveniences a record offers whose work is done by a layer above it.

``RunResult.table()``, ``.plot()``, ``.to_csv()`` and its notebook view render results, which is
the report's job (:mod:`arraybench.report`), and the records sit below the report: they cannot
import it, not even inside a method. So the package's facade (``arraybench/__init__.py``), which
may import every layer and always runs before any of them, installs the renderers here, and the
records call them by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_installed: dict[str, Callable[..., Any]] = {}


def install(**renderers: Callable[..., Any]) -> None:
    """Install renderers by name (``table``, ``plot``, ``to_csv``, ``html``)."""
    _installed.update(renderers)


def call(name: str, *args: Any, **kwargs: Any) -> Any:
    """Call the renderer installed as ``name``."""
    try:
        renderer = _installed[name]
    except KeyError:
        raise RuntimeError(
            f"no {name!r} renderer is installed: arraybench/__init__.py installs them when "
            "arraybench is imported"
        ) from None
    return renderer(*args, **kwargs)
