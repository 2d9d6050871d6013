"""English abbreviations the tokenizer keeps with their dot (``Dr.``, ``approx.``)."""

from __future__ import annotations

ABBREVIATIONS: frozenset[str] = frozenset(
    {
        # titles before a name
        "dr", "drs", "mr", "mrs", "ms", "mx", "prof", "sr", "rev", "hon", "sgt", "capt", "lt",
        "atty",
        # words before a place or a number
        "apt", "ste", "mt", "ft", "tel", "ext", "fig", "vol",
        # general short forms that rarely end a sentence
        "vs", "approx", "pt", "pts",
    }
)  # fmt: skip
