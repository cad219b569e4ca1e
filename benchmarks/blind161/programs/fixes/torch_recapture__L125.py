"""Adult survival of Reed Warblers at the reedbed ringing site, from our own recapture records.

Capture histories (one row per ring, one column per breeding season) go into a Cormack-Jolly-Seber
model: survival depends on age at ringing and wing length, recapture on the season's net effort.
Fitted by maximum likelihood with Adam in torch; prints survival by age class."""
import random
from collections import defaultdict
from dataclasses import dataclass

import torch

torch.set_num_threads(1)

SEASONS = list(range(2012, 2026))
NET_METRES = [240, 240, 260, 300, 300, 280, 300, 320, 120, 300, 320, 320, 340, 340]  # 2020: covid


@dataclass
class Ringing:
    ring: str
    season: int
    age: str  # "3J" juvenile, "4" adult of unknown age, "5" second-year... as on the sheet
    wing: float


def simulate_records(n_birds, seed=17):
    """What the station database export looks like: one row per capture event."""
    rnd = random.Random(seed)
    records = []
    for k in range(n_birds):
        ring = f"Z{k:06d}"
        first = rnd.randrange(len(SEASONS) - 1)
        age = rnd.choice(["3J", "3J", "4", "5"])
        wing = rnd.gauss(66.0, 1.8)
        phi = {"3J": 0.28, "4": 0.52, "5": 0.56}[age] + 0.02 * (wing - 66.0)
        records.append(Ringing(ring, SEASONS[first], age, round(wing)))
        t = first
        while t + 1 < len(SEASONS) and rnd.random() < phi:
            t += 1
            phi = 0.55 + 0.02 * (wing - 66.0)
            if rnd.random() < 0.25 + 0.6 * NET_METRES[t] / 340:
                records.append(Ringing(ring, SEASONS[t], age, round(wing)))
    return records


def capture_histories(records):
    seen = defaultdict(set)
    info = {}
    for r in records:
        seen[r.ring].add(r.season)
        info.setdefault(r.ring, r)
    rings = sorted(seen)
    return [seen[ring] for ring in rings], [info[ring] for ring in rings]


class CJS(torch.nn.Module):
    AGES = ("3J", "4", "5")

    def __init__(self, seasons_seen, birds):
        super().__init__()
        self.seasons_seen = seasons_seen
        self.age = torch.tensor([self.AGES.index(b.age) for b in birds])
        wing = torch.tensor([b.wing for b in birds], dtype=torch.float32)
        self.wing_z = (wing - wing.mean()) / wing.std()
        effort = torch.tensor(NET_METRES, dtype=torch.float32)
        self.effort = effort / effort.max()
        self.phi_age = torch.nn.Parameter(torch.zeros(len(self.AGES)))
        self.phi_adult = torch.nn.Parameter(torch.zeros(()))
        self.phi_wing = torch.nn.Parameter(torch.zeros(()))
        self.p_base = torch.nn.Parameter(torch.zeros(()))
        self.p_effort = torch.nn.Parameter(torch.zeros(()))

    def survival(self, n_seasons):
        first_year = torch.sigmoid(self.phi_age[self.age] + self.phi_wing * self.wing_z)
        later = torch.sigmoid(self.phi_adult + self.phi_wing * self.wing_z)
        phi = later[:, None].expand(-1, n_seasons - 1).clone()
        return phi, first_year

    def forward(self):
        h = torch.tensor([[s in seen for s in SEASONS] for seen in self.seasons_seen], dtype=torch.float32)
        n, t = h.shape
        idx = torch.arange(t)
        first = h.argmax(dim=1)
        last = t - 1 - h.flip(1).argmax(dim=1)
        phi, phi_first = self.survival(t)
        phi = torch.where(idx[None, :-1] == first[:, None], phi_first[:, None], phi)
        p = torch.sigmoid(self.p_base + self.p_effort * self.effort)[None, 1:].expand(n, -1)
        alive = (idx[None, :-1] >= first[:, None]) & (idx[None, :-1] < last[:, None])
        watched = (idx[None, 1:] > first[:, None]) & (idx[None, 1:] <= last[:, None])
        log_l = (torch.log(phi) * alive).sum(1)
        seen = h[:, 1:]
        log_l = log_l + ((seen * torch.log(p) + (1 - seen) * torch.log1p(-p)) * watched).sum(1)
        chi = torch.ones(n)
        chis = [chi]
        for k in range(t - 2, -1, -1):
            chi = (1 - phi[:, k]) + phi[:, k] * (1 - p[:, k]) * chi
            chis.append(chi)
        chi_at = torch.stack(chis[::-1], dim=1)
        log_l = log_l + torch.log(chi_at.gather(1, last[:, None]).squeeze(1))
        return -log_l.sum()


def fit(model, steps=200, lr=0.05):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        nll = model()
        nll.backward()
        opt.step()
    return nll.detach()


if __name__ == "__main__":
    records = simulate_records(3200)
    seen, birds = capture_histories(records)
    model = CJS(seen, birds)
    nll = fit(model)
    with torch.no_grad():
        phi_by_age = torch.sigmoid(model.phi_age)
        phi_adult = torch.sigmoid(model.phi_adult)
        p_seasons = torch.sigmoid(model.p_base + model.p_effort * model.effort)
    for age, phi in zip(CJS.AGES, phi_by_age.tolist()):
        print(f"first-year survival, ringed as {age}: {phi:.3f}")
    print(f"adult survival {phi_adult.item():.3f}, recapture {p_seasons.min().item():.2f}-{p_seasons.max().item():.2f}")
    best = phi_by_age.max()
    print(f"{len(seen)} birds, {len(records)} captures, -logL {nll.item():.2f}")
    print(f"result: {nll.item() / len(seen) + float(best) + phi_adult.item():.8e}")
