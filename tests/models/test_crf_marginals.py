"""Forward-backward over pieces of documents: the marginals of one run over each whole
document (to rounding) and of enumerating every path; seams that disagree decoded again."""

from __future__ import annotations

import copy
import itertools
import math
import pickle
import threading

import numpy as np
import pytest

from deidkit.corpus.synth import generate
from deidkit.models import crf_marginals, load_model
from deidkit.models.crf import DOCUMENTS_AT_ONCE, CRFDetector
from deidkit.models.crf_marginals import Posterior, Workspace
from deidkit.text import tokenize


def whole(scores: np.ndarray, transitions: np.ndarray) -> Posterior:
    """One run over the whole document (the decoding of a document whose seams disagree)."""
    found = crf_marginals._forward_backward([scores], transitions, None, Workspace())[0]
    assert found is not None
    return found


def enumerated(scores: np.ndarray, transitions: np.ndarray) -> tuple[np.ndarray, float]:
    """Marginals and log partition function summed over every path."""
    paths = list(itertools.product(range(len(transitions)), repeat=len(scores)))
    logs = np.array([
        scores[np.arange(len(path)), path].sum() + transitions[path[:-1], path[1:]].sum()
        for path in map(list, paths)
    ])
    log_z = float(np.logaddexp.reduce(logs))
    marginals = np.zeros_like(scores)
    for path, log in zip(paths, logs, strict=True):
        marginals[np.arange(len(path)), path] += math.exp(log - log_z)
    return marginals, log_z


def assert_close(ours: Posterior, theirs: Posterior) -> None:
    """Every marginal within 1e-12 of the other's, relatively (tiny ones included)."""
    assert np.all(np.abs(ours.marginals - theirs.marginals) <= 1e-12 * theirs.marginals)
    assert ours.log_z == pytest.approx(theirs.log_z, rel=1e-13)


def test_pieces_give_a_whole_runs_marginals_on_the_english_models_notes() -> None:
    crf = next(d for d in load_model("en").detectors_ if isinstance(d, CRFDetector))
    notes = [doc.with_spans(()) for doc in generate(3 * DOCUMENTS_AT_ONCE, seed=43)]
    long_ = [doc for doc in notes if len(tokenize(doc.text)) > 2 * crf_marginals.PIECE]
    assert long_  # documents of several pieces
    for first in range(0, len(notes), DOCUMENTS_AT_ONCE):
        chunk = notes[first : first + DOCUMENTS_AT_ONCE]
        emissions = crf._emissions(chunk, [tokenize(doc.text) for doc in chunk])
        for scores, posterior in zip(emissions, crf.chain_.posteriors(emissions), strict=True):
            assert_close(posterior, whole(scores, crf.chain_.transitions))


@pytest.mark.parametrize("seed", range(4))
def test_pieces_give_a_whole_runs_marginals_on_random_chains(seed: int) -> None:
    rng = np.random.default_rng(seed)
    labels = int(rng.integers(2, 9))
    transitions = rng.normal(size=(labels, labels)) * rng.choice([0.5, 3.0, 30.0])
    emissions = [rng.normal(size=(n, labels)) * 4 for n in rng.integers(1, 700, 9)]
    for scores, posterior in zip(
        emissions, crf_marginals.posteriors(emissions, transitions), strict=True
    ):
        assert_close(posterior, whole(scores, transitions))


@pytest.mark.parametrize("seed", range(6))
def test_small_pieces_give_the_marginals_of_every_path(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pieces of 2 or 3 tokens whose runs start 1 or 2 tokens early: seams everywhere, most
    # of them disagreeing on chains that forget slowly (then one piece), all exact
    monkeypatch.setattr(crf_marginals, "PIECE", 2 + seed % 2)
    monkeypatch.setattr(crf_marginals, "OVERLAP", 1 + seed // 3)
    rng = np.random.default_rng(seed)
    transitions = rng.normal(size=(3, 3)) * 2
    emissions = [rng.normal(size=(n, 3)) * rng.choice([1.0, 30.0]) for n in (1, 7, 2, 8, 5, 3, 6)]
    for scores, posterior in zip(
        emissions, crf_marginals.posteriors(emissions, transitions), strict=True
    ):
        marginals, log_z = enumerated(scores, transitions)
        assert np.abs(posterior.marginals - marginals).max() < 1e-12
        assert posterior.log_z == pytest.approx(log_z, abs=1e-9)


def test_a_document_that_does_not_forget_its_start_is_decoded_again_as_one_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a label that keeps itself (staying costs nothing, leaving a lot) and emissions that
    # barely tell the labels apart: where a piece's run starts says where it ends up
    monkeypatch.setattr(crf_marginals, "PIECE", 3)
    monkeypatch.setattr(crf_marginals, "OVERLAP", 2)
    calls: list[tuple[int | None, int]] = []
    run = crf_marginals._forward_backward

    def spied(documents: list[np.ndarray], transitions: np.ndarray, piece: int | None,
              workspace: Workspace) -> list[Posterior | None]:
        calls.append((piece, len(documents)))
        return run(documents, transitions, piece, workspace)

    monkeypatch.setattr(crf_marginals, "_forward_backward", spied)
    transitions = np.array([[0.0, -12.0], [-12.0, 0.0]])
    short = np.array([[0.0, 1.0], [0.5, 0.0]])  # one piece: no seam
    stubborn = np.array([[0.3, 0.0]] + [[0.0, 0.1]] * 8)
    found = crf_marginals.posteriors([short, stubborn], transitions)
    assert calls == [(3, 2), (None, 1)]  # the second document again, alone, as one piece
    for scores, posterior in zip([short, stubborn], found, strict=True):
        marginals, log_z = enumerated(scores, transitions)
        assert np.abs(posterior.marginals - marginals).max() < 1e-12
        assert posterior.log_z == pytest.approx(log_z, abs=1e-9)


@pytest.mark.parametrize("length", [1, 5, 127, 128, 129, 300, 1000])
def test_pieces_are_as_equal_as_can_be(length: int) -> None:
    begins = crf_marginals.bounds(length, 128)
    sizes = np.diff(begins)
    assert begins[0] == 0 and begins[-1] == length and sizes.max() <= 128
    assert sizes.max() - sizes.min() <= 1
    assert crf_marginals.bounds(length, None) == [0, length]


def test_a_loop_holds_its_runs_within_its_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    # documents longest first; a loop's runs (longest run x runs) stay within LOOP_TOKENS,
    # and a document that alone exceeds it has a loop of its own
    monkeypatch.setattr(crf_marginals, "LOOP_TOKENS", 1_000)
    lengths = [900, 400, 300, 130, 128, 20, 5]
    loops = crf_marginals._loops(lengths, 128)
    assert [index for loop in loops for index in loop] == list(range(len(lengths)))
    for loop in loops:
        runs = [crf_marginals._runs(lengths[i], 128) for i in loop]
        padded = max(
            end - start
            for (begins, starts), i in zip(runs, loop, strict=True)
            for start, end in zip(starts, [*begins[1:], lengths[i]], strict=True)
        ) * sum(len(begins) for begins, _ in runs)
        assert padded <= 1_000 or len(loop) == 1
    assert crf_marginals._loops([2_000, 10], None) == [[0], [1]]


def test_a_workspace_gives_fresh_arrays_results_and_is_each_threads_own() -> None:
    rng = np.random.default_rng(11)
    transitions = rng.normal(size=(5, 5))
    calls = [[rng.normal(size=(n, 5)) for n in lengths] for lengths in ((600, 3), (40,), (900,))]
    workspace = Workspace()
    for emissions in calls * 2:  # larger, smaller, larger again
        reused = crf_marginals.posteriors(emissions, transitions, workspace)
        for ours, fresh in zip(reused, crf_marginals.posteriors(emissions, transitions),
                               strict=True):
            assert np.array_equal(ours.marginals, fresh.marginals)
            assert ours.log_z == fresh.log_z
    seen: list[dict[str, np.ndarray]] = []
    thread = threading.Thread(target=lambda: seen.append(workspace.arrays))
    thread.start()
    thread.join()
    assert seen == [{}] and workspace.arrays


def test_a_workspace_pickles_and_copies_as_an_empty_one() -> None:
    # a loaded model pickles (process pools, caches); its chain's workspace comes back empty
    workspace = Workspace()
    crf_marginals.posteriors([np.zeros((300, 3))], np.zeros((3, 3)), workspace)
    assert workspace.arrays
    for copied in (pickle.loads(pickle.dumps(workspace)), copy.deepcopy(workspace)):
        assert isinstance(copied, Workspace) and copied.arrays == {}
