# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Takes a copy of a slice of an array and then writes into the copy, leaving the original unchanged."""

# Source: https://sungchullee.github.io/python_book_writing/ch09/memory/copy_operations/ (slice then
# .copy(): y = x[1:4].copy(); y[0] = -1 does not change x).

import numpy as np


def main():
    x = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    print(f"{x = }")

    y = x[1:4].copy()  # returns copy
    y[0] = -1
    print(f"{x = }")
    print(f"{y = }")


if __name__ == "__main__":
    main()
