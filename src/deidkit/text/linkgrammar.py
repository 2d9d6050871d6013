"""Link Grammar parses of our tokens (the SVM paper's syntactic bigrams), optional.

The parser is the Debian/Ubuntu package ``python3-link-grammar`` (with ``link-grammar`` and
``liblink-grammar5``; ``bash scripts/system-deps.sh`` installs them). Debian puts the Python
module in ``/usr/lib/python3/dist-packages``, which a virtual environment does not see, so
``load_module`` imports the ``linkgrammar`` package from there directly (only that package,
nothing else from the system site-packages), provided it was built for this Python version.
``DEIDKIT_LINKGRAMMAR_PATH`` may name another folder holding the ``linkgrammar`` package.

``LinkParser.links(words)`` parses one sentence given as our tokens and returns the links
between token indices with their labels. Parses are cached (least recently used), and long
sentences are cut into pieces of at most ``max_tokens`` tokens: Link Grammar's parse time
grows quickly with sentence length and clinical "sentences" can be long lists.
"""

from __future__ import annotations

import bisect
import functools
import importlib
import importlib.util
import os
import sys
import sysconfig
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from deidkit.errors import ConfigError
from deidkit.lang import get_language, is_language

DEBIAN_PATHS: tuple[Path, ...] = (
    Path("/usr/lib/python3/dist-packages"),
    Path("/usr/local/lib/python3/dist-packages"),
    Path("/usr/lib/python3.11/site-packages"),
)
INSTALL_HINT = (
    "install the Debian packages link-grammar, python3-link-grammar and liblink-grammar5 "
    "(bash scripts/system-deps.sh)"
)


@dataclass(frozen=True, slots=True)
class Link:
    """A link between two tokens of a sentence (indices into the sentence's tokens)."""

    left: int
    right: int
    label: str


def _import_from(folder: Path) -> ModuleType | None:
    package = folder / "linkgrammar"
    init = package / "__init__.py"
    if not init.is_file():
        return None
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ""
    if suffix and not any(package.glob(f"_clinkgrammar{suffix}")):
        return None  # built for another Python version
    spec = importlib.util.spec_from_file_location(
        "linkgrammar", init, submodule_search_locations=[str(package)]
    )
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["linkgrammar"] = module
    try:
        spec.loader.exec_module(module)
    except (ImportError, OSError):
        sys.modules.pop("linkgrammar", None)
        return None
    return module


@functools.cache
def load_module() -> ModuleType | None:
    """The ``linkgrammar`` Python module, or None when it is not installed."""
    try:
        return importlib.import_module("linkgrammar")
    except (ImportError, OSError):
        pass
    override = os.environ.get("DEIDKIT_LINKGRAMMAR_PATH")
    folders = (Path(override),) if override else DEBIAN_PATHS
    for folder in folders:
        module = _import_from(folder)
        if module is not None:
            return module
    return None


def unavailable_reason(language: str = "en") -> str | None:
    """Why Link Grammar parsing is unavailable, or None when it works."""
    if not (is_language(language) and get_language(language).link_grammar):
        return f"no Link Grammar dictionary is used for language {language!r} (English only)"
    if load_module() is None:
        return f"the Link Grammar parser is not installed; {INSTALL_HINT}"
    return None


class LinkParser:
    """Parses token sequences with Link Grammar's English dictionary; caches the parses."""

    def __init__(
        self, *, max_tokens: int = 40, max_parse_time: int = 1, cache_size: int = 50_000
    ) -> None:
        module = load_module()
        if module is None:
            raise ConfigError(f"syntactic bigrams: {unavailable_reason()}")
        self._lg = module
        module.LG_Error.set_handler(lambda _error, _data: None)  # no parser chatter on stderr
        self._dictionary = module.Dictionary("en")
        self._options = module.ParseOptions(
            verbosity=0,
            linkage_limit=100,
            min_null_count=0,
            max_null_count=max_tokens + 2,
            max_parse_time=max_parse_time,
            islands_ok=False,
        )
        self.max_tokens = max_tokens
        self._cache: OrderedDict[tuple[str, ...], tuple[Link, ...]] = OrderedDict()
        self._cache_size = cache_size

    def links(self, words: Sequence[str]) -> tuple[Link, ...]:
        """The links of one sentence, between indices of ``words``."""
        result: list[Link] = []
        for start in range(0, len(words), self.max_tokens):
            piece = tuple(words[start : start + self.max_tokens])
            for link in self._links_cached(piece):
                result.append(Link(link.left + start, link.right + start, link.label))
        return tuple(result)

    def clear_cache(self) -> None:
        self._cache.clear()

    def _links_cached(self, words: tuple[str, ...]) -> tuple[Link, ...]:
        cached = self._cache.get(words)
        if cached is not None:
            self._cache.move_to_end(words)
            return cached
        links = self._parse(words)
        self._cache[words] = links
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return links

    def _parse(self, words: tuple[str, ...]) -> tuple[Link, ...]:
        if not words:
            return ()
        pieces = [word.replace(" ", "_") for word in words]
        starts: list[int] = []
        position = 0
        for piece in pieces:
            starts.append(position)
            position += len(piece) + 1
        lg = self._lg
        clg = lg.clinkgrammar
        sentence = lg.Sentence(" ".join(pieces), self._dictionary, self._options)
        try:
            linkages = sentence.parse()
            linkage = next(iter(linkages), None)
        except lg.LG_Error:  # includes LG_TimerExhausted
            return ()
        if linkage is None:
            return ()
        token_of: list[int] = []
        for index in range(linkage.num_of_words()):
            if linkage.word(index) in ("LEFT-WALL", "RIGHT-WALL"):
                token_of.append(-1)
                continue
            char = linkage.word_char_start(index)
            token_of.append(bisect.bisect_right(starts, char) - 1)
        links: list[Link] = []
        seen: set[tuple[int, int, str]] = set()
        for index in range(linkage.num_of_links()):
            left = token_of[clg.linkage_get_link_lword(linkage._obj, index)]
            right = token_of[clg.linkage_get_link_rword(linkage._obj, index)]
            if left < 0 or right < 0 or left == right:
                continue
            label = clg.linkage_get_link_label(linkage._obj, index)
            key = (min(left, right), max(left, right), label)
            if key not in seen:
                seen.add(key)
                links.append(Link(*key))
        return tuple(links)
