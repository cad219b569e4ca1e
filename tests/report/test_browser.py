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
from arraybench.results import RunResult

from .test_html import EVIL_WORKLOAD, evil_run, parse

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
    page: Path, tmp_path: Path, viewport: str, *flags: str, probe: str | None = None
) -> tuple[dict[str, Any], str, str]:
    """Open ``page`` with ``probe`` (PROBE by default) added at a viewport's size: what the
    probe measured, the DOM, and chromium's log (``flags``: more chromium options, such as
    logging)."""
    width, height = VIEWPORTS[viewport]
    probed = tmp_path / "probed.html"
    script = (PROBE if probe is None else probe).replace("WIDTH", str(width))
    probed.write_text(
        page.read_text(encoding="utf-8").replace("</body>", script + "</body>"),
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


# -- tables and plots that read at every width (#35) ---------------------------------------------

#: Appended to a copy of the page, as PROBE is: with every <details> opened, it measures each
#: visible table cell (th/td) and each plot, and writes what it found into the body.
#: A cell "overflows" when its content is wider than its box; a word "breaks" when one run of
#: non-space characters of one text node (a name, a number: ``float32``, ``1e-07``) lies on
#: two lines; a hyphen before a letter ends a word too (``96-|Core``, as print breaks it).
#: Where the report allows a break inside a name (after ``_`` or ``.``, with <wbr>), the text
#: nodes end there, so those parts count as words of their own. A plot's "scale" is its drawn
#: width over its own (natural) width, as object-fit draws it.
TABLE_PROBE = """<style>html { width: WIDTHpx; }</style><script>
window.addEventListener("load", () => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const lines = (rects) =>
    new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
  const problems = [];
  let cells = 0;
  let tallest = 0;
  for (const cell of document.querySelectorAll("main td, main th")) {
    if (cell.getClientRects().length === 0) continue;  // not drawn (the phone's table head)
    cells += 1;
    const text = cell.textContent.trim().slice(0, 80);
    if (cell.scrollWidth > cell.clientWidth + 1) {
      problems.push(`overflows its cell by ${cell.scrollWidth - cell.clientWidth} px: ${text}`);
    }
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const run of node.data.matchAll(/\\S+/g)) {
        // A word ends at a space, or after a hyphen before a letter ("96-Core").
        for (const word of run[0].matchAll(/.+?(?:-(?=[A-Za-z])|$)/g)) {
          const range = document.createRange();
          range.setStart(node, run.index + word.index);
          range.setEnd(node, run.index + word.index + word[0].length);
          if (lines(range.getClientRects()) > 1) {
            problems.push(`breaks ${JSON.stringify(word[0])} in: ${text}`);
          }
        }
      }
    }
  }
  let tallestRow = "";
  for (const row of document.querySelectorAll("main tbody tr")) {
    const height = row.getBoundingClientRect().height;
    if (height > tallest) [tallest, tallestRow] = [height, row.textContent.slice(0, 200)];
  }
  const scrolled = [...document.querySelectorAll("main .scroll")]
    .filter((box) => box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth + 1)
    .map((box) => `${box.scrollWidth} px in ${box.clientWidth}: ` +
      box.textContent.trim().slice(0, 60));
  const plots = [...document.images].map((img) => {
    const style = getComputedStyle(img);
    const across = img.clientWidth / img.naturalWidth;
    const down = img.clientHeight / img.naturalHeight;
    return {
      narrow: img.currentSrc !== img.src,
      scale: style.objectFit === "contain" ? Math.min(across, down) : across,
      drawn: img.getClientRects().length > 0,
    };
  });
  const probe = {
    cells, tallest, tallestRow, problems, scrolled, plots,
    viewport: window.innerWidth,
    width: document.documentElement.getBoundingClientRect().width,
  };
  document.body.setAttribute("data-probe", JSON.stringify(probe));
});
</script>"""


#: The smallest text a plot may show, in CSS pixels as drawn: a phone's small print (a
#: caption, an annotation); ticks and legends are drawn larger.
MIN_PLOT_TEXT_PX = 8.0
#: Natural pixels per SVG unit (matplotlib writes sizes in pt: 1 pt = 4/3 CSS px).
PX_PER_PT = 4 / 3


def softmax_run() -> RunResult:
    """The workload of issue 35 as a quick run measures it: a stable row softmax over an
    (n, 64) matrix, a generic impl labelled ``manual`` on four backends, ``torch.softmax``, and
    an impl with a long snake_case name that failed with a long error."""
    from dataclasses import replace

    from arraybench.results import Check

    from .test_plots import ENV, case, failed

    cases = []
    for n in (4, 40, 406, 4096):
        for dtype in ("float32", "float64"):
            at = {"workload": "softmax_rows", "dtype": dtype, "seed": len(cases)}
            cases += [
                case("manual", "numpy", n, 5e-6 + 1.6e-7 * n, reference=True, **at),
                case("manual", "torch", n, 6e-6 + 1.4e-7 * n, **at),
                case("manual", "jax", n, 2.4e-5 + 2.5e-7 * n, first_call=0.03, **at),
                case("torch.softmax", "torch", n, 1e-6 + 3.5e-8 * n, **at),
                case("manual_with_preallocated_out", "numpy", n, 4e-6 + 1.5e-7 * n, **at),
            ]
        cases.append(case("manual", "python", n, 4e-6 * n, workload="softmax_rows", seed=n))
    cases.append(
        failed(
            "torch_manual",
            "torch",
            4096,
            "TypeError: unsupported operand type(s) for -: 'Tensor' and "
            "'torch.return_types.max' (at softmax.py:28 in manual)",
            workload="softmax_rows",
        )
    )
    # Checked against the reference as a run checks them: to float32's or float64's precision.
    cases = [
        replace(c, check=Check(True, 0.0, 1e-7 if c.dtype == "float32" else 1e-16, 1e-4))
        if c.ok and not c.reference
        else c
        for c in cases
    ]
    return RunResult(cases=tuple(cases), env=ENV, started="2026-11-28T03:39:36+00:00")


@pytest.fixture(scope="module")
def pages(
    classic_page: Path, machines_page: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """The reports the width tests read: the issue's softmax run, the classic suite (the
    widest tables), and a run from two machines (its machines table)."""
    folder = tmp_path_factory.mktemp("softmax")
    softmax = html.write(softmax_run(), folder / "softmax.html")
    return {"softmax": softmax, "classic": classic_page, "machines": machines_page}


#: What TABLE_PROBE found, by (page, viewport): one browser run serves every test below.
_measured: dict[tuple[str, str], dict[str, Any]] = {}


def measure(pages: dict[str, Path], page: str, viewport: str, tmp_path: Path) -> dict[str, Any]:
    if (page, viewport) not in _measured:
        found, _, _ = probe_layout(pages[page], tmp_path, viewport, probe=TABLE_PROBE)
        _measured[page, viewport] = found
    return _measured[page, viewport]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("page", ["softmax", "classic", "machines"])
def test_table_cells_break_no_word_and_overflow_nothing(
    pages: dict[str, Path], tmp_path: Path, page: str, viewport: str
) -> None:
    """#35: "The HTML table breaks words even at 1400 px (float3/2, torch_man/ual), and at
    390 px rows are ~200 px tall": no name or number is broken across lines, no cell's content
    spills out of it, and the tables fit the page without scrolling sideways (on the phone, a
    row reads as a card)."""
    probe = measure(pages, page, viewport, tmp_path)
    tallest = f"{probe['tallest']:.0f} px: {probe['tallestRow']}"
    print(f"{page} at {viewport}: {probe['cells']} cells; the tallest row {tallest}")
    assert probe["cells"] > 100
    assert probe["width"] == VIEWPORTS[viewport][0]
    assert not probe["problems"], "\n".join(probe["problems"][:40])
    # These reports' tables fit at both widths: none scrolls in its box.
    assert not probe["scrolled"], "\n".join(probe["scrolled"])


def smallest_text(svg: str) -> float:
    """The smallest font size an SVG of matplotlib's sets, in its own units (pt)."""
    sizes = [float(s) for s in re.findall(r"font-size:\s*([\d.]+)px", svg)]
    assert sizes, "the plot has no text"
    return min(sizes)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("page", ["softmax", "classic"])
def test_every_plots_text_is_legible_at_every_width(
    pages: dict[str, Path], tmp_path: Path, page: str, viewport: str
) -> None:
    """#35: "the plots unreadable" at 390 px: each plot as drawn (the phone's own narrower
    figure where the page has one) shows its smallest text at MIN_PLOT_TEXT_PX or more."""
    import base64

    probe = measure(pages, page, viewport, tmp_path)
    # Each <img> with the srcset of the <source> before it in its <picture>, if any.
    images: list[tuple[dict[str, str | None], str | None]] = []
    source = None
    for tag, a in parse(pages[page].read_text(encoding="utf-8")).tags:
        if tag == "source":
            source = a.get("srcset")
        elif tag == "img":
            images.append((a, source))
            source = None
    assert len(images) == len(probe["plots"]) > 0
    small = []
    for (img, source), drawn in zip(images, probe["plots"], strict=True):
        uri = (source if drawn["narrow"] else img["src"]) or ""
        svg = base64.b64decode(uri.removeprefix("data:image/svg+xml;base64,")).decode()
        px = smallest_text(svg) * PX_PER_PT * drawn["scale"]
        if drawn["drawn"] and px < MIN_PLOT_TEXT_PX:
            small.append(f"{img['alt']}: {px:.1f} px")
    assert not small, "\n".join(small)
