# ruff: noqa
"""A call centre simulated as a single-server queue, customer by customer (Lindley's
recursion): each customer arrives an exponential gap after the one before and waits for the
customers ahead of it to be served. Twelve replications of the day at increasing load, each
with its own seeded stream for arrivals and a block of service times drawn for the day. Prints
the mean wait, the share of customers who waited over ten minutes per load, and a checksum."""
import numpy as np


def simulate_day(n_customers, mean_gap, mean_service, arrivals, services):
    service = services.exponential(mean_service, size=n_customers).tolist()
    wait = 0.0
    total_wait = 0.0
    long_waits = 0
    prev_service = 0.0
    i = 0
    while i < n_customers:
        gap = arrivals.exponential(mean_gap)
        wait = max(0.0, wait + prev_service - gap)
        total_wait += wait
        if wait > 10.0:
            long_waits += 1
        prev_service = service[i]
        i += 1
    return total_wait / n_customers, long_waits / n_customers


arrivals = np.random.default_rng(11)
services = np.random.default_rng(12)
noise = np.random.default_rng(13)
jitters = noise.uniform(0.0, 0.01, size=12).tolist()
loads = []
checksum = 0.0
for rep in range(12):
    mean_gap = 4.0
    mean_service = 2.0 + 0.15 * rep
    jitter = jitters[rep]
    mean_wait, late = simulate_day(400_000, mean_gap + jitter, mean_service, arrivals, services)
    loads.append(late)
    checksum += mean_wait + late
print("share waiting over ten minutes:", " ".join(f"{x:.3f}" for x in loads))
print(f"result: {checksum:.10f}")
