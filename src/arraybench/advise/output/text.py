"""The reports as people read them: lint's findings (file:line:col, code, message, the line, the
rewrite), the list of rules, and profile's answer first, then each finding, the largest saving
first."""

from __future__ import annotations

from ...base.units import format_time
from ..codes import RULES, RUN_RULES
from ..records import POSSIBLE, SURE, WORTH_SHARE, Finding, LintReport, ProfileReport


def lint_text(report: LintReport) -> str:
    """The report as people read it: file:line:col, code, message, the line, the rewrite."""
    out: list[str] = []
    for d in report.diagnostics:
        level = d.severity if d.confidence == SURE else f"{d.severity}, {POSSIBLE}"
        out.append(f"{d.path}:{d.line}:{d.col}: {d.code} [{level}] {d.message}")
        if d.snippet:
            out.append(f"    {d.snippet}")
        if d.note:
            out.append(f"    {d.note}")
        out.append(f"    fix: {d.rewrite}")
    for e in report.errors:
        where = f"{e.path}:{e.line}" if e.line else e.path
        out.append(f"{where}: not checked: {e.message}")
    counts: dict[str, int] = {}
    for d in report.diagnostics:
        counts[d.code] = counts.get(d.code, 0) + 1
    files = len({d.path for d in report.diagnostics})
    summary = (
        f"{len(report.diagnostics)} finding{'s' if len(report.diagnostics) != 1 else ''} in "
        f"{files} file{'s' if files != 1 else ''} ("
        + ", ".join(f"{c} x{k}" for c, k in sorted(counts.items()))
        + ")"
        if report.diagnostics
        else "no findings"
    )
    summary += f"; {report.files} file{'s' if report.files != 1 else ''} checked"
    if report.errors:
        summary += f", {len(report.errors)} could not be"
    n = report.possible_left_out
    if n:
        summary += (
            f"\n{n} possible finding{'s' if n != 1 else ''} not listed: in loops whose count the "
            "code does not show (arraybench lint --all lists them)"
        )
    if out:
        out.append("")
    out.append(summary)
    return "\n".join(out)


def rules_text(run: bool = False) -> str:
    """Every rule of ``arraybench lint``: code, name, severity, message and rewrite; with
    ``run``, then those only a run shows (``arraybench profile``'s own)."""
    rules = list(RULES.values())
    if run:
        rules += sorted(RUN_RULES.values(), key=lambda r: r.code)
    lines = []
    for i, r in enumerate(rules):
        if i == len(RULES):
            lines += ["", "only a run shows (arraybench profile):"]
        lines += [f"{r.code} {r.name} [{r.severity}]", f"    {r.message}", f"    fix: {r.rewrite}"]
    return "\n".join(lines)


# -- profile ---------------------------------------------------------------------------------


def pct(x: float) -> str:
    if x >= 0.095:
        return f"{x:.0%}"
    if x >= 0.0095:
        return f"{x:.1%}"
    return f"{x:.2%}"


def gain_text(f: Finding, total: float) -> str:
    if f.gain is None:
        return ""
    lo, hi = f.gain
    if hi <= 0:
        return "the rewrite would save little: the loop's calls cost about what its time is"
    if lo < hi * 0.95:
        span, share = (
            f"{format_time(lo)}-{format_time(hi)}",
            f"{pct(lo / total)}-{pct(hi / total)}",
        )
    else:
        span, share = f"~{format_time(hi)}", pct(hi / total)
    return f"the rewrite would save {span} ({share} of the run)"


def fast_file(rel: str) -> str:
    """Where the report asks for the rewrite: ``prices.py`` -> ``prices_fast.py``."""
    return f"{rel[:-3] if rel.endswith('.py') else rel}_fast.py"


def verify_command(report: ProfileReport, f: Finding) -> str:
    """The ``arraybench verify`` call that would prove a rewrite of the finding's function, on
    inputs like those it took in the run."""
    p = f.proof
    if p is None:
        return ""
    rel = report.rel(f.path)
    fast = fast_file(rel)
    parts = ["arraybench verify", f"{rel}:{p.function}", f"{fast}:{p.function}", *p.options]
    if p.needs_builder:
        parts += ["--inputs", f"{fast}:make"]
    return " ".join(parts)


def builder_text(f: Finding) -> str:
    """Why verify's default inputs do not fit, and what ``make(n, rng)`` must return."""
    p = f.proof
    if p is None or not p.needs_builder:
        return ""
    if p.no_params:
        return f"{p.function} takes no data parameter: make(n, rng) returns its arguments"
    took = "; ".join(f"{n}: {v}" for n, v in p.builder)
    unseen = ", ".join(p.unseen)
    return (
        "verify's default inputs (a 1-D float64 array of n values per parameter) are not what "
        f"{p.function} took"
        + (f" ({took})" if took else "")
        + (f"; the run saw no value of {unseen}" if unseen else "")
        + ": make(n, rng) returns arguments like those, of a size that grows with n"
    )


def headline(r: ProfileReport) -> str:
    ran = f"ran {format_time(r.program)}"
    if r.outcome.status:
        ran += f" and exited with status {r.outcome.status}"
    if r.findings:
        # (a line listed as another finding's fix is that finding's, not one more: one fix,
        # one saving)
        own = [f for f in r.findings if f.fix_of is None] or r.findings
        n, fixes = len(own), len(r.findings) - len(own)
        where = (
            f" (and {fixes} line{'s' if fixes != 1 else ''} where "
            f"{'its' if n == 1 else 'their'} fix is made)"
            if fixes
            else ""
        )
        top = own[0]
        return (
            f"{r.target}: {ran}; {n} finding{'s' if n != 1 else ''}{where} cost "
            f"{pct(r.findings_share)} of it, the costliest {r.rel(top.path)}:{top.line} "
            f"{top.code} ({pct(top.share)})"
        )
    return (
        f"{r.target}: {ran}; no known slow pattern whose rewrite would save "
        f"{pct(WORTH_SHARE)} of it or more"
    )


def _finding_lines(r: ProfileReport, i: int, f: Finding, dropped: bool = False) -> list[str]:
    tag = f.code + (" (seen by running)" if f.origin == "run" else "")
    out = [
        f"{i:2d}. {r.rel(f.path)}:{f.line} {tag} {f.name}: {format_time(f.seconds)} "
        f"({pct(f.share)} of the run)"
    ]
    if f.snippet:
        out.append(f"      {f.snippet}")
    if f.evidence:
        sure = " (lint had it possible: the run's count makes it sure)" if f.was_possible else ""
        out.append(f"      {f.evidence}{sure}" if not dropped else f"      {f.evidence}")
    if f.facts:
        out.append("      values: " + "; ".join(f"{n}: {v}" for n, v in list(f.facts.items())[:4]))
    if dropped:
        out.append(f"      dropped: {f.dropped}")
        return out
    out.append(f"      {f.message}")
    out.append(f"      fix: {f.rewrite}")
    gain = gain_text(f, r.program)
    if gain:
        out.append(f"      {gain}")
    cmd = verify_command(r, f)
    if cmd and f.proof is not None:
        fast = fast_file(r.rel(f.path))
        extra = " and make(n, rng)" if f.proof.needs_builder else ""
        out.append(f"      prove it: write the rewrite{extra} in {fast}, then {cmd}")
        why = builder_text(f)
        if why:
            out.append(f"      ({why})")
    return out


def profile_text(r: ProfileReport, show_all: bool = False) -> str:
    """The report as people read it: the answer, then each finding (the largest saving first),
    then where the rest of the time goes, then how the figures were made."""
    out = [headline(r), ""]
    if r.outcome.error:
        out.append("the program failed (what ran before is measured below):")
        out += ["    " + ln for ln in r.outcome.error.splitlines()[-12:]]
        out.append("")
    for i, f in enumerate(r.findings, 1):
        out += _finding_lines(r, i, f)
        out.append("")
    if r.hot:
        out.append("where the time goes, no known pattern:")
        for h in r.hot:
            facts = "; ".join(f"{n}: {v}" for n, v in list(h.facts.items())[:3])
            count = f", runs {h.count}" if h.count is not None else ""
            out.append(
                f"    {r.rel(h.path)}:{h.line} {format_time(h.seconds)} ({pct(h.share)}{count})"
                f"  {h.snippet}"
            )
            if facts:
                out.append(f"        values: {facts}")
            if h.hint:
                out.append(f"        {h.hint}")
        out.append("")
    if r.unlisted:
        if show_all:
            out.append(f"whose rewrite would save under {pct(WORTH_SHARE)} of the run each:")
            for i, f in enumerate(r.unlisted, 1):
                out += _finding_lines(r, i, f)
            out.append("")
        else:
            total = r.unlisted_share  # one inside another counted once
            n = len(r.unlisted)
            out.append(
                f"{n} more finding{'s' if n != 1 else ''} cost {pct(total)} of the run together, "
                f"each rewrite saving under {pct(WORTH_SHARE)} of it: --all lists them"
            )
    if r.dropped:
        if show_all:
            out.append("dropped by what the run showed:")
            for i, f in enumerate(r.dropped, 1):
                out += _finding_lines(r, i, f, dropped=True)
            out.append("")
        else:
            n = len(r.dropped)
            out.append(
                f"{n} candidate{'s' if n != 1 else ''} of lint dropped by what the run showed: "
                "--all says why"
            )
    out.append(times(r))
    out += [f"note: {n}" for n in r.notes]
    return "\n".join(out)


def times(r: ProfileReport) -> str:
    """How the figures were made, in one line."""
    return (
        f"times: {r.samples:,} samples of the stack over {format_time(r.wall)}, the line "
        f"timer's cost ({format_time(r.hit_cost)} a traced line) and the loop counters' "
        f"(~{format_time(r.counters)}), ~{format_time(r.overhead)} in all, taken out; "
        f"{len(r.files)} file{'s' if len(r.files) != 1 else ''} of yours timed"
    )
