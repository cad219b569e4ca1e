"""Season planner for the Eastside bakeries: every dough batch mixed overnight gets an oven slot
once its proof is done, batches that QA put on hold are skipped, and the ovens' load and the
batches' waiting times are summarised."""
import heapq
from dataclasses import dataclass

import numpy as np

# recipe: (proof minutes at 20 kg, bake minutes, oven setpoint in C)
RECIPES = {
    "sourdough": (240.0, 45.0, 240.0),
    "baguette": (90.0, 25.0, 250.0),
    "brioche": (120.0, 30.0, 180.0),
    "rye": (150.0, 55.0, 230.0),
    "focaccia": (60.0, 22.0, 220.0),
    "cinnamon": (75.0, 20.0, 190.0),
}
N_OVENS = 420
NIGHTS = 44
BATCHES_PER_NIGHT = 9000
QA_PASS = 0.56


@dataclass
class Batch:
    batch_id: int
    recipe: str
    mixed_at: float
    kg: float

    @property
    def proof(self):
        return RECIPES[self.recipe][0] * (1.0 + 0.004 * (self.kg - 20.0))

    @property
    def ready(self):
        return self.mixed_at + self.proof

    @property
    def bake(self):
        return RECIPES[self.recipe][1] * (1.0 + 0.01 * (self.kg - 20.0))


def overnight_batches(rng, n, first_id):
    names = list(RECIPES)
    kinds = rng.integers(0, len(names), n)
    mixed = np.sort(rng.uniform(0.0, 600.0, n))
    kg = rng.gamma(6.0, 3.5, n)
    ids = rng.permutation(n) + first_id
    for i, k, m, w in zip(ids.tolist(), kinds.tolist(), mixed.tolist(), kg.tolist()):
        yield Batch(i, names[k], m, w)


def schedule(batches, on_hold):
    ovens = [(0.0, o) for o in range(N_OVENS)]
    heapq.heapify(ovens)
    starts, waits, used = [], [], []
    for b in batches:
        if b.batch_id in on_hold:
            continue
        free_at, oven = heapq.heappop(ovens)
        start = max(free_at, b.ready)
        heapq.heappush(ovens, (start + b.bake, oven))
        starts.append(start)
        waits.append(start - b.ready)
        used.append((oven, b.bake))
    return np.array(starts), np.array(waits), np.array(used)


def main():
    rng = np.random.default_rng(20240611)
    first_id = 1_000_000
    wait_means, late, oven_minutes = [], 0, np.zeros(N_OVENS)
    for night in range(NIGHTS):
        batches = list(overnight_batches(rng, BATCHES_PER_NIGHT, first_id))
        first_id += BATCHES_PER_NIGHT
        qa = rng.beta(9.0, 2.0, len(batches))
        on_hold = {b.batch_id for b, q in zip(batches, qa.tolist()) if q < QA_PASS}
        starts, waits, used = schedule(batches, on_hold)
        wait_means.append(waits.mean())
        late += int(np.count_nonzero(starts > 720.0))
        oven_minutes += np.bincount(used[:, 0].astype(int), weights=used[:, 1], minlength=N_OVENS)
    share = oven_minutes / oven_minutes.sum()
    busiest = max(share)
    print(f"result: {np.mean(wait_means) + late / 1000.0 + 1000.0 * busiest:.6f}")


if __name__ == "__main__":
    main()
