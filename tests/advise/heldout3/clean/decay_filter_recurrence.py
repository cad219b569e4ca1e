# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""First-order decay filter where each output depends on the previous output."""

# Source: https://wiki.gubat.org/content/stackoverflow.com_en_all_2023-11/questions/69027074/how-to-get-rid-of-for-loop-in-my-function
# (y[i] = (1 - dec) * data[i] + dec * y[i-1]: the asker wants to drop the for loop).

import numpy as np

data = np.array([100, 200, 300, 400, 500])
dec = 0.1

y = np.zeros(len(data))
for i in range(len(data)):
    if i == 0:
        y[i] = (1.0 - dec) * data[i]
    else:
        y[i] = (1.0 - dec) * data[i] + (dec * y[i - 1])
print(y)
