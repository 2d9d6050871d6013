"""The HMM detector: an IdentiFinder-style name-class HMM (Bikel et al. 1999), the global-context
baseline of Stat De-id (Uzuner et al. 2007, section 4.3).

Each sentence is a sequence of *name-class regions*: the PHI labels plus ``O`` (not-a-name).
The model generates a sentence region by region:

- the class of a new region from the previous region's class and the word before it,
  ``P(NC | NC-1, w-1)``, backing off to ``P(NC | NC-1)``, ``P(NC)`` and a uniform share;
- its first word-feature pair from its class and the previous class,
  ``P(<w,f> | NC, NC-1)``, backing off to ``P(<w,f> | NC)`` over first words, then
  ``P(w | NC) P(f | NC)`` and uniform shares;
- each further pair from the pair before it in the same region, ``P(<w,f> | <w,f>-1, NC)``,
  backing off to ``P(<w,f> | NC)``, ``P(w | NC) P(f | NC)`` and uniform shares; a region ends
  by generating the ``+end+`` pair.

Words are lower-cased; the word feature (``word_feature``: two- and four-digit numbers,
digits with a letter, dash, slash, comma or period, other numbers, all capitals, a capital
and a period, first word of the sentence, initial capital, lower case, punctuation, other)
keeps what case and digits say. Words seen fewer than ``min_count`` times in training are
``_UNK_``, so the unknown-word model learns which features make names. Each back-off level
weighs its own estimate by ``lambda = c / (c + u)`` (``c``: how often the history was seen,
``u``: how many different outcomes followed it; Bikel et al.'s second smoothing factor,
Witten-Bell). Decoding is Viterbi over each sentence (``deidkit.text.sentence_spans``) in log
space. No dictionaries, patterns or hand-made context features are used. Saved as ``.npz``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse

from deidkit.errors import ConfigError, ModelError
from deidkit.lang import is_language, language_codes
from deidkit.models import store
from deidkit.models.base import BaseDetector
from deidkit.models.matrix import read_arrays, write_arrays
from deidkit.models.spans import OUTSIDE, spans_from_bio, token_labels
from deidkit.text import sentence_spans, tokenize
from deidkit.types import Document, Span, Token

TABLES_FILE = "hmm.npz"
VOCABULARY_FILE = "hmm_vocabulary.json"

WORD_FEATURES: tuple[str, ...] = (
    "twoDigitNum", "fourDigitNum", "containsDigitAndAlpha", "containsDigitAndDash",
    "containsDigitAndSlash", "containsDigitAndComma", "containsDigitAndPeriod", "otherNum",
    "containsDigitAndOther", "allCaps", "capPeriod", "firstWord", "initCap", "lowerCase",
    "punctuation", "other", "boundary",
)
"""IdentiFinder's word features (Bikel et al. 1999, Table 3) in order of precedence, plus
digits with another character, punctuation, and ``boundary`` for the ``+end+`` pair."""
_FEATURE_ID = {name: index for index, name in enumerate(WORD_FEATURES)}
UNKNOWN, BEGIN, END = "_UNK_", "+begin+", "+end+"


def word_feature(word: str, first: bool) -> str:
    """The IdentiFinder word feature of ``word`` (``first``: first word of its sentence)."""
    digits = sum(ch.isdigit() for ch in word)
    if digits:
        if digits == len(word):
            return {2: "twoDigitNum", 4: "fourDigitNum"}.get(len(word), "otherNum")
        if any(ch.isalpha() for ch in word):
            return "containsDigitAndAlpha"
        for mark, name in (("-", "Dash"), ("/", "Slash"), (",", "Comma"), (".", "Period")):
            if mark in word:
                return f"containsDigitAnd{name}"
        return "containsDigitAndOther"
    letters = [ch for ch in word if ch.isalpha()]
    if not letters:
        return "punctuation" if not any(ch.isalnum() for ch in word) else "other"
    if len(word) == 2 and word[0].isupper() and word[1] == ".":
        return "capPeriod"
    if all(ch.isupper() for ch in letters) and len(letters) > 1:
        return "allCaps"
    if first:
        return "firstWord"
    if letters[0].isupper() and word[0].isalpha():
        return "initCap"
    if all(ch.islower() for ch in letters):
        return "lowerCase"
    return "other"


def sentences(text: str, tokens: Sequence[Token]) -> Iterator[range]:
    """Token index ranges of each sentence (tokens outside every sentence form their own)."""
    index = 0
    for _start, end in sentence_spans(text):
        first = index
        while index < len(tokens) and tokens[index].start < end:
            index += 1
        if index > first:
            yield range(first, index)
    if index < len(tokens):
        yield range(index, len(tokens))


def _ratio(total: np.ndarray, unique: np.ndarray) -> np.ndarray:
    """lambda = c / (c + unique outcomes) of each history, 0 where it was never seen."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total > 0, total / (total + unique), 0.0)


def _smoothed(counts: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """``(lambda, total)`` of each history (``_ratio``), totals kept above 0."""
    total = counts.sum(axis=axis)
    return _ratio(total, (counts > 0).sum(axis=axis)), np.maximum(total, 1e-300)


class HMMDetector(BaseDetector):
    """IdentiFinder-style HMM: per-class bigram models over word-feature pairs, Viterbi."""

    name = "hmm"
    description = "IdentiFinder-style name-class HMM (Bikel et al. 1999), Viterbi per sentence"

    def __init__(self, *, lang: str = "en", min_count: int = 2) -> None:
        self.lang = lang
        self.min_count = min_count

    def _check_params(self) -> None:
        if not is_language(self.lang):
            raise ConfigError(
                f"hmm: unsupported language {self.lang!r}; use {' or '.join(language_codes())}"
            )
        if isinstance(self.min_count, bool) or not isinstance(self.min_count, int) or (
            self.min_count < 1
        ):
            raise ConfigError("hmm: min_count must be an integer of 1 or more")

    # -- training ------------------------------------------------------------------------------
    def _fit(self, documents: list[Document]) -> None:
        self._check_params()
        sequences: list[tuple[list[str], list[str], list[str], list[int]]] = []
        word_counts: Counter[str] = Counter()
        labels: set[str] = set()
        for document in documents:
            tokens = tokenize(document.text)
            gold = token_labels(tokens, document.spans)
            region = _region_ids(tokens, document.spans)
            for sentence in sentences(document.text, tokens):
                words = [tokens[i].text.lower() for i in sentence]
                feats = [word_feature(tokens[i].text, i == sentence.start) for i in sentence]
                word_counts.update(words)
                tags = [gold[i] for i in sentence]
                labels.update(tags)
                sequences.append((words, feats, tags, [region[i] for i in sentence]))
        labels.discard(OUTSIDE)
        self.classes_ = (OUTSIDE, *sorted(labels))
        kept = sorted(w for w, c in word_counts.items() if c >= self.min_count)
        words = [UNKNOWN, BEGIN, END, *kept]
        self.words_ = {word: index for index, word in enumerate(words)}
        self.pairs_: dict[tuple[int, int], int] = {}
        self._count(sequences)
        self._prepare()

    def _pair(self, word: int, feature: int, grow: bool = False) -> int:
        key = (word, feature)
        pair = self.pairs_.get(key, -1)
        if pair < 0 and grow:
            pair = self.pairs_[key] = len(self.pairs_)
        return pair

    def _count(self, sequences: list[tuple[list[str], list[str], list[str], list[int]]]) -> None:
        k = len(self.classes_)
        class_id = {label: index for index, label in enumerate(self.classes_)}
        boundary = _FEATURE_ID["boundary"]
        end_pair = self._pair(self.words_[END], boundary, grow=True)
        trans: list[tuple[int, int, int]] = []  # (previous word, previous class, class)
        first: list[tuple[int, int, int]] = []  # (pair, class, previous class)
        bigram: list[tuple[int, int, int]] = []  # (previous pair, pair, class)
        unigram: list[tuple[int, int, int, int]] = []  # (word, feature, pair, class)
        for words, feats, tags, regions in sequences:
            prev_word, prev_class, prev_pair, prev_region = self.words_[BEGIN], k, -1, None
            for word, feat, tag, region in zip(words, feats, tags, regions, strict=True):
                w = self.words_.get(word, 0)
                f = _FEATURE_ID[feat]
                x = self._pair(w, f, grow=True)
                c = class_id[tag]
                if region != prev_region:
                    if prev_region is not None:
                        bigram.append((prev_pair, end_pair, prev_class))
                        unigram.append((self.words_[END], boundary, end_pair, prev_class))
                    trans.append((prev_word, prev_class, c))
                    first.append((x, c, prev_class))
                else:
                    bigram.append((prev_pair, x, c))
                unigram.append((w, f, x, c))
                prev_word, prev_class, prev_pair, prev_region = w, c, x, region
            if prev_region is not None:
                bigram.append((prev_pair, end_pair, prev_class))
                unigram.append((self.words_[END], boundary, end_pair, prev_class))
                trans.append((prev_word, prev_class, k))
        n_words, n_pairs = len(self.words_), len(self.pairs_)
        width = k + 1
        self.trans_ = _csr(trans, lambda t: (t[0], t[1] * width + t[2]), (n_words, width * width))
        self.first_ = _csr(first, lambda t: (t[0], t[1] * width + t[2]), (n_pairs, k * width))
        self.bigram_ = _csr(bigram, lambda t: (t[0], t[1] * k + t[2]), (n_pairs, n_pairs * k))
        uni = np.asarray(unigram, dtype=np.int64).reshape(-1, 4)
        self.word_class_ = _dense(uni[:, 0], uni[:, 3], (n_words, k))
        self.feature_class_ = _dense(uni[:, 1], uni[:, 3], (len(WORD_FEATURES), k))
        self.pair_class_ = _dense(uni[:, 2], uni[:, 3], (n_pairs, k))

    # -- derived tables -------------------------------------------------------------------------
    def _prepare(self) -> None:
        """The back-off estimates that do not depend on the sentence, from the counts."""
        k = len(self.classes_)
        width = k + 1
        n_words = self.word_class_.shape[0]
        self._pair_of = {key: pair for key, pair in self.pairs_.items()}
        self._pair_word = np.zeros(len(self.pairs_), dtype=np.int64)
        self._pair_feature = np.zeros(len(self.pairs_), dtype=np.int64)
        for (word, feature), pair in self.pairs_.items():
            self._pair_word[pair] = word
            self._pair_feature[pair] = feature
        # P(w | NC), P(f | NC): back off to uniform shares
        self._p_word = _with_uniform(self.word_class_, n_words)
        self._p_feature = _with_uniform(self.feature_class_, len(WORD_FEATURES))
        # P(<w,f> | NC) over all pairs and over first words: back off to P(w|NC) P(f|NC)
        self._lam_pair, self._tot_pair = _smoothed(self.pair_class_, 0)
        first = np.asarray(self.first_.sum(axis=0)).reshape(k, width)  # (class, prev class)
        first_by_class = np.zeros((len(self.pairs_), k))
        coo = self.first_.tocoo()
        np.add.at(first_by_class, (coo.row, coo.col // width), coo.data)
        self._first_by_class = first_by_class
        self._lam_first_class, self._tot_first_class = _smoothed(first_by_class, 0)
        unique_first = np.zeros(k * width)
        np.add.at(unique_first, coo.col, 1.0)
        total_first = first.reshape(-1)
        self._lam_first = _ratio(total_first, unique_first).reshape(k, width)
        self._tot_first = np.maximum(first, 1e-300)
        # bigram histories: c(<w,f>-1, NC) and unique outcomes
        bigram = self.bigram_.tocoo()
        history = np.zeros((len(self.pairs_), k))
        unique = np.zeros((len(self.pairs_), k))
        np.add.at(history, (bigram.row, bigram.col % k), bigram.data)
        np.add.at(unique, (bigram.row, bigram.col % k), 1.0)
        self._lam_bigram = _ratio(history, unique)
        self._tot_bigram = np.maximum(history, 1e-300)
        # P(NC | NC-1) and P(NC), for the class transitions
        pair_counts = np.asarray(self.trans_.sum(axis=0)).reshape(width, width)
        class_counts = pair_counts.sum(axis=0)
        lam0 = class_counts.sum() / (class_counts.sum() + (class_counts > 0).sum())
        p_class = lam0 * class_counts / max(class_counts.sum(), 1e-300) + (1 - lam0) / width
        lam1, tot1 = _smoothed(pair_counts, 1)
        self._p_next = lam1[:, None] * pair_counts / tot1[:, None] + (1 - lam1[:, None]) * p_class
        self._trans_cache: dict[int, np.ndarray] = {}
        self._first_cache: dict[tuple[int, int, int], np.ndarray] = {}
        self._end_cache: dict[int, np.ndarray] = {}
        self._end_pair = self.pairs_[(self.words_[END], _FEATURE_ID["boundary"])]

    def _backoff(self, word: int, feature: int) -> np.ndarray:
        """P(w | NC) P(f | NC) for every class."""
        return np.asarray(self._p_word[word] * self._p_feature[feature])

    def _pair_prob(self, pair: int, word: int, feature: int) -> np.ndarray:
        """P(<w,f> | NC) for every class."""
        base = self._backoff(word, feature)
        if pair < 0:
            return base
        lam = self._lam_pair
        return np.asarray(lam * self.pair_class_[pair] / self._tot_pair + (1 - lam) * base)

    def _log_trans(self, word: int) -> np.ndarray:
        """log P(NC | NC-1, w-1): rows previous class (last: start), columns class (last: end)."""
        cached = self._trans_cache.get(word)
        if cached is None:
            width = len(self.classes_) + 1
            start, stop = self.trans_.indptr[word], self.trans_.indptr[word + 1]
            flat = np.zeros(width * width)
            flat[self.trans_.indices[start:stop]] = self.trans_.data[start:stop]
            counts = flat.reshape(width, width)
            lam, total = _smoothed(counts, 1)
            probs = lam[:, None] * counts / total[:, None] + (1 - lam[:, None]) * self._p_next
            cached = self._trans_cache[word] = np.log(probs)
        return cached

    def _log_first(self, pair: int, word: int, feature: int) -> np.ndarray:
        """log P(<w,f>_first | NC, NC-1): rows class, columns previous class (last: start)."""
        key = (pair, word, feature)
        cached = self._first_cache.get(key)
        if cached is None:
            k = len(self.classes_)
            base = self._backoff(word, feature)
            if pair >= 0:
                lam = self._lam_first_class
                by_class = self._first_by_class[pair]
                base = lam * by_class / self._tot_first_class + (1 - lam) * base
                start, stop = self.first_.indptr[pair], self.first_.indptr[pair + 1]
                flat = np.zeros(k * (k + 1))
                flat[self.first_.indices[start:stop]] = self.first_.data[start:stop]
                counts = flat.reshape(k, k + 1)
            else:
                counts = np.zeros((k, k + 1))
            lam1 = self._lam_first
            probs = lam1 * counts / self._tot_first + (1 - lam1) * base[:, None]
            cached = np.log(probs)
            if len(self._first_cache) < 200_000:
                self._first_cache[key] = cached
        return cached

    def _log_next(self, previous: int, pair: int, word: int, feature: int) -> np.ndarray:
        """log P(<w,f> | <w,f>-1, NC) for every class (``previous`` a known pair or -1)."""
        base = self._pair_prob(pair, word, feature)
        if previous < 0:
            return np.log(base)
        k = len(self.classes_)
        counts = np.zeros(k)
        if pair >= 0:
            start, stop = self.bigram_.indptr[previous], self.bigram_.indptr[previous + 1]
            columns = self.bigram_.indices[start:stop]
            low, high = np.searchsorted(columns, [pair * k, pair * k + k])
            counts[columns[low:high] - pair * k] = self.bigram_.data[start + low : start + high]
        lam = self._lam_bigram[previous]
        return np.asarray(np.log(lam * counts / self._tot_bigram[previous] + (1 - lam) * base))

    def _log_end(self, previous: int) -> np.ndarray:
        cached = self._end_cache.get(previous)
        if cached is None:
            word, feature = self.words_[END], _FEATURE_ID["boundary"]
            cached = self._log_next(previous, self._end_pair, word, feature)
            self._end_cache[previous] = cached
        return cached

    # -- decoding ------------------------------------------------------------------------------
    def _encode(self, tokens: Sequence[Token], sentence: range) -> list[tuple[int, int, int]]:
        items = []
        for i in sentence:
            word = self.words_.get(tokens[i].text.lower(), 0)
            feature = _FEATURE_ID[word_feature(tokens[i].text, i == sentence.start)]
            items.append((self._pair_of.get((word, feature), -1), word, feature))
        return items

    def viterbi(self, items: Sequence[tuple[int, int, int]]) -> tuple[list[int], list[bool]]:
        """The best class of each (pair, word, feature) item, and where a new region starts."""
        k = len(self.classes_)
        begin = self.words_[BEGIN]
        pair, word, feature = items[0]
        delta = self._log_trans(begin)[k, :k] + self._log_first(pair, word, feature)[:, k]
        pointers: list[np.ndarray] = []
        restarts: list[np.ndarray] = []
        diagonal = np.arange(k)
        for position in range(1, len(items)):
            previous_pair, previous_word, _ = items[position - 1]
            pair, word, feature = items[position]
            restart = (
                self._log_end(previous_pair)[:, None]
                + self._log_trans(previous_word)[:k, :k]
                + self._log_first(pair, word, feature)[:, :k].T
            )
            stay = self._log_next(previous_pair, pair, word, feature)
            moves = restart.copy()
            renew = restart[diagonal, diagonal] >= stay
            moves[diagonal, diagonal] = np.maximum(restart[diagonal, diagonal], stay)
            scores = delta[:, None] + moves
            best = scores.argmax(axis=0)
            delta = scores[best, diagonal]
            pointers.append(best)
            restarts.append(renew)
        last_pair, last_word, _ = items[-1]
        final = delta + self._log_end(last_pair) + self._log_trans(last_word)[:k, k]
        state = int(final.argmax())
        path, starts = [state], [True]
        for best, renew in zip(reversed(pointers), reversed(restarts), strict=True):
            previous = int(best[state])
            starts[-1] = previous != state or bool(renew[state])
            path.append(previous)
            starts.append(True)
            state = previous
        path.reverse()
        starts.reverse()
        return path, starts

    def _predict_spans(self, document: Document) -> list[Span]:
        tokens = tokenize(document.text)
        tags = [OUTSIDE] * len(tokens)
        for sentence in sentences(document.text, tokens):
            path, starts = self.viterbi(self._encode(tokens, sentence))
            for index, state, start in zip(sentence, path, starts, strict=True):
                label = self.classes_[state]
                if label != OUTSIDE:
                    tags[index] = ("B-" if start else "I-") + label
        return spans_from_bio(tokens, tags, source=self.name)

    # -- saving --------------------------------------------------------------------------------
    def _extra_config(self) -> dict[str, Any]:
        return {"classes": list(self.classes_), "files": [TABLES_FILE, VOCABULARY_FILE]}

    def _write_files(self, folder: Path) -> None:
        words = sorted(self.words_, key=self.words_.__getitem__)
        pairs = sorted(self.pairs_, key=self.pairs_.__getitem__)
        (folder / VOCABULARY_FILE).write_text(
            json.dumps({"words": words, "pairs": [list(p) for p in pairs]}, ensure_ascii=False),
            encoding="utf-8",
        )
        write_arrays(
            folder / TABLES_FILE,
            {
                "trans": self.trans_,
                "first": self.first_,
                "bigram": self.bigram_,
                "word_class": self.word_class_,
                "feature_class": self.feature_class_,
                "pair_class": self.pair_class_,
            },
        )

    def _read_files(self, saved: store.SavedModel) -> None:
        self._check_params()
        vocabulary = saved.read_json(VOCABULARY_FILE)
        classes = saved.config.get("classes")
        try:
            words = [str(w) for w in vocabulary["words"]]
            pairs = [(int(w), int(f)) for w, f in vocabulary["pairs"]]
            self.classes_ = tuple(str(c) for c in classes)  # type: ignore[union-attr]
        except (KeyError, TypeError, ValueError):
            raise ModelError(f"model folder {saved.path}: the HMM vocabulary is damaged; "
                             "retrain the model") from None
        self.words_ = {word: index for index, word in enumerate(words)}
        self.pairs_ = {pair: index for index, pair in enumerate(pairs)}
        arrays = read_arrays(saved, TABLES_FILE)
        self.trans_ = arrays["trans"]
        self.first_ = arrays["first"]
        self.bigram_ = arrays["bigram"]
        self.word_class_ = arrays["word_class"]
        self.feature_class_ = arrays["feature_class"]
        self.pair_class_ = arrays["pair_class"]
        for matrix in (self.trans_, self.first_, self.bigram_):
            matrix.sort_indices()
        self._prepare()


def _region_ids(tokens: Sequence[Token], spans: Sequence[Span]) -> list[int]:
    """For each token, the index of the gold span it is in, or -1 - (index of the O run)."""
    ordered = sorted(spans, key=lambda s: (s.start, s.end))
    result: list[int] = []
    cursor = 0
    outside_run = 0
    previous_inside = True
    for token in tokens:
        while cursor < len(ordered) and ordered[cursor].end <= token.start:
            cursor += 1
        if cursor < len(ordered) and ordered[cursor].start < token.end:
            result.append(cursor)
            previous_inside = True
        else:
            if previous_inside:
                outside_run += 1
            result.append(-outside_run)
            previous_inside = False
    return result


def _csr(rows: list[Any], key: Any, shape: tuple[int, int]) -> sparse.csr_matrix:
    """A CSR count matrix of ``rows`` placed by ``key(row) -> (row, column)``."""
    if rows:
        placed = np.asarray([key(row) for row in rows], dtype=np.int64)
        row, column = placed[:, 0], placed[:, 1]
    else:
        row = column = np.zeros(0, dtype=np.int64)
    matrix = sparse.coo_matrix((np.ones(len(row)), (row, column)), shape=shape).tocsr()
    matrix.sum_duplicates()
    matrix.sort_indices()
    return matrix


def _dense(rows: np.ndarray, columns: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    counts = np.zeros(shape)
    np.add.at(counts, (rows, columns), 1.0)
    return counts


def _with_uniform(counts: np.ndarray, size: int) -> np.ndarray:
    """Rows of ``counts`` (outcomes x classes) as P(outcome | class), backed off to 1/size."""
    lam, total = _smoothed(counts, 0)
    return np.asarray(lam * counts / total + (1 - lam) / size)
