"""What differs between two runs' environments and measuring settings, entry by entry: the
list ``arraybench compare`` prints under "Environment differences" (analysis/compare.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..results import RunResult

#: Environment entries that differ on every run and say nothing about the software or machine.
VOLATILE_ENV_KEYS = frozenset({"load_average", "load_average_after"})
#: Config entries that do not change how a case is measured (which cases ran is already shown by
#: the matching of cases).
IGNORED_CONFIG_KEYS = frozenset({"backends", "devices", "dtypes", "sizes", "impls"})
#: Entries deeper down that differ on every run: how long the zygotes' preparation took.
VOLATILE_PATHS = ("workers.prepared",)


@dataclass(frozen=True)
class EnvChange:
    """One entry of the environment (or the run's settings) that differs between the runs.

    Attributes:
        key: dotted path into ``RunResult.env`` (``backends.numpy.blas[0].vendor``), or
            ``config.NAME`` for a run setting.
        old: the value in A (None when ``change`` is ``added``).
        new: the value in B (None when ``change`` is ``removed``).
        change: ``changed``, ``added`` (only in B) or ``removed`` (only in A).
    """

    key: str
    old: Any
    new: Any
    change: str = "changed"

    def describe(self) -> str:
        """``backends.numpy.version: 2.4.6 -> 2.5.0``."""
        old = "(absent)" if self.change == "added" else _show(self.old)
        new = "(absent)" if self.change == "removed" else _show(self.new)
        return f"{self.key}: {old} -> {new}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "old": self.old, "new": self.new, "change": self.change}


def _show(v: Any) -> str:
    if isinstance(v, Mapping):  # a whole subtree: name it by its version when it has one
        return f"present (version {v['version']})" if "version" in v else "present"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return "null" if v is None else str(v)


def env_changes(a: RunResult, b: RunResult) -> tuple[EnvChange, ...]:
    """What differs between two runs' environments (``env``) and measuring settings (``config``).

    Nested mappings are walked key by key (``backends.torch.version``), lists of mappings item by
    item (``backends.numpy.blas[0].vendor``); other values are compared whole, and a subtree in
    one run only (a backend installed in one) is one entry. Load averages and the zygotes'
    preparation times are left out: they differ on every run.

    Args:
        a: the first run.
        b: the second run.

    Returns:
        The changed, added and removed entries, in walking order (env first, then config).
    """
    out: list[EnvChange] = []
    _diff(
        {k: v for k, v in a.env.items() if k not in VOLATILE_ENV_KEYS},
        {k: v for k, v in b.env.items() if k not in VOLATILE_ENV_KEYS},
        "",
        out,
    )
    _diff(
        {k: v for k, v in a.config.items() if k not in IGNORED_CONFIG_KEYS},
        {k: v for k, v in b.config.items() if k not in IGNORED_CONFIG_KEYS},
        "config",
        out,
    )
    return tuple(out)


def _diff(old: Any, new: Any, path: str, out: list[EnvChange]) -> None:
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for k in sorted(set(old) | set(new), key=str):
            sub = f"{path}.{k}" if path else str(k)
            if sub.startswith(VOLATILE_PATHS):
                continue
            if k not in new:
                out.append(EnvChange(sub, _plain(old[k]), None, "removed"))
            elif k not in old:
                out.append(EnvChange(sub, None, _plain(new[k]), "added"))
            else:
                _diff(old[k], new[k], sub, out)
    elif _is_records(old) and _is_records(new) and len(old) == len(new):
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            _diff(o, n, f"{path}[{i}]", out)
    elif _plain(old) != _plain(new) and not path.startswith(VOLATILE_PATHS):
        out.append(EnvChange(path, _plain(old), _plain(new)))


def _is_records(v: Any) -> bool:
    return isinstance(v, list | tuple) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _plain(v: Any) -> Any:
    """JSON-like values (tuples as lists), so a loaded file compares equal to a fresh run."""
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v
