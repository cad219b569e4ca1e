# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Mean squared error and mean absolute error with generator expressions over zip()."""

# Source: https://bitsfolio.com/speed-up-python-loops-numpy-vectorization/ (a Python for loop
# iterating over data that could be processed in bulk; NumPy does the loop in C).

import numpy as np


def regression_report(y_true: np.ndarray, y_pred: np.ndarray) -> dict:
    n = len(y_true)
    mse = sum((a - b) ** 2 for a, b in zip(y_true, y_pred)) / n  # expect: AB104
    mae = sum(abs(a - b) for a, b in zip(y_true, y_pred)) / n  # expect: AB104
    return {"mse": mse, "rmse": mse**0.5, "mae": mae}
