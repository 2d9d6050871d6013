"""Part-of-speech tags for our tokens, from textblob's offline PatternTagger (English).

textblob's ``PatternTagger`` is the Pattern library's tagger: a lexicon of about 100,000
words with Penn Treebank tags, unknown words tagged ``NNP`` when capitalised, ``CD`` when
numeric, and by suffix rules otherwise. It ships inside the textblob package, so nothing is
downloaded. We give it our own tokens sentence by sentence, so every token gets exactly one
tag (no re-tokenisation, no alignment drift).

``context_rules=True`` also applies Pattern's contextual (Brill) rules, which textblob's
``PatternTagger`` leaves out: better on verbs ("was admitted" -> ``VBN``) but about ten
times slower.

Only English has a tagger; ``unavailable_reason("es")`` says so.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deidkit.errors import ConfigError
from deidkit.lang import languages


def tagger_languages() -> tuple[str, ...]:
    """The languages with an offline tagger (``pos_tagger`` in ``deidkit.lang``)."""
    return tuple(language.code for language in languages() if language.pos_tagger)


LANGUAGES: tuple[str, ...] = tagger_languages()
"""The languages with a tagger when deidkit was imported."""


_CACHE_LIMIT = 200_000
DEFAULT_TAGS = ("NN", "NNP", "CD")
"""textblob's defaults for unknown words: lower case, capitalised, numeric."""


def _textblob_folder() -> Path | None:
    spec = importlib.util.find_spec("textblob")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _load_private(name: str, path: Path) -> Any | None:
    """Load one of textblob's stdlib-only modules without running textblob's package init."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _textblob() -> tuple[Any, Any] | None:
    """textblob's Pattern module and its English lexicon, or None if textblob is missing.

    Importing the ``textblob`` package imports NLTK (seconds); the tagger needs neither, so
    unless textblob is already imported we load its stdlib-only ``_text`` module on its own
    and build the English lexicon from textblob's data files exactly as ``textblob.en`` does.
    """
    loaded = sys.modules.get("textblob.en")
    if loaded is not None:
        return sys.modules["textblob._text"], loaded.lexicon
    folder = _textblob_folder()
    if folder is None:
        return None
    pattern_text = _load_private("deidkit._textblob_text", folder / "_text.py")
    if pattern_text is None:
        return None
    data = folder / "en"
    lexicon = pattern_text.Lexicon(
        path=str(data / "en-lexicon.txt"),
        morphology=str(data / "en-morphology.txt"),
        context=str(data / "en-context.txt"),
        entities=str(data / "en-entities.txt"),
        language="en",
    )
    return pattern_text, lexicon


@functools.cache
def _singularize() -> Any | None:
    loaded = sys.modules.get("textblob.en.inflect")
    if loaded is not None:
        return loaded.singularize
    folder = _textblob_folder()
    if folder is None:
        return None
    module = _load_private("deidkit._textblob_inflect", folder / "en" / "inflect.py")
    return None if module is None else module.singularize


def singular(word: str) -> str:
    """The singular of an English noun (textblob's rule-based ``singularize``; offline)."""
    singularize = _singularize()
    if singularize is None:
        raise ConfigError("lemmas need textblob (pip install textblob)")
    return str(singularize(word))


def unavailable_reason(language: str) -> str | None:
    """Why part-of-speech tagging is unavailable for ``language``, or None if it works."""
    available = tagger_languages()
    if language not in available:
        return (
            f"no offline part-of-speech tagger for language {language!r} "
            f"(available: {', '.join(available)})"
        )
    if _textblob() is None:
        return "textblob is not installed (pip install textblob)"
    return None


class PosTagger:
    """Penn Treebank tags for pre-tokenised sentences."""

    def __init__(self, language: str = "en", *, context_rules: bool = False) -> None:
        reason = unavailable_reason(language)
        loaded = _textblob()
        if reason is not None or loaded is None:
            raise ConfigError(f"part of speech: {reason}")
        self._pattern_text, lexicon = loaded
        self._lexicon = lexicon
        self._default = DEFAULT_TAGS
        self._context_rules = context_rules
        if context_rules:
            self._extra = {
                "morphology": lexicon.morphology,
                "context": lexicon.context,
                "entities": lexicon.entities,
            }
        else:
            self._extra = {}
        self._first_cache: dict[str, str] = {}
        self._other_cache: dict[str, str] = {}

    def tag(self, words: Sequence[str]) -> list[str]:
        """One tag per word of one sentence."""
        if not words:
            return []
        if self._context_rules:
            return self._tag_sentence(words)
        # Without contextual rules the tagger looks at each word on its own (the first word
        # of a sentence may also be looked up in lower case), so tags are cached per word.
        first = self._first_cache.get(words[0])
        if first is None:
            first = self._tag_word(words[0], sentence_start=True)
        other_cache = self._other_cache
        tags = [first]
        for word in words[1:]:
            tag = other_cache.get(word)
            if tag is None:
                tag = self._tag_word(word, sentence_start=False)
            tags.append(tag)
        return tags

    def word_tag(self, word: str) -> str:
        """The tag of ``word`` inside a sentence, looked at on its own (cached)."""
        tag = self._other_cache.get(word)
        return tag if tag is not None else self._tag_word(word, sentence_start=False)

    def lemma(self, word: str) -> str:
        """``word`` singularised when the tagger calls it a plural noun (``catheters`` ->
        ``catheter``), else ``word``; other inflections are left alone."""
        if self.word_tag(word) in ("NNS", "NNPS"):
            return singular(word)
        return word

    def clear_cache(self) -> None:
        self._first_cache.clear()
        self._other_cache.clear()

    def _tag_sentence(self, words: Sequence[str]) -> list[str]:
        # The tagger splits nothing when given a list; placeholders keep their spaces.
        tagged = self._pattern_text.find_tags(
            list(words), lexicon=self._lexicon, default=self._default, **self._extra
        )
        return [tag or "NN" for _word, tag in tagged]

    def _tag_word(self, word: str, *, sentence_start: bool) -> str:
        if sentence_start:
            tag = self._tag_sentence([word])[0]
            cache = self._first_cache
        else:
            # a known word first, so that ``word`` is tagged as a non-initial word
            tag = self._tag_sentence(["the", word])[1]
            cache = self._other_cache
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[word] = tag
        return tag
