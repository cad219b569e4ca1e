# ruff: noqa
"""Puppet-theatre choreography checker: a show is a list of motion phrases, each a recorded
sequence of control-bar poses (8 joint channels) of its own length. Every phrase is scored for
smoothness (jerk of the poses) and for how well the puppet's projected silhouette stays inside
the proscenium; phrases are streamed act by act, and the program prints each act's score."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

MAX_FRAMES = 240


@dataclass
class Phrase:
    act: int
    name: str
    poses: np.ndarray  # (frames, 8)


@jax.jit
def phrase_score(poses, mask, projection):
    velocity = jnp.diff(poses, axis=0)
    jerk = jnp.diff(velocity, n=2, axis=0)
    silhouette = jnp.tanh(poses @ projection)
    outside = jnp.sum(jnp.maximum(jnp.abs(silhouette) - 0.8, 0.0) * mask[:, None])
    return jnp.sum(jerk * jerk * mask[3:, None]) + 0.5 * outside


def rehearsal_tapes(rng, n_acts=3, per_act=3):
    for act in range(n_acts):
        for k in range(per_act):
            frames = int(rng.integers(60, MAX_FRAMES + 1))
            walk = np.cumsum(rng.normal(0.0, 0.05, size=(frames, 8)), axis=0)
            yield Phrase(act, f"act{act + 1}-phrase{k + 1:02d}", walk.astype(np.float32))


class Choreographer:
    def __init__(self, projection):
        self.projection = jnp.asarray(projection)
        self.scores = {}

    def review(self, phrase):
        poses = phrase.poses
        mask = np.ones(poses.shape[0], dtype=np.float32)
        score = phrase_score(poses, mask, self.projection)
        self.scores.setdefault(phrase.act, []).append(score)


def main():
    rng = np.random.default_rng(4)
    projection = rng.normal(0.0, 0.6, size=(8, 4)).astype(np.float32)
    chief = Choreographer(projection)
    for phrase in rehearsal_tapes(rng):
        chief.review(phrase)
    acts = list(chief.scores)
    act_scores = jnp.stack([jnp.sum(jnp.stack(chief.scores[a])) for a in acts]).tolist()
    total = 0.0
    for act, act_score in zip(acts, act_scores):
        total += act_score
        print(f"act {act + 1}: {len(chief.scores[act])} phrases, score {act_score:.4f}")
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
