"""``arraybench verify OLD NEW``: prove that a rewrite computes the same thing, and how much faster.

    OLD, NEW   "file.py:function": imported from their files (the files run once, as modules)
    inputs     one seeded float64 array of size n per positional parameter of OLD, or a
               builder "file.py:make" taking (n, rng) and returning a dict or a tuple of args
    run        a Workload with two impls, OLD marked as the reference, through arraybench.run:
               the same inputs for both at every size, outputs checked norm-wise against OLD's
               (measure.check.compare with measure.check.tolerance), both timed
    verdict    speedup at the largest size both ran: ratio of medians, bootstrap 95% CI
               (measurement.time_ratio, blocks paired round by round); crossover of the fitted cost
               models
               (analysis.crossover); the worst relative disagreement over all sizes

A disagreement at any size is a failed verification, whatever the speed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..analysis.compare import DEFAULT_THRESHOLD, SAME, UNSURE, verdict_of
from ..analysis.crossover import Crossover, crossover
from ..analysis.fit import fit_all
from ..base.errors import ConfigError, WorkloadError
from ..base.units import format_ratio as x
from ..base.units import format_size
from ..measure.check import is_close, suggested_rtol, tolerance
from ..measure.clock import Clock
from ..measure.runner import run
from ..measurement import time_ratio
from ..results import CaseResult, RunResult
from ..workload import Workload

#: Sizes measured by default: from one element, where fixed costs decide, to 10^4, where a
#: Python loop already takes milliseconds per call; one per decade is enough to place the
#: crossover between two of them and to fit both cost models.
DEFAULT_SIZES = (1, 10, 100, 1000, 10_000)
#: Seconds of measurement per case: ten cases in a few seconds, enough samples for the CI of a
#: ratio of two medians to be a few percent wide on a quiet machine.
DEFAULT_BUDGET_S = 0.2
#: Parameters the runner fills itself (the array namespace, dtype and device names).
RUNNER_PARAMS = frozenset({"xp", "dtype", "device"})


class VerifyError(WorkloadError):
    """OLD, NEW or the inputs builder cannot be loaded or called as asked."""


class UnusableFunctionError(VerifyError, ConfigError):
    """What OLD, NEW or the builder names cannot be called as verify calls it (not a function,
    no data parameter, not the number of arguments the others give): a usage error, exit 2,
    found before anything runs. A file that fails to import is a :class:`VerifyError` (exit 1),
    as it is for ``arraybench run``."""


# -- loading ------------------------------------------------------------------------------------


def parse_target(spec: str) -> tuple[Path, str]:
    """``"path/to/file.py:function"`` -> (path, function name).

    Raises:
        ConfigError: the text is not of that form (a usage error).
    """
    path, sep, name = spec.rpartition(":")
    if not sep or not path or not name.isidentifier():
        raise ConfigError(
            f"{spec!r} is not FILE.py:FUNCTION: name a Python file and a function defined in it, "
            "e.g. mycode.py:slow_version"
        )
    return Path(path), name


_loaded: dict[Path, Any] = {}


def load_function(spec: str) -> Callable[..., Any]:
    """The function named by ``"file.py:function"``, importing the file once.

    Raises:
        ConfigError: the spec is malformed, the file does not exist or has no such function.
        VerifyError: the file cannot be imported.
    """
    path, name = parse_target(spec)
    if not path.is_file():
        raise ConfigError(f"{path}: no such file (from {spec!r})")
    module = _import(path)
    fn = getattr(module, name, None)
    if fn is None:
        defined = sorted(
            k for k, v in vars(module).items() if inspect.isfunction(v) and not k.startswith("_")
        )
        raise ConfigError(
            f"{path} defines no {name!r}; its functions are: {', '.join(defined) or 'none'}"
        )
    if not callable(fn):
        raise UnusableFunctionError(
            f"{path}:{name} is not a function (it is of type {type(fn).__name__}): name a "
            f"function defined in {path}"
        )
    return fn  # type: ignore[no-any-return]


def _import(path: Path) -> Any:
    resolved = path.resolve()
    if resolved in _loaded:
        return _loaded[resolved]
    module_name = f"arraybench_verify_{abs(hash(str(resolved)))}_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, resolved)
    if spec is None or spec.loader is None:
        raise VerifyError(f"{path}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, str(resolved.parent))
    try:
        spec.loader.exec_module(module)
    except SyntaxError as e:
        raise VerifyError(f"{path}:{e.lineno}: syntax error: {e.msg}") from None
    except Exception as e:
        raise VerifyError(f"{path}: importing the file raised {type(e).__name__}: {e}") from e
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(str(resolved.parent))
    _loaded[resolved] = module
    return module


def data_params(fn: Callable[..., Any]) -> list[str]:
    """The positional parameters of ``fn`` that take data (no default, not xp/dtype/device)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        raise UnusableFunctionError(f"cannot read the signature of {fn!r}") from None
    return [
        p.name
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        and p.default is p.empty
        and p.name not in RUNNER_PARAMS
    ]


InputsFn = Callable[[int, np.random.Generator], Mapping[str, Any]]


def default_inputs(names: Sequence[str]) -> InputsFn:
    """One float64 array of n standard-normal values per name (both signs, so branches on the
    sign of an element take both ways)."""
    if not names:
        raise UnusableFunctionError(
            "OLD takes no data parameter: give an inputs builder with --inputs FILE.py:make, "
            "where make(n, rng) returns the arguments"
        )

    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {name: rng.standard_normal(n) for name in names}

    return make


def builder_inputs(fn: Callable[..., Any], names: Sequence[str]) -> InputsFn:
    """A user's builder ``fn(n, rng)`` returning a dict, or a tuple/list of OLD's arguments."""

    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        made = fn(n, rng)
        if isinstance(made, Mapping):
            return dict(made)
        if isinstance(made, tuple | list):
            if names and len(made) != len(names):
                raise UnusableFunctionError(
                    f"the inputs builder returned {len(made)} values; OLD takes {len(names)} "
                    f"({', '.join(names)})"
                )
            keys = list(names) if names else [f"arg{i}" for i in range(len(made))]
            return dict(zip(keys, made, strict=True))
        return {names[0] if names else "x": made}  # one argument, returned bare

    return make


def _check_call(role: str, fn: Callable[..., Any], names: Sequence[str]) -> None:
    """Refuse, before anything runs, a function that cannot take the inputs: one per name in
    ``names``, in order (NEW may call them otherwise, but must take as many)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        raise UnusableFunctionError(f"cannot read the signature of {role} ({fn!r})") from None
    runner = {p: None for p in sig.parameters if p in RUNNER_PARAMS}
    try:
        sig.bind(*names, **runner)
    except TypeError:
        raise UnusableFunctionError(
            f"{role} ({_name(fn)}) takes {_arguments(data_params(fn))}, but is given "
            f"{_arguments(names)}: give both functions the same data parameters, or an --inputs "
            "builder that returns what OLD takes"
        ) from None


def _arguments(names: Sequence[str]) -> str:
    """``"2 data arguments (x, y)"``, ``"no data argument"``."""
    if not names:
        return "no data argument"
    return f"{len(names)} data argument{'s' if len(names) > 1 else ''} ({', '.join(names)})"


def _bindable(fn: Callable[..., Any], names: Sequence[str]) -> Callable[..., Any]:
    """``fn`` itself when its data parameters are ``names`` in order; else a wrapper that takes
    ``names`` and passes them on positionally (NEW may call its argument ``a`` where OLD said
    ``x``). The wrapper adds one Python call, so it is only used when needed."""
    if data_params(fn) == list(names):
        return fn
    takes = [p for p in inspect.signature(fn).parameters if p in RUNNER_PARAMS]

    def call(*args: Any, **runner: Any) -> Any:
        return fn(*args, **runner)

    params = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY) for n in takes]
    call.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    call.__name__ = getattr(fn, "__name__", "impl")
    return call


# -- the verdict --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found.

    Attributes:
        old: OLD's label; new: NEW's label.
        result: the full run (both impls at every size), for saving or reporting.
        agrees: NEW matched OLD within ``rtol`` at every size, and neither raised.
        max_rel_err: the worst norm-wise relative difference over the sizes (None if no check).
        rtol: the tolerance used.
        problems: why it did not verify (failed checks, exceptions), one line each.
        size: the largest size both ran at (where the speedup is given).
        speedup: median(OLD) / median(NEW) there (> 1: NEW is faster).
        speedup_ci: its 95% bootstrap CI.
        significance: ``faster``, ``slower``, ``no change`` or ``cannot tell`` (analysis.compare's
            verdict on NEW against OLD).
        crossover: where one overtakes the other, from the fitted cost models.
    """

    old: str
    new: str
    result: RunResult
    agrees: bool
    max_rel_err: float | None
    rtol: float
    problems: tuple[str, ...]
    size: int | None
    speedup: float | None
    speedup_ci: tuple[float, float] | None
    significance: str
    crossover: Crossover | None
    #: sizes not compared, and why: OLD raised or gave NaN there (not defined on the inputs)
    skipped: tuple[str, ...] = ()

    @property
    def compared(self) -> bool:
        """Whether OLD ran at some size, so that NEW was checked against it."""
        return self.size is not None or any(
            c.impl == self.new and c.check is not None for c in self.result.cases
        )

    def text(self) -> str:
        """One paragraph: speed with its CI, agreement, crossover (or why it did not verify),
        and the sizes not compared."""
        text = self._verdict_text()
        if self.skipped:
            text += "\nnot compared where OLD is not defined on the inputs:"
            text += "".join(f"\n  - {s}" for s in self.skipped)
        return text

    def _verdict_text(self) -> str:
        if self.problems and not self.compared:
            lines = [f"cannot verify {self.new} against {self.old}:"]
            lines += [f"  - {p}" for p in self.problems]
            return "\n".join(lines)
        if self.problems:
            lines = [f"{self.new} does NOT verify against {self.old}:"]
            lines += [f"  - {p}" for p in self.problems]
            return "\n".join(lines)
        parts = []
        if self.speedup is not None and self.speedup_ci is not None and self.size is not None:
            lo, hi = self.speedup_ci
            n = format_size(self.size)
            if self.speedup >= 1:
                parts.append(
                    f"{self.new} is {x(self.speedup)} [{x(lo)}-{x(hi)}] faster than "
                    f"{self.old} at n={n}"
                )
            else:
                parts.append(
                    f"{self.new} is {x(1 / self.speedup)} [{x(1 / hi)}-{x(1 / lo)}] slower "
                    f"than {self.old} at n={n}"
                )
            if self.significance == SAME:
                parts[-1] += f" (within ±{DEFAULT_THRESHOLD:.0%}: no change)"
            elif self.significance == UNSURE:
                parts[-1] += f" (cannot tell: the interval reaches past ±{DEFAULT_THRESHOLD:.0%})"
        agree = (
            "exactly"
            if self.max_rel_err == 0
            else f"to {self.max_rel_err:.0e}"
            if self.max_rel_err is not None
            else "(not checked)"
        )
        parts.append(f"agrees {agree} (tolerance {self.rtol:g}, norm-wise)")
        text = " and ".join(parts)
        cross = self._crossover_text()
        return f"{text}; {cross}." if cross else f"{text}."

    def _crossover_text(self) -> str:
        c = self.crossover
        if c is None:
            return ""
        new_wins = c.winner[1] == self.new
        top = format_size(c.checked_up_to) if c.checked_up_to else "?"
        if c.status == "crosses" and c.size is not None:
            where = _fmt_n(c.size)
            if c.ci:
                where += f" [{_fmt_n(c.ci[0])}-{_fmt_n(c.ci[1])}]"
            if new_wins:
                return f"it overtakes {self.old} from n ≈ {where}"
            return f"{self.old} overtakes it from n ≈ {where}: {self.new} only pays below that"
        if c.status == "always":
            winner = "it is" if new_wins else f"{self.old} is"
            return f"{winner} faster at every size measured (up to n={top})"
        if c.status == "never":
            return f"no size up to n={top} where one is clearly faster from then on"
        return ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "agrees": self.agrees,
            "max_rel_err": self.max_rel_err,
            "rtol": self.rtol,
            "problems": list(self.problems),
            "size": self.size,
            "speedup": self.speedup,
            "speedup_ci": list(self.speedup_ci) if self.speedup_ci else None,
            "significance": self.significance,
            "crossover": self.crossover.to_dict() if self.crossover else None,
            "skipped": list(self.skipped),
            "text": self.text(),
        }


def _fmt_n(n: float) -> str:
    if n < 100:
        return f"{n:.0f}" if n >= 10 else f"{n:.1f}"
    return f"{float(f'{n:.2g}'):,.0f}"


# -- running ------------------------------------------------------------------------------------


def verify(
    old: Callable[..., Any],
    new: Callable[..., Any],
    *,
    inputs: Callable[..., Any] | None = None,
    sizes: Sequence[int] = DEFAULT_SIZES,
    backends: tuple[str, str] = ("numpy", "numpy"),
    dtype: str = "float64",
    device: str = "cpu",
    budget: float = DEFAULT_BUDGET_S,
    seed: int = 0,
    rtol: float | None = None,
    labels: tuple[str, str] | None = None,
    clock: Clock | None = None,
) -> Verdict:
    """Run OLD and NEW on the same seeded inputs, check they agree, and compare their speed.

    Args:
        old: the original function (its output is the reference).
        new: the rewrite.
        inputs: a builder ``(n, rng) -> dict | tuple``; default: one float64 array of size n per
            data parameter of ``old``.
        sizes: problem sizes.
        backends: the backends OLD and NEW run on (``python`` hands them lists).
        dtype: the dtype of the inputs.
        device: the device (``cpu``, ``cuda``).
        budget: seconds of measurement per case.
        seed: seed of the inputs.
        rtol: tolerance of the check (default: arraybench's for the dtype).
        labels: names to show for OLD and NEW (default: their function names).
        clock: the clock (a FakeClock in tests).

    Returns:
        A :class:`Verdict`.
    """
    names = data_params(old)
    make = builder_inputs(inputs, names) if inputs is not None else default_inputs(names)
    probe = make(1, np.random.default_rng([seed, 1]))
    keys = list(probe)
    for role, fn in (("OLD", old), ("NEW", new)):
        _check_call(role, fn, keys)
    old_label, new_label = labels or (_name(old), _name(new))
    if old_label == new_label:
        old_label, new_label = f"{old_label} (old)", f"{new_label} (new)"
    w = Workload(
        "verify",
        sizes=tuple(sizes),
        dtypes=(dtype,),
        rtol={dtype: rtol} if rtol is not None else {},
        description=f"{old_label} against {new_label}",
    )
    w.inputs(make)
    w.impl(backends[0], label=old_label, reference=True)(_bindable(old, keys))
    w.impl(backends[1], label=new_label)(_bindable(new, keys))
    result = run(
        w,
        backends=list(dict.fromkeys(backends)),
        dtypes=[dtype],
        devices=[device],
        budget=budget,
        seed=seed,
        clock=clock,
    )
    return judge(result, old_label, new_label, tolerance(dtype, w.rtol))


def judge(result: RunResult, old: str, new: str, rtol: float) -> Verdict:
    """The verdict on a finished run of OLD (the reference) and NEW."""
    olds = {c.size: c for c in result.cases if c.impl == old}
    news = {c.size: c for c in result.cases if c.impl == new}
    problems: list[str] = []
    skipped: list[str] = []
    errs: list[float] = []
    for n in sorted(set(olds) | set(news)):
        a, b = olds.get(n), news.get(n)
        if a is not None and not a.ok:
            # OLD is the reference: where it raises or gives NaN (a standard deviation of one
            # element) the function is not defined on these inputs, and NEW cannot be wrong there
            why, why_new = _undefined(a), _undefined(b) if b is not None and not b.ok else ""
            skipped.append(
                f"n={n}: both {why.replace('gives', 'give')}"
                if why == why_new
                else f"n={n}: {old} {why}" + (f", {new} {why_new}" if why_new else "")
            )
            continue
        for label, c in ((old, a), (new, b)):
            if c is None:
                problems.append(f"{label} did not run at n={n}")
            elif not c.ok:
                problems.append(f"{label} at n={n}: {_problem(c)}")
        if b is not None and b.check is not None and math.isfinite(b.check.max_rel_err):
            errs.append(b.check.max_rel_err)
    both = sorted(n for n in olds if n in news and olds[n].ok and news[n].ok)
    if not both and not problems and skipped:
        problems.append(
            f"{old} runs at no size on these inputs, so nothing was compared; give --inputs "
            "FILE.py:make, where make(n, rng) returns the arguments it takes"
        )
    size = both[-1] if both else None
    speedup = ci = None
    significance = ""
    if size is not None:
        a, b = olds[size], news[size]
        assert a.measurement is not None and b.measurement is not None
        # OLD and NEW ran in turns, block by block: their ratio pairs the blocks.
        r = time_ratio(b.measurement, a.measurement)
        if r.value > 0 and r.low > 0:
            speedup = 1.0 / r.value
            ci = (1.0 / r.high, 1.0 / r.low)
        significance = verdict_of(r.low, r.high, DEFAULT_THRESHOLD)
    cross = _crossover(result, olds, news) if len(both) >= 2 else None
    return Verdict(
        old=old,
        new=new,
        result=result,
        agrees=not problems,
        max_rel_err=max(errs) if errs else None,
        rtol=rtol,
        problems=tuple(problems),
        size=size,
        speedup=speedup,
        speedup_ci=ci,
        significance=significance,
        crossover=cross,
        skipped=tuple(skipped),
    )


def _undefined(c: CaseResult) -> str:
    """Why a case gave no answer, in a few words (``gives NaN``, ``raised IndexError: ...``)."""
    if c.check is not None and "NaN" in c.check.message:
        return "gives NaN"
    text = str(c.error or c.status)
    return "gives NaN" if "has NaN" in text else text.split(" (at ", maxsplit=1)[0]


def _problem(c: CaseResult) -> str:
    """Why a case failed; a close mismatch says how verify accepts it (not a Workload's rtol=)."""
    if c.check is None or not is_close(c.check):
        return str(c.error)
    tol = f"{suggested_rtol(c.check):g}"
    return f"{c.check.message}; close: a different algorithm? --rtol {tol} (rtol={tol}) accepts it"


def _crossover(
    result: RunResult, olds: Mapping[int, CaseResult], news: Mapping[int, CaseResult]
) -> Crossover | None:
    fits = fit_all(result)
    some_old = next(iter(olds.values()))
    some_new = next(iter(news.values()))
    fo, fn = fits.get(some_old.series), fits.get(some_new.series)
    if fo is None or fn is None:
        return None
    return crossover(fo, fn)


def _name(fn: Callable[..., Any]) -> str:
    return str(getattr(fn, "__name__", "impl"))
