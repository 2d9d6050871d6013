"""Prepared tables (``deidkit.resources.prepared``): stored ready to load, equal to what the
sources give, current, and refused in one line when damaged."""

from __future__ import annotations

import io
import json
import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.features import dictionary, medical
from deidkit.features.phrases import PhraseMatcher, resource_matcher
from deidkit.features.prepare import differences, prepare
from deidkit.models.rules.lexicons import prepared_lexicons
from deidkit.resources import prepared
from deidkit.resources.frequency import FrequencyTable
from deidkit.resources.prepared import StringTable
from deidkit.text import token_texts

TEXT = (
    "Mr. John Smith of New York was seen at St. Mary's Hospital in Boston, MA on Monday by "
    "Dr. Garcia; pneumonia, Foley catheter. Lives on Main Street, Springfield."
)


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Nothing loaded by one test (from a patched folder) is seen by another."""
    yield
    dictionary._matcher.cache_clear()
    medical._matcher.cache_clear()
    resources.clear_cache()


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=8), st.integers(0, 2**40), max_size=30),
       st.lists(st.text(max_size=8), max_size=10))
def test_a_string_table_is_the_mapping_it_was_built_from(items: dict[str, int],
                                                         others: list[str]) -> None:
    table = StringTable.build(items)
    assert len(table) == len(items)
    assert list(table) == list(items)  # iteration keeps the original order
    assert dict(table.items()) == items
    for key in [*items, *others]:
        assert (key in table) == (key in items)
        assert table.get(key, -1) == items.get(key, -1)
    again = StringTable(table.arrays())
    assert dict(again.items()) == items
    assert list(pickle.loads(pickle.dumps(table)).items()) == list(items.items())
    assert 5 not in table and table.get(5) is None  # type: ignore[arg-type]


def test_a_string_table_finds_keys_around_the_edges_of_its_prefix_groups() -> None:
    # keys shorter than the prefix, NUL bytes (which pad short keys), shared prefixes and
    # characters of several bytes: each group of keys with one prefix code is searched alone
    keys = ["", "\0", "a", "a\0", "a\0\0", "a\0\0b", "ab", "abc", "abcd", "abd", "b", "é", "éa",
            "\uffff", "\U0001f600", "zzz", "zzzz"]
    table = StringTable.build({key: number for number, key in enumerate(keys)})
    codes, bounds = table._prefix_groups()
    assert len(codes) < len(keys) and bounds[-1] == len(keys)  # some groups hold several keys
    assert codes == sorted(set(codes)) == sorted(
        {prepared.prefix_code(key.encode("utf-8", "surrogatepass")) for key in keys})
    for number, key in enumerate(keys):
        assert table[key] == number
    for other in ["\0\0", "a\0b", "abce", "ac", "zz", "zzzzz", "e", "\U0001f601"]:
        assert other not in table and table.get(other) is None


KEY_TEXT = st.text(st.sampled_from(["a", "b", "\0", "é", "\U0001f600", "\ud800"]), max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(KEY_TEXT, st.integers(0, 2**40), max_size=30),
       st.lists(KEY_TEXT, max_size=20))
def test_a_string_tables_many_keys_at_once_are_its_keys_one_by_one(
    items: dict[str, int], others: list[str]
) -> None:
    # keys with NULs (which numpy's byte strings ignore at the end), longer than any key,
    # of several bytes a character, lone surrogates
    table = StringTable.build(items)
    keys = [*items, *others, "b" * 40]
    assert table.get_many(keys, -1) == [table.get(key, -1) for key in keys]
    assert table.get_many(keys, -1) == [items.get(key, -1) for key in keys]
    assert prepared.get_many(items, keys, 7) == prepared.get_many(table, keys, 7)
    assert table.get_many([], 0) == []


def test_a_string_table_refuses_arrays_that_do_not_fit() -> None:
    arrays = StringTable.build({"a": 1, "b": 2}).arrays()
    with pytest.raises(ValueError):
        StringTable({**arrays, "offsets": arrays["offsets"][:-1]})
    with pytest.raises(ValueError):
        StringTable({**arrays, "values": arrays["values"].astype(float)})
    with pytest.raises(ValueError):
        StringTable({**arrays, "offsets": np.asarray([0, 2, 1])[:3]})
    with pytest.raises(KeyError):
        StringTable.build({"a": 1, "b": 2})["c"]


def _npy(array: np.ndarray, **options: bool) -> bytearray:
    buffer = io.BytesIO()
    np.save(buffer, array, **options)
    return bytearray(buffer.getvalue())


def test_an_npy_file_is_read_as_np_load_reads_it() -> None:
    for path in sorted(prepared.PREPARED_DIR.rglob("*.npy")):  # every shipped file
        found, loaded = prepared.npy_array(prepared._file_bytes(path)), np.load(path)
        assert found.dtype == loaded.dtype and np.array_equal(found, loaded), path
        assert found.flags.writeable and found.flags.aligned, path
    grid = np.arange(12, dtype=np.float32).reshape(3, 4)
    pairs = np.zeros(3, dtype=[("a", "<i4"), ("b", "<f8")])  # a header numpy reads
    pairs["a"] = [1, 2, 3]
    for array in (grid, np.asfortranarray(grid), np.float64(3.5), np.zeros(0, np.int32),
                  np.array(["ab", "é"]), np.arange(5, dtype=">u4"), grid.reshape(1, 2, 6),
                  np.array([True, False]), pairs, np.array(["2010-03-05"], "datetime64[D]")):
        found = prepared.npy_array(_npy(array))
        assert found.dtype == array.dtype and found.shape == np.shape(array)
        assert np.array_equal(found, array)
    data = _npy(np.arange(10, dtype=np.int64))
    with pytest.raises(ValueError):  # cut short
        prepared.npy_array(data[:-8])
    with pytest.raises(ValueError):  # not an .npy file
        prepared.npy_array(bytearray(b"PK\x03\x04") + data)
    with pytest.raises(ValueError):  # objects would need pickles: never loaded
        prepared.npy_array(_npy(np.array([1, "a"], dtype=object), allow_pickle=True))


def test_the_shipped_prepared_tables_are_current() -> None:
    stale = differences()
    assert not stale, (
        f"{len(stale)} prepared files differ from what the code prepares (first: {stale[0]}); "
        "run: .venv/bin/python -m deidkit.features.prepare"
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_prepared_matcher_is_the_built_one(language: str) -> None:
    chosen = dictionary.default_dictionaries(language)
    loaded = resource_matcher(chosen)
    assert not isinstance(loaded._entries, dict)  # it was read prepared, not built
    built = PhraseMatcher({name: resources.entries(source) for name, source in chosen.items()})
    words = [*token_texts(TEXT), "Madrid", "San", "Sebastián", "de", "los", "Reyes", "ß"]
    assert loaded.names == built.names
    assert loaded.masks(words) == built.masks(words)
    assert any(loaded.masks(words))
    assert (loaded.single_count, loaded.multi_count) == (built.single_count, built.multi_count)


def test_a_prepared_frequency_table_is_the_loaded_file() -> None:
    table = resources.frequency_table("word_frequency_en")
    assert isinstance(table.counts(), StringTable)
    path = resources.source_file("word_frequency_en")
    assert path is not None
    loaded = FrequencyTable.load(path)
    assert (table.total, table.casefold, table.source) == (
        loaded.total, loaded.casefold, loaded.source)
    assert list(table) == list(loaded)  # the file's order: most frequent first
    assert dict(table.counts()) == dict(loaded.counts())
    for word in ["the", "The", "pneumonia", "zzzqqq", ""]:
        assert table.log_frequency(word) == loaded.log_frequency(word)
        assert (word in table) == (word in loaded)


def test_without_prepared_tables_everything_is_built_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = resource_matcher(dictionary.default_dictionaries("en")).masks(token_texts(TEXT))
    frequency = resources.frequency_table("word_frequency_en").log_frequency("hospital")
    resources.clear_cache()
    monkeypatch.setattr(prepared, "PREPARED_DIR", tmp_path / "none")  # stale: none found
    matcher = resource_matcher(dictionary.default_dictionaries("en"))
    assert isinstance(matcher._entries, dict)  # built from the lists
    assert matcher.masks(token_texts(TEXT)) == expected
    assert resources.frequency_table("word_frequency_en").log_frequency("hospital") == frequency


@pytest.mark.parametrize("model", ["en", "es"])
def test_a_shipped_models_prepared_bigram_table_is_the_built_one(model: str) -> None:
    from deidkit.features import context
    from deidkit.models import load_model
    from deidkit.models.crf import CRFDetector

    loaded = load_model(model)
    crf = next(m for m in getattr(loaded, "detectors_", None) or [loaded]
               if isinstance(m, CRFDetector))
    columns = crf.columns_
    assert columns.source  # a saved model's vocabulary is named by its file
    key = prepared.fingerprint("bigrams", [], [Path(context.__file__)],
                               extra=f"{columns.source}\0{columns.separator}")
    assert prepared.stored("bigrams", key) is not None  # the table is read, not built
    halves, codes, ids = context.bigram_table(columns)
    built = context._build_bigram_table(columns)
    assert halves == built[0] and list(halves.values()) == list(range(len(halves)))
    assert np.array_equal(codes, built[1]) and codes.dtype == built[1].dtype
    assert np.array_equal(ids, built[2]) and ids.dtype == built[2].dtype
    assert len(codes) > 1000
    # a vocabulary from elsewhere (no source) is built
    from deidkit.features.columns import Columns

    assert context.bigram_table(Columns(dict(columns.vocabulary)))[0] == halves


@pytest.fixture(scope="module")
def prepared_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    folder = tmp_path_factory.mktemp("prepared") / "prepared"
    return folder, prepare(folder)


def test_prepare_writes_the_same_bytes_and_the_tables_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prepared_once: tuple[Path, list[str]]
) -> None:
    first, written = prepared_once
    again = prepare(tmp_path / "b")
    assert written == again and any(name.startswith("phrases-") for name in written)
    assert {name.split("-")[0] for name in written} == {
        "bigrams", "frequency", "lexicons", "mentions", "patterns", "phrases", "pools"}
    for name in written:
        assert (first / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    monkeypatch.setattr(prepared, "PREPARED_DIR", tmp_path / "b")
    prepared.clear_cache()
    assert isinstance(resources.frequency_table("word_frequency_es").counts(), StringTable)


@pytest.fixture
def prepared_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  prepared_once: tuple[Path, list[str]]) -> Path:
    """A copy of freshly prepared tables, where the process looks for them."""
    folder = tmp_path / "prepared"
    shutil.copytree(prepared_once[0], folder)
    monkeypatch.setattr(prepared, "PREPARED_DIR", folder)
    prepared.clear_cache()
    return folder


def test_a_damaged_prepared_file_is_refused_in_one_line(prepared_copy: Path) -> None:
    folder = prepared_copy
    target = next(folder.glob("frequency-*/counts.values.npy"))
    data = bytearray(target.read_bytes())
    data[-1] ^= 0xFF
    target.write_bytes(bytes(data))
    with pytest.raises(ResourceError) as caught:
        resources.frequency_table("word_frequency_en")
        resources.frequency_table("word_frequency_es")
    message = str(caught.value)
    assert "\n" not in message and "counts.values.npy" in message
    assert "deidkit.features.prepare" in message


def test_a_prepared_table_that_does_not_fit_is_refused(prepared_copy: Path) -> None:
    # its checksums match (written by another version, say) but its arrays do not fit
    folder = prepared_copy
    tables = {}
    for sub in folder.iterdir():
        if sub.is_dir():
            tables[sub.name] = {p.stem: np.load(p) for p in sub.glob("*.npy")}
            if sub.name.startswith("phrases-"):
                tables[sub.name]["node_masks"] = tables[sub.name]["node_masks"][:-1]
    prepared.write(tables, folder)
    with pytest.raises(ResourceError, match="damaged or from another version"):
        resource_matcher(dictionary.default_dictionaries("en"))


def test_a_damaged_manifest_is_refused(prepared_copy: Path) -> None:
    folder = prepared_copy
    (folder / prepared.MANIFEST_FILE).write_text(json.dumps({"format": 99}), encoding="utf-8")
    with pytest.raises(ResourceError, match="missing or damaged"):
        resources.frequency_table("word_frequency_en")


def test_damaged_prepared_lexicons_are_refused_in_one_line(prepared_copy: Path) -> None:
    target = next(prepared_copy.glob("lexicons-*/strings.npy"))
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    with pytest.raises(ResourceError) as caught:
        prepared_lexicons("en")
        prepared_lexicons("es")
    message = str(caught.value)
    assert "\n" not in message and "strings.npy" in message
    assert "deidkit.features.prepare" in message


def test_prepared_lexicons_that_do_not_fit_are_refused(prepared_copy: Path) -> None:
    # checksums that match (another version wrote them), a layout that does not fit
    tables = {}
    for sub in prepared_copy.iterdir():
        if sub.is_dir():
            tables[sub.name] = {p.stem: np.load(p) for p in sub.glob("*.npy")}
            if sub.name.startswith("lexicons-"):
                layout = json.loads(tables[sub.name]["layout"].tobytes())
                layout["fields"] = layout["fields"][1:]
                tables[sub.name]["layout"] = np.frombuffer(json.dumps(layout).encode(), np.uint8)
    prepared.write(tables, prepared_copy)
    with pytest.raises(ResourceError, match="damaged or from another version") as caught:
        prepared_lexicons("en")
    assert "\n" not in str(caught.value)
