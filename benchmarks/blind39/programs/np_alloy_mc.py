"""Monte Carlo ordering of a binary A-B alloy on a square lattice.

Atoms swap by Metropolis moves on a checkerboard (Ising-like nearest-neighbour pair
interactions); after each sweep the per-site embedding energy is evaluated from the number of
unlike neighbours, and the short-range order parameter is recorded. Reports the final energy and
order for a few temperatures.
"""
import math

import numpy as np

PAIR = {"AA": -0.45, "BB": -0.38, "AB": -0.52}


def site_energy(n_unlike, occupant):
    rho = 0.25 * n_unlike + 0.1 * occupant
    return -math.sqrt(rho + 0.05) + 0.2 * math.exp(-2.0 * rho)


class Lattice:
    def __init__(self, rng, size, frac_b=0.5):
        self.spins = np.where(rng.random((size, size)) < frac_b, 1, 0)
        self.size = size
        parity = np.add.outer(np.arange(size), np.arange(size)) % 2
        self.masks = (parity == 0, parity == 1)
        self.embedding = np.vectorize(site_energy, otypes=[float])

    def unlike_neighbours(self):
        s = self.spins
        n = np.zeros_like(s)
        for axis in (0, 1):
            for shift in (1, -1):
                n += s != np.roll(s, shift, axis=axis)
        return n

    @property
    def energies(self):
        return self.embedding(self.unlike_neighbours(), self.spins)

    def sweep(self, rng, beta, j_eff):
        for mask in self.masks:
            n = self.unlike_neighbours()
            d_e = j_eff * (4 - 2 * n)
            flip = mask & (rng.random(self.spins.shape) < np.exp(-beta * np.clip(d_e, 0, None)))
            self.spins = np.where(flip, 1 - self.spins, self.spins)


def short_range_order(lat):
    return 1.0 - lat.unlike_neighbours().mean() / 2.0


def main():
    rng = np.random.default_rng(11)
    j_eff = sum([PAIR["AA"], PAIR["BB"], -2 * PAIR["AB"]]) / 4.0
    total = 0.0
    for temperature in (0.05, 0.1, 0.2, 0.4):
        lat = Lattice(rng, 128)
        trace = []
        for _ in range(160):
            lat.sweep(rng, 1.0 / temperature, j_eff)
            trace.append(lat.energies.mean())
        sro = short_range_order(lat)
        print(f"T={temperature:.2f}: energy/site {trace[-1]:.5f}, SRO {sro:.4f}")
        total += sum(trace) / len(trace) + sro
    print("result:", round(total, 8))


if __name__ == "__main__":
    main()
