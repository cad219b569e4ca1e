"""Running the user's program in this process, as ``python script.py`` or ``python -m mod`` would.

``arraybench profile`` needs the program's own code objects, so it runs the program here rather
than in a child: the script is compiled and executed as ``__main__`` (with its ``sys.argv``, its
folder first on ``sys.path``, its stdout, stderr and exit status), a module through ``runpy`` as
``-m`` does. What counts as the user's code is decided per file, as the program imports it: any
``.py`` file outside the interpreter's own folders (the standard library, ``site-packages``) and
outside arraybench. Those files' code objects are handed to a ``hook`` before they run (the line
timer pads them, see advise/run/linetime.py), through a finder placed first on ``sys.meta_path``.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import runpy
import sys
import sysconfig
import traceback
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...base.errors import ConfigError

#: A code object in, the code object to run out (the line timer's padded copy).
CodeHook = Callable[[types.CodeType], types.CodeType]

#: A file's source and path in, its code object out: how the user's files are compiled (with
#: loop counters, advise/run/loopcount.py); raises ``SyntaxError`` as ``compile`` does.
Compiler = Callable[[bytes, str], types.CodeType]


def _plain_compile(source: bytes, path: str) -> types.CodeType:
    return compile(source, path, "exec", dont_inherit=True)


@dataclass(frozen=True)
class Target:
    """What to run: a script path or a module name, and the arguments after it.

    Attributes:
        script: the ``.py`` file (``arraybench profile train.py``), or None.
        module: the module of ``-m`` (``arraybench profile -m pytest``), or None.
        args: the program's arguments (``sys.argv[1:]`` as it sees them).
    """

    script: Path | None = None
    module: str | None = None
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.script is None) == (self.module is None):
            raise ConfigError("name a script (profile prog.py) or a module (profile -m pkg.mod)")

    @property
    def name(self) -> str:
        """As a user would type it: ``train.py --epochs 2`` or ``-m pytest tests/``."""
        head = str(self.script) if self.script is not None else f"-m {self.module}"
        return " ".join([head, *self.args])

    @property
    def root(self) -> Path:
        """The folder the program's own files are looked for in first (reports name files
        relative to it)."""
        return (self.script.parent if self.script is not None else Path.cwd()).resolve()

    def check(self) -> None:
        """Raise a usage error naming the fix when the script or module cannot be found."""
        if self.script is not None:
            if not self.script.exists():
                raise ConfigError(f"{self.script}: no such file (give the path of a Python script)")
            if self.script.is_dir():
                main = self.script / "__main__.py"
                if not main.exists():
                    raise ConfigError(
                        f"{self.script} is a folder without __main__.py: name a script in it, "
                        "or a module with -m"
                    )
        elif self.module is not None:
            try:
                spec = importlib.util.find_spec(self.module)
            except (ImportError, ValueError) as e:
                raise ConfigError(f"-m {self.module}: cannot be found ({e})") from None
            if spec is None:
                raise ConfigError(
                    f"-m {self.module}: no such module on sys.path (is it installed, and are you "
                    "in the right folder?)"
                )


@dataclass
class Outcome:
    """How the program ended.

    Attributes:
        status: its exit status (0, a ``sys.exit`` code, 1 for an uncaught exception).
        error: for a crash, the exception as Python prints it (user frames only), else "".
        error_line: the user's file and line where it was raised, when known.
    """

    status: int = 0
    error: str = ""
    error_line: tuple[str, int] | None = None


# -- what is the user's code ------------------------------------------------------------------


def _library_roots() -> tuple[str, ...]:
    """Folders whose files are never the user's: the interpreter's, site-packages, arraybench."""
    roots: set[str] = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        with contextlib.suppress(KeyError):
            roots.add(sysconfig.get_paths()[key])
    for p in (sys.prefix, sys.base_prefix, sys.exec_prefix):
        roots.add(os.path.join(p, "lib"))
    roots.update(p for p in sys.path if "site-packages" in p or "dist-packages" in p)
    # a folder of installed distributions under another name (``pip install --target site``
    # on PYTHONPATH): its packages are libraries, not the user's code
    roots.update(p for p in sys.path if p and _holds_distributions(p))
    roots.add(
        str(Path(__file__).resolve().parents[2])
    )  # arraybench itself (arraybench/advise/run/)
    return tuple(sorted(os.path.realpath(r) + os.sep for r in roots if r))


def _holds_distributions(folder: str) -> bool:
    """Whether a folder holds installed distributions (a ``*.dist-info`` folder)."""
    try:
        return any(name.endswith(".dist-info") for name in os.listdir(folder))
    except OSError:
        return False


@dataclass
class UserCode:
    """Decides, and remembers, which files are the user's own."""

    roots: tuple[str, ...] = field(default_factory=_library_roots)
    _seen: dict[str, bool] = field(default_factory=dict)

    def __call__(self, filename: str) -> bool:
        known = self._seen.get(filename)
        if known is not None:
            return known
        ok = (
            filename.endswith(".py")
            and not filename.startswith("<")
            and not os.path.realpath(filename).startswith(self.roots)
            and "site-packages" not in filename
        )
        self._seen[filename] = ok
        return ok


# -- running ----------------------------------------------------------------------------------


class _Finder(importlib.abc.MetaPathFinder):
    """First on sys.meta_path: for a user's source module, the same spec with a loader that
    hands the module's code to the hook before it runs."""

    def __init__(self, user: UserCode, hook: CodeHook, compiler: Compiler) -> None:
        self.user = user
        self.hook = hook
        self.compiler = compiler

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if (
            spec is None
            or spec.origin is None
            or not isinstance(spec.loader, importlib.machinery.SourceFileLoader)
            or not self.user(spec.origin)
        ):
            return None
        spec.loader = _Loader(fullname, spec.origin, self.hook, self.compiler)
        return spec


class _Loader(importlib.machinery.SourceFileLoader):
    """Compiles the module from its source with ``compiler`` (never from, nor into, its
    ``__pycache__``: the code run is not the file's own) and hands it to ``hook``."""

    def __init__(self, fullname: str, path: str, hook: CodeHook, compiler: Compiler) -> None:
        super().__init__(fullname, path)
        self.hook = hook
        self.compiler = compiler

    def get_code(self, fullname: str) -> types.CodeType:
        path = self.get_filename(fullname)
        code = self.compiler(self.get_data(path), path)
        return self.hook(code)


@contextlib.contextmanager
def _instrumented_imports(user: UserCode, hook: CodeHook, compiler: Compiler) -> Iterator[None]:
    finder = _Finder(user, hook, compiler)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(finder)


@contextlib.contextmanager
def _as_main(argv0: str, path0: str) -> Iterator[types.ModuleType]:
    """A fresh ``__main__`` module, ``sys.argv[0]`` and ``sys.path[0]`` as Python sets them for
    a script; all three restored after."""
    old_main = sys.modules.get("__main__")
    old_argv = sys.argv[:]
    old_path0 = sys.path[0] if sys.path else None
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = __builtins__
    sys.modules["__main__"] = main
    sys.argv[:] = [argv0]
    if sys.path:
        sys.path[0] = path0
    else:
        sys.path.append(path0)
    try:
        yield main
    finally:
        if old_main is not None:
            sys.modules["__main__"] = old_main
        sys.argv[:] = old_argv
        if old_path0 is not None and sys.path:
            sys.path[0] = old_path0


def run_program(
    target: Target,
    user: UserCode,
    hook: CodeHook,
    on_start: Callable[[], None] = lambda: None,
    compiler: Compiler = _plain_compile,
) -> Outcome:
    """Run the program to its end here and say how it ended.

    Args:
        target: the script or module and its arguments.
        user: which files are the user's (their code goes through ``hook``).
        hook: receives each user code object before it runs and returns the one to run.
        on_start: called just before the program's first line (after compiling).
        compiler: compiles each of the user's source files (the script and the modules it
            imports), before ``hook``.

    Returns:
        The exit status and, for a crash, the traceback limited to the user's frames. A
        ``SystemExit`` is the program's exit status; ``KeyboardInterrupt`` propagates.
    """
    target.check()
    try:
        with _instrumented_imports(user, hook, compiler):
            if target.script is not None:
                script = target.script
                if script.is_dir():
                    script = script / "__main__.py"
                path = str(script.resolve())
                source = Path(path).read_bytes()
                try:
                    code = compiler(source, path)
                except SyntaxError as e:
                    return Outcome(1, f"SyntaxError: {e.msg} ({e.filename}:{e.lineno})", None)
                code = hook(code)
                with _as_main(str(target.script), str(Path(path).parent)) as main:
                    main.__dict__.update(__file__=path, __cached__=None, __spec__=None)
                    sys.argv[1:] = list(target.args)
                    on_start()
                    exec(code, main.__dict__)
            else:
                assert target.module is not None
                with _as_main(target.module, os.getcwd()):
                    sys.argv[1:] = list(target.args)
                    on_start()
                    runpy.run_module(target.module, run_name="__main__", alter_sys=True)
    except SystemExit as e:
        return Outcome(_exit_status(e.code))
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return Outcome(1, _user_traceback(e, user), _raised_at(e, user))
    return Outcome(0)


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # sys.exit("message") prints the message, as Python does
    return 1


def _user_traceback(e: BaseException, user: UserCode) -> str:
    """The exception as Python prints it, from the first frame of the user's code on."""
    tb = e.__traceback__
    while tb is not None and not user(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(e), e, tb)).rstrip()


def _raised_at(e: BaseException, user: UserCode) -> tuple[str, int] | None:
    at = None
    tb = e.__traceback__
    while tb is not None:
        if user(tb.tb_frame.f_code.co_filename):
            at = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return at
