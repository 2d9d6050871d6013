"""The patterns' expressions, and the helper expressions of the patterns' checks and the rules
(``spec.Expression``), compiled once, when the package is prepared, not in each process.

``regex`` compiles an expression in Python (parsing it and folding the case of its
case-insensitive parts), which for the PHI patterns costs a process 0.12-0.2 CPU s on its
first note. What compiling makes is a program that ``regex`` turns back into a compiled
expression without compiling: its pickling stores the program (``Pattern._pickled_data``)
and unpickling hands it to its constructor (``_regex.compile``). ``python -m
deidkit.features.prepare`` stores the program of every pattern's expression and of every
helper expression of ``HELPER_MODULES`` (``resources/prepared/patterns-*``: the code as bytes,
the rest as JSON; no pickles), each under the expression and the flags it is compiled with, in a
folder named by this ``regex`` version, the machine's byte order and this module's code;
:func:`compile_expression` makes a stored one as unpickling does, and compiles any other
expression as before (a pattern changed since the tables were prepared, another ``regex``):
slower, never different (``tests/patterns/test_compiled.py``).
"""

from __future__ import annotations

import functools
import itertools
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import regex
from regex import _regex  # regex's constructor of a compiled expression (what unpickles one)

if TYPE_CHECKING:
    from deidkit.resources.prepared import Arrays

FLAGS = regex.VERSION1
"""The flags every pattern's expression is compiled with."""

Program = tuple[Any, ...]
"""What ``regex`` pickles of a compiled expression: the arguments of its constructor."""

Key = tuple[str, int]
"""An expression and the flags it is compiled with (``regex.compile(expression, flags)``)."""

HELPER_MODULES = (
    "deidkit.patterns.ages",
    "deidkit.patterns.contacts",
    "deidkit.patterns.cues",
    "deidkit.models.credentials",
    "deidkit.models.measurements",
    "deidkit.models.rules.ages",
    "deidkit.models.rules.casual_names",
    "deidkit.models.rules.flowsheet",
    "deidkit.models.rules.hl7",
    "deidkit.models.rules.identifiers",
    "deidkit.models.rules.messages",
    "deidkit.models.rules.organizations",
    "deidkit.models.rules.patient_initials",
    "deidkit.models.rules.patterns",
    "deidkit.models.rules.registrations",
    "deidkit.models.rules.spoken",
    "deidkit.models.rules.staff",
    "deidkit.models.rules.streets",
    "deidkit.models.rules.tables",
    "deidkit.models.rules.usernames",
)
"""The modules whose helper expressions (``spec.Expression``, at module level or in a tuple,
list, set or mapping there) are prepared (``tests/patterns/test_compiled.py`` checks that every
module defining one is listed); a helper elsewhere is compiled in each process: slower, never
different."""


def compile_expression(expression: str, flags: int = FLAGS) -> regex.Pattern[str]:
    """``regex.compile(expression, flags)``: restored from its prepared program if stored."""
    program = _stored().get((expression, flags))
    if program is None:
        return regex.compile(expression, flags)
    return _regex.compile(*program)


def program_of(expression: str, flags: int = FLAGS) -> Program:
    """The program of ``expression`` compiled with ``flags``, as ``regex`` pickles it."""
    program: Program = regex.compile(expression, flags)._pickled_data
    return program


def helper_expressions() -> set[Key]:
    """The (source, flags) of every helper expression of ``HELPER_MODULES`` (imports them)."""
    import importlib  # lazy: only to prepare

    from deidkit.patterns.spec import Expression  # lazy: spec imports this module

    found: set[Key] = set()

    def collect(value: object, depth: int) -> None:
        if isinstance(value, Expression):
            found.add((value.source, value.flags))
        elif depth and isinstance(value, tuple | list | set | frozenset):
            for item in value:
                collect(item, depth - 1)
        elif depth and isinstance(value, Mapping):
            for item in value.values():
                collect(item, depth - 1)

    for name in HELPER_MODULES:
        for value in vars(importlib.import_module(name)).values():
            collect(value, 3)
    return found


def _key() -> str:
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    return prepared.fingerprint(
        "patterns", [], [Path(__file__)], extra=f"{regex.__version__}\0{sys.byteorder}"
    )


@functools.cache
def _stored() -> Mapping[Key, Program]:
    """The prepared programs ((expression, flags) -> program); empty when none were prepared."""
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    return prepared.load_or_build("patterns", _key(), dict, programs_arrays, programs_from_arrays)


def prepare_programs(expressions: Iterable[str]) -> Mapping[Key, Program]:
    """The programs of ``expressions`` (compiled with ``FLAGS``) and of the helper expressions
    (``helper_expressions``): what ``python -m deidkit.features.prepare`` records.

    ``regex`` orders some of a program's character sets (the characters a match can start
    with) as its objects happen to hash, so the bytes of a program vary from process to
    process, never what it matches. Preparing keeps the program already stored for an
    expression, so that it writes the same bytes each time; only new expressions are
    compiled."""
    from deidkit.errors import ResourceError
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    wanted = {(expression, FLAGS) for expression in expressions} | helper_expressions()

    def build() -> dict[Key, Program]:
        try:
            arrays = prepared.stored("patterns", _key())
            kept = {} if arrays is None else programs_from_arrays(arrays)
        except (KeyError, ValueError, ResourceError):  # damaged: compile them all again
            kept = {}
        return {key: kept.get(key) or program_of(*key) for key in sorted(wanted)}

    return prepared.load_or_build("patterns", _key(), build, programs_arrays, programs_from_arrays)


def clear_cache() -> None:
    """Read the prepared programs again at the next compile (tests)."""
    _stored.cache_clear()


def programs_arrays(programs: Mapping[Key, Program]) -> Arrays:
    """``programs`` as arrays: every program's code bytes one after another (``code``, with
    ``offsets``) and the rest of each program, after the flags it was asked for, as UTF-8
    JSON (``programs``)."""
    import numpy as np  # lazy: compiling needs no numpy

    rows, codes = [], []
    for (expression, asked), program in programs.items():
        (pattern, flags, code, group_index, index_group, named_lists, named_list_indexes,
         required_offset, required_chars, required_flags, group_count) = program
        if named_lists or named_list_indexes or pattern != expression:
            raise ValueError("only expressions without named lists are prepared")
        rows.append([asked, pattern, flags, group_index, sorted(index_group.items()),
                     required_offset, list(required_chars), required_flags, group_count])
        codes.append(code)
    offsets = np.zeros(len(codes) + 1, np.int64)
    np.cumsum([len(code) for code in codes], out=offsets[1:])
    return {
        "programs": np.frombuffer(json.dumps(rows, ensure_ascii=False).encode("utf-8"), np.uint8),
        "code": np.frombuffer(b"".join(codes), np.uint8),
        "offsets": offsets,
    }


def programs_from_arrays(arrays: Mapping[str, Any]) -> dict[Key, Program]:
    """The programs ``programs_arrays`` stored (ValueError or KeyError if they do not fit)."""
    rows = json.loads(arrays["programs"].tobytes().decode("utf-8"))
    code, offsets = arrays["code"].tobytes(), arrays["offsets"].tolist()
    if not isinstance(rows, list) or len(offsets) != len(rows) + 1 or offsets[-1] != len(code):
        raise ValueError("prepared pattern programs do not fit their code")
    programs: dict[Key, Program] = {}
    spans = itertools.pairwise(offsets)
    for (asked, pattern, flags, group_index, index_group, required_offset, required_chars,
         required_flags, group_count), (start, end) in zip(rows, spans, strict=True):
        programs[pattern, asked] = (
            pattern, flags, code[start:end], group_index,
            {int(number): name for number, name in index_group}, {}, [],
            required_offset, tuple(required_chars), required_flags, group_count,
        )
    return programs
