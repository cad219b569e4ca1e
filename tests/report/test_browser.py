"""The HTML report in a real headless browser (Debian's Chromium): it draws, and logs no error."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from arraybench.report import html

from .test_html import EVIL_WORKLOAD, evil_run

pytest.importorskip("matplotlib", reason="the report's plots need matplotlib")

#: Where Debian's package puts it; PATH is searched too.
CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
)
#: One browser run: a cold start takes 2-4 s on 2 quiet cores, several times that when loaded.
BROWSER_TIMEOUT_S = 45
#: A page that drew text, tables and plots has far more colours than a blank or error page
#: (anti-aliased text alone gives dozens; the plots' palette hundreds).
MIN_COLOURS = 200
#: Flags for a browser run in a sandboxed container that must not reach the network.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not installed (apt-get install -y chromium); `make test` installs it",
)


def chromium(*args: str, profile: Path) -> tuple[int, str, str]:
    """Run the browser with a fresh profile; kill it and its children whatever happens."""
    assert CHROMIUM is not None
    proc = subprocess.Popen(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, so its helpers die with it
    )
    try:
        out, err = proc.communicate(timeout=BROWSER_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"chromium did not finish within {BROWSER_TIMEOUT_S} s")
    finally:
        with contextlib.suppress(ProcessLookupError):  # already gone: nothing to kill
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, out, err


def test_report_draws_in_a_browser_without_console_errors(tmp_path: Path) -> None:
    page = html.write(evil_run(), tmp_path / "report.html")
    shot = tmp_path / "shot.png"
    rc, _, err = chromium(
        f"--screenshot={shot}",
        "--window-size=1280,2400",
        "--enable-logging=stderr",
        "--v=0",
        page.as_uri(),
        profile=tmp_path / "profile1",
    )
    assert rc == 0, err[-2000:]
    # Page errors and console messages are logged as "CONSOLE(...)" / "Uncaught ...".
    problems = [
        line
        for line in err.splitlines()
        if "Uncaught" in line or "CONSOLE" in line or "Refused to" in line
    ]
    assert not problems, "\n".join(problems)

    from PIL import Image

    with Image.open(shot) as im:
        assert im.size == (1280, 2400)
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) >= MIN_COLOURS

    rc, dom, err = chromium("--dump-dom", page.as_uri(), profile=tmp_path / "profile2")
    assert rc == 0, err[-2000:]
    # The plots are in the page as images, and the hostile workload name is text, not script.
    assert dom.count('<img src="data:image/svg+xml;base64,') >= 2
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    assert "<script" not in dom
    assert EVIL_WORKLOAD not in dom


def test_a_real_run_shows_its_plots_and_findings(tmp_path: Path) -> None:
    """The report of a saved sin2 run: plots and findings are on the page; the screenshot is kept
    in $ARRAYBENCH_ARTIFACTS when set (CI artefacts), else in the test's temporary folder."""
    import arraybench as ab

    result = ab.load(Path(__file__).parent.parent / "data" / "sin2_results.json")
    page = html.write(result, tmp_path / "sin2.html")
    rc, dom, err = chromium("--dump-dom", page.as_uri(), profile=tmp_path / "profile1")
    assert rc == 0, err[-2000:]
    assert dom.count('<img src="data:image/svg+xml;base64,') >= 2
    assert "Findings" in dom and "pure Python is faster below n ≈" in dom
    out = Path(os.environ.get("ARRAYBENCH_ARTIFACTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    shot = out / "sin2-report.png"
    rc, _, err = chromium(
        f"--screenshot={shot}",
        "--window-size=1280,3000",
        page.as_uri(),
        profile=tmp_path / "profile2",
    )
    assert rc == 0 and shot.stat().st_size > 50_000, err[-2000:]
