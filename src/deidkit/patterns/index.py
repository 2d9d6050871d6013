"""The fast index: where each pattern is tried, so that a note is not scanned once per pattern.

- anchored patterns (cue words, month names, holidays) are tried only where one of their
  anchor words starts, all found in one Aho-Corasick pass (:func:`anchored`);
- digit-led patterns (those with heads) only at the runs of digits their heads admit, all
  decided in one pass over the runs and a few table look-ups per run (:func:`digit_led`);
- the rest are led by a literal character, which the regex engine scans for quickly
  (:func:`scanned`).

Each way finds exactly the matches a scan of the whole text would (docs/patterns.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import ahocorasick
import regex

from deidkit.patterns.registry import patterns_for
from deidkit.patterns.spec import ASCII, FOLLOWED, LONG, Found, Pattern


@cache
def scanned(lang: str | None) -> tuple[Pattern, ...]:
    """The patterns of a language that are neither anchored nor digit-led: scanned whole."""
    return tuple(p for p in patterns_for(lang) if not p.anchors and not p.heads)


# --- anchored patterns -------------------------------------------------------------------------

Anchored = tuple[int, bool, tuple[tuple[int, Pattern], ...]]
"""An anchor word's length, whether it ends in a letter or digit, and (index into
``patterns_for(lang)``, pattern) of the patterns it anchors."""


@cache
def _anchor_automaton(lang: str | None) -> ahocorasick.Automaton:
    """Anchor word -> ``Anchored``."""
    owners: dict[str, list[int]] = {}
    patterns = patterns_for(lang)
    for index, pattern in enumerate(patterns):
        for anchor in pattern.anchors:
            owners.setdefault(anchor, []).append(index)
    automaton = ahocorasick.Automaton()
    for anchor, indices in owners.items():
        owned = tuple((i, patterns[i]) for i in indices)
        value: Anchored = (len(anchor), anchor[-1].isalnum(), owned)
        automaton.add_word(anchor, value)
    automaton.make_automaton()
    return automaton


def anchored(text: str, lang: str | None, patterns: tuple[Pattern, ...]) -> Iterator[Found]:
    """Checked matches of the anchored patterns, tried only where an anchor word starts."""
    lowered = text.lower()
    if len(lowered) != len(text):  # rare characters whose lowercase is longer: scan instead
        for pattern in patterns:
            if pattern.anchors:
                yield from pattern.scan(text, lang)
        return
    tried: set[tuple[int, int]] = set()
    for last, (length, ends_in_alnum, owned) in _anchor_automaton(lang).iter(lowered):
        start = last - length + 1
        if start > 0 and text[start - 1].isalnum():
            continue  # inside a word: anchors start words...
        if ends_in_alnum and text[last + 1 : last + 2].isalpha():
            continue  # ...and end them, unless they end in punctuation ("c." in "C.P.")
        for index, pattern in owned:  # compiled when first tried: many are rare
            if (index, start) in tried:
                continue
            tried.add((index, start))
            match = pattern.compiled.match(text, start)
            if match is not None:
                yield pattern.found(text, match, lang)


# --- digit-led patterns ------------------------------------------------------------------------

_DIGIT_RUN = regex.compile(r"\d+", regex.VERSION1)

Tries = tuple[tuple[int, int], ...]
"""(offset from a run's first digit, pattern index) to try, in order of offset."""

Around = tuple[str, int, str]
"""What the heads read around a run of digits: the character before it and its first digit
(the first digit alone at the start of the text), its length (``LONG`` for longer ones) and
the ``FOLLOWED`` characters after it (fewer at the end of the text)."""

AROUND_LIMIT = 50_000
"""How many distinct ``Around`` a language's ``Starts`` remembers before starting afresh."""


def _char_table(admitted: dict[str | None, int], at_end: int) -> dict[str, int]:
    """Each ASCII character (and "" past an end of the text, ``at_end``) -> the bits whose
    character set holds it: ``admitted`` maps a character set (ASCII; None: anything) to the
    bits that allow it. Worked out once per distinct set (a few dozen among ~200 bits), not
    once per bit and character."""
    table = dict.fromkeys(ASCII, admitted.get(None, 0))
    table[""] = at_end
    for chars, bits in admitted.items():
        for char in chars or "":
            if char.isascii():  # characters beyond ASCII are admitted by every bit anyway
                table[char] |= bits
    return table


class Starts:
    """The patterns of a language that have heads, and tables that tell, from the characters
    around a run of digits, which of them to try there.

    Every way a head can admit a run (a head and one of its ``follow`` alternatives) is a bit;
    each table maps a character (or "" past an end of the text, or a run's length) to the bits
    that admit it in its place; any character beyond ASCII maps to every bit. The bits set in
    all the tables at once are the ways the run is admitted.
    """

    def __init__(self, lang: str | None) -> None:
        self.patterns = tuple(p for p in patterns_for(lang) if p.heads)
        self.compiled = tuple(p.compiled for p in self.patterns)
        ways = [
            (index, head, sets)
            for index, pattern in enumerate(self.patterns)
            for head in pattern.heads
            for sets in head.follow or ((),)
        ]
        self.tried_at = [(-1 if head.opener else 0, index) for index, head, _ in ways]
        self.every = (1 << len(ways)) - 1
        before: dict[str | None, int] = {}
        first: dict[str | None, int] = {}
        after: list[dict[str | None, int]] = [{} for _ in range(FOLLOWED)]
        at_start = 0
        self.length = [0] * (LONG + 1)
        for bit, (_, head, sets) in enumerate(ways):
            flag = 1 << bit
            before[head.before] = before.get(head.before, 0) | flag
            at_start |= flag if head.at_start else 0
            first[head.first] = first.get(head.first, 0) | flag
            for place, found in enumerate(after):  # past the sets: anything
                chars = sets[place] if place < len(sets) else None
                found[chars] = found.get(chars, 0) | flag
            for n in head.lengths:
                self.length[n] |= flag
        self.before = _char_table(before, at_start)
        self.first = _char_table(first, first.get(None, 0))
        self.after = [_char_table(found, found.get(None, 0)) for found in after]
        self._tries: dict[int, Tries] = {}
        self.around: dict[Around, Tries] = {}
        """What to try at the runs of digits seen so far, by their ``Around`` (bounded by
        ``AROUND_LIMIT``: emptied when full)."""

    def tries(self, ways: int) -> Tries:
        """What to try where the ways (bits) ``ways`` admit a run."""
        found = self._tries.get(ways)
        if found is None:
            tried = {where for bit, where in enumerate(self.tried_at) if ways >> bit & 1}
            found = self._tries[ways] = tuple(sorted(tried))
        return found

    def tries_around(self, around: Around) -> Tries:
        """What to try at a run of digits, from its ``Around`` (worked out once per distinct
        one: ``digit_led_matches`` keeps them in ``around``)."""
        lead, size, following = around
        ways = (  # what follows rules out most runs: look there first
            self.after[0].get(following[0:1], self.every)
            & self.after[1].get(following[1:2], self.every)
            & self.after[2].get(following[2:3], self.every)
        )
        if ways:
            ways &= (
                self.length[size]
                & self.before.get(lead[:-1], self.every)
                & self.first.get(lead[-1], self.every)
            )
        found = self.around[around] = self.tries(ways) if ways else ()
        return found


@cache
def starts_for(lang: str | None) -> Starts:
    """The :class:`Starts` of a language (built once)."""
    return Starts(lang)


def digit_led_matches(text: str, starts: Starts) -> Iterator[tuple[int, regex.Match[str]]]:
    """(pattern index, match) for ``starts.patterns``: what ``finditer`` finds for each, since
    each is tried, in order, at every run of digits where one of its heads lets it start, and
    never inside its previous match (where ``finditer`` does not look either). What to try at
    a run is looked up by the characters around it, worked out once per distinct ``Around``."""
    compiled, known = starts.compiled, starts.around
    ends = [0] * len(compiled)
    for run in _DIGIT_RUN.finditer(text):
        first, end = run.span()
        size = end - first
        around = (
            text[first - 1 : first + 1] if first else text[0],
            size if size < LONG else LONG,
            text[end : end + FOLLOWED],
        )
        tries = known.get(around)
        if tries is None:
            if len(known) >= AROUND_LIMIT:
                known.clear()  # atomic, so safe with threads; refills from the tables
            tries = starts.tries_around(around)
        for offset, index in tries:
            start = first + offset
            if start >= ends[index]:
                match = compiled[index].match(text, start)
                if match is not None:
                    ends[index] = match.end()
                    yield index, match


def digit_led(text: str, lang: str | None) -> Iterator[Found]:
    """Checked matches of the patterns with heads."""
    table = starts_for(lang)
    for index, match in digit_led_matches(text, table):
        yield table.patterns[index].found(text, match, lang)
