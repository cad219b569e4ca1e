"""Property-based tests: arraybench meets random definitions, command lines and files calmly.

Every test here uses :data:`FUZZ`: a fixed number of examples drawn from a fixed seed
(``derandomize``), so CI sees the same examples on every run, and the whole folder stays fast.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: Examples per property: enough to reach the odd corners of each parser in a few seconds.
MAX_EXAMPLES = 150

FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,  # a shared CI machine's pauses are not bugs
    derandomize=True,  # the same examples every run: a failure here is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,  # nothing written next to the sources
)
