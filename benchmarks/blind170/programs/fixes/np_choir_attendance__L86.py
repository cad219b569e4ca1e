"""Rehearsal attendance report for the community choir's committee, nine seasons of it.

Singers badge in on the tablet at the door; absences can be excused by a note to the section
leader, kept as (badge, date) rows in the excuses sheet.  The report gives each section's
balance at every rehearsal, each singer's attendance and longest run of unexcused absences, and
how ready each section was for the season's concert (attendance in the last six rehearsals).
"""
import datetime as dt
from dataclasses import dataclass

import numpy as np

SEED = 170
FIRST_SEASON = 2019
SEASONS = 9
REHEARSALS_PER_SEASON = 38
SECTIONS = ("S1", "S2", "A1", "A2", "T", "B1", "B2")
PRESENT, EXCUSED, ABSENT = 2, 1, 0
READINESS_WINDOW = 6
TURNOUT_STEPS = 2500


@dataclass
class Singer:
    badge: int
    name: str
    section: str
    joined: dt.date
    left: dt.date
    keenness: float

    def on_roll(self, day):
        return self.joined <= day <= self.left


@dataclass
class Note:
    badge: int
    day: dt.date
    kind: str


def season_calendar(year):
    """Tuesdays from mid-September, skipping the two weeks around the new year."""
    day = dt.date(year, 9, 10)
    day += dt.timedelta(days=(1 - day.weekday()) % 7)
    dates = []
    while len(dates) < REHEARSALS_PER_SEASON:
        if not (day.month == 12 and day.day > 20) and not (day.month == 1 and day.day < 5):
            dates.append(day)
        day += dt.timedelta(weeks=1)
    return dates


def recruit(rng, calendar):
    first, last = calendar[0], calendar[-1]
    span = (last - first).days
    singers = []
    for badge in range(1001, 1001 + 700):
        start = first + dt.timedelta(days=int(rng.integers(-400, span)))
        stay = dt.timedelta(days=int(rng.exponential(900)))
        singers.append(Singer(badge, f"singer{badge}", SECTIONS[badge % len(SECTIONS)],
                              max(start, first), min(start + stay, last), rng.beta(6, 2)))
    return [s for s in singers if s.joined < s.left]


def door_tablet(rng, singers, calendar):
    """Badges read at the door per rehearsal, and the notes sent to the section leaders."""
    sign_ins, notes = {}, []
    for day in calendar:
        here = set()
        for s in singers:
            if not s.on_roll(day):
                continue
            if rng.random() < s.keenness:
                here.add(s.badge)
            elif rng.random() < 0.6:
                notes.append(Note(s.badge, day, "excused"))
            if rng.random() < 0.02:
                notes.append(Note(s.badge, day, "late"))
        sign_ins[day] = here
    return sign_ins, notes


def attendance_grid(singers, calendar, sign_ins, notes):
    excused = {(n.badge, n.day) for n in notes if n.kind == "excused"}
    grid = np.full((len(singers), len(calendar)), -1, dtype=np.int8)
    for j, day in enumerate(calendar):
        signed = sign_ins[day]
        for i, s in enumerate(singers):
            if not s.on_roll(day):
                continue
            if s.badge in signed:
                grid[i, j] = PRESENT
            elif (s.badge, day) in excused:
                grid[i, j] = EXCUSED
            else:
                grid[i, j] = ABSENT
    return grid


def longest_run(row, value):
    hit = np.concatenate([[0], (row == value).astype(np.int8), [0]])
    edges = np.flatnonzero(np.diff(hit))
    return int((edges[1::2] - edges[::2]).max()) if len(edges) else 0


def report(singers, calendar, grid):
    on_roll = grid >= 0
    section_of = np.array([SECTIONS.index(s.section) for s in singers])
    present = grid == PRESENT
    balance = np.stack([present[section_of == k].sum(axis=0) for k in range(len(SECTIONS))])
    rate = present.sum(axis=1) / np.maximum(on_roll.sum(axis=1), 1)
    worst_run = np.array([longest_run(row, ABSENT) for row in grid])
    season_table = np.empty((0, len(SECTIONS)))
    for k in range(SEASONS):
        cols = slice((k + 1) * REHEARSALS_PER_SEASON - READINESS_WINDOW, (k + 1) * REHEARSALS_PER_SEASON)
        here = balance[:, cols].sum(axis=1)
        roll = np.array([on_roll[section_of == sec, cols].sum() for sec in range(len(SECTIONS))])
        season_table = np.vstack([season_table, here / np.maximum(roll, 1)])
    return balance, rate, worst_run, season_table


def turnout_features(grid, section_of):
    """One row per singer and rehearsal on the roll: what the committee knows the week before."""
    on_roll = grid >= 0
    came = (grid == PRESENT).astype(float)
    last = np.zeros_like(came)
    last[:, 1:] = came[:, :-1]
    recent = np.zeros_like(came)
    for lag in range(1, 5):
        recent[:, lag:] += came[:, :-lag] / 4.0
    week = np.tile(np.arange(grid.shape[1]) % REHEARSALS_PER_SEASON, (grid.shape[0], 1))
    to_concert = (REHEARSALS_PER_SEASON - 1 - week) / REHEARSALS_PER_SEASON
    sec = np.eye(len(SECTIONS))[section_of][:, None, :].repeat(grid.shape[1], axis=1)
    cols = [np.ones_like(came), last, recent, to_concert, to_concert**2]
    X = np.concatenate([np.stack(cols, axis=-1), sec], axis=-1)[on_roll]
    return X, came[on_roll]


def fit_turnout(X, y, steps=TURNOUT_STEPS, lr=0.5):
    w = np.zeros(X.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(X @ w)))
        w -= lr * (X.T @ (p - y)) / len(y)
    return w


rng = np.random.default_rng(SEED)
calendar = [day for year in range(FIRST_SEASON, FIRST_SEASON + SEASONS) for day in season_calendar(year)]
singers = recruit(rng, calendar)
sign_ins, notes = door_tablet(rng, singers, calendar)
grid = attendance_grid(singers, calendar, sign_ins, notes)
balance, rate, worst_run, season_table = report(singers, calendar, grid)
section_of = np.array([SECTIONS.index(s.section) for s in singers])
X, y = turnout_features(grid, section_of)
w = fit_turnout(X, y)
print(f"{len(singers)} singers, {len(calendar)} rehearsals, {int((grid == EXCUSED).sum())} excused absences")
print("concert readiness by season:", np.round(season_table.mean(axis=1), 3))
score = balance.sum() + 100 * rate.sum() + 1000 * np.abs(w).sum() + worst_run.sum() + 1000 * season_table.sum() + int((grid == EXCUSED).sum())
print(f"result: {score:.10e}")
