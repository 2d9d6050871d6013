"""Lexical resources: dictionaries, word frequencies and medical vocabularies.

Every shipped list has a name (``deidkit resources list``), a provenance note and a license
(``info(name)``, ``PROVENANCE.md``), and is read lazily, once, from a small gzip file in the
package; nothing is downloaded.

>>> from deidkit import resources
>>> "john" in resources.lexicon("first_names_male")          # casefolded membership
True
>>> resources.entries("months")[:2]                           # original case
('January', 'February')
>>> resources.weighted("first_names_female")[0]               # (name, percent of people)
('Mary', 2.629)

English lists have plain names; other languages prefix their code (``es_provinces``);
``for_language("provinces", "es")`` finds them. Optional bundles (GPL or large, installed by
the user) are listed by ``bundles.BUNDLES`` and read through the same functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deidkit.resources import bundles
from deidkit.resources.catalogue import ResourceInfo
from deidkit.resources.frequency import FrequencyTable
from deidkit.resources.store import (
    attribute,
    clear_cache,
    column,
    columns,
    entries,
    for_language,
    frequency_table,
    info,
    lexicon,
    names,
    rows,
    source_file,
    weighted,
)

if TYPE_CHECKING:
    from deidkit.resources.mesh import MeshVocabulary


def __getattr__(name: str) -> Any:
    """``MeshVocabulary`` (``deidkit.resources.mesh``), imported on first use: only a MeSH
    file needs it."""
    if name == "MeshVocabulary":
        from deidkit.resources.mesh import MeshVocabulary

        return MeshVocabulary
    raise AttributeError(f"module 'deidkit.resources' has no attribute {name!r}")


__all__ = [
    "FrequencyTable",
    "MeshVocabulary",
    "ResourceInfo",
    "attribute",
    "bundles",
    "clear_cache",
    "column",
    "columns",
    "entries",
    "for_language",
    "frequency_table",
    "info",
    "lexicon",
    "names",
    "rows",
    "source_file",
    "weighted",
]
