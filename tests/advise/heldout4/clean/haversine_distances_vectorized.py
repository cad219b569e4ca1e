# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes the great-circle distance from a depot to every delivery address with NumPy ufuncs on whole columns."""

# Source: https://magenaut.com/vectorizing-haversine-distance-calculation-in-python/ (answer: replace math functions with NumPy ufuncs and broadcasting instead of a nested iterrows loop)

import numpy as np
import pandas as pd


def distances_from_depot(df: pd.DataFrame, depot=(37.21759, -56.72136)) -> np.ndarray:
    lat = np.radians(df["LAT"].to_numpy())
    lon = np.radians(df["LON"].to_numpy())
    lat0, lon0 = np.radians(depot[0]), np.radians(depot[1])
    a = np.sin((lat - lat0) / 2) ** 2 + np.cos(lat0) * np.cos(lat) * np.sin((lon - lon0) / 2) ** 2
    return 6367.0 * 2 * np.arcsin(np.sqrt(a))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"LAT": rng.uniform(40, 70, 100_000), "LON": rng.uniform(0, 70, 100_000)})
    df["distance"] = distances_from_depot(df)
    print(df["distance"].describe())
