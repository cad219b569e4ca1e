"""Ride-hailing dispatch simulation: at every tick, open ride requests are matched greedily
to the nearest idle drivers with a cost that adds the zone-to-zone surge multiplier to the
pickup distance; matched drivers move to the drop-off zone. Reports the mean pickup cost
and the share of requests served."""
import random

import torch

N_ZONES = 150
random.seed(4)
SURGE = [[round(1.0 + 0.5 * random.random() * ((i + j) % 7 == 0), 3) for j in range(N_ZONES)]
         for i in range(N_ZONES)]
SURGE_T = torch.tensor(SURGE)


class Dispatcher:
    def __init__(self, n_drivers, gen):
        self.gen = gen
        self.zone = torch.randint(0, N_ZONES, (n_drivers,), generator=gen)
        self.pos = torch.rand(n_drivers, 2, generator=gen)

    @property
    def surge(self):
        return SURGE_T

    def match(self, req_pos, req_zone):
        dist = torch.cdist(req_pos, self.pos)
        cost = dist + 0.1 * self.surge[req_zone][:, self.zone]
        best = cost.argmin(dim=1)
        best_cost = cost.gather(1, best[:, None]).squeeze(1)
        self.pos[best] = torch.rand(len(best), 2, generator=self.gen)
        self.zone[best] = torch.randint(0, N_ZONES, (len(best),), generator=self.gen)
        return best_cost


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(9)
    rnd = random.Random(12)
    disp = Dispatcher(400, gen)
    total, served, asked = 0.0, 0, 0
    for tick in range(1200):
        n_req = rnd.randint(20, 60)
        zones = [rnd.randrange(N_ZONES) for _ in range(n_req)]
        req_zone = torch.tensor(zones)
        req_pos = torch.rand(n_req, 2, generator=gen)
        cost = disp.match(req_pos, req_zone)
        ok = cost < 0.15
        total += cost[ok].sum()
        served += int(ok.sum())
        asked += n_req
    print("result:", round(float(total) / served + served / asked, 6))


if __name__ == "__main__":
    main()
