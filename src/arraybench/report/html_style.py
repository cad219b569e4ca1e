"""The HTML report's style sheet, inline in every report (:mod:`.html`): no file to fetch, no
network. ``MACHINES_CSS`` is added for a run from several machines only."""

from __future__ import annotations

CSS = """
:root { --fg: #1d2330; --muted: #5b6475; --line: #d9dee7; --bg2: #f4f6fa; --accent: #2f5d9e;
  --good: #1e7b3a; --mixed: #9a6400; --bad: #b3261e; --unknown: #6b7280; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 20px 28px 64px; }
h1 { font-size: 26px; margin: 0 0 2px; }
h2 { font-size: 21px; margin: 40px 0 6px; padding-bottom: 4px; border-bottom: 2px solid
  var(--line); }
h3 { font-size: 17px; margin: 22px 0 6px; }
p, li, h2, h3, dd, summary { overflow-wrap: anywhere; }
a { color: var(--accent); }
.sub { color: var(--muted); margin: 0 0 12px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 14px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
/* One frame for every card's plot, so that the cards' headings line up; about the shape of a
   card's time plot (plot_parts.CARD_FIGSIZE with its legend), so that it is drawn the card's
   width, its text at about the size it is set in. */
.card img { display: block; width: 100%; height: auto; aspect-ratio: 6 / 5;
  object-fit: contain; border: 1px solid var(--line); border-radius: 4px; }
.card h3 { font-size: 15.5px; margin: 8px 0 4px; }
.card h3 a { color: var(--fg); text-decoration: none; }
.card h3 a:hover { text-decoration: underline; }
.card p { margin: 4px 0; font-size: 14px; }
.verdict { display: inline-block; padding: 0 9px; border-radius: 12px; color: #fff;
  font-weight: 600; font-size: 13px; white-space: nowrap; background: var(--unknown); }
.verdict.good { background: var(--good); } .verdict.mixed { background: var(--mixed); }
.verdict.bad { background: var(--bad); }
.question { color: var(--muted); font-style: italic; margin: 0 0 8px; }
.answer { border-left: 4px solid var(--unknown); padding: 2px 0 2px 14px; margin: 10px 0 16px; }
.answer.good { border-color: var(--good); } .answer.mixed { border-color: var(--mixed); }
.answer.bad { border-color: var(--bad); } .answer.plain { border-color: var(--accent); }
.answer p { margin: 6px 0; }
.lead { font-size: 16px; }
ul.claims { list-style: none; padding-left: 0; margin: 6px 0; }
ul.claims li { padding-left: 1.5em; text-indent: -1.5em; margin: 3px 0; }
.mark { display: inline-block; width: 1.5em; text-indent: 0; font-weight: 700;
  color: var(--unknown); }
.mark.good { color: var(--good); } .mark.mixed { color: var(--mixed); }
.mark.bad { color: var(--bad); }
.label { font-weight: 600; }
details { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
details > summary { cursor: pointer; padding: 6px 12px; font-weight: 600; background: var(--bg2);
  border-radius: 6px; }
details[open] > summary { border-bottom: 1px solid var(--line); border-radius: 6px 6px 0 0; }
details > .body { padding: 4px 14px 10px; }
ul.findings li { margin: 3px 0; }
.dim { color: var(--muted); }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; min-width: 100%; }
th, td { padding: 3px 8px; border-bottom: 1px solid var(--line); text-align: left;
  vertical-align: top; }
th { background: var(--bg2); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* Names and checks kept whole: a wide table scrolls in its box (or, on a phone, turns into
   cards) rather than breaking "float32" or "torch.softmax" in two. The <wbr> in names serve
   the phone only: Chromium breaks at one even in nowrap text, unless it is not displayed. */
td.check, td[data-key] { white-space: nowrap; } td wbr { display: none; }
/* A phrase with numbers wraps between its words; prose (a cost model's problem) keeps a
   readable measure instead of a strip a few words wide. */
td.phrase { white-space: normal; } td.prose { min-width: 16em; }
tr.sizebreak td { border-top: 2px solid #b9c1cf; }
tr.failed td { background: #fdf0ef; }
.ok { color: var(--good); } .fail { color: var(--bad); font-weight: 600; }
.warn { color: var(--mixed); }
figure { margin: 10px 0 14px; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px; }
pre { background: var(--bg2); padding: 8px 12px; border-radius: 4px; white-space: pre-wrap;
  word-break: break-word; font-size: 12.5px; }
dl.env { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 2px 16px; font-size: 14px; }
dl.env dt { font-weight: 600; } dl.env dd { margin: 0; word-break: break-word; }
footer { margin-top: 48px; color: var(--muted); font-size: 13px; }
@media (max-width: 640px) {
  main { padding: 12px 12px 40px; }
  h1 { font-size: 21px; } h2 { font-size: 18px; margin-top: 28px; }
  .cards { grid-template-columns: 1fr; }
  dl.env { grid-template-columns: minmax(0, 1fr); } dl.env dd { margin-bottom: 6px; }
  /* A table row as a card: the cells that name it (data-key) on its first line, then each
     other cell under its column's heading (data-label), as many to a line as fit, so that no
     name or number is squeezed into a narrow column. The tr::after item, ordered between
     them, is the line break. */
  table, tbody { display: block; min-width: 0; }
  thead { display: none; }
  tr { display: flex; flex-wrap: wrap; gap: 2px 18px; padding: 6px 2px 8px;
    border-bottom: 1px solid var(--line); }
  tr::after { content: ""; order: 1; flex-basis: 100%; }
  td { display: block; order: 2; min-width: 0; padding: 0; border: 0; text-align: left;
    overflow-wrap: break-word; }
  td.num { text-align: left; }
  td:not([data-key]) { min-width: 7em; }
  td[data-key] { order: 0; font-weight: 600; white-space: normal; }
  td wbr { display: inline; }
  td::before { content: attr(data-label); display: block; font-size: 11.5px; font-weight: 400;
    color: var(--muted); }
  td[data-key]::before { content: none; }
  td.num[data-key]::before { content: attr(data-label) " = "; display: inline; font: inherit;
    color: inherit; }
  td:empty { display: none; }
  tr.sizebreak { border-top: 2px solid #b9c1cf; } tr.sizebreak td { border-top: 0; }
  tr.failed { background: #fdf0ef; } tr.failed td { background: none; }
}
"""


#: Added to CSS in the report of a run from several machines (a run on one keeps its page as it
#: was): the lines across machines in a box, and a rule under each machine's heading.
MACHINES_CSS = """
.across { background: var(--bg2); border-radius: 6px; padding: 4px 14px; margin: 10px 0 16px; }
.across ul { margin: 4px 0; padding-left: 1.2em; } .across details { background: #fff; }
h3.machine { font-size: 18px; margin-top: 28px; padding-bottom: 3px;
  border-bottom: 1px solid var(--line); }
table.machines td { white-space: normal; min-width: 6em; }
"""
