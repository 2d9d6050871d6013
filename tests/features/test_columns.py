"""``document_matrix`` gives a model exactly what python-crfsuite makes of ``token_features``:
per token the attributes the model knows, in the same order, with the same weights (so a row
times the state weights adds them in CRFsuite's order)."""

from __future__ import annotations

import itertools
import pickle
import warnings
from collections.abc import Sequence

import pycrfsuite
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.corpus.synth import generate
from deidkit.features import FeatureConfig, FeatureExtractor
from deidkit.features.columns import (
    MATRIX_SEPARATOR,
    Block,
    Columns,
    Row,
    SparseRows,
    assemble,
)
from deidkit.text import linkgrammar, tokenize
from deidkit.types import Token

from .test_golden import CONFIGS, DOCUMENTS

SYNTHETIC = [document.text for document in generate(6, seed=3)]
HAS_LINKGRAMMAR = linkgrammar.unavailable_reason() is None


def _extractor(settings: dict) -> FeatureExtractor:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return FeatureExtractor(FeatureConfig.from_dict(settings))


def crfsuite_view(items: list) -> list[list[tuple[str, float]]]:
    """What CRFsuite receives: python-crfsuite's own conversion, in order."""
    return [list(item.items()) for item in pycrfsuite.ItemSequence(items).items()]


def matrix_view(matrix, names: dict[int, str]) -> list[list[tuple[str, float]]]:
    """A CSR matrix's rows as (name, value) in stored order."""
    return [
        [
            (names[column], value)
            for column, value in zip(
                matrix.indices[start:end].tolist(), matrix.data[start:end].tolist(), strict=True
            )
        ]
        for start, end in zip(matrix.indptr[:-1], matrix.indptr[1:], strict=True)
    ]


def _texts() -> list[str]:
    return [*DOCUMENTS.values(), *SYNTHETIC]


SETTINGS = {name: settings for name, (settings, _) in CONFIGS.items()}
SETTINGS["en_medical_mesh"] = {"mesh_file": "tests/features/data/tiny_d2025.bin"}
SETTINGS["en_layout"] = {"classes": ["word", "context", "section", "layout", "table",
                                     "memory", "dictionary"]}
if HAS_LINKGRAMMAR:
    SETTINGS["en_syntax"] = {"classes": ["word", "syntax", "context"]}


def _vocabulary(extractor: FeatureExtractor, step: int) -> dict[str, int]:
    """Every ``step``-th attribute name the texts give, numbered out of order."""
    every = list(
        dict.fromkeys(
            name
            for text in _texts()
            for item in crfsuite_view(extractor.token_features(text))
            for name, _ in item
        )
    )
    kept = every[::step]
    return {name: (number * 7919) % len(kept) for number, name in enumerate(kept)}


@pytest.mark.parametrize("step", [1, 3])
@pytest.mark.parametrize("config", sorted(SETTINGS))
def test_document_matrix_equals_python_crfsuites_conversion(config: str, step: int) -> None:
    extractor = _extractor(SETTINGS[config])
    vocabulary = _vocabulary(extractor, step)
    vocabulary["context.bigram-:dr. smith"] = len(vocabulary)  # a bigram never seen
    names = {column: name for name, column in vocabulary.items()}
    columns = Columns(vocabulary)
    for round_ in range(2):  # cold caches, then warm ones
        for number, text in enumerate(_texts()):
            tokens = tokenize(text)
            expected = [
                [(name, value) for name, value in item if name in vocabulary]
                for item in crfsuite_view(extractor.token_features(text, tokens))
            ]
            matrix = extractor.document_matrix(text, tokens, columns)
            assert matrix.shape == (len(tokens), len(vocabulary))
            assert matrix_view(matrix, names) == expected, f"{config}: text {number}, {round_}"
    assert 0 < len(columns.types) == extractor.word_cache_size


def test_a_document_without_tokens_is_an_empty_matrix() -> None:
    extractor = _extractor({})
    matrix = extractor.document_matrix("", [], Columns({"word:a": 0}))
    assert matrix.shape == (0, 1) and matrix.nnz == 0


def test_columns_name_features_as_python_crfsuite_or_the_matrix_vocabulary() -> None:
    features = {"word": "año", "context.occurrences": 0.25, "orthography.initcap": 1.0}
    crfsuite = Columns({"word:año": 2, "context.occurrences": 0, "orthography.initcap": 5})
    assert crfsuite.row(features) == ((2, 0, 5), (1.0, 0.25, 1.0))
    assert [name for name, _ in crfsuite_view([features])[0]] == [
        "word:año", "context.occurrences", "orthography.initcap"]
    matrix = Columns({"word=año": 1, "context.occurrences": 3}, MATRIX_SEPARATOR)
    assert matrix.row(features) == ((1, 3), (1.0, 0.25))
    assert matrix.column("word", "año") == 1 and matrix.column("word", "other") == -1


def test_bigrams_find_values_holding_spaces() -> None:
    extractor = _extractor({"classes": ["context"], "window": 1})
    words = ["[** a b **]", "c", "a b"]
    text = " ".join(words)
    tokens, start = [], 0
    for word in words:
        tokens.append(Token(word, start, start + len(word)))
        start += len(word) + 1
    vocabulary = {"context.bigram-:[** a b **] c": 0, "context.bigram+:c a b": 1,
                  "context.bigram+:[** a b **] c": 2, "context.bigram-:<s> [**": 3,
                  "other:c a b": 4, "context.bigram-:<s> <s>": 5}
    names = {column: name for name, column in vocabulary.items()}
    matrix = extractor.document_matrix(text, tokens, Columns(vocabulary))
    expected = [
        [(name, value) for name, value in item if name in vocabulary]
        for item in crfsuite_view(extractor.token_features(text, tokens))
    ]
    assert matrix_view(matrix, names) == expected
    assert expected == [
        [("context.bigram-:<s> <s>", 1.0), ("context.bigram+:c a b", 1.0)],
        [],
        [("context.bigram-:[** a b **] c", 1.0)],
    ]


def test_type_table_stays_bounded(monkeypatch) -> None:
    from deidkit.features import extractor as extractor_module

    monkeypatch.setattr(extractor_module, "WORD_CACHE_LIMIT", 20)
    extractor = _extractor({"classes": ["word", "context"]})
    vocabulary = _vocabulary(extractor, 1)
    names = {column: name for name, column in vocabulary.items()}
    columns = Columns(vocabulary)
    last: set[str] = set()
    for text in SYNTHETIC:
        tokens = tokenize(text)
        table = columns.types
        matrix = extractor.document_matrix(text, tokens, columns)
        # a document's own types may take the table past the limit; the next starts with
        # the half used last (the last document's)
        assert len(columns.types) <= 20 + len(tokens)
        assert matrix_view(matrix, names) == crfsuite_view(extractor.token_features(text))
        if last:
            assert columns.types is not table and set(columns.types.words[:10]) <= last
        last = {token.text for token in tokens}


def test_mask_caches_stay_bounded(monkeypatch) -> None:
    from deidkit.features import dictionary, medical

    monkeypatch.setattr(dictionary, "AROUND_LIMIT", 3)
    monkeypatch.setattr(medical, "MASKS_LIMIT", 2)
    extractor = _extractor({"classes": ["word", "medical", "dictionary"]})
    vocabulary = _vocabulary(extractor, 1)
    names = {column: name for name, column in vocabulary.items()}
    columns = Columns(vocabulary)
    for text in SYNTHETIC:
        matrix = extractor.document_matrix(text, tokenize(text), columns)
        assert matrix_view(matrix, names) == crfsuite_view(extractor.token_features(text))
        # a document's distinct masks may take a table past the limit; the next starts afresh
        assert 0 < len(columns.rows("dictionary.own", 10**9)) <= 3 + len(tokenize(text))
        assert 0 < len(columns.rows("medical.lists", 10**9)) <= 2 + len(tokenize(text))


def test_columns_pickle_without_their_caches() -> None:
    extractor = _extractor({"classes": ["word", "context"]})
    columns = Columns(_vocabulary(extractor, 1))
    extractor.document_matrix(SYNTHETIC[0], tokenize(SYNTHETIC[0]), columns)
    copy = pickle.loads(pickle.dumps(columns))
    assert copy.vocabulary == columns.vocabulary and len(columns.types) > 0
    assert pickle.loads(pickle.dumps(Columns({}, source="abc"))).source == "abc"
    assert len(copy.types) == 0
    extractor.clear_caches()
    assert len(columns.types) == 0


@pytest.mark.parametrize("step", [1, 3])
@pytest.mark.parametrize("config", sorted(SETTINGS))
def test_each_classes_type_block_is_its_type_features_rows(config: str, step: int) -> None:
    # the numeric path's per-word features (worked out per signature, or for many words at
    # once) equal the columns of each word's type_features, in order, twice (the second
    # time from what the first kept)
    extractor = _extractor(SETTINGS[config])
    columns = Columns(_vocabulary(extractor, step))
    words = list(dict.fromkeys(token.text for text in _texts() for token in tokenize(text)))
    words += ["", "3.5%", "-12", "ß", "İ", "[**Name**]"]
    for feature_class in extractor.classes:
        expected = [columns.row(feature_class.type_features(word)) for word in words]
        block = feature_class.type_block(words, columns)
        assert _rows_of(block, len(words)) == expected, feature_class.name
        block = feature_class.type_block(words[::-1], columns)
        assert _rows_of(block, len(words)) == expected[::-1]
        assert _rows_of(feature_class.type_block([], columns), 0) == []


def _rows_of(block: Block, count: int) -> list[Row]:
    """The rows of ``count`` tokens that ``block`` gives them (its known columns)."""
    rows = assemble([block], count, 0)
    bounds = rows.pointers.tolist()
    return [(tuple(rows.columns[start:end].tolist()), tuple(rows.values[start:end].tolist()))
            for start, end in itertools.pairwise(bounds)]


def _matrix(rows: Sequence[Row]) -> SparseRows:
    """Row ``i`` of the matrix is ``rows[i]``."""
    return assemble([Block.of_rows(range(len(rows)), rows)], len(rows), 0)


def test_types_entered_at_once_equal_types_entered_one_by_one() -> None:
    import numpy as np

    from deidkit.features.columns import TypeTable

    words = ["Smith", "smith", "SMITH", "on", "3/14", "x"]
    norms = ["smith", "smith", "smith", "on", "0/00", "x"]
    rows = [((4, 7), (1.0, 0.5)), ((), ()), ((2,), (1.0,)), ((9, 1, 3), (1.0, 1.0, 0.25)),
            ((5,), (2.0,)), ((6, 6), (1.0, 1.0))]
    by_norm = {"smith": (1, -1, 3), "on": (0, 5, 6), "0/00": (7, 8, 9), "x": (3, 2, 1)}
    asked: list[list[str]] = []

    def neighbours(new: Sequence[str]) -> list[tuple[int, ...]]:
        asked.append(list(new))
        return [by_norm[norm] for norm in new]

    one_by_one, at_once, in_two = TypeTable(), TypeTable(), TypeTable()
    for word, norm, row in zip(words, norms, rows, strict=True):
        one_by_one.add_type(word, norm, row, by_norm[norm])
    at_once.add_types(words, norms, _matrix(rows), neighbours)
    assert asked == [["smith", "on", "0/00", "x"]]  # once per normal form
    in_two.add_types(words[:2], norms[:2], _matrix(rows[:2]), neighbours)
    in_two.add_types([], [], _matrix([]), neighbours)
    in_two.add_types(words[2:], norms[2:], _matrix(rows[2:]), neighbours)
    assert asked[1:] == [["smith"], ["on", "0/00", "x"]]
    types = np.array([5, 0, 3, 3, 1, 2, 4])
    tokens = np.arange(len(types))
    expected = one_by_one.block(tokens, types)
    for table in (at_once, in_two):
        assert table.numbers == one_by_one.numbers and table.norms == one_by_one.norms
        block = table.block(tokens, types)
        for field in ("rows", "columns", "values"):
            assert np.array_equal(getattr(block, field), getattr(expected, field))
        assert np.array_equal(table.norm_numbers(types), one_by_one.norm_numbers(types))
        assert np.array_equal(table.neighbours(types), one_by_one.neighbours(types))
    assert one_by_one.neighbours(types).tolist() == [
        [3, 2, 1], [1, -1, 3], [0, 5, 6], [0, 5, 6], [1, -1, 3], [1, -1, 3], [7, 8, 9]]
    assert one_by_one.block(tokens[:1], types[:1]).columns.tolist() == [6, 6]


def test_a_full_type_table_keeps_the_types_used_last_as_if_entered_alone() -> None:
    import numpy as np

    from deidkit.features.columns import TypeTable

    words = ["Smith", "smith", "SMITH", "on", "3/14", "x", "4/12", "On"]
    norms = ["smith", "smith", "smith", "on", "0/00", "x", "0/00", "on"]
    rows = [((4, 7), (1.0, 0.5)), ((), ()), ((2,), (1.0,)), ((9, 1, 3), (1.0, 1.0, 0.25)),
            ((5,), (2.0,)), ((6, 6), (1.0, 1.0)), ((8,), (1.0,)), ((1, 2, 3), (3.0, 2.0, 1.0))]
    by_norm = {"smith": (1, -1, 3), "on": (0, 5, 6), "0/00": (7, 8, 9), "x": (3, 2, 1)}
    entry = dict(zip(words, zip(norms, rows, strict=True), strict=True))

    def neighbours(new: Sequence[str]) -> list[tuple[int, ...]]:
        return [by_norm[norm] for norm in new]

    def lengths(found: Sequence[str]) -> list[list[int]]:
        return [[len(word)] for word in found]

    table = TypeTable()
    table.add_types(words[:6], norms[:6], _matrix(rows[:6]), neighbours)
    table.facts("size", 1, lengths)  # worked out for the first six types only
    table.add_types(words[6:], norms[6:], _matrix(rows[6:]), neighbours)
    table.touch(np.array([0, 1, 2, 3, 4, 5, 6, 7]))
    table.touch(np.array([6, 3, 3]))
    table.touch(np.array([1, 4]))  # used last: 1 and 4, then 3 and 6, then the others
    assert len(table.recent(0)) == 0
    for count, kept in [(2, [1, 4]), (4, [1, 3, 4, 6]), (5, [0, 1, 3, 4, 6]), (9, range(8))]:
        recent = table.recent(count)
        alone = TypeTable()  # the kept types entered alone, in their order
        for word in [words[number] for number in kept]:
            alone.add_type(word, entry[word][0], entry[word][1], by_norm[entry[word][0]])
        assert recent.words == alone.words and recent.numbers == alone.numbers
        assert recent.norms == alone.norms
        types = np.arange(len(alone.words))[::-1]
        expected = alone.block(types + 3, types)
        block = recent.block(types + 3, types)
        for field in ("rows", "columns", "values"):
            assert np.array_equal(getattr(block, field), getattr(expected, field))
        assert np.array_equal(recent.norm_numbers(types), alone.norm_numbers(types))
        assert np.array_equal(recent.neighbours(types), alone.neighbours(types))
        assert recent.facts("size", 1, lengths).tolist() == lengths(alone.words)
    # kept types keep their last uses: a second round keeps the ones used last again
    again = table.recent(4)
    again.touch(np.array([0]))  # "smith"
    assert again.recent(2).words == ["smith", "3/14"]


def test_sparse_rows_times_weights_equals_scipys_product_bit_for_bit() -> None:
    # the CRF's emissions before scipy.sparse is imported: each row's terms added in order
    # as scipy adds them, so the two products must agree to the last bit
    import numpy as np

    from deidkit.features.columns import SparseRows

    generator = np.random.default_rng(5)
    counts = generator.integers(0, 40, size=300)
    pointers = np.concatenate(([0], np.cumsum(counts))).astype(np.int32)
    columns = generator.integers(0, 500, size=int(pointers[-1])).astype(np.int32)
    values = np.where(
        generator.random(len(columns)) < 0.8, 1.0, generator.normal(size=len(columns))
    )
    weights = generator.normal(size=(500, 34)) * 10.0 ** generator.integers(-6, 6, size=(500, 1))
    rows = SparseRows(pointers, columns, values, 500)
    stepwise = rows.times(weights)
    assert np.array_equal(stepwise, np.asarray(rows.to_csr() @ weights))
    summed = np.zeros_like(stepwise)  # and not the same as summing in another order
    for row in range(len(counts)):
        for entry in range(int(pointers[row + 1]) - 1, int(pointers[row]) - 1, -1):
            summed[row] += values[entry] * weights[columns[entry]]
    assert not np.array_equal(stepwise, summed)
    empty = SparseRows(np.zeros(4, np.int32), np.zeros(0, np.int32), np.zeros(0), 500)
    assert empty.times(weights).shape == (3, 34) and not empty.times(weights).any()


def test_type_facts_are_worked_out_once_per_type_as_types_come() -> None:
    from deidkit.features.columns import TypeTable

    asked: list[list[str]] = []

    def lengths(words: Sequence[str]) -> list[tuple[int, int]]:
        asked.append(list(words))
        return [(len(word), ord(word[0])) for word in words]

    table = TypeTable()
    table.add_types(["ab", "c"], ["ab", "c"], _matrix([((), ()), ((), ())]),
                    lambda new: [()] * len(new))
    assert table.facts("size", 2, lengths).tolist() == [[2, 97], [1, 99]]
    assert table.facts("size", 2, lengths).tolist() == [[2, 97], [1, 99]]
    assert asked == [["ab", "c"]]  # not again
    table.add_types(["def"], ["def"], _matrix([((), ())]), lambda new: [()] * len(new))
    assert table.facts("size", 2, lengths).tolist() == [[2, 97], [1, 99], [3, 100]]
    assert asked == [["ab", "c"], ["def"]]  # only the new type
    assert table.words == ["ab", "c", "def"]


# documents whose features would reach into their neighbours if a chunk let them: phrases
# split across two documents ("New" | "York", "Foley" | "catheter"), a heading at a start,
# empty and one-token documents, repeated words (occurrences counted per document)
BOUNDARIES = ["He lives in New", "York with Mary Foley", "", "Boston", "catheter placed",
              "   \n ", "MEDICATIONS\naspirin Boston Boston", "Dr. Smith", "New York", "York"]


@pytest.mark.parametrize("step", [1, 3])
@pytest.mark.parametrize("config", sorted(SETTINGS))
def test_chunk_rows_equal_each_documents_rows_one_below_another(config: str, step: int) -> None:
    # what the CRF decodes at once: one matrix for a chunk of documents, each class's
    # features kept within their documents (context windows and bigrams, phrases, sections,
    # patterns, occurrence counts), typed or full rows
    import numpy as np

    from deidkit.features.columns import SparseRows

    extractor = _extractor(SETTINGS[config])
    vocabulary = _vocabulary(extractor, step)
    names = {column: name for name, column in vocabulary.items()}
    texts = [*BOUNDARIES, *_texts()]
    for size in (1, 3, len(texts)):
        columns = Columns(vocabulary)
        for first in range(0, len(texts), size):
            chunk = texts[first : first + size]
            tokens = [tokenize(text) for text in chunk]
            expected = [
                [(name, value) for name, value in item if name in vocabulary]
                for text, words in zip(chunk, tokens, strict=True)
                for item in crfsuite_view(extractor.token_features(text, words))
            ]
            matrix = extractor.chunk_rows(chunk, tokens, columns).to_csr()
            assert matrix_view(matrix, names) == expected, f"{config}: {first}, {size}"
            typed = extractor.chunk_rows(chunk, tokens, columns, type_column=len(vocabulary))
            alone = [extractor.document_rows(text, words, columns, type_column=len(vocabulary))
                     for text, words in zip(chunk, tokens, strict=True)]
            pointers, offset = [np.zeros(1, np.int32)], 0
            for rows in alone:
                pointers.append(rows.pointers[1:] + offset)
                offset += int(rows.pointers[-1])
            stacked = SparseRows(
                np.concatenate(pointers),
                np.concatenate([rows.columns for rows in alone]),
                np.concatenate([rows.values for rows in alone]),
                typed.width,
            )
            for field in ("pointers", "columns", "values"):
                assert np.array_equal(getattr(typed, field), getattr(stacked, field)), field


def test_a_chunks_document_contexts_look_their_normal_forms_up_in_the_type_table() -> None:
    # classes without a chunk path (part of speech, syntax) read a document's normal forms:
    # looked up when first asked for, the same as normalise_word gives
    from deidkit.features.base import ChunkContext, normalise_word

    extractor = _extractor({"fold_digits": True})
    columns = Columns(_vocabulary(extractor, 1))
    seen: list[ChunkContext] = []

    class Recording:
        def chunk_columns(self, chunk: ChunkContext, columns: Columns):
            seen.append(chunk)
            from deidkit.features.columns import Block

            return Block.empty()

    extractor._document_classes = [Recording()]  # type: ignore[list-item]
    texts = ["Seen 3/14 by Dr. SMITH", "", "smith Smith 2020"]
    extractor.chunk_rows(texts, [tokenize(text) for text in texts], columns)
    (chunk,) = seen
    for context, text in zip(chunk.contexts, texts, strict=True):
        assert context._norms is None
        assert context.norms == [normalise_word(token.text) for token in tokenize(text)]


def _texts_of(words: list[str], between: list[str]) -> st.SearchStrategy[str]:
    """Texts of up to 30 of ``words``, each followed by one of ``between``."""
    return st.lists(st.tuples(st.sampled_from(words), st.sampled_from(between)),
                    max_size=30).map(lambda pieces: "".join(a + b for a, b in pieces))


LAYOUT_TEXT = _texts_of(
    ["Name", "Dr.", "ann", "3/4", ":", ":", "|", "x:", "ß", "İ", "[** a  b **]"],
    ["", " ", " ", " ", "  ", "   ", "\t", " \t", "\n", " \n ", "\r\n"])
MEMORY_TEXT = _texts_of(
    ["Ana", "ana", "ANA", "Dr.", "Mrs", "dr", ".", ",", ":", "A", "Birthplace", "birthplace",
     "3rd", "iPhone", "x", "İ", "ß", "Zendel-Lowe", "[**"],
    ["", " ", " ", " ", "  ", "\t", "\n", " \n ", "\r\n"])


def _chunk_block_is_document_features(
    data: st.DataObject, texts: st.SearchStrategy[str], name: str, first: Sequence[str] = ()
) -> None:
    """A document class's chunk block against its token_features: drawn documents,
    tokenised or cut into arbitrary tokens (holding spaces, gaps or line breaks), a vocabulary
    of every feature found (``first`` always among them) or every other one."""
    drawn = data.draw(st.lists(texts, min_size=1, max_size=4))
    tokens = []
    for text in drawn:
        if data.draw(st.booleans()):
            tokens.append(tokenize(text))
            continue
        cuts = sorted(set(data.draw(st.lists(st.integers(0, len(text)), max_size=30))))
        spans = [(start, end) for start, end in itertools.pairwise(cuts)
                 if data.draw(st.booleans())]
        tokens.append([Token(text[start:end], start, end) for start, end in spans])
    extractor = _extractor({"classes": [name]})
    items = [crfsuite_view(extractor.token_features(text, words))
             for text, words in zip(drawn, tokens, strict=True)]
    every = list(dict.fromkeys([*first, *(feature for each in items for item in each
                                          for feature, _ in item)]))
    kept = every[:: data.draw(st.sampled_from([1, 2]))]
    vocabulary = {feature: number for number, feature in enumerate(kept)}
    names = {column: feature for feature, column in vocabulary.items()}
    expected = [[(feature, value) for feature, value in item if feature in vocabulary]
                for each in items for item in each]
    matrix = extractor.chunk_rows(drawn, tokens, Columns(vocabulary)).to_csr()
    assert matrix_view(matrix, names) == expected


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_layout_chunk_columns_equal_its_document_features(data: st.DataObject) -> None:
    # lines, gaps, pipes, cells and fields found with arrays: documents of labels, colons,
    # pipes, gaps, tabs and line breaks
    from deidkit.features.layout import FLAGS

    _chunk_block_is_document_features(data, LAYOUT_TEXT, "layout", FLAGS)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_memory_chunk_columns_equal_its_document_features(data: st.DataObject) -> None:
    # shapes, titles, labels and counts per document and word with arrays: documents of one
    # word in its shapes, titles, initials, full stops, colons and line breaks
    _chunk_block_is_document_features(data, MEMORY_TEXT, "memory")
