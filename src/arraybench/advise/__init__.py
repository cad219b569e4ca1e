"""The advisor: find slow array patterns in code (``lint``) and prove a rewrite (``verify``).

from arraybench.advise import lint_paths, verify
report = lint_paths(["src/"])            # static: the code is parsed, never run
for d in report.diagnostics:
    print(d.path, d.line, d.code, d.message, d.rewrite)
v = verify(slow, fast)                  # dynamic: both run on the same inputs, checked, timed
print(v.text())
"""

from __future__ import annotations

from .codes import RULES, Rule
from .lint import lint_paths, lint_source
from .output.sarif import to_sarif
from .records import Diagnostic, FileError, LintReport
from .rules import patterns as _patterns  # noqa: F401  (the run's rules, registered)
from .verify import Verdict, load_function, verify

__all__ = [
    "RULES",
    "Diagnostic",
    "FileError",
    "LintReport",
    "Rule",
    "Verdict",
    "lint_paths",
    "lint_source",
    "load_function",
    "to_sarif",
    "verify",
]
