"""Glaze calculator for the studio's cone 6 glazes.

Takes a pile of random starting recipes (line-blend style) from our shelf of raw materials, and
nudges each one with gradient steps toward a glaze that fits our stoneware body (thermal expansion),
stays glossy (silica:alumina) and keeps boron and zinc within limits. Chemistry is the usual
Seger / unity molecular formula bookkeeping."""
from dataclasses import dataclass, field

import numpy as np
import torch
from torch.nn.functional import softplus

torch.set_num_threads(1)

OXIDES = ("SiO2", "Al2O3", "B2O3", "CaO", "MgO", "K2O", "Na2O", "ZnO")
FLUXES = ("CaO", "MgO", "K2O", "Na2O", "ZnO")
MOL_WEIGHT = {"SiO2": 60.08, "Al2O3": 101.96, "B2O3": 69.62, "CaO": 56.08, "MgO": 40.30,
              "K2O": 94.20, "Na2O": 61.98, "ZnO": 81.38}
# linear expansion contributions per mole in the UMF (x 1e-6 / K), Appen-style rough numbers
EXPANSION = {"SiO2": 0.035, "Al2O3": 0.063, "B2O3": -0.065, "CaO": 0.148, "MgO": 0.045,
             "K2O": 0.331, "Na2O": 0.387, "ZnO": 0.094}

# contributions to the VFT "B" term (stiffness) and "C" (temperature offset), per UMF mole
VFT_B = {"SiO2": 1900.0, "Al2O3": 2400.0, "B2O3": -900.0, "CaO": -350.0, "MgO": -150.0,
         "K2O": -700.0, "Na2O": -800.0, "ZnO": -300.0}
VFT_C = {"SiO2": 30.0, "Al2O3": 120.0, "B2O3": -60.0, "CaO": 40.0, "MgO": 60.0,
         "K2O": -40.0, "Na2O": -50.0, "ZnO": 20.0}

# oxide analyses in weight percent, in OXIDES order; loss on ignition left out
MATERIALS = {
    "Custer feldspar": [68.5, 17.5, 0.0, 0.3, 0.0, 10.0, 3.0, 0.0],
    "Silica 325": [100.0, 0, 0, 0, 0, 0, 0, 0],
    "Whiting": [0, 0, 0, 56.0, 0, 0, 0, 0],
    "EPK kaolin": [46.0, 38.0, 0, 0.2, 0.1, 0.3, 0.1, 0],
    "Frit 3134": [46.5, 0, 23.1, 20.1, 0, 0, 10.3, 0],
    "Talc": [63.5, 0, 0, 0, 31.9, 0, 0, 0],
    "Zinc oxide": [0, 0, 0, 0, 0, 0, 0, 100.0],
    "Wollastonite": [51.7, 0, 0, 48.3, 0, 0, 0, 0],
    "Nepheline syenite": [60.7, 23.3, 0, 0.7, 0.1, 4.6, 9.8, 0],
}


@dataclass
class Targets:
    expansion: float = 6.4  # matches our B-mix body
    si_al: float = 8.0
    max_b2o3: float = 0.25
    max_zno: float = 0.15
    peak_c: tuple = (1160.0, 1240.0)  # the part of the firing where the glaze melts
    log_eta_ok: tuple = (4.0, 6.0)  # runny below, dry/pinholed above (log10 Pa s)
    weights: dict = field(default_factory=lambda: {"expansion": 4.0, "si_al": 0.05, "limits": 20.0,
                                                   "melt": 2.0})


class GlazeChemistry:
    def __init__(self, materials=MATERIALS):
        self.names = list(materials)
        self.analysis = torch.tensor([materials[m] for m in self.names], dtype=torch.float32) / 100.0
        self.mol_weight = torch.from_numpy(np.array([MOL_WEIGHT[o] for o in OXIDES]))
        self.expansion = torch.tensor([EXPANSION[o] for o in OXIDES])
        self.vft_b = torch.tensor([VFT_B[o] for o in OXIDES])
        self.vft_c = torch.tensor([VFT_C[o] for o in OXIDES])
        self.flux_mask = torch.tensor([o in FLUXES for o in OXIDES], dtype=torch.float32)
        self.idx = {o: i for i, o in enumerate(OXIDES)}

    def umf(self, recipe):
        """Recipe rows (batch, materials) in parts by weight -> unity molecular formula."""
        moles = (recipe @ self.analysis) / self.mol_weight
        flux_total = (moles * self.flux_mask).sum(dim=1, keepdim=True)
        return moles / flux_total

    def expansion_of(self, umf):
        return (umf * self.expansion).sum(dim=1) * 10.0

    def log_viscosity(self, umf, temps_c):
        """Vogel-Fulcher-Tammann log10 viscosity of every recipe at every temperature."""
        b = (umf * self.vft_b).sum(dim=1, keepdim=True) / umf.sum(dim=1, keepdim=True) * 6.0
        c = (umf * self.vft_c).sum(dim=1, keepdim=True) / umf.sum(dim=1, keepdim=True) + 450.0
        return -4.5 + b / (temps_c + 273.15 - c)

    def oxide(self, umf, name):
        return umf[:, self.idx[name]]


def make_loss(chem: GlazeChemistry, targets: Targets):
    w = targets.weights
    temps = torch.linspace(*targets.peak_c, 128)
    lo, hi = targets.log_eta_ok

    def loss_fn(logits):
        recipe = torch.softmax(logits, dim=1) * 100.0
        umf = chem.umf(recipe)
        coe = chem.expansion_of(umf)
        si_al = chem.oxide(umf, "SiO2") / (chem.oxide(umf, "Al2O3") + 1e-3)
        over_b = torch.relu(chem.oxide(umf, "B2O3") - targets.max_b2o3)
        over_zn = torch.relu(chem.oxide(umf, "ZnO") - targets.max_zno)
        log_eta = chem.log_viscosity(umf, temps)
        melt = (softplus(4.0 * (lo - log_eta)) + softplus(4.0 * (log_eta - hi))).mean(dim=1) / 4.0
        per_recipe = (w["expansion"] * (coe - targets.expansion) ** 2
                      + w["si_al"] * (si_al - targets.si_al) ** 2
                      + w["limits"] * (over_b ** 2 + over_zn ** 2)
                      + w["melt"] * melt)
        return per_recipe.mean(), per_recipe

    return loss_fn


def refine(chem, targets, n_recipes=2500, steps=160, lr=0.05, seed=11):
    gen = torch.Generator().manual_seed(seed)
    logits = torch.randn(n_recipes, len(chem.names), generator=gen).requires_grad_()
    opt = torch.optim.Adam([logits], lr=lr)
    loss_fn = make_loss(chem, targets)
    history = []
    for step in range(steps):
        opt.zero_grad()
        loss, _ = loss_fn(logits)
        loss.backward()
        opt.step()
        if step % 20 == 0:
            history.append((step, loss.item()))
    with torch.no_grad():
        _, per_recipe = loss_fn(logits)
    return torch.softmax(logits.detach(), dim=1) * 100.0, per_recipe, history


def describe(chem, recipe):
    return ", ".join(f"{name} {pct:.1f}" for name, pct in zip(chem.names, recipe.tolist()) if pct >= 1.0)


if __name__ == "__main__":
    chem = GlazeChemistry()
    targets = Targets()
    recipes, scores, history = refine(chem, targets)
    for step, value in history[::4]:
        print(f"step {step:4d}  mean loss {value:.4f}")
    best = torch.argsort(scores)[:5]
    for i in best.tolist():
        print(f"{scores[i].item():.5f}: {describe(chem, recipes[i])}")
    fits = (scores < 0.05).float().mean().item()
    print(f"{fits:.1%} of candidates fit the body")
    print(f"result: {float(scores.double().mean()):.8e}")
