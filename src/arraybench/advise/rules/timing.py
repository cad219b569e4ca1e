"""AB301: GPU or JAX work timed with a clock read that does not wait for it: between two reads
of the clock, the last array operation launched comes after the last sync."""

from __future__ import annotations

import ast
import itertools

from ..read.syntax import qualname, walk_scope
from .walk import Walk, model_named

CLOCKS = frozenset(
    {
        "time.time",
        "time.perf_counter",
        "time.perf_counter_ns",
        "time.monotonic",
        "time.monotonic_ns",
        "time.time_ns",
        "time.process_time",
        "timeit.default_timer",
    }
)

SYNC_METHODS = frozenset({"synchronize", "block_until_ready", "item", "tolist", "cpu", "numpy"})

SYNC_FUNCS = frozenset({"jax.block_until_ready", "jax.device_get", "numpy.asarray", "numpy.array"})

#: Calls between two clock reads that are not GPU work.
NOT_WORK = frozenset(
    {
        "print",
        "len",
        "range",
        "str",
        "repr",
        "format",
        "list",
        "dict",
        "tuple",
        "set",
        "enumerate",
        "zip",
        "sorted",
        "min",
        "max",
        "sum",
        "abs",
        "round",
        "isinstance",
        "open",
        "next",
        "iter",
        "float",
        "int",
    }
)


class TimingRules(Walk):
    """AB301, checked on each list of statements (a body, an else) of a file that uses a GPU
    or JAX."""

    def _timing(self, stmts: list[ast.stmt]) -> None:
        reads: list[tuple[int, ast.Call]] = []
        for k, s in enumerate(stmts):
            if isinstance(s, ast.Expr | ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Return):
                clocks = [
                    n
                    for n in ast.walk(s)
                    if isinstance(n, ast.Call) and self._qual(n.func) in CLOCKS
                ]
                if clocks:
                    reads.append((k, clocks[0]))
        for (a, _), (b, clock) in itertools.pairwise(reads):
            nodes = [n for s in stmts[a + 1 : b] for n in walk_scope([s])]
            nodes += [n for n in ast.walk(stmts[b]) if _end(n) < _end(clock)]
            ops = [n for n in nodes if isinstance(n, ast.Call | ast.BinOp)]
            ops.sort(key=_end)
            last_work = last_sync = -1
            for i, c in enumerate(ops):
                if isinstance(c, ast.BinOp):
                    if self.facts.is_array(c) and not self.facts.is_host(c):
                        last_work = i  # x @ x on the GPU is launched, not done
                elif self._is_sync(c):
                    last_sync = i
                elif self._is_work(c):
                    last_work = i
            if last_work >= 0 and last_sync < last_work:
                self.report("AB301", clock)

    def _is_sync(self, c: ast.Call) -> bool:
        q = self._qual(c.func) or ""
        if q in SYNC_FUNCS or q.endswith(".synchronize"):
            return True
        if isinstance(c.func, ast.Attribute) and c.func.attr in SYNC_METHODS:
            return True
        return (
            isinstance(c.func, ast.Name)
            and c.func.id in ("float", "int")
            and bool(c.args)
            and self.facts.is_array(c.args[0])
        )

    def _is_work(self, c: ast.Call) -> bool:
        q = self._qual(c.func)
        if q is None:
            f = c.func
            # f(x)(y), model.to(d)(x): a call of a call's result (a jitted function, a model)
            return isinstance(f, ast.Call)
        if q in CLOCKS or q in NOT_WORK:
            return False
        root = q.split(".", 1)[0]
        if self.facts.is_namespace(q):
            return root in ("torch", "jax", "cupy", "xp")
        if isinstance(c.func, ast.Name):
            return (
                q in self.facts.jitted
                or q in self.facts.models
                or q in self.facts.gpu_fns
                or model_named(q)
            )
        # A method: work when called on a tensor (not a NumPy array) or a model.
        assert isinstance(c.func, ast.Attribute)
        base = c.func.value
        bq = qualname(base, {}) or ""
        return (
            (self.facts.is_array(base) and not self.facts.is_host(base))
            or bq in self.facts.models
            or model_named(bq)
        )


def _end(n: ast.AST) -> tuple[int, int]:
    return (getattr(n, "end_lineno", 0) or 0, getattr(n, "end_col_offset", 0) or 0)
