"""A resource kept for every run inside a block, instead of started for each: the worker
processes of ``--processes`` (processes.py) and the cluster connection of ``--cluster``
(cluster_client.py). ``arraybench run`` measures experiment after experiment; starting
processes or a cluster, and importing torch and JAX in each, costs seconds every time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, Protocol, TypeVar


class Closable(Protocol):
    @property
    def key(self) -> Hashable: ...

    def close(self) -> None: ...


T = TypeVar("T", bound=Closable)


class Kept(Generic[T]):
    """At most one resource, kept while a :meth:`block` is open (blocks may nest).

    Attributes:
        value: the resource kept now, or None.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.value: T | None = None

    @contextlib.contextmanager
    def block(self) -> Iterator[None]:
        """Keep the resource for every :meth:`use` inside; close it when the outer block ends."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if self.depth == 0 and self.value is not None:
                self.value.close()
                self.value = None

    @contextlib.contextmanager
    def use(self, key: Hashable, make: Callable[[], T]) -> Iterator[T]:
        """The kept resource when its ``key`` is ``key``, else a new one from ``make`` (the old
        one closed): kept for the next use inside a block, closed after this one outside."""
        if self.value is not None and self.value.key != key:
            self.value.close()
            self.value = None
        value = self.value or make()
        if self.depth > 0:
            self.value = value
        try:
            yield value
        finally:
            if self.depth == 0:
                value.close()
