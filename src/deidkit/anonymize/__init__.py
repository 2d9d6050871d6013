"""Anonymization through an identifier view (HIDE, Gardner and Xiong): link the PHI of notes to
people, make the people k-anonymous (and l-diverse) with Mondrian over generalization
hierarchies, and write the generalized values back into the notes.

>>> from deidkit.anonymize import AnonymizeOptions, anonymize
>>> from deidkit.corpus.synth import generate
>>> result = anonymize(list(generate(60, seed=1)), AnonymizeOptions(k=3), key="a" * 32)
>>> result.release.quality.k >= 3
True

``anonymize`` takes documents with spans (gold annotations or a detector's, see
``deidkit.redact.detect``) and returns the rewritten documents and the ``Release`` (the view,
its nodes, k, l and information loss beside Safe Harbor's). For a corpus too big to hold,
``plan`` reads the documents once for the view and ``Rewriter`` rewrites them in a second pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from deidkit.anonymize.attributes import DEFAULT_QUASI, QUASI_IDENTIFIERS, check_quasi
from deidkit.anonymize.hierarchies import HIERARCHIES, Hierarchy
from deidkit.anonymize.metrics import Quality, measure, safe_harbor
from deidkit.anonymize.mondrian import DIVERSITIES, Diversity, PrivacyModel, mondrian
from deidkit.anonymize.release import Release, Rewriter, RewriteTally, release_view
from deidkit.anonymize.view import LINK_REASONS, IdentifierView, check_link_by, extract_view
from deidkit.errors import ConfigError
from deidkit.redact import RedactOptions, SecretKey
from deidkit.types import Document

SENSITIVE_HELP = "note_type, or the name of a metadata field (e.g. diagnosis)"


@dataclass(frozen=True, slots=True)
class AnonymizeOptions:
    """What to anonymize and how.

    ``k``, ``l``, ``diversity``, ``max_suppression``: the privacy model (``PrivacyModel``).
    ``sensitive``: the sensitive attribute for l-diversity (``note_type`` or a metadata
    field). ``quasi``: the quasi-identifiers of the view (``QUASI_IDENTIFIERS``); every other
    PHI label is a direct identifier. ``link_by``: how notes are linked (``LINK_REASONS``).
    ``redact``: how direct identifiers are replaced (``deidkit.redact.RedactOptions``).
    """

    k: int = 5
    l: int = 1  # noqa: E741 - the model's name
    diversity: Diversity = "distinct"
    sensitive: str | None = None
    quasi: tuple[str, ...] = DEFAULT_QUASI
    max_suppression: float = 0.02
    link_by: tuple[str, ...] = LINK_REASONS
    redact: RedactOptions = field(default_factory=RedactOptions)

    def __post_init__(self) -> None:
        object.__setattr__(self, "quasi", check_quasi(self.quasi))
        object.__setattr__(self, "link_by", check_link_by(self.link_by))
        if self.l > 1 and not self.sensitive:
            raise ConfigError("--l needs a sensitive attribute: add --sensitive ATTR "
                              f"({SENSITIVE_HELP})")
        if self.sensitive is not None and not self.sensitive.strip():
            raise ConfigError(f"--sensitive needs an attribute name ({SENSITIVE_HELP})")
        self.model()

    def model(self) -> PrivacyModel:
        return PrivacyModel(self.k, self.l, self.diversity, self.max_suppression)


@dataclass(frozen=True, slots=True)
class AnonymizeResult:
    """The rewritten documents, the release and what happened to the mentions."""

    documents: tuple[Document, ...]
    release: Release
    tally: RewriteTally


def plan(documents: Iterable[Document], options: AnonymizeOptions,
         key: SecretKey | bytes | str | None = None, *, source: str = "input") -> Release:
    """Read the documents into an identifier view and release it (first pass)."""
    view = extract_view(documents, quasi=options.quasi, sensitive=options.sensitive,
                        key=SecretKey.coerce(key), link_by=options.link_by, source=source)
    return release_view(view, options.model())


def anonymize(documents: Iterable[Document], options: AnonymizeOptions | None = None,
              key: SecretKey | bytes | str | None = None) -> AnonymizeResult:
    """Anonymize documents held in memory: plan the release, then rewrite every document.
    The same documents with the same key give the same output."""
    options = options or AnonymizeOptions()
    items = list(documents)
    secret = SecretKey.coerce(key)
    release = plan(items, options, secret)
    rewriter = Rewriter(release, options.redact, secret)
    rewritten = tuple(rewriter.rewrite_all(items))
    return AnonymizeResult(rewritten, release, rewriter.tally)


__all__ = [
    "DEFAULT_QUASI",
    "DIVERSITIES",
    "HIERARCHIES",
    "LINK_REASONS",
    "QUASI_IDENTIFIERS",
    "AnonymizeOptions",
    "AnonymizeResult",
    "Hierarchy",
    "IdentifierView",
    "PrivacyModel",
    "Quality",
    "Release",
    "RewriteTally",
    "Rewriter",
    "anonymize",
    "extract_view",
    "measure",
    "mondrian",
    "plan",
    "release_view",
    "safe_harbor",
]
