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
"""

from __future__ import annotations

from deidkit.features.base import DocumentContext, FeatureClass, Features

KEY_MAX_TOKENS = 5
"""The most tokens a field's label may have (``Emergency contact phone number:``)."""
PIPE = "|"
COLON = ":"


def line_size(count: int) -> str:
    """``layout.tokens``'s value for a line of ``count`` tokens."""
    if count <= 3:
        return str(count)
    return "4-6" if count <= 6 else "7+"


def _is_gap(between: str) -> bool:
    return "\t" in between or "  " in between


class LayoutFeatures(FeatureClass):
    name = "layout"
    summary = "the token's place on its line: line ends and size, column gaps, field labels"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        text = context.text
        tokens = context.tokens
        norms = context.norms
        count = len(tokens)
        # a line's tokens are tokens[first:end]; each line is handled once it is complete
        first = 0
        for index in range(1, count + 1):
            if index < count and "\n" not in text[tokens[index - 1].end : tokens[index].start]:
                continue
            self._line(text, context, norms, items, first, index)
            first = index

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
            gap_before = index > first and _is_gap(
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
