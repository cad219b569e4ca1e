"""Music key tracking: a synthetic audio signal is framed and transformed to a magnitude
spectrum, folded into 12-bin chroma vectors, and each frame is correlated with the 24
major/minor key profiles; the key track is smoothed and summarised."""
import numpy as np

SR = 8000
MAJOR = np.array([6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88])
MINOR = np.array([6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17])


def chroma_matrix(n_fft):
    freqs = np.fft.rfftfreq(n_fft, 1.0 / SR)
    pitch = np.zeros_like(freqs)
    ok = freqs > 30
    pitch[ok] = np.round(12 * np.log2(freqs[ok] / 440.0)) % 12
    m = np.zeros((12, freqs.size))
    for pc in range(12):
        m[pc] = (pitch == pc) & ok
    return m


class KeyFinder:
    def __init__(self):
        rows = [np.roll(MAJOR, k) for k in range(12)] + [np.roll(MINOR, k) for k in range(12)]
        t = np.array(rows)
        self.templates = (t - t.mean(1, keepdims=True)) / t.std(1, keepdims=True)

    def frame_scores(self, c):
        return np.array([np.dot(t, c) for t in self.templates])

    def track(self, chroma):
        return np.stack([self.frame_scores(c) for c in chroma.T], axis=1)


def synth(rng, seconds):
    t = np.arange(int(SR * seconds)) / SR
    notes = 440.0 * 2 ** (np.array([0, 4, 7, 2, 5, 9]) / 12)
    x = sum(np.sin(2 * np.pi * f * t) * (1 + np.sin(0.3 * (k + 1) * t)) for k, f in enumerate(notes))
    return x + 0.3 * rng.standard_normal(t.size)


def main():
    rng = np.random.default_rng(3)
    x = synth(rng, 900)
    n_fft, hop = 256, 96
    n_frames = (x.size - n_fft) // hop + 1
    idx = np.arange(n_fft)[None, :] + hop * np.arange(n_frames)[:, None]
    spec = np.abs(np.fft.rfft(x[idx] * np.hanning(n_fft), axis=1))
    chroma = chroma_matrix(n_fft) @ spec.T
    chroma = chroma / (chroma.sum(0, keepdims=True) + 1e-9)
    scores = KeyFinder().track(chroma)
    kernel = np.ones(9) / 9
    smooth = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="same"), 1, scores)
    keys = smooth.argmax(0)
    print("result:", round(int(np.bincount(keys, minlength=24).argmax()) + float(np.abs(smooth).sum()), 4))


if __name__ == "__main__":
    main()
