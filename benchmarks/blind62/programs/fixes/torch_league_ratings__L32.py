"""Season simulation for a 24-club football league with a dynamic rating model: each team has attack and
defence ratings, goals in every fixture are Poisson with a rate from the ratings, home advantage
and a travel-fatigue table between the clubs' cities, and ratings are updated after each round by
a gradient step on the Poisson log-likelihood. Many seasons are simulated to estimate title odds."""
import math
import random
import torch

N_TEAMS = 24
random.seed(8)
CITY = [(random.uniform(0, 900), random.uniform(0, 600)) for _ in range(N_TEAMS)]
TRAVEL = [[round(0.06 * math.exp(-math.dist(a, b) / 400.0), 5) for b in CITY] for a in CITY]


def round_robin(n):
    teams = list(range(n))
    for r in range(n - 1):
        pairs = [(teams[i], teams[n - 1 - i]) for i in range(n // 2)]
        yield [(h, a) if r % 2 else (a, h) for h, a in pairs]
        teams = [teams[0]] + [teams[-1]] + teams[1:-1]


def expected_goals(ratings, home, away, home_adv):
    travel = torch.tensor(TRAVEL)
    fatigue = 1.0 - travel[home, away]
    lam_h = torch.exp(ratings[home, 0] - ratings[away, 1] + home_adv)
    lam_a = torch.exp(ratings[away, 0] - ratings[home, 1]) * fatigue
    return lam_h, lam_a


def update(ratings, home, away, gh, ga, lam_h, lam_a, lr=0.02):
    ratings[home, 0] += lr * (gh - lam_h)
    ratings[away, 1] -= lr * (gh - lam_h)
    ratings[away, 0] += lr * (ga - lam_a)
    ratings[home, 1] -= lr * (ga - lam_a)
    return ratings


gen = torch.Generator().manual_seed(1)
fixtures = [torch.tensor(rnd) for rnd in round_robin(N_TEAMS)]
fixtures = fixtures + [f.flip(1) for f in fixtures]
titles = torch.zeros(N_TEAMS)
goals_total = torch.zeros(())
for season in range(260):
    ratings = 0.1 * torch.randn(N_TEAMS, 2, generator=gen)
    points = torch.zeros(N_TEAMS)
    for rnd in fixtures:
        home, away = rnd[:, 0], rnd[:, 1]
        lam_h, lam_a = expected_goals(ratings, home, away, 0.25)
        gh = torch.poisson(lam_h, generator=gen)
        ga = torch.poisson(lam_a, generator=gen)
        points.index_add_(0, home, 3.0 * (gh > ga) + 1.0 * (gh == ga))
        points.index_add_(0, away, 3.0 * (ga > gh) + 1.0 * (gh == ga))
        ratings = update(ratings, home, away, gh, ga, lam_h, lam_a)
        goals_total += gh.sum() + ga.sum()
    titles[int(points.argmax())] += 1
print("title odds:", [round(v, 3) for v in (titles / titles.sum()).tolist()])
print(f"result: {float(goals_total) + float((titles * torch.arange(N_TEAMS)).sum()):.10e}")
