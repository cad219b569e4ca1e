# ruff: noqa
"""Zoo nutrition audit: four years of weighed rations, one record per feeding (kg of each feed item, fed minus refused)
for every animal of eight groups, turned into nutrient intakes with the feed composition table,
then compared with each group's requirement per kg metabolic body weight. Prints the mean
adequacy across groups, with a penalty for every nutrient falling short."""
import numpy as np

FEEDS = ["timothy hay", "lucerne hay", "browse (willow)", "browse (bamboo)", "herbivore pellet",
         "primate pellet", "carrot", "sweet potato", "apple", "banana", "leafy greens", "kale",
         "beet pulp", "oats", "sunflower seed", "mealworms", "crickets", "whole rat",
         "whole chick", "beef muscle", "horse meat", "herring", "capelin", "vitamin premix"]
NUTRIENTS = ["energy MJ", "crude protein", "fat", "NDF", "calcium", "phosphorus",
             "vitamin A", "vitamin E", "thiamine", "copper", "zinc", "sodium"]

GROUPS = {
    # name: (animals, body mass kg, feed mask: which feeds the group is offered)
    "reticulated giraffe": (9, 850.0, [0, 1, 2, 4, 6, 8, 12, 23]),
    "western lowland gorilla": (7, 140.0, [2, 3, 5, 6, 7, 10, 11, 23]),
    "asian elephant": (5, 3500.0, [0, 2, 3, 4, 6, 7, 8, 9]),
    "amur tiger": (4, 180.0, [17, 19, 20, 23]),
    "humboldt penguin": (48, 4.5, [21, 22, 23]),
    "red panda": (6, 5.5, [3, 5, 8, 9]),
    "meerkat": (22, 0.75, [5, 15, 16, 18, 23]),
    "chimpanzee": (14, 55.0, [2, 5, 6, 7, 8, 9, 10, 11, 13, 14]),
}


def composition_table(rng):
    base = rng.gamma(2.0, 1.0, size=(len(FEEDS), len(NUTRIENTS)))
    base[:, 0] *= 4.0                                   # energy
    base[17:23, 3] = 0.0                                # no fibre in meat or fish
    base[23] = 0.0
    base[23, 6:11] = 50.0                               # premix: vitamins, trace elements
    return base


N_DAYS = 4 * 365
FEEDINGS = 4


def simulate_rations(rng, n_animals, feed_idx, mass):
    n_rows = n_animals * N_DAYS * FEEDINGS
    rations = np.zeros((n_rows, len(FEEDS)))
    offered = 0.025 * mass**0.75 / len(feed_idx) / FEEDINGS
    season = 1.0 + 0.15 * np.sin(2 * np.pi * np.arange(N_DAYS) / 365.0)
    season = np.repeat(np.tile(season, n_animals), FEEDINGS)
    fed = offered * season[:, None] * rng.lognormal(0.0, 0.2, (n_rows, len(feed_idx)))
    refused = fed * rng.beta(1.0, 6.0, size=fed.shape)
    rations[:, feed_idx] = fed - refused
    return rations


def nutrient_intake(rations, composition):
    return np.array([day @ composition for day in rations])


def requirement(mass, composition_mean):
    mbw = mass**0.75
    return 0.9 * 0.025 * mbw * composition_mean


def lower_bound(daily, need, rng, n_boot=1000):
    # 5th percentile of the group's mean adequacy over days resampled with replacement
    days = rng.integers(0, daily.shape[0], size=(n_boot, daily.shape[0]))
    boot = daily[days].mean(axis=1) / np.where(need > 0, need, 1.0)
    return np.percentile(boot, 5.0, axis=0)


def audit_group(name, rations, composition, mass, n_animals, rng):
    intake = nutrient_intake(rations, composition)
    per_animal = intake.reshape(n_animals, N_DAYS, FEEDINGS, len(NUTRIENTS)).sum(axis=2)
    daily_mean = per_animal.mean(axis=1)
    need = requirement(mass, composition.mean(axis=0))
    adequacy = np.median(daily_mean / np.where(need > 0, need, 1.0), axis=0)
    n_weeks = N_DAYS // 7
    weekly = per_animal[:, : n_weeks * 7].reshape(n_animals, n_weeks, 7, -1).mean(axis=2)
    low_weeks = (weekly < 0.8 * need).mean(axis=(0, 1))
    low = lower_bound(per_animal.mean(axis=0), need, rng)
    return adequacy, low, low_weeks, np.count_nonzero(low < 0.9)


def main():
    rng = np.random.default_rng(20172)
    composition = composition_table(rng)
    results = {}
    for name, (n_animals, mass, feed_idx) in GROUPS.items():
        rations = simulate_rations(rng, n_animals, feed_idx, mass)
        results[name] = audit_group(name, rations, composition, mass, n_animals, rng)
        adequacy, low, low_weeks, n_short = results[name]
        print(f"{name:>24}: adequacy {np.median(adequacy):.3f}, {n_short} nutrients short, "
              f"low weeks {low_weeks.mean():.3f}")
    score = np.mean([np.mean(np.minimum(a, 1.5)) - 0.02 * n for a, _, _, n in results.values()])
    print(f"result: {score:.10e}")


if __name__ == "__main__":
    main()
