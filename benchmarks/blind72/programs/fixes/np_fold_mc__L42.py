# ruff: noqa
"""Monte Carlo folding of a coarse-grained protein chain: one bead per residue, a contact
energy from a residue-type interaction table plus a per-residue environment (burial) term,
single-bead moves accepted by the Metropolis rule under simulated annealing. The contact map
is updated incrementally, one row and column per move."""
import numpy as np

N_TYPES = 20


def make_chain(n, rng):
    steps = rng.normal(size=(n, 3))
    steps /= np.linalg.norm(steps, axis=1, keepdims=True)
    return np.cumsum(3.8 * steps, axis=0)


class ContactModel:
    def __init__(self, seq, rng, cutoff=8.0):
        self.seq = seq
        eps = rng.normal(-0.3, 0.4, size=(N_TYPES, N_TYPES))
        self.eps = (eps + eps.T) / 2
        self.pair = self.eps[seq[:, None], seq[None, :]]
        self.env_weights = rng.normal(0.0, 0.2, size=N_TYPES)
        self.onehot = np.eye(N_TYPES)[seq]
        self.cutoff = cutoff

    def contacts(self, x):
        d = np.sqrt(((x[:, None, :] - x[None, :, :]) ** 2).sum(-1))
        c = (d < self.cutoff) & (d > 0)
        idx = np.arange(x.shape[0] - 1)
        c[idx, idx + 1] = c[idx + 1, idx] = False
        return c

    def row_contacts(self, x, i):
        d = np.sqrt(((x - x[i]) ** 2).sum(-1))
        row = (d < self.cutoff) & (d > 0)
        row[max(i - 1, 0):i + 2] = False
        return row

    def environment(self, counts):
        feats = self.onehot * np.log1p(counts)[:, None]
        return feats @ self.env_weights

    def energy(self, c):
        counts = c.sum(axis=1)
        return 0.5 * np.sum(self.pair[c]) + self.environment(counts).sum()


def anneal(model, x, rng, n_steps, t_hot=3.0, t_cold=0.3):
    c = model.contacts(x)
    e = model.energy(c)
    accepted = 0
    for step in range(n_steps):
        temp = t_hot * (t_cold / t_hot) ** (step / n_steps)
        i = rng.integers(1, x.shape[0] - 1)
        trial = x.copy()
        trial[i] += rng.normal(0.0, 0.6, size=3)
        row = model.row_contacts(trial, i)
        c_new = c.copy()
        c_new[i, :] = row
        c_new[:, i] = row
        e_new = model.energy(c_new)
        if e_new < e or rng.random() < np.exp((e - e_new) / temp):
            x, c, e = trial, c_new, e_new
            accepted += 1
        if step % 500 == 0:
            centre = np.zeros(3)
            for axis in range(3):
                centre[axis] = x[:, axis].mean()
            x = x - centre
    return x, e, accepted


rng = np.random.default_rng(3)
seq = rng.integers(0, N_TYPES, size=400)
model = ContactModel(seq, rng)
x, e, acc = anneal(model, make_chain(seq.size, rng), rng, 5000)
rg = np.sqrt(((x - x.mean(axis=0)) ** 2).sum(axis=1).mean())
print(f"final energy {e:.3f}, accepted {acc}, radius of gyration {rg:.2f}")
print(f"result: {e + rg + acc:.10e}")
