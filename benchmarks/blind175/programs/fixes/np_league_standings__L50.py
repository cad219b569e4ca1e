# ruff: noqa
"""Scores a season of ten-pin league games from frame-by-frame pinfall, works out each bowler's
average and handicap, and totals the handicap series of the sanctioned bowlers, week by week.
Prints the league's total handicap pinfall."""
import numpy as np

N_BOWLERS = 4000
WEEKS = 30
GAMES_PER_WEEK = 3
BASIS = 220
PERCENT = 0.9


def roll_frames(skill, rng):
    """First and second balls of 12 frames (frames 11 and 12 hold the bonus balls)."""
    n = skill.shape[0]
    p = np.repeat(skill[:, None], 12, axis=1)
    first = rng.binomial(10, p)
    second = rng.binomial(10 - first, np.clip(p + 0.1, 0, 1))
    return first, second


def game_scores(first, second):
    strike = first == 10
    spare = ~strike & (first + second == 10)
    next1 = first[:, 1:11]
    next2 = np.where(strike[:, 1:11], first[:, 2:12], second[:, 1:11])
    base = first[:, :10] + second[:, :10]
    bonus = np.where(strike[:, :10], next1 + next2, np.where(spare[:, :10], next1, 0))
    return (base + bonus).sum(axis=1)


class Bowler:
    def __init__(self, bid, skill):
        self.bid = bid
        self.skill = skill
        self.games = []

    def average(self):
        return int(np.mean(self.games)) if self.games else 150

    def handicap(self):
        return max(0, int(PERCENT * (BASIS - self.average())))


def season(rng):
    skill = rng.uniform(0.55, 0.92, N_BOWLERS)
    bowlers = [Bowler(b, s) for b, s in enumerate(skill)]
    member_ids = rng.permutation(N_BOWLERS)[: int(0.75 * N_BOWLERS)]
    sanctioned = {int(b) for b in member_ids}
    weekly_high = np.array([], dtype=np.int64)
    league_total = 0
    for week in range(WEEKS):
        games = np.stack([game_scores(*roll_frames(skill, rng)) for _ in range(GAMES_PER_WEEK)], axis=1)
        hdcp = np.array([b.handicap() for b in bowlers])
        series = games.sum(axis=1) + GAMES_PER_WEEK * hdcp
        counted = [int(series[b.bid]) for b in bowlers if b.bid in sanctioned]
        league_total += sum(counted)
        weekly_high = np.append(weekly_high, games.max())
        for b, row in zip(bowlers, games.tolist()):
            b.games.extend(row)
    return league_total, weekly_high


def check_perfect_games(first, second):
    """A 300 game needs twelve strikes in a row: the scorer's check of a game row."""
    strikes = first == 10
    return np.all(strikes, axis=1) & np.all(second == 0, axis=1)


def scoring_self_test(rng):
    """Known lines: all strikes scores 300, all gutter balls 0, all nine-spares 190."""
    first = np.array([[10] * 12, [0] * 12, [9] * 12])
    second = np.array([[0] * 12, [0] * 12, [1] * 12])
    scores = game_scores(first, second)
    assert scores.tolist() == [300, 0, 190], scores
    assert check_perfect_games(first, second).tolist() == [True, False, False]
    sample_first, sample_second = roll_frames(np.full(8, 0.8), rng)
    assert np.all(game_scores(sample_first, sample_second) <= 300)


def describe(total, highs):
    best_week = int(np.argmax(highs)) + 1
    print(f"league handicap pinfall {total}, best game {int(highs.max())} in week {best_week}")
    print(f"high games by week: {highs.tolist()[:6]} ...")


scoring_self_test(np.random.default_rng(1))
rng = np.random.default_rng(2024)
total, highs = season(rng)
describe(total, highs)
print(f"result: {total + int(highs.sum())}")
