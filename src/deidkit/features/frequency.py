"""The public-text frequency class (Scrubber): how common the token is in public text.

For each table: ``frequency.<name>`` = the token's Zipf log frequency divided by 8 (so about
0-1; omitted when the table never saw it) and ``frequency.<name>_bin`` = the Zipf value rounded
down (``3`` once per million tokens, ``7`` for "the") or ``unseen``.

``FeatureConfig.frequency_tables`` maps feature names to tables: a shipped table
(``word_frequency_en``, ``word_frequency_es``, derived from wordfreq) or the path of a table
built from a public medical corpus with ``deidkit resources build-frequency CORPUS OUT``.
The default is ``{"public": "word_frequency_<language>"}``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deidkit import resources
from deidkit.errors import ConfigError, DeidkitError
from deidkit.features.base import FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.resources import FrequencyTable

if TYPE_CHECKING:
    from deidkit.features.columns import Block, Columns

ZIPF_SCALE = 8.0


def default_tables(language: str) -> dict[str, str]:
    name = f"word_frequency_{language}"
    return {"public": name} if name in resources.names(kind="frequency") else {}


@functools.cache
def load_table(source: str) -> FrequencyTable:
    """A shipped frequency table by name, or a table file by path."""
    try:
        if source in resources.names(kind="frequency"):
            return resources.frequency_table(source)
        if not Path(source).exists():
            raise ConfigError(
                f"frequency table {source!r} is neither a shipped table "
                f"({', '.join(resources.names(kind='frequency'))}) nor an existing file; "
                "build one with: deidkit resources build-frequency CORPUS OUT"
            )
        return FrequencyTable.load(source)
    except ConfigError:
        raise
    except DeidkitError as error:
        raise ConfigError(f"frequency features: {error.message}") from None


def _values(zipf: float | None) -> tuple[str, float | None]:
    """A word's bin (``unseen`` when the table never saw it: ``zipf`` None) and scaled Zipf
    frequency (None when not above 0)."""
    if zipf is None:
        return "unseen", None
    return str(max(int(zipf), 0)), round(zipf / ZIPF_SCALE, 4) if zipf > 0 else None


class FrequencyFeatures(FeatureClass):
    name = "frequency"
    summary = "log frequency in public text (wordfreq) or a user-built table"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        chosen = (
            dict(config.frequency_tables)
            if config.frequency_tables is not None
            else default_tables(config.language)
        )
        self.tables = chosen
        self._tables = [
            (f"frequency.{name}", f"frequency.{name}_bin", load_table(source))
            for name, source in chosen.items()
        ]

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        if config.frequency_tables is None and not default_tables(config.language):
            return f"no public frequency table is shipped for language {config.language!r}"
        return None

    def type_features(self, word: str) -> Features:
        return self._features([table.zipf(word) for _, _, table in self._tables])

    def _features(self, zipfs: Sequence[float | None]) -> Features:
        """The features of a word whose Zipf value in each table is ``zipfs``."""
        features: Features = {}
        for (value_key, bin_key, _), zipf in zip(self._tables, zipfs, strict=True):
            zipf_bin, value = _values(zipf)
            features[bin_key] = zipf_bin
            if value is not None:
                features[value_key] = value
        return features

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        # each table looked up once for all the words (FrequencyTable.zipfs); a word's
        # entries are each table's bin, then its value, as type_features orders them
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        blocks = [Block.empty()]
        for value_key, bin_key, table in self._tables:
            bins: dict[str, int] = {}
            found, valued, values = [], [], []
            for index, zipf in enumerate(table.zipfs(words)):
                zipf_bin, value = _values(zipf)
                bin_column = bins.get(zipf_bin)
                if bin_column is None:
                    bin_column = bins[zipf_bin] = columns.column(bin_key, zipf_bin)
                found.append(bin_column)
                if value is not None:
                    valued.append(index)
                    values.append(value)
            blocks.append(Block(np.arange(len(words)), np.asarray(found, np.int32),
                                np.ones(len(words))))
            blocks.append(Block(np.asarray(valued, np.intp),
                                np.full(len(valued), columns.column(value_key), np.int32),
                                np.asarray(values, np.float64)))
        return Block.joined(blocks)

    def describe(self) -> dict[str, object]:
        return {"tables": dict(self.tables)}
