# ruff: noqa
"""Community pharmacy: reads a year of dispensing claims, adjudicates each claim (copay tier,
maintenance-medication flag for the 90-day refill programme), measures patients' adherence as
proportion of days covered (PDC) on maintenance drugs, then tunes a per-drug (s, S) reorder
policy on the year's demand by simulating the shelf day by day, and prints a summary score."""
import numpy as np

N_DRUGS = 2400
N_PATIENTS = 6000
N_CLAIMS = 150000
DAYS = 365
CHRONIC_CLASSES = ("statin", "ace_inhibitor", "metformin", "beta_blocker", "levothyroxine", "ssri")
OTHER_CLASSES = ("antibiotic", "analgesic", "antihistamine", "corticosteroid", "antiviral", "ppi")
COPAY = {1: 2.0, 2: 8.5, 3: 22.0}


def build_catalogue(rng):
    ndc = (rng.choice(10**9, N_DRUGS, replace=False) + 10**9).tolist()
    classes = [CHRONIC_CLASSES[i % 6] if rng.random() < 0.45 else OTHER_CLASSES[i % 6]
               for i in range(N_DRUGS)]
    tier = rng.integers(1, 4, N_DRUGS).tolist()
    return {"ndc": ndc, "class": classes, "tier": tier}


def simulate_claims(cat, rng):
    drug = rng.zipf(1.3, N_CLAIMS) % N_DRUGS
    patient = rng.integers(0, N_PATIENTS, N_CLAIMS)
    day = np.sort(rng.integers(0, DAYS, N_CLAIMS))
    supply = rng.choice([7, 14, 30, 30, 30, 90], N_CLAIMS)
    qty = supply * rng.choice([1, 1, 2], N_CLAIMS)
    ndc = np.array(cat["ndc"])[drug]
    return {"drug": drug, "ndc": ndc.tolist(), "patient": patient, "day": day,
            "supply": supply, "qty": qty}


def adjudicate(claims, cat):
    maintenance = [code for code, cls in zip(cat["ndc"], cat["class"]) if cls in CHRONIC_CLASSES]
    tier_of = dict(zip(cat["ndc"], cat["tier"]))
    flags = np.zeros(N_CLAIMS, dtype=bool)
    copays = np.zeros(N_CLAIMS)
    for i, code in enumerate(claims["ndc"]):
        chronic = code in maintenance
        flags[i] = chronic
        copays[i] = COPAY[tier_of[code]] * (0.5 if chronic and claims["supply"][i] == 90 else 1.0)
    return flags, copays


def proportion_days_covered(claims, flags):
    covered = np.zeros((N_PATIENTS, DAYS + 90), dtype=np.int32)
    p, d, s = claims["patient"][flags], claims["day"][flags], claims["supply"][flags]
    np.add.at(covered, (p, d), 1)
    np.add.at(covered, (p, d + s), -1)
    on_drug = np.cumsum(covered, axis=1)[:, :DAYS] > 0
    users = np.bincount(p, minlength=N_PATIENTS) >= 2
    return on_drug[users].mean(axis=1)


def tune_reorder(claims, rng, n_policies=120):
    demand = np.zeros((DAYS, N_DRUGS))
    np.add.at(demand, (claims["day"], claims["drug"]), claims["qty"])
    mean_daily = demand.mean(axis=0) + 0.1
    s = mean_daily[None, :] * rng.uniform(2.0, 10.0, (n_policies, 1))
    S = s + mean_daily[None, :] * rng.uniform(5.0, 25.0, (n_policies, 1))
    on_hand = S.copy()
    pipeline = np.zeros((3,) + S.shape)
    lost = np.zeros_like(S)
    holding = np.zeros_like(S)
    month_end = []
    for t in range(DAYS):
        on_hand = on_hand + pipeline[t % 3]
        pipeline[t % 3] = 0.0
        sold = np.minimum(on_hand, demand[t])
        lost = lost + (demand[t] - sold)
        on_hand = on_hand - sold
        holding = holding + on_hand
        order = np.where(on_hand + pipeline.sum(axis=0) < s, S - on_hand, 0.0)
        pipeline[(t + 2) % 3] += order
        if t % 30 == 29:
            month_end.append(on_hand.copy())
    cost = 0.02 * holding + 4.0 * lost
    best = cost.sum(axis=1).argmin()
    stock_track = np.array([m[best] for m in month_end])
    return cost[best].sum(), stock_track


rng = np.random.default_rng(5)
cat = build_catalogue(rng)
claims = simulate_claims(cat, rng)
flags, copays = adjudicate(claims, cat)
pdc = proportion_days_covered(claims, flags)
best_cost, track = tune_reorder(claims, rng)
print(f"maintenance claims {flags.sum()}, copay total {copays.sum():.1f}")
print(f"adherent (PDC>=0.8): {(pdc >= 0.8).mean():.3f}, best policy cost {best_cost:.1f}")
print(f"result: {copays.sum() + (pdc >= 0.8).mean() * 1000 + best_cost / 1000 + track.mean() / 100:.10e}")
