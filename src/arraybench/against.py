"""Two versions of a workload file measured side by side: ``arraybench run FILE --against REV``.

Two runs taken minutes apart on a machine whose speed moves between states cannot show a 10%
change (docs/method.md, "Across runs"); two versions measured together can (asv's continuous
runs, Chromium's Pinpoint, duet benchmarking). Here the workload file at REV (a git revision of
the repository holding it, or another copy of it: a file, or a folder holding the file at the
same place) and the file as it is now are loaded side by side as two modules, and every workload
of the file becomes one workload whose impls are this version's (``vectorized``) and REV's
(``vectorized@REV``). The engine measures them as it measures any impls of one workload: in the
same rounds of every process, on the same inputs (this version's input builder, for both), each
checked against the same reference. Each case's verdict is on its time over REV's, paired round
by round in each process (``measurement.time_ratio``: one unit per process), against the
no-change band (``stats.band_verdict``: "no change" is possible, the two were measured together).

    this tree                                   REV
    FILE ---------------------------.           git archive REV -> cache/against/<commit>/
                                    v           FILE at REV (its repository's modules with it)
    merge module (cache) = workloads of FILE, impls: label (this tree) + label@REV (REV)
        |  the workers load it as any workload file: both versions in every process
        v
    run; then each case against label@REV: ratio [95% CI], verdict

What REV's side imports from the repository (a helper module beside the file, the package the
file measures when it lives in the repository) comes from REV's tree: while REV's file is
loaded, the modules this version's file imported from the work tree are set aside and the
folders they came from point into REV's tree; what REV imported is then set aside in turn (its
functions keep their own modules). A module found in the work tree all the same (an installed
package outside the repository) is the same for both, and the run says so. Nothing in the work
tree is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import os
import re
import subprocess
import sys
import tarfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .analysis.comparison import BESIDE_KEY, SOURCE_KEY
from .base import stats
from .base.errors import ConfigError
from .measure.profile import cache_dir
from .results import RunResult

#: Where REV's impls' labels begin: ``vectorized@HEAD~1``.
MARK = "@"
#: The key of ``RunResult.extra`` that holds the comparison (``compare`` reads it: a later run
#: that measured an earlier run's commit beside it).
EXTRA_KEY = BESIDE_KEY
#: The tolerance REV's impls are checked with: compared with this version's output, and said
#: where they differ (a fix may change it by design), never failed for it (a finite number: the
#: results file is JSON).
NEVER_FAILS = 1e300
#: Processes added at a time to the cases that cannot tell, and the most a case gets in all
#: (Pinpoint adds pairs of runs while its comparison cannot tell, up to a limit).
ADD = 4
MAX_PROCESSES = 16


@dataclass(frozen=True)
class Version:
    """The other version of a workload file.

    Attributes:
        rev: what the user named (``HEAD~1``, ``main``, a path).
        tag: the label suffix of its impls (``rev`` with unsafe characters replaced).
        file: its workload file (in a checkout of REV, or the path given).
        root: the root of its tree (REV's checkout, or the folder given).
        here_root: the root of this version's tree (the repository, or the file's folder).
        commit: the commit REV names, or None for a path.
    """

    rev: str
    tag: str
    file: Path
    root: Path
    here_root: Path
    commit: str | None


def _git(cwd: Path, *args: str) -> str:
    try:
        p = subprocess.run(
            ["git", *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=120
        )
    except FileNotFoundError:
        raise ConfigError("--against REV needs git, which is not installed here") from None
    if p.returncode != 0:
        raise ConfigError(p.stderr.strip() or f"git {' '.join(args)} failed")
    return p.stdout.strip()


def tag_of(rev: str) -> str:
    """A label-safe name for ``rev``: ``HEAD~1`` stays, ``../old/x.py`` becomes ``old_x.py``."""
    if os.sep in rev or (os.altsep and os.altsep in rev):
        rev = "_".join(Path(rev).parts[-2:])
    return re.sub(r"[^A-Za-z0-9_.~^\-]", "_", rev)[:40] or "other"


def version(path: str | Path, rev: str) -> Version:
    """The other version of the workload file ``path``: REV of its git repository, or a path.

    Raises:
        ConfigError: REV is neither an existing path nor a revision of the repository holding
            the file (the message names both), or the file does not exist at REV.
    """
    file = Path(path).resolve()
    if not file.is_file():
        raise ConfigError(f"--against compares a workload file: {path} is not a file")
    given = Path(rev)
    if given.exists():
        other = given.resolve()
        if other.is_dir():
            here_root = _repo_root(file) or file.parent
            rel = file.relative_to(here_root) if file.is_relative_to(here_root) else file.name
            candidate = other / rel
            if not candidate.is_file():
                candidate = other / file.name
            if not candidate.is_file():
                raise ConfigError(
                    f"--against {rev}: the folder holds no {rel} (nor {file.name}): give the "
                    "other version's file, or a folder holding it at the same place"
                )
            return Version(rev, tag_of(rev), candidate, other, here_root, None)
        return Version(rev, tag_of(rev), other, other.parent, file.parent, None)
    root = _repo_root(file)
    if root is None:
        raise ConfigError(
            f"--against {rev}: no such file or folder, and {path} is not in a git repository "
            "to find a revision in: give a revision of its repository, or the other version's "
            "file or folder"
        )
    commit = _commit(root, rev)
    if not commit:
        raise ConfigError(
            f"--against {rev}: not a revision of the repository at {root} (nor a file or "
            "folder): name a commit, branch or tag ('git log --oneline' lists them)"
        )
    rel = file.relative_to(root)
    tree = checkout(root, commit)
    other = tree / rel
    if not other.is_file():
        raise ConfigError(
            f"--against {rev}: {rel} does not exist at {rev} ({commit[:10]}): the file is new "
            "since then, so there is nothing to measure it against"
        )
    return Version(rev, tag_of(rev), other, tree, root, commit)


def repository(where: str | Path, rev: str) -> Version:
    """REV of the git repository holding ``where`` (a folder), for functions of its modules
    (:func:`function_at`: the pytest plugin's ``--arraybench-against``).

    Raises:
        ConfigError: ``where`` is not in a git repository, or REV is not a revision of it.
    """
    folder = Path(where).resolve()
    root = repo_root(folder)
    if root is None:
        raise ConfigError(
            f"--arraybench-against {rev}: {folder} is not in a git repository to find the "
            "revision in: run pytest from the repository"
        )
    commit = _commit(root, rev)
    if not commit:
        raise ConfigError(
            f"--arraybench-against {rev}: not a revision of the repository at {root}: name a "
            "commit, branch or tag ('git log --oneline' lists them)"
        )
    tree = checkout(root, commit)
    return Version(rev, tag_of(rev), tree, tree, root, commit)


def repo_root(where: str | Path) -> Path | None:
    """The root of the git repository holding ``where`` (a file or a folder), or None."""
    start = Path(where).resolve()
    return _repo_root(start if start.is_file() else start / "_")


def source(where: str | Path, files: Sequence[str | Path] = ()) -> dict[str, Any] | None:
    """Where the code a run measures came from: the git repository holding ``where`` (a file
    or a folder), its commit, the tracked files changed since it (uncommitted: the code
    measured is then not the commit's) and ``files`` (the workload files run) relative to its
    root. None outside a repository or without git. A later run measures the commit beside it
    (:func:`baseline_version`, ``compare --rerun``) when nothing was changed."""
    root = repo_root(where)
    if root is None:
        return None
    commit = _commit(root, "HEAD")
    if not commit:
        return None
    try:
        # tracked files whose content differs from the commit's, staged or not
        status = _git(root, "diff", "--name-only", "HEAD")
    except ConfigError:
        return None
    changed = sorted(line.strip() for line in status.splitlines() if line.strip())
    record: dict[str, Any] = {"commit": commit, "changed": changed}
    inside = [Path(f).resolve() for f in files]
    if inside:
        record["files"] = [str(f.relative_to(root)) for f in inside if f.is_relative_to(root)]
    return record


def baseline_version(where: str | Path, record: Any, name: str) -> tuple[Version | None, str]:
    """The saved run ``name``'s code, to measure beside this run: the commit its
    ``source`` record names, checked out from the repository holding ``where``; or None and
    why it cannot be (the reason says what would make it possible)."""
    if not isinstance(record, Mapping) or not record.get("commit"):
        return None, (
            f"{name} does not record the commit it measured (saved before arraybench recorded "
            "it, or outside a git repository)"
        )
    commit = str(record["commit"])
    changed = [str(c) for c in record.get("changed") or ()]
    if changed:
        shown = ", ".join(changed[:3]) + (
            f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        )
        return None, (
            f"{name} was saved from a tree with uncommitted changes ({shown}), so no commit "
            "holds the code it measured: save the baseline from a clean checkout"
        )
    folder = Path(where).resolve()
    root = repo_root(folder)
    if root is None:
        return None, f"{folder} is not in a git repository to find {name}'s commit in"
    found = _commit(root, commit)
    if not found:
        return None, (
            f"{name}'s commit {commit[:10]} is not in this clone: fetch it (git fetch origin "
            f"{commit[:10]}, or a full clone: actions/checkout's fetch-depth: 0) to measure "
            "its code beside this run"
        )
    tree = checkout(root, found)
    return Version(commit[:10], tag_of(f"base-{commit[:8]}"), tree, tree, root, found), ""


#: REV's modules already loaded by :func:`function_at`: (module name, tree) -> module or why not.
_loaded: dict[tuple[str, str], Any] = {}


def function_at(fn: Any, other: Version) -> Any:
    """``fn`` as REV has it: its module imported from REV's tree (with what that imports from
    the repository), and the name ``fn`` has there; or a string saying why there is none (a
    function defined inside a test, a module outside the repository, a name REV lacks)."""
    module_name = getattr(fn, "__module__", None)
    qualname = getattr(fn, "__qualname__", None)
    module = sys.modules.get(module_name or "")
    if module is None or not qualname:
        return "it has no module to find at the other revision"
    if "<locals>" in qualname or qualname == "<lambda>":
        return "it is defined inside a function, so the other revision has no name for it"
    if not _inside(module, other.here_root):
        return f"its module {module_name} is not in the repository (an installed package)"
    key = (str(module_name), str(other.root))
    if key not in _loaded:
        local = {
            n: m
            for n, m in sys.modules.items()
            if _inside(m, other.here_root) and not n.split(".")[0].startswith("arraybench")
        }
        try:
            with _their_modules(local, other.here_root, other.root):
                _loaded[key] = importlib.import_module(str(module_name))
        except Exception as e:  # REV's module fails to import: say so, do not fail the session
            _loaded[key] = f"importing {module_name} at {other.rev} raised {type(e).__name__}: {e}"
    theirs = _loaded[key]
    if isinstance(theirs, str):
        return theirs
    if not _inside(theirs, other.root):
        return f"{module_name} at {other.rev} was found in this work tree, not in its own"
    obj: Any = theirs
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return f"{module_name} has no {qualname} at {other.rev}"
    return obj


def _commit(root: Path, rev: str) -> str:
    """The commit ``rev`` names in the repository at ``root``, or "" when it names none."""
    with contextlib.suppress(ConfigError):
        return _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    return ""


def _repo_root(file: Path) -> Path | None:
    try:
        top = _git(file.parent, "rev-parse", "--show-toplevel")
    except ConfigError:
        return None
    return Path(top).resolve() if top else None


def checkout(root: Path, commit: str) -> Path:
    """The tree of ``commit`` (``git archive``), kept in the cache folder by commit so that a
    second run finds it; the work tree and the repository are not touched."""
    into = cache_dir() / "against" / commit
    done = into / ".arraybench-complete"
    if done.exists():
        return into
    data = subprocess.run(
        ["git", "archive", "--format=tar", commit],
        cwd=root,
        capture_output=True,
        check=False,
        timeout=600,
    )
    if data.returncode != 0:
        raise ConfigError(
            f"--against: git archive {commit[:10]} failed: {data.stderr.decode().strip()}"
        )
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data.stdout)) as tar:
        tar.extractall(into, filter="data")
    done.touch()
    return into


def merge_file(file: str | Path, other: Version) -> Path:
    """The module that defines the merged workloads, for this process and the workers to load
    as a workload file (kept in the cache folder, named by both files' paths)."""
    here = Path(file).resolve()
    key = hashlib.sha256(f"{here}\0{other.file}\0{other.tag}".encode()).hexdigest()[:16]
    path = cache_dir() / "against" / f"{here.stem}_against_{key}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = (
        '"""arraybench run --against: the workloads of two versions of one file, side by side '
        '(arraybench/against.py)."""\n'
        "from arraybench.against import merged\n\n"
        f"globals().update(merged({str(here)!r}, {str(other.file)!r}, {str(other.root)!r}, "
        f"{str(other.here_root)!r}, {other.tag!r}))\n"
    )
    if not path.exists() or path.read_text() != text:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text)
        tmp.replace(path)
    return path


#: What the merge module found while loading REV's file: modules of the work tree that REV's
#: side used all the same (it could not find them in REV's tree).
shared_modules: list[str] = []


def merged(here: str, there: str, there_root: str, here_root: str, tag: str) -> dict[str, Any]:
    """The workloads of ``here`` (this version's file), each with ``there``'s impls beside its
    own, labelled ``label@tag``; the globals of the merge module."""
    from .catalog import load_file
    from .names import DTYPES

    before = set(sys.modules)
    ours = load_file(here)
    local = {
        n: m
        for n, m in sys.modules.items()
        if n not in before and _inside(m, Path(here_root)) and not n.startswith("arraybench_user_")
    }
    with _their_modules(local, Path(here_root), Path(there_root)) as found:
        theirs = {w.name: w for w in load_file(there)}
    shared_modules[:] = found
    out: dict[str, Any] = {}
    for w in ours:
        # Its settings, no impls yet, and no origin: the merge module becomes its origin.
        m = replace(w, origin=None)
        if w._inputs is not None:
            m.inputs(w._inputs)
        m.impls.extend(w.impls)
        old = theirs.get(w.name)
        for impl in old.impls if old is not None else ():
            m.impls.append(
                replace(
                    impl,
                    label=f"{impl.label}{MARK}{tag}",
                    reference=False,
                    extends=f"{impl.extends}{MARK}{tag}" if impl.extends else None,
                    # REV may compute something else by design (a fix): its outputs are compared
                    # and said, never a failure that would leave the case unmeasured.
                    rtol=dict.fromkeys(DTYPES, NEVER_FAILS),
                )
            )
        out[f"_against_{len(out)}"] = m
    return out


def _inside(module: Any, root: Path) -> bool:
    f = getattr(module, "__file__", None)
    if not f:
        return False
    try:
        return Path(f).resolve().is_relative_to(root)
    except (OSError, ValueError):
        return False


@contextlib.contextmanager
def _their_modules(local: Mapping[str, Any], here: Path, there: Path) -> Iterator[list[str]]:
    """While REV's file loads: this version's modules of the work tree set aside, and each
    folder of the work tree on sys.path (and each folder those modules came from) pointing into
    REV's tree; after it, what REV's side imported set aside in turn. Yields the names of the
    work tree's modules REV's side imported all the same (filled in at the end)."""
    saved_path = list(sys.path)
    found: list[str] = []
    dirs = []
    for m in local.values():
        top = Path(m.__file__).resolve().parent
        if getattr(m, "__path__", None) is not None:  # a package: its parent holds it
            top = top.parent
        dirs.append(top)
    for name in local:
        del sys.modules[name]
    mapped = [_map(p, here, there) for p in saved_path]
    extra = [str(_map(str(d), here, there)) for d in dirs]
    sys.path[:] = list(dict.fromkeys([*extra, *mapped]))
    before = set(sys.modules)
    try:
        yield found
    finally:
        sys.path[:] = saved_path
        for name in [n for n in sys.modules if n not in before]:
            module = sys.modules[name]
            if name.startswith("arraybench_user_"):
                continue
            if _inside(module, here) and not _inside(module, there):
                found.append(name)
            if _inside(module, there) or _inside(module, here):
                del sys.modules[name]
        sys.modules.update(local)


def _map(p: str, here: Path, there: Path) -> str:
    try:
        path = Path(p or ".").resolve()
    except OSError:
        return p
    if path.is_relative_to(here):
        return str(there / path.relative_to(here))
    return p


@dataclass(frozen=True)
class Pair:
    """A case of this version against the same case of REV.

    Attributes:
        key: the case's key with this version's label.
        ratio: its time over REV's (above 1: slower now), paired round by round.
        low: the ratio's 95% interval, low end.
        high: its high end.
        verdict: ``slower``, ``faster``, ``no change`` or ``cannot tell`` (stats.band_verdict).
        units: the processes (or rounds) the interval rests on.
        differs: how far REV's output lies from this version's (the largest relative error),
            when beyond this version's own tolerance; else None.
    """

    key: tuple[Any, ...]
    ratio: float
    low: float
    high: float
    verdict: str
    units: int
    differs: float | None = None

    @property
    def name(self) -> str:
        workload, impl, backend, device, dtype, size = self.key
        return f"{workload}/{impl}[{backend}:{device}:{dtype}] n={size}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": self.name,
            "ratio": self.ratio,
            "ratio_ci": [self.low, self.high],
            "verdict": self.verdict,
            "units": self.units,
            "output_differs": self.differs,
        }


def pairs(cases: Sequence[Any], tag: str, threshold: float) -> list[Pair]:
    """Each measured case of this version against its REV twin (``label@tag``) of the same
    backend, device, dtype and size."""
    suffix = f"{MARK}{tag}"
    by_key = {c.key: c for c in cases if c.ok and c.measurement is not None}
    out = []
    for key, c in by_key.items():
        if key[1].endswith(suffix):
            continue
        twin = by_key.get((key[0], key[1] + suffix, *key[2:]))
        if twin is None:
            continue
        r = paired_interval(c.measurement, twin.measurement)
        verdict = stats.band_verdict(r.low, r.high, threshold)
        differs = None
        if twin.check and c.check and twin.check.max_rel_err > c.check.rtol:
            differs = twin.check.max_rel_err
        out.append(Pair(key, r.value, r.low, r.high, verdict, r.units, differs))
    return sorted(out, key=lambda p: (_ORDER.get(p.verdict, 9), -p.ratio))


#: From this many processes on, the interval is the order statistics' of the per-process
#: ratios' median (a process that a busy neighbour slowed through all its blocks moves it by one
#: rank); below, Student's on their logs.
ROBUST_FROM = 8


def paired_interval(num: Any, den: Any, level: float = stats.CI_LEVEL) -> stats.Interval:
    """This version's time over REV's with its 95% confidence interval: a statement about the
    two versions on this machine (is one slower?), not about what a next run would read (the
    prediction interval of ratios inside a run, ``measurement.time_ratio``, is sqrt(2) wider).

    Each process gives one unit, the median of its rounds' ratios (the two measured side by
    side). With :data:`ROBUST_FROM` or more, the order-statistics interval of their median; with
    fewer, mean +- t(n-1) s / sqrt(n) of their logs; in one process, the rounds' ratios
    (``time_ratio``)."""
    from .measurement import process_ratios, time_ratio

    per = process_ratios(num, den)
    if len(per) < 2 or any(not v > 0 for v in per):
        return time_ratio(num, den, level)
    if len(per) >= ROBUST_FROM:
        return stats.median_interval(per, "processes", level)
    return stats.repeat_interval(per, "processes", level, predict=False)


_ORDER = {"slower": 0, "cannot tell": 1, "no change": 2, "faster": 3}


def extended(result: Any, more: Any, keys: set[tuple[Any, ...]], tag: str) -> Any:
    """``result`` with the cases ``keys`` (this version's) and their twins at REV measured in
    ``more``'s processes too: their measurements joined, process by process."""
    from .measurement import Measurement

    wanted = keys | {(k[0], f"{k[1]}{MARK}{tag}", *k[2:]) for k in keys}
    extra = {c.key: c for c in more.cases if c.key in wanted and c.ok and c.measurement}
    cases = []
    for c in result.cases:
        add = extra.get(c.key)
        if add is None or c.measurement is None or not c.ok:
            cases.append(c)
            continue
        m = Measurement.combine([c.measurement, add.measurement])
        cases.append(replace(c, measurement=m))
    return replace(result, cases=tuple(cases))


def record(other: Version, found: Sequence[Pair], threshold: float) -> dict[str, Any]:
    """What the run keeps of the comparison (``RunResult.extra["against"]``)."""
    return {
        "rev": other.rev,
        "tag": other.tag,
        "commit": other.commit,
        "file": str(other.file),
        "threshold": threshold,
        "shared_modules": list(shared_modules),
        "pairs": [p.to_dict() for p in found],
    }


#: The settings of B's run that ``--rerun`` measures with again: RunConfig's field, run's flag.
RERUN_SETTINGS = (
    ("backends", "--backend"),
    ("devices", "--device"),
    ("dtypes", "--dtype"),
    ("impls", "--impl"),
    ("sizes", "--sizes"),
    ("threads", "--threads"),
    ("budget", "--budget"),
    ("target", "--target"),
    ("processes", "--processes"),
    ("seed", "--seed"),
)


def rerun_args(a: RunResult, b: RunResult, name_a: str, name_b: str, here: Path) -> list[str]:
    """The ``arraybench run`` arguments that measure A's and B's code side by side: B's
    workload files, in this checkout (which must be at B's commit, those files unchanged),
    ``--against`` A's commit, with B's settings.

    Raises:
        ConfigError: what is missing, and what to do instead.
    """
    sources = []
    for run, name in ((a, name_a), (b, name_b)):
        s = run.extra.get(SOURCE_KEY)
        if not isinstance(s, Mapping) or not s.get("commit"):
            raise ConfigError(
                f"--rerun: {name} does not record the commit its code came from (saved before "
                "arraybench recorded it, or not run from a git repository): run the workload "
                "file with --against REV instead"
            )
        if s.get("changed"):
            changed = ", ".join(str(c) for c in s["changed"][:3])
            raise ConfigError(
                f"--rerun: {name} measured uncommitted changes ({changed}), so no commit holds "
                "its code: run the workload file with --against REV instead"
            )
        sources.append(s)
    files = [str(f) for f in sources[1].get("files") or ()]
    if not files:
        raise ConfigError(
            f"--rerun: {name_b} records no workload file of its repository (a built-in "
            "workload, or the pytest plugin's run: pytest --arraybench-against REV measures "
            "those side by side)"
        )
    root = repo_root(here)
    now = source(here) if root is not None else None
    if root is None or now is None:
        raise ConfigError(f"--rerun: {here} is not in a git repository: run it from B's checkout")
    commit_b = str(sources[1]["commit"])
    if now["commit"] != commit_b:
        raise ConfigError(
            f"--rerun: this checkout is at {now['commit'][:10]}, {name_b} measured "
            f"{commit_b[:10]}: check B's commit out first (git checkout {commit_b[:10]})"
        )
    touched = [f for f in files if f in now["changed"]]
    if touched:
        raise ConfigError(
            f"--rerun: {', '.join(touched)} changed since {commit_b[:10]}, which {name_b} "
            "measured: commit or stash the change first"
        )
    command = ["run", *(str(root / f) for f in files), "--against", str(sources[0]["commit"])]
    for key, flag in RERUN_SETTINGS:
        value = b.config.get(key)
        if value is None:
            continue
        if isinstance(value, list | tuple):
            value = ",".join(str(v) for v in value)
        command += [flag, str(value)]
    if b.config.get("quick"):
        command.append("--quick")
    return command
