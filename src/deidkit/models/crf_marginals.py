"""A linear-chain CRF's marginals: forward-backward over pieces of documents side by side.

A step of forward-backward is a product of each running vector with the transitions, one
document after another: a loop over a chunk's longest document, whose steps cost their
numpy calls (~3 µs) whatever the number of vectors. So each document is cut into pieces of at
most ``PIECE`` tokens, and every piece of every document runs at the same time, forward and
backward: a loop of ~``PIECE + OVERLAP`` steps over many vectors instead of one of a whole
document's length over a few.

- **A piece starts ``OVERLAP`` tokens early, from a uniform vector.** The forward vector
  forgets where it started: after a few tokens (~10 on the English model's notes) the
  normalised vectors from every start agree to rounding. Where a piece's useful part begins,
  its run has covered the token before together with the run of the piece before it, whose
  vector there is the true one (the first piece starts at the document's start). The two
  are compared label by label (``SEAM``, relative): a positive linear map keeps relative
  differences of positive vectors, so what the piece computes from there is the true
  vector to that precision, up to a scale. The backward direction is the same over the
  reversed document (the transitions transposed), its pieces cut alike.
- **The scales are chained at the seams** for the log partition function: the ratio of the
  two vectors' sums (and their renormalisations) at each seam.
- **A document whose seam does not agree** (the chain has not forgotten its start within
  ``OVERLAP`` tokens) is decoded again as one piece, exactly as a chain is decoded from
  its start (~1 document of 100 on the English model's notes).

The marginals differ from one whole run's in their last bits only (tests:
``tests/models/test_crf_marginals.py``, against the whole-document loop and against
enumerating every path; ``tests/models/test_crf_decode.py``, against CRFsuite's).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

PIECE = 128
"""Tokens of a document's piece at most (pieces as equal as can be)."""
OVERLAP = 32
"""Tokens a piece's run starts before the piece, from a uniform vector."""
SEAM = 1e-13
"""Relative difference, label by label, within which a piece's vector must equal the piece
before it's where it begins (the marginals then differ from one whole run's by ~5e-15,
relatively, on the English model's notes; ``bench/crf_decode.py``: within 1e-13 of
CRFsuite's, as before)."""
LOOP_TOKENS = 16_384
"""Padded tokens of the runs decoded in one loop at most (working memory, kept by the
``Workspace`` for the next call: ~50 bytes x this x labels)."""


@dataclass(frozen=True, slots=True, eq=False)
class Posterior:
    """One document's label marginals (tokens x labels) and log partition function."""

    marginals: np.ndarray
    log_z: float


class Workspace(threading.local):
    """Arrays that forward-backward reuses from call to call, a thread's own: memory fresh
    from the system costs its page faults, which here cost as much as the arithmetic."""

    def __init__(self) -> None:
        self.arrays: dict[str, np.ndarray] = {}

    def __reduce__(self) -> tuple[type[Workspace], tuple[()]]:
        """A copy (a pickled model, a deep copy) starts with no arrays."""
        return Workspace, ()

    def take(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """An array of ``shape`` over the buffer ``name`` (its contents left as they were)."""
        size = math.prod(shape)
        array = self.arrays.get(name)
        if array is None or len(array) < size:
            array = self.arrays[name] = np.empty(size)
        return array[:size].reshape(shape)


def posteriors(
    emissions: Sequence[np.ndarray], transitions: np.ndarray, workspace: Workspace | None = None
) -> list[Posterior]:
    """Each document's marginals and log partition function: emissions (tokens x labels) and
    transitions (labels x labels, from -> to) as log scores; ``workspace`` keeps the working
    arrays for the next call."""
    workspace = Workspace() if workspace is None else workspace
    labels = len(transitions)
    found = [Posterior(np.zeros((0, labels)), 0.0)] * len(emissions)
    todo = sorted(
        (i for i, scores in enumerate(emissions) if len(scores)), key=lambda i: -len(emissions[i])
    )
    for piece in (PIECE, None):  # documents whose seams disagree: again as one piece
        again = []
        for loop in _loops([len(emissions[i]) for i in todo], piece):
            documents = [todo[k] for k in loop]
            computed = _forward_backward(
                [emissions[i] for i in documents], transitions, piece, workspace
            )
            for index, posterior in zip(documents, computed, strict=True):
                if posterior is None:
                    again.append(index)
                else:
                    found[index] = posterior
        todo = again
    return found


def bounds(length: int, piece: int | None) -> list[int]:
    """Where a document's pieces begin, and its length: as equal as can be, at most
    ``piece`` tokens each (one piece for None)."""
    count = 1 if piece is None else -(-length // piece)
    return [length * k // count for k in range(count + 1)]


def _runs(length: int, piece: int | None) -> tuple[list[int], list[int]]:
    """A document's pieces' beginnings and their runs' starts (``OVERLAP`` earlier)."""
    begins = bounds(length, piece)[:-1]
    return begins, [max(0, begin - OVERLAP) for begin in begins]


def _loops(lengths: Sequence[int], piece: int | None) -> list[list[int]]:
    """The documents (given longest first) whose runs go through one loop together: at
    most ``LOOP_TOKENS`` padded tokens (the longest run x the runs), one document at least."""
    loops: list[list[int]] = []
    longest = runs = 0
    for index, length in enumerate(lengths):
        begins, starts = _runs(length, piece)
        run = max(end - start for start, end in zip(starts, [*begins[1:], length], strict=True))
        if loops and max(longest, run) * (runs + len(begins)) <= LOOP_TOKENS:
            loops[-1].append(index)
            longest, runs = max(longest, run), runs + len(begins)
        else:
            loops.append([index])
            longest, runs = run, len(begins)
    return loops


def _renormalise_every(transitions: np.ndarray) -> int:
    """Steps between renormalisations. With each token's best emission scaled to 1, a step
    multiplies a vector's sum by between ``exp(min T)`` and ``labels * exp(max T)``; this
    many steps stay within e**+-200."""
    growth = max(
        -float(transitions.min()), math.log(len(transitions)) + float(transitions.max()), 1.0
    )
    return max(1, int(200 / growth))


def _forward_backward(
    documents: Sequence[np.ndarray],
    transitions: np.ndarray,
    piece: int | None,
    workspace: Workspace,
) -> list[Posterior | None]:
    """The posteriors of non-empty documents, their pieces' runs side by side; None for a
    document whose seams disagree."""
    labels = len(transitions)
    lengths = np.array([len(scores) for scores in documents])
    offsets = np.concatenate(([0], np.cumsum(lengths)))
    tokens = int(offsets[-1])
    # the runs, a document's pieces in order: their document, start, useful part's begin, end
    doc_of, starts, begins, ends = [], [], [], []
    for doc, length in enumerate(lengths.tolist()):
        begun, started = _runs(length, piece)
        doc_of += [doc] * len(begun)
        starts += started
        begins += begun
        ends += [*begun[1:], length]
    run_doc, run_start = np.array(doc_of), np.array(starts)
    run_begin, run_end = np.array(begins), np.array(ends)
    size = run_end - run_start
    # each run's column in the step blocks: longest first, so that the running ones are a
    # prefix; rows of the runs (column, step) one after another, in the runs' order
    order = np.argsort(-size, kind="stable")
    column = np.empty_like(order)
    column[order] = np.arange(len(order))
    count, longest = len(order), int(size[order[0]])
    row_run = np.repeat(np.arange(count), size)
    row_step = np.arange(len(row_run)) - np.repeat(np.cumsum(size) - size, size)
    # [step, direction, run, label]: ``leaving`` starts as the scaled emissions (forward: the
    # document's tokens from the run's start; backward: the reversed document's) and becomes
    # alpha forward and gamma (emissions x beta) backward; ``entering`` holds each step's
    # vectors before its emissions (a run's first: uniform). Rows of the blocks as a matrix:
    # (step x 2 + direction) x runs + column
    scaled = workspace.take("scaled", (tokens, labels))
    np.concatenate(documents, out=scaled)
    shift = scaled.max(axis=1)
    np.subtract(scaled, shift[:, None], out=scaled)
    np.exp(scaled, out=scaled)
    leaving = workspace.take("leaving", (longest, 2, count, labels))
    entering = workspace.take("entering", (longest, 2, count, labels))
    for run, doc, start, stop in zip(column.tolist(), doc_of, starts, ends, strict=True):
        first, end = offsets[doc], offsets[doc + 1]
        leaving[: stop - start, 0, run] = scaled[first + start : first + stop]
        leaving[: stop - start, 1, run] = scaled[end - stop : end - start][::-1]
    entering[0] = 1.0
    steps = np.stack([np.exp(transitions), np.exp(transitions).T])
    log_scale = np.zeros((longest, count))
    every = _renormalise_every(transitions)
    _loop(leaving, entering, log_scale, size[order].tolist(), steps, every)
    scale = np.cumsum(log_scale, axis=0)  # forward: the log factor taken out up to a step
    # seams: where a piece begins, the token before in its run and in the run before it's
    seam = np.flatnonzero(run_begin > 0)
    at = run_begin[seam] - 1
    before, after = (seam - 1, at - run_start[seam - 1]), (seam, at - run_start[seam])
    theirs = leaving[before[1], :, column[before[0]]]  # seams x direction x labels
    ours = leaving[after[1], :, column[after[0]]]
    their_sums, our_sums = theirs.sum(axis=2, keepdims=True), ours.sum(axis=2, keepdims=True)
    expected = theirs * our_sums
    off = (np.abs(ours * their_sums - expected) > SEAM * expected).any(axis=(1, 2))
    failed = np.bincount(run_doc[seam], weights=off, minlength=len(documents)) > 0
    steps_of = (
        scale[before[1], column[before[0]]] - scale[after[1], column[after[0]]]
        + np.log(their_sums[:, 0, 0]) - np.log(our_sums[:, 0, 0])
    )
    last = np.cumsum(np.bincount(run_doc, minlength=len(documents))) - 1
    end = lengths - 1 - run_start[last]
    log_z = (
        np.bincount(run_doc[seam], weights=steps_of, minlength=len(documents))
        + np.log(leaving[end, 0, column[last]].sum(axis=1))
        + scale[end, column[last]]
        + np.add.reduceat(shift, offsets[:-1])
    )
    # the marginals: the forward rows of the useful parts (the tokens in order) times the
    # backward rows of the reversed positions, each row normalised
    useful = row_step >= (run_begin - run_start)[row_run]
    row = (row_step * (2 * count) + column[row_run])[useful]  # forward; + count: backward
    reverse = np.repeat(offsets[1:][run_doc] - 1 - run_start, size)[useful] - row_step[useful]
    backward = np.empty(tokens, dtype=np.intp)
    backward[reverse] = row + count
    marginals = np.take(entering.reshape(-1, labels), row, axis=0, mode="clip")
    rows = workspace.take("rows", (tokens, labels))
    marginals *= np.take(leaving.reshape(-1, labels), backward, axis=0, out=rows, mode="clip")
    marginals /= marginals.sum(axis=1, keepdims=True)
    return [
        None if bad else Posterior(rows, float(z))
        for rows, z, bad in zip(
            np.split(marginals, offsets[1:-1]), log_z.tolist(), failed.tolist(), strict=True
        )
    ]


def _loop(
    leaving: np.ndarray,
    entering: np.ndarray,
    log_scale: np.ndarray,
    sizes: Sequence[int],
    steps: np.ndarray,
    every: int,
) -> None:
    """Forward-backward's steps over the runs (``sizes``: their lengths, longest first), in
    place: a step is one product of each running vector with its direction's transitions
    and one product with the step's emissions; every ``every`` steps the vectors are
    renormalised (the forward's log factors into ``log_scale``)."""
    matmul, multiply = np.matmul, np.multiply
    start = 1
    for live in range(len(sizes), 0, -1):
        # the runs still running are a prefix: the first ``live`` run from ``start`` until the
        # shortest of them ends; each step's vectors come from iterating over views of them
        stop = sizes[live - 1]
        if stop <= start:
            continue
        running, entered_at = leaving[:, :, :live], entering[:, :, :live]
        for t, previous, entered, current in zip(
            range(start, stop),
            running[start - 1 : stop - 1],
            entered_at[start:stop],
            running[start:stop],
            strict=True,
        ):
            matmul(previous, steps, out=entered)
            multiply(current, entered, out=current)
            if t % every == 0:
                sums = current.sum(axis=2, keepdims=True)
                current /= sums
                log_scale[t, :live] = np.log(sums[0, :, 0])
        start = stop
