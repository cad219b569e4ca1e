# ruff: noqa
"""Weather routing for a bulk carrier: candidate routes across an ocean grid are built by
perturbing a great-circle track, every leg's fuel is estimated from the ship's speed loss in the
forecast wind and waves (a Beaufort x relative-heading table), and the cheapest route per
departure day is kept."""
import numpy as np

# involuntary speed loss (%) by Beaufort number (rows) and relative heading (columns, 0-180 deg)
_LOSS = [[round(0.15 * b * b * (1.0 + 0.6 * np.cos(np.radians(h))) + 0.02 * b, 3)
          for h in range(0, 181, 10)] for b in range(13)]


class Hull:
    design_speed = 14.5
    k_fuel = 0.0021

    @staticmethod
    def speed_loss_table():
        return np.array(_LOSS)

    def leg_fuel(self, dist_nm, wind_bf, rel_heading):
        table = self.speed_loss_table()
        b = min(int(wind_bf), 12)
        loss = np.interp(rel_heading, np.arange(0, 181, 10), table[b])
        speed = self.design_speed * (1.0 - loss / 100.0)
        hours = dist_nm / speed
        return self.k_fuel * speed ** 3 * hours, hours


def forecast(lat, lon, day):
    wind = 4.0 + 3.0 * np.sin(0.07 * lon + 0.3 * day) * np.cos(0.05 * lat) + 0.8 * np.sin(0.4 * lat)
    direction = (40.0 * day + 2.0 * lon) % 360.0
    return np.clip(wind, 0.0, 12.0), direction


def candidate_routes(start, end, n_routes, n_legs, rng):
    t = np.linspace(0.0, 1.0, n_legs + 1)
    base = start[None, :] + t[:, None] * (end - start)[None, :]
    bump = np.sin(np.pi * t)[None, :, None] * rng.normal(0, 4.0, size=(n_routes, 1, 2))
    return base[None] + bump


def route_cost(hull, route, day):
    d = np.diff(route, axis=0)
    dist = 60.0 * np.hypot(d[:, 0], d[:, 1] * np.cos(np.radians(route[:-1, 0])))
    course = np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 360.0
    wind, wdir = forecast(route[:-1, 0], route[:-1, 1], day)
    rel = np.abs((wdir - course + 180.0) % 360.0 - 180.0)
    fuel = 0.0
    hours = 0.0
    for leg in range(len(dist)):
        f, h = hull.leg_fuel(dist[leg], wind[leg], rel[leg])
        fuel += f
        hours += h
    return fuel, hours


rng = np.random.default_rng(3)
hull = Hull()
start, end = np.array([35.0, -70.0]), np.array([50.0, -5.0])
best = []
for day in range(30):
    routes = candidate_routes(start, end, 130, 60, rng)
    costs = []
    for r in routes:
        waypoints = r
        waypoints[0] = start
        costs.append(route_cost(hull, waypoints, day))
    costs = np.array(costs)
    k = int(np.argmin(costs[:, 0]))
    best.append(costs[k])
    print(f"day {day}: best route {k}, fuel {costs[k, 0]:.2f} t, {costs[k, 1]:.1f} h")
best = np.array(best)
print(f"result: {best.sum():.10e}")
