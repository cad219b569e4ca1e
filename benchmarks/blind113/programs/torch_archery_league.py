# ruff: noqa
"""League-night scorer for an archery range: simulates a season of league nights for the club's
archers (arrow impacts drawn around each archer's aim point with their own group size and a
nightly wind drift), scores every arrow on a 10-ring face, keeps each archer's scorecard, shows
the running leaderboard after every end, and prints the season standings with X-counts."""
import torch

N_ARCHERS = 48
NIGHTS = 6
ENDS_PER_NIGHT = 10
ARROWS_PER_END = 6
FACE_RADIUS_CM = 20.0


class Scorecard:
    def __init__(self, name, n_arrows):
        self.name = name
        self.points = torch.zeros(n_arrows, dtype=torch.int64)
        self.xs = 0
        self.n = 0

    def record(self, points, xs):
        self.points[self.n : self.n + len(points)] = points
        self.n += len(points)
        self.xs += xs

    @property
    def total(self):
        return sum(self.points[: self.n])


def score_end(radius):
    rings = torch.tensor([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    band = torch.clamp((radius / (FACE_RADIUS_CM / 10.0)).long(), max=10)
    return rings[band], (radius < FACE_RADIUS_CM / 20.0).sum(1)


def shoot_end(gen, skill, drift):
    dx = torch.randn(N_ARCHERS, ARROWS_PER_END, generator=gen) * skill[:, None] + drift
    dy = torch.randn(N_ARCHERS, ARROWS_PER_END, generator=gen) * skill[:, None]
    return torch.sqrt(dx * dx + dy * dy)


gen = torch.Generator().manual_seed(31)
skill = 2.0 + 6.0 * torch.rand(N_ARCHERS, generator=gen)
n_arrows = NIGHTS * ENDS_PER_NIGHT * ARROWS_PER_END
cards = [Scorecard(f"archer-{i:02d}", n_arrows) for i in range(N_ARCHERS)]
leader_changes = 0
leader = None
for night in range(NIGHTS):
    drift = 1.5 * torch.randn((), generator=gen)
    for end in range(ENDS_PER_NIGHT):
        points, xs = score_end(shoot_end(gen, skill, drift))
        for card, p, x in zip(cards, points, xs.tolist()):
            card.record(p, x)
        board = sorted(cards, key=lambda c: (c.total, c.xs), reverse=True)
        if board[0] is not leader:
            leader_changes += 1
            leader = board[0]

standings = sorted(cards, key=lambda c: (c.total, c.xs), reverse=True)
for place, card in enumerate(standings[:5], 1):
    print(f"{place}. {card.name}: {int(card.total)} points, {card.xs} X")
checksum = sum(place * int(c.total) for place, c in enumerate(standings, 1))
print(f"result: {checksum + leader_changes}")
