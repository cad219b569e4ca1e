# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes the great-circle distance from a depot to every delivery address with a math-based haversine per row."""

# Source: https://newbetuts.com/25767596-vectorised-haversine-formula-with-a-pandas-dataframe (row-wise haversine took 4.3 s on 100,000 rows; the NumPy version ~17 ms)

import math

import numpy as np
import pandas as pd


def haversine(lat1, lon1, lat2, lon2):
    lat1, lon1, lat2, lon2 = map(math.radians, (lat1, lon1, lat2, lon2))
    a = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 6367.0 * 2 * math.asin(math.sqrt(a))


def distances_from_depot(df: pd.DataFrame, depot=(37.21759, -56.72136)) -> np.ndarray:
    lat = df["LAT"].to_numpy()
    lon = df["LON"].to_numpy()
    out = np.empty(len(df))
    for i in range(len(df)):  # expect: AB103
        out[i] = haversine(depot[0], depot[1], lat[i], lon[i])
    return out
