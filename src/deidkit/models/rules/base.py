"""What a rule is: a named unit with its priority, run by one loop (``run_rules``).

A rule either proposes spans (:class:`SpanRule`) or labels tokens of a :class:`Layer`
(:class:`TokenRule`): the rules of one layer label the tokens in registry order, each leaving
labelled tokens alone, and the layer's runs of equal labels become its spans (name rules work
this way, so "Dr. Smith" and "Smith, MD" found by two rules make one span).

Where candidates overlap, the lower priority wins, then the longer span, then the earlier, then
the rule listed first (deidkit.overlaps). Today's scale: patterns 0; fields, cued identifiers,
extensions, ambulance units, header identifiers, cued ages and table ages 1; organisations,
hospitals, units and streets 2; names from context, staff initials, user names and professions
3; cued places, "City, ST", licence states and hospital abbreviations 4; names from the
dictionaries and identifier shapes 5; places from the dictionaries 6.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.phrases import Phrases
from deidkit.overlaps import resolve_overlaps
from deidkit.types import Span

Switch = Literal["names", "places", "hospitals"]
"""The detector option that turns a rule off (``RulesDetector(names=False)``)."""


@dataclass(frozen=True, slots=True)
class Scan:
    """What a rule reads: the note, the language's dictionaries, the detector's options and
    the token labels of each layer so far."""

    note: Note
    lex: Lexicons
    lang: str
    ages: str = "auto"
    times: bool = False
    layers: dict[str, list[str | None]] = field(default_factory=dict)
    found: dict[str, list[int]] = field(default_factory=dict)  # token indices several rules use
    phrase_matches: dict[int, list[tuple[int, tuple[int, str]]]] = field(default_factory=dict)

    def credentials(self) -> list[int]:
        """The indices of the note's credentials ("MD", "R.N.": their dots aside), in order;
        found once a note (do not change the list)."""
        indices = self.found.get("credentials")
        if indices is None:
            note, credentials = self.note, self.lex.credentials
            # the casefolded word without dots is the token text's (no letter folds to a dot)
            indices = self.found["credentials"] = note.indices(
                word for word in note.positions if word.replace(".", "") in credentials
            )
        return indices

    def matches(self, phrases: Phrases) -> list[tuple[int, tuple[int, str]]]:
        """``phrases.matches(note.words, note.positions)`` as a list, found once a note for
        the rules that ask (``name_cues``: three rules; do not change the list)."""
        found = self.phrase_matches.get(id(phrases))
        if found is None:
            note = self.note
            found = self.phrase_matches[id(phrases)] = list(
                phrases.matches(note.words, note.positions)
            )
        return found

    def labels(self, layer: str) -> list[str | None]:
        """The token labels of ``layer`` (all None until a rule labels them)."""
        labels = self.layers.get(layer)
        if labels is None:
            labels = self.layers[layer] = [None] * len(self.note.tokens)
        return labels


@dataclass(frozen=True, slots=True)
class SpanRule:
    """A rule proposing spans: ``find(scan)``."""

    name: str
    priority: int
    find: Callable[[Scan], Iterable[Span]]
    switch: Switch | None = None


@dataclass(frozen=True, slots=True)
class Layer:
    """Token labels shared by several rules; its spans take its priority."""

    name: str
    priority: int


@dataclass(frozen=True, slots=True)
class TokenRule:
    """A rule labelling tokens of a layer: ``mark(scan, labels)`` sets labels still None."""

    name: str
    layer: Layer
    mark: Callable[[Scan, list[str | None]], None]
    switch: Switch | None = None

    @property
    def priority(self) -> int:
        return self.layer.priority


Rule = SpanRule | TokenRule


class _Candidate(NamedTuple):
    start: int
    end: int
    priority: int
    span: Span


def run_rules(rules: Sequence[Rule], scan: Scan, enabled: Collection[str]) -> list[Span]:
    """The non-overlapping spans the ``rules`` (those switched on) find, sorted."""
    candidates: list[_Candidate] = []
    layers: dict[str, Layer] = {}
    for rule in rules:
        if rule.switch is not None and rule.switch not in enabled:
            continue
        if isinstance(rule, TokenRule):
            layers[rule.layer.name] = rule.layer
            rule.mark(scan, scan.labels(rule.layer.name))
            continue
        priority = rule.priority
        candidates.extend(_Candidate(s.start, s.end, priority, s) for s in rule.find(scan))
    for name, layer in layers.items():
        spans = scan.note.label_spans(scan.layers[name])
        candidates.extend(_Candidate(s.start, s.end, layer.priority, s) for s in spans)
    found = [item.span for item in resolve_overlaps(candidates, rank=_priority)]
    if scan.lang in LONE_WORD_LANGS:
        found = [span for span in found if not _lone_common_word(scan, span)]
    return found


LONE_WORD_LANGS = frozenset({"en"})
"""Languages whose rules drop a name that is one ordinary word (``_lone_common_word``)."""
PERSON_LABELS = frozenset({"PATIENT", "DOCTOR", "RELATIVE"})
QUOTES = frozenset("\"'\u201c\u2018")
"""What opens a nickname (or a name field's value) in quotes."""


def _lone_common_word(scan: Scan, span: Span) -> bool:
    """Whether ``span`` is a person's name of one ordinary word that is no given name, written
    as a word (capitalised, or in lower case and longer than initials), after no title and
    not in quotes: what a cue or a field label is followed by in speech and headings
    ("CALLER: Okay, okay", "WIFE: He shovelled", "Family Medicine", "Person affected"), where
    a true name of that kind is a given name ("Wife: Rose"), follows a title ("Dr. Brown") or
    is a nickname in quotes ('goes by "Ski"'). On the first nineteen hand-written batches the
    rules alone found 85 such spans, 82 of them false."""
    if span.label not in PERSON_LABELS:
        return False
    note = scan.note
    word = note.text[span.start : span.end]
    folded = word.casefold()
    if folded not in scan.lex.common or folded in scan.lex.first_names:
        return False
    wordlike = (word[:1].isupper() and word[1:].islower()) or (word.islower() and len(word) > 3)
    index = note.token_at(span.start)
    titled = index is not None and index > 0 and (
        note.words[index - 1].rstrip(".") in scan.lex.titles
    )
    quoted = span.start > 0 and note.text[span.start - 1] in QUOTES  # a nickname: "Ski"
    return wordlike and not titled and not quoted


def _priority(candidate: _Candidate) -> int:
    return candidate.priority
