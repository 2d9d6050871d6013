"""Token frequency tables of public text (Scrubber's "term frequency" features).

A ``FrequencyTable`` maps tokens to counts in some corpus and gives each token its log
frequency on the Zipf scale: ``log10`` of its occurrences per billion tokens (wordfreq's
scale: ``the`` is about 7.7, a word seen once per million tokens is 3.0), and 0.0 for a token
the corpus never saw. Tables are built from a corpus with ``FrequencyTable.build`` (or the
command ``deidkit resources build-frequency``), saved as a small gzip TSV file and loaded
with ``FrequencyTable.load``. Two tables derived from wordfreq ship with deidkit
(``word_frequency_en``, ``word_frequency_es``; see ``frequency_table``).

File format (UTF-8, gzip): a header line ``#deidkit-frequency<TAB>1<TAB>total=<N><TAB>
casefold=<0|1><TAB>source=<text>``, a column line ``token<TAB>count``, then one line per
token, most frequent first.
"""

from __future__ import annotations

import gzip
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from deidkit.errors import InputError, ResourceError
from deidkit.resources.files import write_gzip_lines

MAGIC = "#deidkit-frequency"
FORMAT_VERSION = "1"
PER_BILLION = 1_000_000_000


def _default_tokenize(text: str) -> list[str]:
    from deidkit.text import tokenize  # lazy: the tokenizer loads only to count text

    return [token.text for token in tokenize(text)]


class FrequencyTable:
    """Token counts of a corpus and the log (Zipf) frequency of any token.

    ``casefold`` says whether tokens were casefolded when counted; look-ups are then
    casefolded too, so ``log_frequency("The") == log_frequency("the")``.
    """

    __slots__ = ("_counts", "_log_total", "casefold", "source", "total")

    def __init__(
        self, counts: Mapping[str, int], total: int, *, casefold: bool = True, source: str = ""
    ) -> None:
        prepared = _string_table(counts)
        if prepared is not None and len(prepared):
            smallest, largest = int(prepared.values_array.min()), int(prepared.values_array.max())
        else:
            smallest, largest = min(counts.values(), default=1), max(counts.values(), default=0)
        if total < 0 or smallest <= 0:
            raise ValueError("counts must be positive and the total non-negative")
        if total < largest:
            raise ValueError("total must be at least the largest count")
        self._counts: Mapping[str, int] = (
            prepared if prepared is not None else MappingProxyType(dict(counts))
        )
        self.total = total
        self.casefold = casefold
        self.source = source
        self._log_total = math.log10(total) if total > 0 else 0.0

    # -- look-ups -------------------------------------------------------------------------
    def _key(self, token: str) -> str:
        return token.casefold() if self.casefold else token

    def count(self, token: str) -> int:
        """How often the token occurred (0 if never)."""
        return self._counts.get(self._key(token), 0)

    def frequency(self, token: str) -> float:
        """The token's share of all tokens (0.0 if never seen)."""
        return self.count(token) / self.total if self.total else 0.0

    def log_frequency(self, token: str) -> float:
        """Zipf-scale log frequency: log10 of occurrences per billion tokens; 0.0 if unseen."""
        zipf = self.zipf(token)
        return 0.0 if zipf is None else zipf

    def zipf(self, token: str) -> float | None:
        """``log_frequency``, or None when the table never saw the token: one look-up where
        ``token in table`` and then ``log_frequency`` take two."""
        count = self._counts.get(self._key(token), 0)
        if count == 0:  # counts are positive: the table never saw it
            return None
        return math.log10(count) - self._log_total + 9.0

    def zipfs(self, tokens: Sequence[str]) -> list[float | None]:
        """``zipf`` of each token, the table looked up once for all of them (a prepared
        table's ``get_many``)."""
        keys = [token.casefold() for token in tokens] if self.casefold else tokens
        counts = self._counts
        prepared = _string_table(counts)
        found = (
            prepared.get_many(keys, 0) if prepared is not None
            else [counts.get(key, 0) for key in keys]
        )
        log10, log_total = math.log10, self._log_total
        return [log10(count) - log_total + 9.0 if count else None for count in found]

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and self._key(token) in self._counts

    def __len__(self) -> int:
        return len(self._counts)

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def counts(self) -> Mapping[str, int]:
        """Token -> count (read-only)."""
        return self._counts

    def most_common(self, n: int | None = None) -> list[tuple[str, int]]:
        ordered = sorted(self._counts.items(), key=lambda item: (-item[1], item[0]))
        return ordered if n is None else ordered[:n]

    def __repr__(self) -> str:
        return (
            f"FrequencyTable({len(self)} tokens, total={self.total}, casefold={self.casefold}, "
            f"source={self.source!r})"
        )

    # -- building -------------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        texts: Iterable[str],
        *,
        tokenize: Callable[[str], list[str]] | None = None,
        casefold: bool = True,
        min_count: int = 1,
        source: str = "",
    ) -> FrequencyTable:
        """Count the tokens of ``texts`` (tokenised with ``deidkit.text.tokenize`` by default).

        The total counts every token, also those dropped by ``min_count``, so frequencies
        stay true to the corpus. Memory grows with the vocabulary, not the corpus.
        """
        if min_count < 1:
            raise ValueError("min_count must be at least 1")
        split = tokenize or _default_tokenize
        counter: Counter[str] = Counter()
        total = 0
        for text in texts:
            tokens = split(text)
            total += len(tokens)
            if casefold:
                counter.update(token.casefold() for token in tokens)
            else:
                counter.update(tokens)
        kept = {
            token: count
            for token, count in counter.items()
            if count >= min_count and "\t" not in token and "\n" not in token and "\r" not in token
        }
        return cls(kept, total, casefold=casefold, source=source)

    # -- files ----------------------------------------------------------------------------
    def arrays(self) -> dict[str, Any]:
        """The table as arrays (``from_arrays`` gives it back): what
        ``deidkit.resources.prepared`` stores for the shipped tables."""
        import numpy as np

        from deidkit.resources.prepared import StringTable

        counts = _string_table(self._counts) or StringTable.build(self._counts)
        found: dict[str, Any] = {f"counts.{key}": value for key, value in counts.arrays().items()}
        found["total"] = np.asarray(self.total, np.int64)
        found["casefold"] = np.asarray(self.casefold)
        found["source"] = np.asarray(self.source, dtype=str)
        return found

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, Any]) -> FrequencyTable:
        """The table ``arrays`` describe (its counts looked up in the arrays as they are)."""
        from deidkit.resources.prepared import StringTable

        counts = StringTable(
            {key: arrays[f"counts.{key}"] for key in ("keys", "offsets", "values", "order")}
        )
        return cls(counts, int(arrays["total"]), casefold=bool(arrays["casefold"]),
                   source=str(arrays["source"]))

    def save(self, path: Path) -> None:
        """Write the table atomically as gzip TSV (most frequent first)."""
        source = " ".join(self.source.split())
        header = "\t".join(
            [MAGIC, FORMAT_VERSION, f"total={self.total}", f"casefold={int(self.casefold)}",
             f"source={source}"]
        )
        lines = [header, "token\tcount"]
        lines.extend(f"{token}\t{count}" for token, count in self.most_common())
        write_gzip_lines(Path(path), lines)

    @classmethod
    def load(cls, path: str | Path) -> FrequencyTable:
        """Read a table written by ``save`` (or ``deidkit resources build-frequency``)."""
        path = Path(path)
        try:
            with gzip.open(path, "rt", encoding="utf-8", newline="\n") as handle:
                lines = handle.read().split("\n")
        except FileNotFoundError:
            raise InputError("frequency table not found", path=path, fix="check the path") from None
        except (OSError, EOFError, UnicodeDecodeError):
            raise InputError(
                "not a deidkit frequency table (not gzip UTF-8)",
                path=path,
                fix="build one with 'deidkit resources build-frequency CORPUS OUT'",
            ) from None
        header = lines[0].split("\t") if lines else []
        if len(header) < 4 or header[0] != MAGIC:
            raise InputError(
                "not a deidkit frequency table (no header line)",
                path=path,
                line=1,
                fix="build one with 'deidkit resources build-frequency CORPUS OUT'",
            )
        if header[1] != FORMAT_VERSION:
            raise InputError(
                f"frequency table format {header[1]!r} is not supported",
                path=path,
                line=1,
                fix="rebuild it with this version of deidkit",
            )
        fields = dict(part.split("=", 1) for part in header[2:] if "=" in part)
        try:
            total = int(fields["total"])
            casefold = fields.get("casefold", "1") == "1"
        except (KeyError, ValueError):
            raise InputError(
                "frequency table header lacks a valid total", path=path, line=1
            ) from None
        counts: dict[str, int] = {}
        for number, line in enumerate(lines[2:], start=3):
            if not line:
                continue
            token, sep, count_text = line.rpartition("\t")
            if not sep or not count_text.isdecimal() or int(count_text) == 0:
                raise InputError(
                    "expected 'token<TAB>count' with a positive count",
                    path=path,
                    line=number,
                    fix="rebuild the table",
                )
            counts[token] = int(count_text)
        try:
            return cls(counts, total, casefold=casefold, source=fields.get("source", ""))
        except ValueError as error:
            raise InputError(f"inconsistent table ({error})", path=path, fix="rebuild it") from None

    @classmethod
    def from_wordfreq(cls, lang: str = "en", *, n: int = 100_000) -> FrequencyTable:
        """A table of wordfreq's ``n`` most frequent words of ``lang`` (needs ``wordfreq``).

        Counts are occurrences per billion words, so ``log_frequency`` equals wordfreq's
        Zipf frequency for every word kept. wordfreq's data is CC BY-SA 4.0.
        """
        try:
            import wordfreq  # lazy: wordfreq is optional
        except ImportError:
            raise ResourceError(
                "wordfreq is not installed; pip install wordfreq, or use the shipped "
                f"table: deidkit.resources.frequency_table('word_frequency_{lang}')"
            ) from None
        counts: dict[str, int] = {}
        for word in wordfreq.top_n_list(lang, n, wordlist="best"):
            count = round(wordfreq.word_frequency(word, lang, wordlist="best") * PER_BILLION)
            if count > 0 and "\t" not in word:
                counts[word] = count
        return cls(counts, PER_BILLION, casefold=True, source=f"wordfreq {lang} top {n}")


def _string_table(counts: Mapping[str, int]) -> Any:
    """``counts`` when it is a prepared ``StringTable`` (its values checked as an array),
    else None."""
    prepared = sys.modules.get("deidkit.resources.prepared")  # not imported: not a table of it
    return counts if prepared is not None and isinstance(counts, prepared.StringTable) else None


PLAIN_SUFFIXES = (".txt", ".text", ".txt.gz", ".text.gz")


def _is_plain(path: Path) -> bool:
    name = path.name.lower()
    return any(name.endswith(suffix) for suffix in PLAIN_SUFFIXES)


def _plain_lines(path: Path) -> Iterator[str]:
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    number = 0
    try:
        with opener(path, "rt", encoding="utf-8", newline="") as handle:
            for number, line in enumerate(handle, start=1):  # noqa: B007
                yield line
    except UnicodeDecodeError:
        raise InputError(
            "invalid UTF-8",
            path=path,
            line=number + 1,
            fix="convert the corpus to UTF-8 (e.g. iconv -f latin1 -t utf-8)",
        ) from None
    except (OSError, EOFError) as error:
        raise InputError(f"cannot read file ({error})", path=path) from None


def corpus_texts(path: Path, format: str | None = None) -> Iterator[str]:
    """Stream the text of a public corpus, piece by piece.

    With ``format`` (any name in ``deidkit.io.FORMATS``) the documents' texts are read with
    ``deidkit.io.read_documents``. Without it, a ``.txt`` / ``.txt.gz`` file, or a folder of
    them (searched recursively, in sorted order), is read line by line, so memory does not grow
    with the corpus; any other file is given to format detection.
    """
    from deidkit.io import read_documents  # lazy: the corpus readers load only to count a corpus

    if format is not None:
        for document in read_documents(path, format):
            yield document.text
        return
    if not path.exists():
        raise InputError("no such file or folder", path=path, fix="check the path")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and _is_plain(p))
        if not files:
            raise InputError(
                "no .txt or .txt.gz files in this folder",
                path=path,
                fix="give a folder of UTF-8 text files, or pass --format for a corpus format",
            )
        for file in files:
            yield from _plain_lines(file)
        return
    if _is_plain(path):
        yield from _plain_lines(path)
        return
    for document in read_documents(path, None):
        yield document.text


def build_frequency_table(
    corpus: Path,
    *,
    format: str | None = None,
    casefold: bool = True,
    min_count: int = 1,
    tokenize: Callable[[str], list[str]] | None = None,
) -> FrequencyTable:
    """Count the tokens of a public corpus (see ``corpus_texts``) into a FrequencyTable."""
    table = FrequencyTable.build(
        corpus_texts(corpus, format),
        tokenize=tokenize,
        casefold=casefold,
        min_count=min_count,
        source=corpus.name,
    )
    if table.total == 0:
        raise InputError("the corpus has no tokens", path=corpus, fix="check the path and --format")
    return table
