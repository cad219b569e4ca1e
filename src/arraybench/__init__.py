"""arraybench: measure, check and explain the performance of array code across backends.

import arraybench as ab
w = ab.Workload("sin2", sizes=ab.logsizes(1, 10**6))
...
result = ab.run(w, backends=["python", "numpy", "torch"], budget=0.5)
result.table()

The names below are imported on first use (PEP 562), so that importing a submodule alone, such
as the pytest plugin that pytest loads in every session of an environment holding arraybench,
imports neither NumPy nor the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .base import hooks as _hooks
from .base.version import __version__

if TYPE_CHECKING:
    from .base.errors import ArraybenchError
    from .config import RunConfig
    from .measure.runner import run
    from .measurement import Measurement
    from .results import CaseResult, RunResult, load
    from .workload import Workload, logsizes

#: Each public name and the submodule that defines it.
_WHERE = {
    "ArraybenchError": ".base.errors",
    "CaseResult": ".results",
    "Measurement": ".measurement",
    "RunConfig": ".config",
    "RunResult": ".results",
    "Workload": ".workload",
    "load": ".results",
    "logsizes": ".workload",
    "run": ".measure.runner",
}

__all__ = [
    "ArraybenchError",
    "CaseResult",
    "Measurement",
    "RunConfig",
    "RunResult",
    "Workload",
    "__version__",
    "load",
    "logsizes",
    "run",
]


# RunResult's conveniences render through the report, which the records below it cannot import:
# they are installed here (arraybench.base.hooks), each importing its renderer on first use.


def _table(
    result: RunResult, console: Any = None, profile: Any = None, verbose: bool = False
) -> None:
    from .report.summary import table

    table(result, console=console, profile=profile, verbose=verbose)


def _plot(result: RunResult, outdir: Any, **kwargs: Any) -> Any:
    from .report.plots import save

    return save(result, outdir, **kwargs)


def _to_csv(result: RunResult, path: Any = None) -> str:
    from .report.export import to_csv

    return to_csv(result, path)


def _html(result: RunResult) -> str:
    from .report.notebook import render

    return render(result)


_hooks.install(table=_table, plot=_plot, to_csv=_to_csv, html=_html)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext arraybench`` in IPython or Jupyter: the ``%%arraybench`` and ``%arraybench``
    magics (:mod:`arraybench.cli.magics`)."""
    from .cli.magics import load_ipython_extension as load

    load(ipython)


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'arraybench' has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value  # imported once: later look-ups do not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
