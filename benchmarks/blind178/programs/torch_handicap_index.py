# ruff: noqa
"""Computes World-Handicap-style indexes for a golf club's members: hole-by-hole scores are
simulated in torch from each player's ability and each hole's difficulty, adjusted gross scores
are capped at net double bogey, score differentials are formed against course and slope rating,
and each member's index (best 8 of the last 20 differentials) is printed as a club average."""
import torch

torch.set_num_threads(1)

N_MEMBERS = 2500
N_ROUNDS = 40
PAR = torch.tensor([4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4], dtype=torch.float32)
STROKE_INDEX = torch.tensor([7, 1, 15, 11, 3, 9, 17, 5, 13, 8, 16, 2, 12, 4, 10, 18, 14, 6])
COURSE_RATING = 71.8
SLOPE = 131.0


class Member:
    def __init__(self, member_id, ability):
        self.member_id = member_id
        self.ability = ability
        self.differentials = []

    def index(self):
        recent = torch.tensor(self.differentials[-20:])
        best = torch.sort(recent).values[:8]
        return float(best.mean()) * 0.96


def simulate_scores(abilities, gen):
    hole_difficulty = 0.15 * (19 - STROKE_INDEX.float()) / 18.0
    mean_over = abilities[:, None, None] / 18.0 + hole_difficulty
    extra = torch.poisson(mean_over.expand(-1, N_ROUNDS, -1).contiguous(), generator=gen)
    shots = PAR + extra + (torch.rand(extra.shape, generator=gen) < 0.05).float()
    return shots  # members x rounds x holes


def adjusted_gross(shots, course_handicap):
    strokes = (course_handicap[:, None, None] >= STROKE_INDEX).float() + (course_handicap[:, None, None] >= STROKE_INDEX + 18).float()
    cap = PAR + 2.0 + strokes
    return torch.minimum(shots, cap).sum(dim=2)  # members x rounds


def post_differentials(members, ags):
    diffs = (113.0 / SLOPE) * (ags - COURSE_RATING)
    for m, member in enumerate(members):
        for r in range(N_ROUNDS):
            member.differentials.append(round(diffs[m, r].item(), 1))


gen = torch.Generator().manual_seed(17)
abilities = torch.rand(N_MEMBERS, generator=gen) * 30.0
members = [Member(i, float(a)) for i, a in enumerate(abilities)]
total_index = 0.0
for season in range(4):
    shots = simulate_scores(abilities, gen)
    course_handicap = torch.round(abilities * SLOPE / 113.0)
    ags = adjusted_gross(shots, course_handicap)
    post_differentials(members, ags)
    indexes = torch.tensor([m.index() for m in members])
    total_index += float(indexes.mean())
    abilities = torch.clamp(0.7 * abilities + 0.3 * indexes, 0.0, 36.0)
par_total = sum(PAR[h].item() for h in range(18))
print(f"club mean index {total_index / 4:.3f}, par {par_total:.0f}")
print(f"result: {total_index + par_total:.8e}")
