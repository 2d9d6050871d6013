"""A small template language for sentence-level building blocks.

- ``[a|b|c]`` picks one alternative at random; ``[a|]`` is optional text; alternatives nest.
- ``{slot}`` or ``{slot:arg1:arg2}`` calls a slot function, which appends text and PHI to the
  note (a name, a date in some format, a vital sign, another building block).
- ``\\[``, ``\\]``, ``\\{``, ``\\}``, ``\\|`` and ``\\\\`` stand for the character itself.

Templates are parsed once and cached; rendering draws every choice from the ``random.Random``
it is given, so a seed fixes the output.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from deidkit.corpus.builder import NoteBuilder


@dataclass(frozen=True, slots=True)
class Literal:
    text: str


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    options: tuple[tuple[Node, ...], ...]


Node = Literal | Slot | Choice
SlotResolver = Callable[[str, tuple[str, ...]], None]


class TemplateSyntaxError(ValueError):
    """A template string that cannot be parsed (a bug in a template, not user input)."""


_SPECIAL = "[]{}|\\"


def _parse_sequence(source: str, index: int, depth: int) -> tuple[list[list[Node]], int]:
    """Parse until the closing ``]`` of the current level (or the end at depth 0).

    Returns the alternatives (one when there is no ``|``) and the index after the closer.
    """
    alternatives: list[list[Node]] = [[]]
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            alternatives[-1].append(Literal("".join(buffer)))
            buffer.clear()

    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source) and source[index + 1] in _SPECIAL:
            buffer.append(source[index + 1])
            index += 2
            continue
        if char == "[":
            flush()
            options, index = _parse_sequence(source, index + 1, depth + 1)
            alternatives[-1].append(Choice(tuple(tuple(option) for option in options)))
            continue
        if char == "]":
            if depth == 0:
                raise TemplateSyntaxError(f"unmatched ']' at {index}")
            flush()
            return alternatives, index + 1
        if char == "|":
            if depth == 0:
                raise TemplateSyntaxError(f"'|' outside brackets at {index}")
            flush()
            alternatives.append([])
            index += 1
            continue
        if char == "{":
            flush()
            end = source.find("}", index)
            if end < 0:
                raise TemplateSyntaxError(f"unclosed '{{' at {index}")
            name, *args = source[index + 1 : end].split(":")
            if not name:
                raise TemplateSyntaxError(f"empty slot at {index}")
            alternatives[-1].append(Slot(name, tuple(args)))
            index = end + 1
            continue
        if char == "}":
            raise TemplateSyntaxError(f"unmatched '}}' at {index}")
        buffer.append(char)
        index += 1
    if depth:
        raise TemplateSyntaxError("unclosed '['")
    flush()
    return alternatives, index


@functools.lru_cache(maxsize=8192)
def parse(source: str) -> tuple[Node, ...]:
    """The nodes of a template (cached)."""
    alternatives, _ = _parse_sequence(source, 0, 0)
    return tuple(alternatives[0])


def slots_of(source: str) -> set[str]:
    """Every slot name a template uses (for checking templates against the slot registry)."""
    found: set[str] = set()

    def walk(nodes: tuple[Node, ...]) -> None:
        for node in nodes:
            if isinstance(node, Slot):
                found.add(node.name)
            elif isinstance(node, Choice):
                for option in node.options:
                    walk(option)

    walk(parse(source))
    return found


def render(
    source: str, rng: random.Random, out: NoteBuilder, resolve: SlotResolver
) -> None:
    """Render a template into ``out``; slots are handed to ``resolve(name, args)``."""
    _render_nodes(parse(source), rng, out, resolve)


def _render_nodes(
    nodes: tuple[Node, ...], rng: random.Random, out: NoteBuilder, resolve: SlotResolver
) -> None:
    for node in nodes:
        if isinstance(node, Literal):
            out.text(node.text)
        elif isinstance(node, Slot):
            resolve(node.name, node.args)
        else:
            options = node.options
            _render_nodes(options[rng.randrange(len(options))], rng, out, resolve)
