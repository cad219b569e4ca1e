# ruff: noqa
"""Audience seating for the planetarium's sold-out dome show: booked parties are placed in the
tilted dome seats by a local search that swaps seats between guests, scoring a plan by each
guest's view comfort (integer points: sightline to the dome's sweet spot, neck tilt, aisle
access) weighted by ticket tier, and keeping party members next to each other. Prints the score
of the final plan."""
from dataclasses import dataclass
from functools import partial

import numpy as np

TIERS = ("standard", "member", "premium")
TIER_WEIGHT = {"standard": 1, "member": 2, "premium": 3}


@dataclass
class Dome:
    rows: int = 18
    per_row: int = 32

    @property
    def n_seats(self):
        return self.rows * self.per_row

    def comfort_points(self, rng):
        r = np.arange(self.rows)[:, None]
        c = np.arange(self.per_row)[None, :]
        sight = 40 - np.abs(r - 11) * 3 - np.abs(c - self.per_row // 2)
        aisle = np.where((c == 0) | (c == self.per_row - 1), 6, 0)
        return (sight + aisle + rng.integers(0, 5, (self.rows, self.per_row))).ravel()


@dataclass
class Booking:
    tier_of_guest: np.ndarray
    party_of_guest: np.ndarray

    @property
    def weights(self):
        return np.array([TIER_WEIGHT[TIERS[t]] for t in self.tier_of_guest])


def plan_score(comfort, weights, party, seat_row, plan):
    view = comfort[plan] * weights
    together = np.abs(np.diff(seat_row[plan]))[party[1:] == party[:-1]]
    return sum(view) - 5 * int(together.sum())


def local_search(score, plan, rng, sweeps):
    best = score(plan)
    n = len(plan)
    for _ in range(sweeps):
        i, j = rng.integers(0, n, 2)
        plan[i], plan[j] = plan[j], plan[i]
        s = score(plan)
        if s >= best:
            best = s
        else:
            plan[i], plan[j] = plan[j], plan[i]
    return best, plan


def main():
    rng = np.random.default_rng(17)
    dome = Dome()
    comfort = dome.comfort_points(rng)
    sizes = rng.integers(1, 6, 400)
    party = np.repeat(np.arange(400), sizes)[: dome.n_seats]
    booking = Booking(tier_of_guest=rng.integers(0, len(TIERS), dome.n_seats)[party], party_of_guest=party)
    seat_row = np.repeat(np.arange(dome.rows), dome.per_row)
    weights = booking.weights
    score = partial(plan_score, comfort, weights, party, seat_row)
    best, plan = local_search(score, rng.permutation(dome.n_seats), rng, sweeps=40000)
    tier_means = np.array([(comfort[plan])[booking.tier_of_guest == k].mean() for k in range(len(TIERS))])
    print(f"best tier: {TIERS[int(np.argmax(tier_means))]}, worst tier comfort {tier_means.min():.2f}")
    print(f"result: {float(best):.10e}")


if __name__ == "__main__":
    main()
