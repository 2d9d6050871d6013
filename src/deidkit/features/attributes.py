"""Features as CRFsuite attributes: what python-crfsuite makes of a feature dict, made once.

python-crfsuite turns each token's feature dict into attributes on every call: a string
feature ``key: value`` becomes the attribute ``key:value`` with weight 1.0, a float feature
``key: x`` the attribute ``key`` with weight ``x`` (UTF-8 bytes either way). Doing that for
every token of every document costs more than extracting the features. ``AttributeNames``
does it once per distinct (key, value) and hands out the finished ``bytes`` name. With a
``vocabulary`` (a model's attribute names -> the names to give CRFsuite) it leaves out the
attributes the model has never seen, which CRFsuite would look up and drop anyway, and
renames the others (``deidkit.models.crf`` opens a copy of the model whose attributes have
1-3 byte names, cheaper to pass and to look up): the model scores exactly the same
attributes, in the same order, with the same weights.

``FeatureExtractor.attribute_items`` builds a document's items this way (per-word attributes
through ``FeatureClass.add_type_attributes``, cached per word, document classes through
``FeatureClass.add_document_attributes``);
``tests/features/test_attributes.py`` checks it against python-crfsuite's own conversion of
``token_features``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise, repeat

Features = dict[str, str | float]
"""One token's features: a string value is a one-hot feature ``name=value``, a float a
weighted feature (python-crfsuite reads both). Defined here, below ``deidkit.features.base``
(which re-exports it), because both need it."""

AttributeItem = dict[bytes, float]
"""One token's CRFsuite attributes: name (UTF-8 bytes) -> weight."""

SEPARATOR = ":"
"""python-crfsuite's separator between a string feature's key and value."""

NAMES_LIMIT = 400_000
"""Cached (key, value) names kept before the caches start afresh (memory stays bounded)."""


def _encode(name: str) -> bytes:
    return name.encode("utf-8")


class NameTable(dict[str, bytes | None]):
    """value -> attribute name of one string feature ``key`` (None: not in the vocabulary);
    filled on first use, so ``table[value]`` is one dictionary look-up after that."""

    __slots__ = ("_prefix", "_vocabulary")

    def __init__(self, key: str, vocabulary: Mapping[str, bytes] | None) -> None:
        super().__init__()
        self._prefix = key + SEPARATOR
        self._vocabulary = vocabulary

    def __missing__(self, value: str) -> bytes | None:
        full = self._prefix + value
        vocabulary = self._vocabulary
        name = full.encode("utf-8") if vocabulary is None else vocabulary.get(full)
        self[value] = name
        return name


class NameRows(dict[str, tuple[bytes | None, ...]]):
    """value -> the attribute names of several string features ``keys`` that share it (a
    context word seen at each distance), computed together on first use."""

    __slots__ = ("_prefixes", "_vocabulary")

    def __init__(self, keys: tuple[str, ...], vocabulary: Mapping[str, bytes] | None) -> None:
        super().__init__()
        self._prefixes = tuple(key + SEPARATOR for key in keys)
        self._vocabulary = vocabulary

    def __missing__(self, value: str) -> tuple[bytes | None, ...]:
        vocabulary = self._vocabulary
        if vocabulary is None:
            names: tuple[bytes | None, ...] = tuple(
                [(prefix + value).encode("utf-8") for prefix in self._prefixes]
            )
        else:
            get = vocabulary.get
            names = tuple([get(prefix + value) for prefix in self._prefixes])
        self[value] = names
        return names


Bigram = tuple[str, str]


def _bigram_table(
    keys: tuple[str, ...], vocabulary: Mapping[str, bytes]
) -> dict[Bigram, tuple[bytes | None, ...]]:
    """(first, second) -> the names of ``key:first second`` in ``vocabulary`` for each of
    ``keys`` (None where it has none): a value is entered at each of its spaces, so every
    (first, second) that joins into it finds it."""
    table: dict[Bigram, tuple[bytes | None, ...]] = {}
    nothing: tuple[bytes | None, ...] = (None,) * len(keys)
    for index, key in enumerate(keys):
        prefix = key + SEPARATOR
        for full, name in vocabulary.items():
            if full.startswith(prefix):
                value = full[len(prefix) :]
                space = value.find(" ")
                while space >= 0:
                    bigram = (value[:space], value[space + 1 :])
                    names = list(table.get(bigram, nothing))
                    names[index] = name
                    table[bigram] = tuple(names)
                    space = value.find(" ", space + 1)
    return table


class AttributeNames:
    """Feature (key, value) -> CRFsuite attribute name, cached.

    Without a vocabulary the name is python-crfsuite's (``key:value`` or ``key``, UTF-8);
    with one, ``vocabulary[that name as str]``, and None for a name outside it."""

    __slots__ = ("_bigrams", "_rows", "_tables", "_weighted", "vocabulary")

    def __init__(self, vocabulary: Mapping[str, bytes] | None = None) -> None:
        self.vocabulary = vocabulary
        self._tables: dict[str, NameTable] = {}
        self._rows: dict[tuple[str, ...], NameRows] = {}
        self._weighted: dict[str, bytes | None] = {}
        self._bigrams: dict[tuple[str, ...], dict[Bigram, tuple[bytes | None, ...]]] = {}

    def table(self, key: str) -> NameTable:
        """The names of string feature ``key``, by value."""
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = NameTable(key, self.vocabulary)
        return table

    @property
    def lookup(self) -> Callable[[str], bytes | None]:
        """Uncached: a full attribute name (``key:value``) -> the name to give CRFsuite, for
        values that rarely repeat (caching them would cost more than it saves)."""
        vocabulary = self.vocabulary
        return _encode if vocabulary is None else vocabulary.get

    def rows(self, keys: tuple[str, ...]) -> NameRows:
        """The names of string features ``keys`` for one value, by value."""
        rows = self._rows.get(keys)
        if rows is None:
            rows = self._rows[keys] = NameRows(keys, self.vocabulary)
        return rows

    def bigram_names(
        self, keys: tuple[str, ...], words: Sequence[str]
    ) -> list[tuple[bytes | None, ...]]:
        """For each two neighbours ``first, second`` of ``words``, the names of string
        features ``keys`` for the value ``f"{first} {second}"`` (a word bigram). With a
        vocabulary the bigram is looked up as a pair, without building the value."""
        bigrams = pairwise(words)
        vocabulary = self.vocabulary
        if vocabulary is None:
            prefixes = [key + SEPARATOR for key in keys]
            return [tuple([f"{prefix}{a} {b}".encode() for prefix in prefixes]) for a, b in bigrams]
        table = self._bigrams.get(keys)
        if table is None:
            table = self._bigrams[keys] = _bigram_table(keys, vocabulary)
        return list(map(table.get, bigrams, repeat((None,) * len(keys))))

    def weighted(self, key: str) -> bytes | None:
        """The name of float feature ``key`` (its value is the weight)."""
        try:
            return self._weighted[key]
        except KeyError:
            vocabulary = self.vocabulary
            name = key.encode("utf-8") if vocabulary is None else vocabulary.get(key)
            self._weighted[key] = name
            return name

    def add(self, item: AttributeItem, features: Features) -> None:
        """Add ``features`` to ``item`` as attributes, in their order."""
        tables = self._tables
        for key, value in features.items():
            if isinstance(value, str):
                table = tables.get(key) or self.table(key)
                name = table[value]
                if name is not None:
                    item[name] = 1.0
            else:
                name = self.weighted(key)
                if name is not None:
                    item[name] = value

    def item(self, features: Features) -> AttributeItem:
        """One token's features as attributes."""
        item: AttributeItem = {}
        self.add(item, features)
        return item

    @property
    def size(self) -> int:
        """How many values have their names cached."""
        return sum(len(table) for table in self._tables.values()) + sum(
            len(rows) for rows in self._rows.values()
        )

    def trim(self) -> None:
        """Start the caches afresh once they hold ``NAMES_LIMIT`` values."""
        if self.size >= NAMES_LIMIT:
            self._tables.clear()
            self._rows.clear()
