"""A backend for tests: NumPy arrays, a modelled sync, and a name of the test's choosing.

Shipped with arraybench (like httpx's MockTransport) so that users' own tests of workloads and
plug-in code can run without any optional library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .base import BaseBackend


class FakeBackend(BaseBackend):
    """Behaves like NumPy under another name.

    Args:
        name: the backend's name.
        devices: device names it claims to have.
        dtypes: dtypes it accepts.
        on_sync: called on every sync (a test can advance a fake clock here to model device work).
        unavailable: if given, ``available()`` returns (False, this reason).
        compiled: a count of compilations that ``compilations()`` returns (a test's impl adds
            to it to model a library that compiles); None: it cannot count, as NumPy.
    """

    def __init__(
        self,
        name: str = "fake",
        devices: tuple[str, ...] = ("cpu",),
        dtypes: tuple[str, ...] = ("float32", "float64"),
        on_sync: Callable[[str, Any], None] | None = None,
        unavailable: str | None = None,
        compiled: int | None = None,
    ) -> None:
        self.name = name
        self._devices = list(devices)
        self.dtypes = dtypes
        self.on_sync = on_sync
        self.unavailable = unavailable
        self.syncs = 0
        self.compiled = compiled
        self.thread_calls: list[int] = []

    @property
    def xp(self) -> Any:
        return np

    def available(self) -> tuple[bool, str]:
        return (False, self.unavailable) if self.unavailable else (True, "")

    def devices(self) -> list[str]:
        return list(self._devices)

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        return np.array(a, dtype=dtype, copy=True)

    def sync(self, device: str, out: Any = None) -> None:
        self.syncs += 1
        if self.on_sync is not None:
            self.on_sync(device, out)

    def compilations(self) -> int | None:
        return self.compiled

    def threads(self, n: int) -> Any:
        import contextlib

        self.thread_calls.append(n)
        return contextlib.nullcontext()

    def info(self) -> dict[str, Any]:
        return {"version": "0", "threads": None, "devices": self.devices()}
