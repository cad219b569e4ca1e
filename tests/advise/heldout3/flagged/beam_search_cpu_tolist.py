# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Batched beam search step that pulls the chosen hypothesis ids back to Python lists at every output step."""

# Source: https://github.com/espnet/espnet/issues/748 ("Decoding is slow": the profile shows
# .view(-1).data.cpu().tolist() of the best ids on every decoding step).

import torch


def batch_beam_step(local_scores, vscores, n_bb, beam, odim, pad_b, yseq):
    vscores = vscores.unsqueeze(1) + local_scores
    accum_best_scores, accum_best_ids = torch.topk(vscores.view(n_bb // beam, -1), beam, dim=1)
    accum_odim_ids = torch.fmod(accum_best_ids, odim).view(-1).data.cpu().tolist()  # expect: AB201
    accum_padded_beam_ids = (torch.div(accum_best_ids, odim, rounding_mode="floor") + pad_b).view(-1).data.cpu().tolist()  # expect: AB201
    yseq = [yseq[b] + [o] for b, o in zip(accum_padded_beam_ids, accum_odim_ids)]
    return accum_best_scores.view(-1), yseq


def decode(decoder, enc, maxlen, beam, odim, sos):
    n_bb = enc.size(0) * beam
    pad_b = (torch.arange(enc.size(0), device=enc.device) * beam).view(-1, 1)
    vscores = torch.zeros(n_bb, device=enc.device)
    yseq = [[sos] for _ in range(n_bb)]
    for i in range(maxlen):
        local_scores = decoder(yseq, enc)
        vscores, yseq = batch_beam_step(local_scores, vscores, n_bb, beam, odim, pad_b, yseq)
    return yseq
