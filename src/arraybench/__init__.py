"""arraybench: measure, check and explain the performance of array code across backends.

import arraybench as ab
w = ab.Workload("sin2", sizes=ab.logsizes(1, 10**6))
...
result = ab.run(w, backends=["python", "numpy", "torch"], budget=0.5)
result.table()
"""

from __future__ import annotations

__version__ = "0.1.0"

from .config import RunConfig
from .errors import ArraybenchError
from .measure.runner import run
from .results import CaseResult, Measurement, RunResult, load
from .workload import Workload, logsizes

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
