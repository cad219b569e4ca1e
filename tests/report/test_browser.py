"""The HTML report in a real headless browser (Debian's Chromium): it draws, and logs no error."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
from html import unescape
from pathlib import Path
from typing import Any

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


#: The classic suite's five questions, a quick run on a 2-core machine (arraybench run --suite
#: classic --quick --json), minified and gzipped: 46 kB instead of 365 kB.
CLASSIC = Path(__file__).parent.parent / "data" / "classic_quick.json.gz"
#: Viewports the report must read well at: a laptop, and a phone held upright.
VIEWPORTS = {"desktop": (1400, 900), "phone": (390, 844)}
#: Appended to a copy of the page (never to the report itself, which has no script): once the
#: page has loaded, it writes what the layout looks like into the body for --dump-dom to return.
#: Headless Chromium's window is at least 500 px wide when it dumps the DOM, so the page is held
#: to WIDTH px by a style (the phone's style rules apply from 640 px down, so they do here);
#: "widest" is the right edge of the widest element outside the tables' scroll boxes, with every
#: <details> opened.
PROBE = """<style>html { width: WIDTHpx; }</style><script>
window.addEventListener("load", () => {
  const details = document.querySelectorAll("details");
  const open = document.querySelectorAll("details[open]").length;
  details.forEach((d) => { d.open = true; });  // measure what they fold too
  const inBox = (el) => el.closest(".scroll") !== null;
  const edges = [...document.querySelectorAll("main *")]
    .filter((el) => !inBox(el) && el.getClientRects().length > 0)
    .map((el) => el.getBoundingClientRect().right);
  const img = document.querySelector("#summary img");
  const box = img ? img.getBoundingClientRect() : null;
  const probe = {
    plotTop: box ? box.top : null,
    plotHeight: box ? box.height : 0,
    height: window.innerHeight,
    width: document.documentElement.getBoundingClientRect().width,
    widest: Math.max(...edges),
    sections: [...document.querySelectorAll("main > section")].map((s) => s.id),
    details: details.length,
    open: open,
    imagesDrawn: [...document.images].every((i) => i.complete && i.naturalWidth > 0),
  };
  document.body.setAttribute("data-probe", JSON.stringify(probe));
});
</script>"""


@pytest.fixture(scope="module")
def classic_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The classic run's report, written once for the tests below."""
    import gzip

    import arraybench as ab

    folder = tmp_path_factory.mktemp("classic")
    saved = folder / "classic.json"
    saved.write_bytes(gzip.decompress(CLASSIC.read_bytes()))
    return html.write(ab.load(saved), folder / "classic.html")


def artifacts(tmp_path: Path) -> Path:
    """$ARRAYBENCH_ARTIFACTS when set (CI keeps it), else the test's temporary folder."""
    out = Path(os.environ.get("ARRAYBENCH_ARTIFACTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def console_problems(stderr: str) -> list[str]:
    """Page errors and console messages, as Chromium logs them with --enable-logging=stderr."""
    return [
        line
        for line in stderr.splitlines()
        if "Uncaught" in line or "CONSOLE" in line or "Refused to" in line
    ]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_classic_report_screenshot_draws_without_console_errors(
    classic_page: Path, tmp_path: Path, viewport: str
) -> None:
    width, height = VIEWPORTS[viewport]
    shot = artifacts(tmp_path) / f"classic-report-{viewport}.png"
    rc, _, err = chromium(
        f"--screenshot={shot}",
        f"--window-size={width},{height}",
        "--enable-logging=stderr",
        "--v=0",
        classic_page.as_uri(),
        profile=tmp_path / "profile",
    )
    print(f"screenshot of the classic report ({viewport}): {shot}")
    assert rc == 0, err[-2000:]
    assert not console_problems(err), "\n".join(console_problems(err))

    from PIL import Image

    with Image.open(shot) as im:
        assert im.size == (width, height)
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    # The first screen alone has a plot, badges and text: far from a blank or error page.
    assert colours is not None and len(colours) >= MIN_COLOURS


def probe_layout(
    page: Path, tmp_path: Path, viewport: str, *flags: str
) -> tuple[dict[str, Any], str, str]:
    """Open ``page`` with PROBE added at a viewport's size: what the probe measured, the DOM,
    and chromium's log (``flags``: more chromium options, such as logging)."""
    width, height = VIEWPORTS[viewport]
    probed = tmp_path / "probed.html"
    probed.write_text(
        page.read_text(encoding="utf-8").replace(
            "</body>", PROBE.replace("WIDTH", str(width)) + "</body>"
        ),
        encoding="utf-8",
    )
    rc, dom, err = chromium(
        "--dump-dom",
        f"--window-size={width},{height}",
        *flags,
        probed.as_uri(),
        profile=tmp_path / "profile",
    )
    assert rc == 0, err[-2000:]
    found = re.search(r'data-probe="([^"]*)"', dom)
    assert found, "the probe did not run"
    return json.loads(unescape(found.group(1))), dom, err


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_classic_report_layout_answers_first(
    classic_page: Path, tmp_path: Path, viewport: str
) -> None:
    width = VIEWPORTS[viewport][0]
    probe, dom, _ = probe_layout(classic_page, tmp_path, viewport)
    # The summary first, then the five questions, then the run's notes, failures, environment.
    assert probe["sections"] == [
        "summary",
        "q-sin2",
        "q-tensors",
        "q-loops",
        "q-gradients",
        "q-conversion",
        "about",
    ]
    # A plot on the first screen, whole or nearly, drawn.
    assert probe["plotTop"] is not None and probe["plotHeight"] > 100
    assert probe["plotTop"] + probe["plotHeight"] / 2 < probe["height"]
    assert probe["imagesDrawn"]
    # Details folded until opened; no horizontal scroll of the page (tables scroll in a box).
    assert probe["details"] >= 5 * 3 and probe["open"] == 0
    assert probe["width"] == width
    assert probe["widest"] <= width + 0.5
    # One verdict badge per question in the summary.
    summary = dom[dom.index('id="summary"') : dom.index('id="q-sin2"')]
    assert summary.count('class="verdict ') == 5


@pytest.fixture(scope="module")
def machines_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The classic run as two machines measured it (NumPy 2x slower on the second)."""
    from ..machines import classic, two_machines

    folder = tmp_path_factory.mktemp("machines")
    return html.write(two_machines(classic()), folder / "machines.html")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_report_of_two_machines_draws_and_fits_the_page(
    machines_page: Path, tmp_path: Path, viewport: str
) -> None:
    width = VIEWPORTS[viewport][0]
    probe, dom, err = probe_layout(
        machines_page, tmp_path, viewport, "--enable-logging=stderr", "--v=0"
    )
    problems = console_problems(err)
    assert not problems, "\n".join(problems)
    assert probe["sections"] == [
        "summary",
        "machines",
        "q-sin2",
        "q-tensors",
        "q-loops",
        "q-gradients",
        "q-conversion",
        "about",
    ]
    assert probe["imagesDrawn"] and probe["open"] == 0
    # The machines table and the lines across machines fit: no horizontal scroll of the page.
    assert probe["width"] == width
    assert probe["widest"] <= width + 0.5
    # Each machine's verdict on each question in the summary: 5 questions, 2 machines.
    summary = dom[dom.index('id="summary"') : dom.index('id="machines"')]
    assert summary.count('class="verdict ') == 10
