# ruff: noqa
"""Chess club rating ladder: a season of synthetic weekly rounds between club members is
played, and member strengths are fitted online with a Bradley-Terry model whose prior couples
members who train together. Callbacks take the preconditioned rating step and keep a log."""
from dataclasses import dataclass, field

import torch

torch.manual_seed(17)


@dataclass
class Season:
    n_players: int = 520
    n_rounds: int = 260
    games_per_round: int = 300
    lr: float = 0.8


def club_prior(n, n_groups=12):
    group = torch.randint(0, n_groups, (n,))
    same = (group[:, None] == group[None, :]).double()
    return 0.3 * same + torch.eye(n, dtype=torch.float64) * 1.0


class PreconditionedStep:
    def __init__(self, prior_cov, lr):
        self.prior_cov = prior_cov
        self.lr = lr

    def __call__(self, ratings, grad):
        chol = torch.linalg.cholesky(self.prior_cov)
        step = torch.cholesky_solve(grad[:, None], chol)[:, 0]
        return ratings + self.lr * step / (1.0 + step.abs().max())


@dataclass
class LadderLog:
    entries: list = field(default_factory=list)

    def __call__(self, rnd, ll):
        self.entries.append((rnd, ll.detach()))


def play_round(true_strength, n_games):
    n = true_strength.numel()
    white = torch.randint(0, n, (n_games,))
    black = (white + torch.randint(1, n, (n_games,))) % n
    p = torch.sigmoid(true_strength[white] - true_strength[black])
    score = (torch.rand(n_games, dtype=torch.float64) < p).double()
    return white, black, score


def log_lik_grad(ratings, white, black, score):
    p = torch.sigmoid(ratings[white] - ratings[black])
    resid = score - p
    grad = torch.zeros_like(ratings)
    grad.index_add_(0, white, resid)
    grad.index_add_(0, black, -resid)
    ll = (score * torch.log(p) + (1 - score) * torch.log1p(-p)).sum()
    return ll, grad


def run_season(cfg, callbacks):
    true_strength = torch.randn(cfg.n_players, dtype=torch.float64)
    ratings = torch.zeros(cfg.n_players, dtype=torch.float64)
    for rnd in range(cfg.n_rounds):
        white, black, score = play_round(true_strength, cfg.games_per_round)
        ll, grad = log_lik_grad(ratings, white, black, score)
        for cb in callbacks:
            out = cb(ratings, grad) if isinstance(cb, PreconditionedStep) else cb(rnd, ll)
            if out is not None:
                ratings = out
    return true_strength, ratings


cfg = Season()
prior = club_prior(cfg.n_players)
log = LadderLog()
true_strength, ratings = run_season(cfg, [PreconditionedStep(prior, cfg.lr), log])
top = torch.argsort(ratings, descending=True)[:5]
print("top of the ladder:", ", ".join(f"member {int(i)}" for i in top))
corr = torch.corrcoef(torch.stack([true_strength, ratings]))[0, 1]
print(f"rating vs strength correlation {float(corr):.4f}")
print(f"result: {float(ratings.abs().sum()) + float(torch.stack([v for _, v in log.entries]).sum()) * 1e-4:.10e}")
