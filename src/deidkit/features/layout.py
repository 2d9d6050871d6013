"""The layout class: where a token sits on its line, which a window of words cannot see.

The context class sees neighbouring words but not the white space between them, so a name
alone on a signature line, a column of initials in a log or a value three words after its
field's label look to it like words in running text. This class reads the line structure:

- ``layout.first`` / ``layout.last``: the token is the first / last on its line.
- ``layout.tokens``: how many tokens its line holds (``1``, ``2``, ``3``, ``4-6``, ``7+``).
- ``layout.gap_before`` / ``layout.gap_after``: a column gap (a tab, or two spaces or more)
  separates it from the previous / next token on its line.
- ``layout.pipe``: its line holds a ``|`` (a pipe-separated header or table row).
- ``layout.key``: it is part of a field's label: the one to five tokens that open a cell (a
  piece of a line between its start, a ``|`` or a column gap, and the next of them) and are
  followed by a colon (a gap right after the colon aligns the value and ends no cell).
- ``layout.field``: the label of the field its value is in (``attending``, ``unit / room``):
  the label's words (normalised like the word feature) for every token after the colon, to
  the cell's end, however far from the label.

``add_document_features`` reads a line at a time; ``chunk_columns`` gives the same features
for a chunk's documents with arrays (``tests/features/test_columns.py`` checks one against
the other).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.columns import Block, Columns

KEY_MAX_TOKENS = 5
"""The most tokens a field's label may have (``Emergency contact phone number:``)."""
PIPE = "|"
COLON = ":"


def line_size(count: int) -> str:
    """``layout.tokens``'s value for a line of ``count`` tokens."""
    if count <= 3:
        return str(count)
    return "4-6" if count <= 6 else "7+"


def is_gap(between: str) -> bool:
    """Whether the text between two tokens of a line is a column gap (a tab, two spaces)."""
    return "\t" in between or "  " in between


def token_lines(context: DocumentContext) -> Iterator[tuple[int, int]]:
    """Each line of ``context`` as its tokens' range ``(first, end)``, in order."""
    text, tokens = context.text, context.tokens
    first = 0
    for index in range(1, len(tokens) + 1):
        if index == len(tokens) or "\n" in text[tokens[index - 1].end : tokens[index].start]:
            yield first, index
            first = index


FLAGS = ("layout.first", "layout.last", "layout.pipe", "layout.gap_before", "layout.gap_after",
         "layout.key")
SIZES = ("1", "2", "3", "4-6", "4-6", "4-6", "7+")
"""``line_size`` of 1 to 7 tokens (7 stands for 7 or more)."""


class LayoutFeatures(FeatureClass):
    name = "layout"
    summary = "the token's place on its line: line ends and size, column gaps, field labels"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        norms = context.norms
        for first, end in token_lines(context):
            self._line(context.text, context, norms, items, first, end)

    @staticmethod
    def _line(
        text: str,
        context: DocumentContext,
        norms: list[str],
        items: list[Features],
        first: int,
        end: int,
    ) -> None:
        tokens = context.tokens
        words = context.words
        size = line_size(end - first)
        pipe = PIPE in words[first:end]
        items[first]["layout.first"] = 1.0
        items[end - 1]["layout.last"] = 1.0
        cell_start = first
        field: str | None = None
        for index in range(first, end):
            item = items[index]
            item["layout.tokens"] = size
            if pipe:
                item["layout.pipe"] = 1.0
            gap_before = index > first and is_gap(
                text[tokens[index - 1].end : tokens[index].start]
            )
            if gap_before:
                items[index - 1]["layout.gap_after"] = 1.0
                item["layout.gap_before"] = 1.0
            word = words[index]
            # a gap after a label's colon aligns the value ("Name:     value"): it ends no cell
            if (gap_before and words[index - 1] != COLON) or word == PIPE:
                cell_start = index + (word == PIPE)
                field = None
            if word == PIPE:
                continue
            if field is not None:
                item["layout.field"] = field
            elif word == COLON and 0 < index - cell_start <= KEY_MAX_TOKENS:
                field = " ".join(norms[cell_start:index])
                for key in range(cell_start, index):
                    items[key]["layout.key"] = 1.0

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        # add_document_features as arrays over the chunk's tokens: lines, cells and fields
        # found from the characters between tokens and the tokens' pipes and colons; a
        # token's features in the order add_document_features inserts them (first, last,
        # tokens, pipe, gap_before, field, gap_after, key), the order of the parts below
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        count = len(chunk)
        if not count:
            return Block.empty()
        memo = columns.memo(self.name)
        known = memo.get("columns")
        if known is None:
            known = memo["columns"] = (
                [columns.column(flag) for flag in FLAGS],
                np.asarray([-1, *(columns.column("layout.tokens", size) for size in SIZES)],
                           np.int32),
            )
        (first_id, last_id, pipe_id, before_id, after_id, key_id), size_ids = known
        index = np.arange(count)
        facts = chunk.types.facts(self.name, 3, _word_facts)[chunk.type_numbers]
        pipe, colon = facts[:, 0].astype(bool), facts[:, 1].astype(bool)
        line_start, gap_before = line_breaks(chunk, facts[:, 2])
        line_firsts = np.flatnonzero(line_start)
        line = np.cumsum(line_start) - 1
        line_ends = np.append(line_firsts[1:], count)
        sizes = size_ids[np.minimum(line_ends - line_firsts, 7)][line]
        piped = np.flatnonzero(np.maximum.reduceat(pipe, line_firsts)[line])
        gaps = np.flatnonzero(gap_before)
        # a cell starts at a line's start, after a pipe, and at a gap not right after a colon;
        # its field's label is what comes before its first colon 1 to KEY_MAX_TOKENS tokens in
        after_colon = np.zeros(count, bool)
        after_colon[1:] = colon[:-1]
        reset = line_start | (gap_before & ~after_colon) | pipe
        resets = np.flatnonzero(reset)
        cell = np.cumsum(reset) - 1
        cell_starts = resets + pipe[resets]
        into = index - cell_starts[cell]
        colons = np.flatnonzero(colon & (into >= 1) & (into <= KEY_MAX_TOKENS))
        colons = colons[np.diff(cell[colons], prepend=-1) > 0]  # each cell's first
        cells = cell[colons]
        keys, label_of = _ranges(cell_starts[cells], colons)
        values, field_of = _ranges(colons + 1, np.append(resets[1:], count)[cells])
        fields = self._field_columns(chunk, columns, keys, label_of, len(colons))
        parts = [
            (line_firsts, first_id),
            (line_ends - 1, last_id),
            (index, sizes),
            (piped, pipe_id),
            (gaps, before_id),
            (values, fields[field_of]),
            (gaps - 1, after_id),
            (keys, key_id),
        ]
        return Block.ones(
            np.concatenate([tokens for tokens, _ in parts]),
            np.concatenate([np.full(len(tokens), ids, np.int32) if isinstance(ids, int) else ids
                            for tokens, ids in parts]),
        )

    @staticmethod
    def _field_columns(
        chunk: ChunkContext, columns: Columns, keys: np.ndarray, label_of: np.ndarray, count: int
    ) -> np.ndarray:
        """The column of each of ``count`` fields' ``layout.field``, field ``i``'s label the
        normal forms of ``keys[label_of == i]`` (worked out once per label)."""
        import numpy as np  # lazy: importing the features needs no numpy

        found = columns.memo("layout.field")
        norms = chunk.types.norms
        numbers = chunk.types.norm_numbers(chunk.type_numbers[keys]).tolist()
        ends = np.cumsum(np.bincount(label_of, minlength=count)).tolist()
        ids = []
        for start, end in itertools.pairwise([0, *ends]):
            label = tuple(numbers[start:end])
            column = found.get(label)
            if column is None:
                value = " ".join([norms[number] for number in label])
                column = found[label] = columns.column("layout.field", value)
            ids.append(column)
        return np.asarray(ids, np.int32)


def line_breaks(chunk: ChunkContext, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each token of ``chunk`` (``sizes``: their lengths): whether it starts a line
    (its document's first token, or a line break since the token before) and whether a
    column gap comes before it on its line, read from the chunk's texts one after
    another, a number a character."""
    import numpy as np  # lazy: importing the features needs no numpy

    contexts = chunk.contexts
    texts = [context.text for context in contexts]
    codes = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), np.uint32)
    offsets = np.asarray(list(itertools.accumulate(map(len, texts), initial=0)))
    starts = offsets[chunk.document_of] + np.fromiter(
        itertools.chain.from_iterable(c.starts for c in contexts), np.intp, len(chunk))
    # what lies between a token and the one before is text[before:start] (empty if the
    # two overlap)
    before = np.concatenate(([0], (starts + sizes)[:-1]))
    spaces = codes == 32
    # how many line breaks, tabs and pairs of spaces start before each character
    newlines, tabs, pairs = (
        np.concatenate(([0], np.cumsum(found)))
        for found in (codes == 10, codes == 9, np.append(spaces[1:] & spaces[:-1], False))
    )
    opens = np.zeros(len(chunk), bool)
    opens[np.asarray(chunk.bounds[:-1])[np.diff(chunk.bounds) > 0]] = True
    line_start = opens | (newlines[starts] > newlines[before])
    # a pair of spaces at p lies between the tokens where before <= p < start - 1
    gap = (tabs[starts] > tabs[before]) | (
        pairs[np.maximum(starts - 1, before)] > pairs[before])
    return line_start, gap & ~line_start


def _word_facts(words: Sequence[str]) -> list[tuple[int, int, int]]:
    """What the class reads of a word type: is it a pipe, is it a colon, its length."""
    return [(word == PIPE, word == COLON, len(word)) for word in words]


def _ranges(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The numbers ``starts[i]`` to ``ends[i] - 1`` of every ``i`` (``ends >= starts``), one
    range after another, and the ``i`` of each."""
    import numpy as np  # lazy: importing the features needs no numpy

    lengths = ends - starts
    of = np.repeat(np.arange(len(starts)), lengths)
    return np.arange(len(of)) + np.repeat(starts - np.cumsum(lengths) + lengths, lengths), of
