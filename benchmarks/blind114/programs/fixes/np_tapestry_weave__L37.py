# ruff: noqa
"""Tapestry-weaving studio: builds weaving drafts (threading, tie-up, treadling) for a batch of
commissioned pieces, weaves each draft into a colour drawdown, and scores every piece by its
float lengths and how closely its colours follow the cartoon."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SHAFTS = 24
TREADLES = 24
ENDS = 48
PIECES = 30


@dataclass
class Draft:
    threading: np.ndarray  # (ends,) shaft of each warp end
    tieup: np.ndarray  # (shafts, treadles) 1 where a treadle lifts a shaft
    treadling: np.ndarray  # (picks, treadles) treadles pressed at each pick


class Loom:
    def __init__(self, draft: Draft, palette: np.ndarray):
        self.draft = draft
        self.palette = palette

    def lifts(self) -> np.ndarray:
        return np.array(list(map(lambda pick: self.draft.tieup @ pick, self.draft.treadling)))

    def drawdown(self) -> np.ndarray:
        shafts_up = self.lifts() > 0
        return shafts_up[:, self.draft.threading]

    def render(self, warp_yarns: np.ndarray, weft_yarns: np.ndarray):
        palette = self.palette
        raised = self.drawdown()
        warp_rgb = palette[warp_yarns]
        weft_rgb = palette[weft_yarns]
        image = np.where(raised[..., None], warp_rgb[None, :, :], weft_rgb[:, None, :])
        return raised, image


def make_draft(rng: np.random.Generator, picks: int) -> Draft:
    threading = np.concatenate([np.arange(SHAFTS), np.arange(SHAFTS)[::-1]] * (ENDS // (2 * SHAFTS)))
    tieup = (rng.random((SHAFTS, TREADLES)) < 0.45).astype(np.float64)
    base = np.arange(picks) % TREADLES
    jumps = rng.integers(0, TREADLES, size=picks)
    order = np.where(rng.random(picks) < 0.15, jumps, base)
    treadling = np.eye(TREADLES)[order]
    treadling[rng.random(picks) < 0.05, rng.integers(0, TREADLES)] = 1.0
    return Draft(threading, tieup, treadling)


def longest_floats(raised: np.ndarray) -> float:
    # longest run of weft passing over warp along each pick, averaged
    change = np.diff(raised.astype(np.int8), axis=1) != 0
    runs = raised.shape[1] / (1.0 + change.sum(axis=1))
    return float(runs.mean())


def cartoon_error(image: np.ndarray, cartoon: np.ndarray) -> float:
    return float(np.abs(image.mean(axis=1) - cartoon).mean())


def main() -> None:
    rng = np.random.default_rng(11)
    palette = rng.random((12, 3))
    scores = []
    for piece in range(PIECES):
        picks = int(rng.integers(9000, 13000))
        loom = Loom(make_draft(rng, picks), palette)
        warp = rng.integers(0, 12, size=ENDS)
        weft = (np.arange(picks) // 40 + piece) % 12
        cartoon = palette[(np.arange(picks) // 37) % 12]
        raised, image = loom.render(warp, weft)
        scores.append(longest_floats(raised) + cartoon_error(image, cartoon))
    print(f"pieces {PIECES}, best score {min(scores):.4f}, worst {max(scores):.4f}")
    print(f"result: {float(np.sum(scores)):.10e}")


if __name__ == "__main__":
    main()
