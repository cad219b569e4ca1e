# ruff: noqa
"""Daily inventory simulation for a network of warehouses: Poisson demand per item, lost sales,
a restock whenever a warehouse's stock falls below its reorder level, holding costs, and a
service report at the end."""
import numpy as np

SKU_NAMES = [f"sku-{i:04d}-{'abcdefgh'[i % 8] * (1 + i % 5)}" for i in range(600)]


def holding_cost(row, unit_costs):
    weights = [0.4, 0.25, 0.15, 0.1, 0.1]
    rate = sum(weights) * 0.01
    return rate * float(row @ unit_costs)


def needs_restock(row, level):
    return sum(row) < level


def simulate(n_days, n_wh, rng):
    n_items = len(SKU_NAMES)
    lam = rng.uniform(0.5, 3.0, size=(n_wh, n_items))
    stock = rng.integers(20, 60, size=(n_wh, n_items))
    unit_costs = rng.uniform(1.0, 20.0, size=n_items)
    level = 0.6 * stock.sum(axis=1)
    lost = np.zeros(n_wh)
    restocks = np.zeros(n_wh, dtype=np.int64)
    cost = 0.0
    day = 0
    while day < n_days:
        demand = rng.poisson(lam)
        sold = np.minimum(demand, stock)
        lost += (demand - sold).sum(axis=1)
        stock -= sold
        for w in range(n_wh):
            row = stock[w]
            if needs_restock(row, level[w]):
                stock[w] += rng.integers(40, 100, size=n_items)
                restocks[w] += 1
            cost += holding_cost(row, unit_costs)
        day += 1
    return stock, lost, restocks, cost


rng = np.random.default_rng(7)
stock, lost, restocks, cost = simulate(2000, 40, rng)
width = max(len(s) for s in SKU_NAMES)
low = np.argsort(stock.sum(axis=0))[:5]
for i in low:
    print(f"{SKU_NAMES[i]:>{width}}: {int(stock[:, i].sum())} units left")
print(f"restocks: {int(restocks.sum())}, lost sales: {lost.sum():.0f}, holding cost: {cost:.2f}")
print(f"result: {cost + lost.sum() + restocks.sum() + stock.sum():.10e}")
