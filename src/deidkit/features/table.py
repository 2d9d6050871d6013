"""The table class: the header of the column a token sits under, in a note's text tables.

Printouts, logs and flowsheets write their values in columns under a header line ("Date
Time  Drug  Dose  Nurse", "Name | DOB | MRN"); a value three lines below its header is, to a
window of words, a word among numbers. This class finds such tables and gives each cell's
tokens their column's header:

- a table's header is a line of two cells or more (cells are split by a ``|``, a tab or two
  spaces or more), each of one to ``HEADER_MAX_TOKENS`` tokens without a digit, and no colon
  in the line (a "Label: value" line is a field, the layout class's);
- its rows are the lines right after it (no blank line between) of two cells or more, split
  as the header is (by pipes or tabs, or by gaps);
- ``table.header``: the token is part of a header cell;
- ``table.column``: a row token's column header (its words normalised like the word
  feature): the cell of the same number when the header's cells are split by pipes or tabs,
  else the header cell starting at or before the token's place on its line (allowing
  ``ALIGN_SLACK`` characters, as columns of text drift).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.layout import is_gap, token_lines

HEADER_MAX_TOKENS = 4
"""The most tokens a header cell may have ("Date of birth")."""
ALIGN_SLACK = 2
"""Characters a value may start before its header cell and still be under it."""
PIPE = "|"


@dataclass(frozen=True, slots=True)
class Cell:
    """Tokens ``first`` to ``end`` (exclusive) of a line, starting ``column`` characters into
    it."""

    first: int
    end: int
    column: int


@dataclass(frozen=True, slots=True)
class Header:
    """A table's header: its cells' labels and where they start; ``by_number``: rows' cells
    are matched by their number (pipes or tabs), else by their place on the line."""

    labels: list[str | None]
    starts: list[int]
    by_number: bool

    def label(self, number: int, column: int) -> str | None:
        if self.by_number:
            return self.labels[number] if number < len(self.labels) else None
        under = bisect.bisect_right(self.starts, column + ALIGN_SLACK) - 1
        return self.labels[max(under, 0)]


class TableFeatures(FeatureClass):
    name = "table"
    summary = "the header of the text table's column the token sits under"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        text, tokens, words = context.text, context.tokens, context.words
        header: Header | None = None
        for first, end in token_lines(context):
            line_start = text.rfind("\n", 0, tokens[first].start) + 1
            blank_before = first > 0 and text.count("\n", tokens[first - 1].end, line_start) > 1
            cells, by_number = _cells(context, first, end, line_start)
            if len(cells) < 2 or blank_before or (
                header is not None and header.by_number != by_number
            ):  # the table ends (a row is split as its header is)
                header = None
            if len(cells) >= 2:
                if header is not None:
                    for number, cell in enumerate(cells):
                        label = header.label(number, cell.column)
                        if label is not None:
                            for token in range(cell.first, cell.end):
                                items[token]["table.column"] = label
                elif _heads(words, cells) and ":" not in words[first:end]:
                    header = Header(
                        [" ".join(context.norms[c.first : c.end]) or None for c in cells],
                        [cell.column for cell in cells], by_number)
                    for cell in cells:
                        for token in range(cell.first, cell.end):
                            items[token]["table.header"] = 1.0


def _cells(
    context: DocumentContext, first: int, end: int, line_start: int
) -> tuple[list[Cell], bool]:
    """The cells of the line of tokens ``first`` to ``end``, and whether a pipe or a tab
    split them (pipe-split lines keep their empty cells, so that cells keep their numbers)."""
    text, tokens, words = context.text, context.tokens, context.words
    cells: list[Cell] = []
    start = first
    by_number = False
    for index in range(first + 1, end + 1):
        if index < end:
            between = text[tokens[index - 1].end : tokens[index].start]
            piped = words[index] == PIPE or words[index - 1] == PIPE
            if not piped and not is_gap(between):
                continue
            by_number = by_number or piped or "\t" in between
        if words[start] != PIPE:
            cells.append(Cell(start, index, tokens[start].start - line_start))
        start = index
    if by_number:  # numbered by the pipes: an empty cell between two pipes counts
        cells = _with_empty_cells(words, cells, first, end)
    return cells, by_number


def _with_empty_cells(words: list[str], cells: list[Cell], first: int, end: int) -> list[Cell]:
    """``cells`` (in order) with an empty cell for each pair of pipes with nothing between."""
    pipes = [index for index in range(first, end) if words[index] == PIPE]
    numbered: list[Cell] = []
    ahead = 0  # the first cell not yet placed
    for after in [*pipes, end]:
        placed = ahead
        while ahead < len(cells) and cells[ahead].end <= after:
            ahead += 1
        numbered.extend(cells[placed:ahead] or [Cell(after, after, -1)])
    if pipes and pipes[0] == first:
        numbered = numbered[1:]  # a line opening with a pipe: nothing before it
    return numbered


def _heads(words: list[str], cells: list[Cell]) -> bool:
    """Whether every cell could be a column's header (one to a few tokens, no digit) and two
    at least hold a word."""
    return sum(cell.end > cell.first for cell in cells) >= 2 and all(
        cell.end - cell.first <= HEADER_MAX_TOKENS
        and not any(char.isdigit() for word in words[cell.first : cell.end] for char in word)
        for cell in cells
    )
