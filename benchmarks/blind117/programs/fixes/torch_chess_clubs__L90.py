# ruff: noqa
"""League season for a federation of chess clubs: a small learned model predicts each game's
expected score from the two players' features (rating, recent form, colour, club), a Swiss-style
pairing per round, simulated results, rating updates, and the club standings at the end."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class OutcomeModel(nn.Module):
    def __init__(self, n_features=10, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return torch.sigmoid(self.head(self.body(x))).squeeze(-1)


@dataclass
class Roster:
    rating: torch.Tensor
    form: torch.Tensor
    club: torch.Tensor
    n_clubs: int
    points: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.points = torch.zeros_like(self.rating)

    def features(self, white, black):
        return torch.cat([
            ((self.rating[white] - 1500.0) / 400.0).unsqueeze(-1),
            ((self.rating[black] - 1500.0) / 400.0).unsqueeze(-1),
            self.form[white].unsqueeze(-1), self.form[black].unsqueeze(-1),
            ((self.rating[white] - self.rating[black]) / 400.0).unsqueeze(-1),
            torch.ones_like(self.rating[white]).unsqueeze(-1),
            (self.club[white] == self.club[black]).float().unsqueeze(-1),
            self.points[white].unsqueeze(-1) / 10.0, self.points[black].unsqueeze(-1) / 10.0,
            torch.zeros_like(self.rating[white]).unsqueeze(-1),
        ], -1)


class League:
    def __init__(self, roster, on_game):
        self.roster = roster
        self.on_game = on_game

    def pair(self):
        order = torch.argsort(self.roster.points * 10000 + self.roster.rating, descending=True)
        return order[0::2], order[1::2]

    def play_round(self, gen):
        white, black = self.pair()
        expected = torch.stack([self.on_game(w, b) for w, b in zip(white.tolist(), black.tolist())])
        draw = torch.rand(len(white), generator=gen)
        score = (draw < expected).float()
        self.roster.points[white] += score
        self.roster.points[black] += 1.0 - score
        k = 16.0
        self.roster.rating[white] += k * (score - expected)
        self.roster.rating[black] -= k * (score - expected)
        self.roster.form = 0.8 * self.roster.form
        self.roster.form[white] += 0.2 * (score - 0.5)
        self.roster.form[black] -= 0.2 * (score - 0.5)
        return expected


def main():
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(17)
    n_players, n_clubs = 900, 40
    roster = Roster(rating=1200.0 + 600.0 * torch.rand(n_players, generator=gen),
                    form=torch.zeros(n_players),
                    club=torch.randint(0, n_clubs, (n_players,), generator=gen), n_clubs=n_clubs)
    model = OutcomeModel().to(device).eval()

    @torch.no_grad()
    def predict_game(w, b):
        x = roster.features(torch.tensor([w]), torch.tensor([b])).to(device)
        return model(x)[0].cpu()

    league = League(roster, on_game=predict_game)
    leader_ratings = 0.0
    for rnd in range(9):
        expected = league.play_round(gen)
        leader = torch.argmax(roster.points * 10000 + roster.rating)
        leader_ratings += float(roster.rating[leader])
        print(f"round {rnd + 1}: leader #{leader}, mean expected {expected.mean():.4f}")
    club_points = torch.zeros(n_clubs).index_add_(0, roster.club, roster.points)
    best = torch.argsort(club_points, descending=True)[:3]
    for c in best.tolist():
        print(f"club {c:2d}: {club_points[c]:.1f} points")
    print(f"result: {leader_ratings + float(roster.rating.mean()) + float(club_points.max()):.10e}")


if __name__ == "__main__":
    main()
