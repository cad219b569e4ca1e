"""The rules of ``arraybench lint`` and ``profile``: one code, a one-line message, the rewrite and a
severity each.

Codes are stable: a code is never reused for another pattern, so ``# arraybench: ignore[AB101]``
comments and CI configurations keep their meaning across versions.

    AB1xx  loops that should be one array operation (the interpreter pays per element)
    AB2xx  synchronisation and host/device traffic inside loops
    AB3xx  measurement mistakes
    AB4xx  dtype, autograd and compilation settings that cost time on every call; AB404-AB409
           only a run shows (``RUN_RULES``: ``arraybench profile`` reports them)
"""

from __future__ import annotations

from dataclasses import dataclass

#: Severities, as SARIF names them: ``error`` for code whose numbers are wrong (a timing that
#: measures nothing), ``warning`` for a cost that grows with the data, ``note`` for a constant
#: factor.
ERROR, WARNING, NOTE = "error", "warning", "note"
SEVERITIES = (ERROR, WARNING, NOTE)


@dataclass(frozen=True)
class Rule:
    """One pattern the linter finds.

    Attributes:
        code: the stable identifier (``AB101``).
        name: a short kebab-case name (``element-loop``).
        severity: ``error``, ``warning`` or ``note``.
        message: one line saying what is slow and why.
        rewrite: the suggested rewrite, in code where it fits on a line.
    """

    code: str
    name: str
    severity: str
    message: str
    rewrite: str

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"rule {self.code}: severity must be one of {SEVERITIES}")


class OfRule:
    """What a finding reads from its rule: its message, rewrite, name and severity. The record
    gives ``rule`` (lint's Diagnostic, profile's Finding)."""

    @property
    def rule(self) -> Rule:
        raise NotImplementedError

    @property
    def message(self) -> str:
        return self.rule.message

    @property
    def rewrite(self) -> str:
        return self.rule.rewrite

    @property
    def name(self) -> str:
        return self.rule.name

    @property
    def severity(self) -> str:
        return self.rule.severity


_ALL = (
    Rule(
        "AB101",
        "element-loop",
        WARNING,
        "Python loop over the elements of an array: every element pays the interpreter and a "
        "library call",
        "write the body as one operation on whole arrays (out = x + y, not out[i] = x[i] + y[i])",
    ),
    Rule(
        "AB102",
        "where-loop",
        WARNING,
        "per-element if/else in a Python loop",
        "out = np.where(cond, a, b) (torch.where, jnp.where): both branches on whole arrays",
    ),
    Rule(
        "AB103",
        "apply-loop",
        WARNING,
        "a scalar function applied element by element in a Python loop",
        "call the library's vectorized function on the whole array (np.exp(x), torch.sigmoid(x));"
        " np.vectorize is still a loop",
    ),
    Rule(
        "AB104",
        "reduction-loop",
        WARNING,
        "manual reduction (sum, max, argmax...) in a Python loop",
        "x.sum(), x.max(), x.argmax() (or np.cumsum for running totals): one call",
    ),
    Rule(
        "AB105",
        "matvec-loop",
        WARNING,
        "row-by-row matrix-vector products in a Python loop",
        "y = A @ x: one matrix product (BLAS) instead of one dot product per row",
    ),
    Rule(
        "AB106",
        "per-sample-loop",
        WARNING,
        "per-sample loop over a batch: one small operation per sample",
        "one batched call: torch.bmm / a @ b on stacked operands, np.einsum, broadcasting, or "
        "the model on the whole batch",
    ),
    Rule(
        "AB107",
        "grow-in-loop",
        WARNING,
        "array grown inside a loop: every step copies everything so far (quadratic time)",
        "append the pieces to a Python list and call np.concatenate / torch.cat once after the "
        "loop (or preallocate and fill)",
    ),
    Rule(
        "AB108",
        "build-in-loop",
        WARNING,
        "array or tensor built from Python data piece by piece: one small tensor per item "
        "(stacked later), the same data converted on every iteration, or torch.tensor() of a "
        "list of tensors or arrays (converted element by element)",
        "collect plain values (rows of numbers) and convert once after the loop; "
        "torch.stack(list_of_tensors), torch.from_numpy(np.stack(list_of_arrays)); hoist a "
        "conversion that does not change between iterations",
    ),
    Rule(
        "AB201",
        "sync-in-loop",
        WARNING,
        ".item() / .tolist() / float() / int() of a tensor inside a loop: a device sync and a "
        "Python object per iteration",
        "keep the values in a tensor, detached from autograd (total += loss.detach(), or "
        "torch.stack of detached values: a sum of tensors that require grad keeps every step's "
        "graph alive) and convert once after the loop, or only every N steps for logging",
    ),
    Rule(
        "AB202",
        "transfer-in-loop",
        WARNING,
        "host/device transfer on every iteration: data or a module that does not change moved "
        "again, a tensor made on the host then moved, a result brought to the host for a "
        "metric (.cpu(), jax.device_get) or sent back and forth",
        "move it once, before the loop (x = x.to(device)); make tensors where they are used "
        "(torch.zeros(n, device=device)); keep results on the device and bring them back "
        "once, after the loop (or every N steps)",
    ),
    Rule(
        "AB203",
        "needless-copy",
        NOTE,
        "copy of data that nothing modifies: .clone(), .copy(), np.copy, copy.deepcopy, "
        "np.array(a) of an array, torch.tensor(t) of a tensor",
        "drop the copy: array operations return new arrays; copy only what you write into "
        "(t.clone().detach() rather than torch.tensor(t) when a copy is meant)",
    ),
    Rule(
        "AB301",
        "unsynced-timing",
        ERROR,
        "GPU/JAX work timed with time.time()/perf_counter() without waiting for it: the clock "
        "stops before the work is done",
        "call torch.cuda.synchronize() (or out.block_until_ready() in JAX) before reading the "
        "clock; or use torch.utils.benchmark / arraybench",
    ),
    Rule(
        "AB401",
        "float64-into-torch",
        WARNING,
        "float64 NumPy data made torch tensors (fed to a model, or mixed into float32 work): "
        "torch.from_numpy keeps float64, so the work runs in double precision or fails on a "
        "dtype mismatch",
        "torch.from_numpy(a).float() or a.astype(np.float32) first (or dtype=np.float64 "
        "explicitly when double precision is meant)",
    ),
    Rule(
        "AB402",
        "inference-with-grad",
        WARNING,
        "inference without torch.no_grad(): autograd records the graph and keeps activations",
        "wrap inference in `with torch.inference_mode():` (or decorate with @torch.no_grad())",
    ),
    Rule(
        "AB403",
        "jit-in-loop",
        WARNING,
        "jax.jit / torch.compile applied inside a loop: of a fresh function (lambda, partial,"
        " grad) it recompiles every iteration; of the same function it builds a wrapper and"
        " looks up the cache every iteration",
        "compile once outside the loop (f_jit = jax.jit(f)) and call f_jit inside it",
    ),
)

#: Every rule by code, in code order.
RULES: dict[str, Rule] = {r.code: r for r in _ALL}


def rule(code: str) -> Rule:
    """The rule of a code; raises ``KeyError`` naming the known codes otherwise."""
    try:
        return RULES[code]
    except KeyError:
        raise KeyError(f"unknown rule {code!r}; the rules are {', '.join(RULES)}") from None


#: Codes only a run gives: name, message, rewrite. The patterns of advise/rules/patterns/ add
#: theirs with :func:`register` when imported (``arraybench.advise`` imports them).
RUN_RULES: dict[str, Rule] = {
    "AB406": Rule(
        "AB406",
        "element-recurrence",
        WARNING,
        "a recurrence (each step needs the one before) taken element by element on arrays or "
        "tensors: every step pays the array library's per-call cost on one element or a tiny "
        "array, and no whole-array rewrite of the steps exists",
        "keep the loop but run it on Python floats and lists (x.tolist() once, np.array once "
        "after), or compile it: numba.njit, jax.lax.scan / fori_loop, torch.jit.script; where "
        "the loop runs again for independent trials or sequences, one array axis per run "
        "takes each step for all of them at once",
    ),
    "AB408": Rule(
        "AB408",
        "scan-loop",
        WARNING,
        "a recurrence of one first-order step (a prefix sum or product, a running maximum, a "
        "linear filter) taken element by element: a library scan computes it in one call",
        "one scan call: np.cumsum, np.cumprod, np.maximum.accumulate (torch.cumsum, "
        "torch.cummax), or scipy.signal.lfilter([b], [1, -a], x) for y[i] = a * y[i - 1] + "
        "b * x[i]",
    ),
    "AB404": Rule(
        "AB404",
        "recompile",
        WARNING,
        "a jitted function compiled again and again at this line: new shapes, dtypes or static "
        "arguments on each call, or a fresh function each time",
        "keep shapes fixed (pad to a few sizes, with NumPy before the data becomes a JAX array "
        "or inside the jitted function: an eager jnp.pad or jnp.ones of each new size is "
        "compiled too), pass changing values as arguments rather than static ones, and jit once "
        "outside the loop",
    ),
}


def register(r: Rule) -> Rule:
    """Add a run's rule to RUN_RULES (a pattern module does, on import); a code is one rule."""
    old = RULES.get(r.code) or RUN_RULES.get(r.code)
    if old is not None and old != r:
        raise ValueError(f"rule {r.code} is already {old.name!r}")
    RUN_RULES[r.code] = r
    return r
