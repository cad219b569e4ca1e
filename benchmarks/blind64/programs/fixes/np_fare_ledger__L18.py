"""Ride-hailing driver ledger: synthetic trips for a fleet of drivers (fares, platform fees
and tips) are turned into each driver's running balance over the week, from which the
payout schedule (balance at each payout checkpoint) and the fleet summary per city zone are
computed."""
import numpy as np

ZONES = ["north", "south", "east", "west", "airport"]


class Ledger:
    def __init__(self, fares, fees, tips):
        self.fares, self.fees, self.tips = fares, fees, tips

    @staticmethod
    def running_balance(net):
        return np.cumsum(net)

    def driver_balance(self, d):
        return self.running_balance(self.fares[d] - self.fees[d] + self.tips[d])


def main():
    rng = np.random.default_rng(5)
    n_drivers, n_trips = 2000, 5000
    fares = rng.gamma(2.0, 7.5, (n_drivers, n_trips))
    fees = 0.22 * fares + rng.uniform(0.5, 1.5, (n_drivers, n_trips))
    tips = np.where(rng.random((n_drivers, n_trips)) < 0.3, rng.exponential(3.0, (n_drivers, n_trips)), 0.0)
    ledger = Ledger(fares, fees, tips)
    checkpoints = np.arange(299, n_trips, 300)
    payouts = np.array([ledger.driver_balance(d)[checkpoints] for d in range(n_drivers)])
    zone_of = rng.integers(0, len(ZONES), n_drivers)
    summary = {}
    for z, name in enumerate(ZONES):
        sel = payouts[zone_of == z]
        summary[name] = (sel[:, -1].mean(), sel[:, -1].max())
    total = sum(v[0] + v[1] for v in summary.values())
    print("result:", round(float(payouts.sum()) + float(total), 4))


if __name__ == "__main__":
    main()
