"""FrequencyTable: counting, log frequencies, files, the shipped tables and build-frequency."""

from __future__ import annotations

import gzip
import math
from pathlib import Path

import pytest

from deidkit import resources
from deidkit.errors import InputError, ResourceError
from deidkit.resources.frequency import FrequencyTable, build_frequency_table, corpus_texts

CORPUS = [
    "The patient was seen in clinic. The catheter was removed.",
    "the catheter site is clean; no fever.",
]


def gz(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def simple_split(text: str) -> list[str]:
    return text.replace(".", " .").replace(";", " ;").split()


def test_build_counts_casefolded_tokens() -> None:
    table = FrequencyTable.build(CORPUS, tokenize=simple_split)
    assert table.count("the") == 3 and table.count("THE") == 3
    assert table.count("catheter") == 2
    assert table.count("absent") == 0
    assert table.total == sum(len(simple_split(text)) for text in CORPUS)
    assert "Catheter" in table and "absent" not in table


def test_keep_case() -> None:
    table = FrequencyTable.build(CORPUS, tokenize=simple_split, casefold=False)
    assert table.count("The") == 2 and table.count("the") == 1


def test_log_frequency_is_zipf_scale() -> None:
    table = FrequencyTable({"a": 1000, "b": 1}, total=1_000_000)
    assert table.log_frequency("a") == pytest.approx(math.log10(1000 / 1_000_000) + 9)  # 6.0
    assert table.log_frequency("b") == pytest.approx(3.0)
    assert table.log_frequency("never") == 0.0
    assert table.frequency("a") == pytest.approx(0.001)


def test_zipf_tells_a_never_seen_token_from_one_of_zipf_zero() -> None:
    table = FrequencyTable({"once": 1, "often": 1000}, total=1_000_000_000)
    assert table.zipf("once") == 0.0 and table.log_frequency("once") == 0.0
    assert table.zipf("never") is None and table.log_frequency("never") == 0.0
    assert table.zipf("OFTEN") == table.log_frequency("often") == pytest.approx(3.0)


def test_frequency_features_bin_zipf_zero_apart_from_unseen() -> None:
    from deidkit.features.frequency import _values

    table = FrequencyTable({"once": 1, "often": 1000}, total=1_000_000_000)
    assert _values(table.zipf("once")) == ("0", None)
    assert _values(table.zipf("never")) == ("unseen", None)
    assert _values(table.zipf("often")) == ("3", 0.375)


def test_zipfs_are_each_tokens_zipf() -> None:
    # one look-up for all the tokens: a plain table's and a prepared one's
    tokens = ["once", "ONCE", "never", "often", "", "Often"]
    for casefold in (True, False):
        table = FrequencyTable({"once": 1, "often": 1000, "Often": 3}, total=10**9,
                               casefold=casefold)
        assert table.zipfs(tokens) == [table.zipf(token) for token in tokens]
    shipped = resources.frequency_table("word_frequency_en")
    assert type(shipped.counts()).__name__ == "StringTable"  # prepared
    words = ["the", "The", "pneumonia", "Garcia", "xqzzv", "3/14", "naïve", "ſ", ""]
    assert shipped.zipfs(words) == [shipped.zipf(word) for word in words]


def test_min_count_drops_rare_tokens_but_keeps_the_total() -> None:
    full = FrequencyTable.build(CORPUS, tokenize=simple_split)
    pruned = FrequencyTable.build(CORPUS, tokenize=simple_split, min_count=2)
    assert pruned.total == full.total
    assert "fever" not in pruned and pruned.count("catheter") == 2


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    table = FrequencyTable.build(CORPUS, tokenize=simple_split, source="demo corpus")
    path = tmp_path / "freq.tsv.gz"
    table.save(path)
    loaded = FrequencyTable.load(path)
    assert dict(loaded.counts()) == dict(table.counts())
    assert loaded.total == table.total and loaded.casefold and loaded.source == "demo corpus"
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()
    assert lines[0].startswith("#deidkit-frequency\t1\t")
    assert lines[1] == "token\tcount"
    counts = [int(line.split("\t")[1]) for line in lines[2:]]
    assert counts == sorted(counts, reverse=True)  # most frequent first


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not gzip at all", "not a deidkit frequency table"),
        (gz(b"token\tcount\nthe\t3\n"), "no header line"),
        (gz(b"#deidkit-frequency\t9\ttotal=3\tcasefold=1\n"), "format '9'"),
        (gz(b"#deidkit-frequency\t1\ttotal=3\tcasefold=1\ntoken\tcount\nthe\tx\n"),
         "line 3"),
        (gz("#deidkit-frequency\t1\ttotal=3\tcasefold=1\ntoken\tcount\nthe\t\u00b2\n".encode()),
         "line 3"),  # a digit (isdigit) that is no decimal number
        (gz(b"#deidkit-frequency\t1\ttotal=1\tcasefold=1\ntoken\tcount\nthe\t3\n"),
         "inconsistent"),
    ],
    ids=["not-gzip", "no-header", "bad-version", "bad-count", "superscript-count", "inconsistent"],
)
def test_load_rejects_bad_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.tsv.gz"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message) as raised:
        FrequencyTable.load(path)
    assert str(path) in str(raised.value)


def test_load_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        FrequencyTable.load(tmp_path / "missing.tsv.gz")


def test_shipped_tables_give_wordfreq_zipf() -> None:
    english = resources.frequency_table("word_frequency_en")
    assert 7.0 < english.log_frequency("the") < 8.0
    assert english.log_frequency("The") == english.log_frequency("the")
    assert 2.5 < english.log_frequency("catheter") < 4.5
    assert english.log_frequency("xqzvbnw") == 0.0
    spanish = resources.frequency_table("word_frequency_es")
    assert spanish.log_frequency("de") > spanish.log_frequency("paciente") > 0
    assert resources.entries("word_frequency_en")[0] == "the"


def test_frequency_table_rejects_lists() -> None:
    with pytest.raises(ResourceError, match="not a frequency table"):
        resources.frequency_table("months")


def test_corpus_texts_reads_plain_text_folders(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("First line.\nSecond line.\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt.gz").write_bytes(gz(b"Third line.\n"))
    (tmp_path / "ignored.json").write_text("{}", encoding="utf-8")
    assert list(corpus_texts(tmp_path)) == ["First line.\n", "Second line.\n", "Third line.\n"]


def test_corpus_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        list(corpus_texts(tmp_path / "nope"))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match=r"no \.txt"):
        list(corpus_texts(empty))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\xfe broken\n")
    with pytest.raises(InputError, match="invalid UTF-8"):
        list(corpus_texts(bad))


def test_build_frequency_table_with_the_deidkit_tokenizer(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("Dr. Smith saw the patient on 3/14/2012.\nThe patient is well.\n",
                      encoding="utf-8")
    table = build_frequency_table(corpus)
    assert table.count("the") == 2 and table.count("patient") == 2
    assert table.count("dr.") == 1  # the tokenizer keeps the title's dot
    assert table.count("3/14/2012") == 1  # and a date as one token


def test_build_frequency_table_from_a_corpus_format(tmp_path: Path) -> None:
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(
        '{"id": "d1", "text": "Public text about catheter care."}\n'
        '{"id": "d2", "text": "More public text."}\n',
        encoding="utf-8",
    )
    table = build_frequency_table(corpus, format="jsonl")
    assert table.count("public") == 2 and table.count("catheter") == 1
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(InputError, match="no tokens"):
        build_frequency_table(empty)
