"""Text processing for clinical notes: tokens, sentences and sections.

``tokenize(text)`` gives tokens with exact character offsets (``token_texts(text)`` only
their texts), ``sentence_spans(text)`` the sentences, ``find_sections(text)`` the section
headings and ``section_names(text, tokens)`` the section of each token.
"""

from __future__ import annotations

from deidkit.text.sections import (
    NO_SECTION,
    Section,
    find_sections,
    normalise_heading,
    section_names,
)
from deidkit.text.sentences import sentence_spans
from deidkit.text.tokenizer import token_spans, token_texts, tokenize

__all__ = [
    "NO_SECTION",
    "Section",
    "find_sections",
    "normalise_heading",
    "section_names",
    "sentence_spans",
    "token_spans",
    "token_texts",
    "tokenize",
]
