# ruff: noqa
"""Player rating model for an esports league: a Bradley-Terry style model learns a linear skill
score from per-player match statistics (torch, batched matchups), and callbacks after every epoch
rebuild the leaderboard and track how stable the top of the table is."""
import torch

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


class League:
    def __init__(self, n_players, n_stats, n_matches):
        self.stats = torch.randn(n_players, n_stats, device=device)
        true_w = torch.randn(n_stats, device=device) / n_stats**0.5
        a = torch.randint(0, n_players, (n_matches,), device=device)
        b = torch.randint(0, n_players, (n_matches,), device=device)
        p = torch.sigmoid((self.stats[a] - self.stats[b]) @ true_w)
        self.a, self.b = a, b
        self.a_won = (torch.rand(n_matches, device=device) < p).float()


class RatingModel(torch.nn.Module):
    def __init__(self, n_stats):
        super().__init__()
        self.w = torch.nn.Parameter(torch.zeros(n_stats))

    def forward(self, stats_a, stats_b):
        return (stats_a - stats_b) @ self.w


class LeaderboardCallback:
    def __init__(self, top_k=50):
        self.top_k = top_k
        self.history = []

    def player_scores(self, stats, w):
        scores = torch.empty(stats.shape[0], device=stats.device)
        for i, row in enumerate(stats):
            scores[i] = torch.dot(row, w)
        return scores

    def __call__(self, epoch, model, league):
        with torch.no_grad():
            scores = self.player_scores(league.stats, model.w.detach())
        top = torch.topk(scores, self.top_k).indices
        self.history.append(top)


class StabilityCallback:
    def __init__(self, board):
        self.board = board
        self.overlap = []

    def __call__(self, epoch, model, league):
        if len(self.board.history) >= 2:
            prev, cur = self.board.history[-2], self.board.history[-1]
            self.overlap.append(torch.isin(cur, prev).float().mean())


def train(model, league, epochs, callbacks, batch=4096):
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    n = league.a.shape[0]
    for epoch in range(epochs):
        perm = torch.randperm(n, device=device)
        for s in range(0, n, batch):
            idx = perm[s : s + batch]
            logits = model(league.stats[league.a[idx]], league.stats[league.b[idx]])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, league.a_won[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        for cb in callbacks:
            cb(epoch, model, league)


league = League(n_players=24000, n_stats=32, n_matches=40000)
model = RatingModel(32).to(device)
board = LeaderboardCallback()
stability = StabilityCallback(board)
train(model, league, epochs=8, callbacks=[board, stability])
region_proj = [torch.randn(32, 32, device=device) for _ in range(3)]
region_scores = list((league.stats @ torch.stack(region_proj) @ model.w.detach()).abs().mean(dim=1))
print("top 5:", board.history[-1][:5].tolist())
print(f"stability: {torch.stack(stability.overlap).mean().item():.3f}")
print(f"result: {(model.w.detach().abs().sum() + torch.stack(region_scores).sum() + torch.stack(stability.overlap).sum()).item():.10e}")
