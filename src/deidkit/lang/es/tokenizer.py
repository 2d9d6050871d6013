"""Spanish abbreviations the tokenizer keeps with their dot (``Sra.``, ``Avda.``)."""

from __future__ import annotations

ABBREVIATIONS: frozenset[str] = frozenset(
    {
        # titles before a name
        "dr", "dra", "dña", "sr", "sra", "srta", "prof",
        # words before a place or a number
        "av", "avda", "pza", "pág", "núm", "tfno", "tel", "ext",
    }
)  # fmt: skip
