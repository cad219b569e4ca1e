# ruff: noqa
"""Municipal recycling plant, container line: every item scanned at the infeed carries a product
code (GTIN-like) and an optical reading. Items whose code is on the plant's contract list of
recyclable packaging go to the PET/HDPE balers, the rest to residue. Per shift the script grades
the bales (purity, moisture, bale count) and prints the month's revenue from the balers."""
import numpy as np

N_SHIFTS = 30
ITEMS_PER_SHIFT = 4_000
N_BANDS = 256
BALE_KG = 250.0

PRICE_PER_TONNE = {"PET clear": 410.0, "PET coloured": 180.0, "HDPE natural": 520.0,
                   "HDPE jazz": 260.0}


def contract_catalogue(rng, n_codes):
    codes = rng.choice(np.arange(4_000_000, 4_100_000), size=n_codes, replace=False)
    grades = rng.integers(0, len(PRICE_PER_TONNE), size=n_codes)
    return codes, grades


def scan_shift(rng, codes, grades, templates, shift):
    n = ITEMS_PER_SHIFT
    on_contract = rng.random(n) < 0.72
    pick = rng.integers(0, len(codes), size=n)
    scanned = np.where(on_contract, codes[pick], rng.integers(4_000_000, 4_100_000, size=n))
    material = np.where(rng.random(n) < 0.9, grades[pick], len(templates))  # last: film, mixed
    spectra = np.vstack([templates, rng.normal(0.0, 1.0, size=(1, N_BANDS)) * 0.05])
    baseline = rng.normal(1.0, 0.2, size=(n, 1)) + np.linspace(0.0, 0.4, N_BANDS)
    nir = baseline + 3.0 * spectra[material] + rng.normal(0.0, 0.1, size=(n, N_BANDS))
    weight = rng.gamma(2.0, 0.03, size=n)             # kg per item
    moisture = np.clip(rng.normal(0.04 + 0.01 * (shift % 3), 0.015, size=n), 0.0, 0.3)
    return {"code": scanned, "weight": weight, "moisture": moisture, "nir": nir}


class Baler:
    def __init__(self, grade_names):
        self.names = list(grade_names)
        self.kg = np.zeros(len(self.names))
        self.fed_kg = np.zeros(len(self.names))
        self.moist_kg = np.zeros(len(self.names))
        self.bales = np.zeros(len(self.names), dtype=np.int64)

    def feed(self, grade, weight, moisture):
        kg = np.bincount(grade, weights=weight, minlength=len(self.names))
        wet = np.bincount(grade, weights=weight * moisture, minlength=len(self.names))
        self.kg += kg
        self.fed_kg += kg
        self.moist_kg += wet
        full = np.floor(self.kg / BALE_KG).astype(np.int64)
        self.bales += full
        self.kg -= full * BALE_KG

    def purity(self):
        return 1.0 - self.moist_kg / np.maximum(self.fed_kg, 1.0)


def derivative_matrix(n_bands, half=3):
    # Savitzky-Golay first derivative (linear fit over 2*half+1 bands) as a banded matrix
    offsets = np.arange(-half, half + 1)
    weights = offsets / (offsets**2).sum()
    G = np.zeros((n_bands, n_bands))
    for k, w in zip(offsets, weights):
        G += w * np.eye(n_bands, k=k)
    return G


def nir_confidence(nir, templates, deriv):
    # the baseline drops out of the derivative; cosine similarity to each grade's template
    d = nir @ deriv.T
    unit = d / np.linalg.norm(d, axis=1, keepdims=True)
    ref = templates @ deriv.T
    ref /= np.linalg.norm(ref, axis=1, keepdims=True)
    return (unit @ ref.T).max(axis=1)


def grade_shift(items, accepted, grade_of, templates, deriv):
    codes = items["code"].tolist()
    keep = np.fromiter((c in accepted for c in codes), dtype=bool, count=len(codes))
    conf = nir_confidence(items["nir"], templates, deriv)
    keep &= conf > 0.6
    grade = np.array([grade_of.get(c, 0) for c in items["code"][keep].tolist()], dtype=np.int64)
    return keep, grade


def main():
    rng = np.random.default_rng(1722)
    codes, grades = contract_catalogue(rng, 1000)
    accepted = [int(c) for c in codes]
    grade_of = dict(zip(codes.tolist(), grades.tolist()))
    templates = rng.normal(0.0, 1.0, size=(len(PRICE_PER_TONNE), N_BANDS))
    templates /= np.linalg.norm(templates, axis=1, keepdims=True)
    deriv = derivative_matrix(N_BANDS)
    baler = Baler(PRICE_PER_TONNE)
    residue_kg = 0.0
    for shift in range(N_SHIFTS):
        items = scan_shift(rng, codes, grades, templates, shift)
        keep, grade = grade_shift(items, accepted, grade_of, templates, deriv)
        weights = items["weight"]
        baler.feed(grade, weights[keep], items["moisture"][keep])
        residue_kg += weights[~keep].sum()
    prices = np.array(list(PRICE_PER_TONNE.values()))
    revenue = float((baler.bales * BALE_KG / 1000.0 * prices * baler.purity()).sum())
    for name, n_bales in zip(baler.names, baler.bales):
        print(f"{name:>13}: {n_bales:4d} bales")
    print(f"residue {residue_kg / 1000.0:.2f} t")
    print(f"result: {revenue:.10e}")


if __name__ == "__main__":
    main()
