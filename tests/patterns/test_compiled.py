"""deidkit.patterns.compiled: the patterns' expressions and the helper expressions restored from
their prepared programs match exactly as compiled ones, every pattern's and helper's is prepared,
and preparing keeps them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import regex

import deidkit
from deidkit.corpus.synth import generate
from deidkit.patterns import PATTERNS, compiled, spec
from deidkit.resources import prepared

_EXAMPLES = [  # shapes of every kind of pattern, in several cases, and look-alikes
    "MRN: 1234567, acct # 55-2231, SSN 123-45-6789, DL S123-4567-8901, plan ID XJH-22-1190",
    "Call 617-555-1234 x12 or (617) 555-1234; fax +1 617 555 1234; pager 555-1234.",
    "Seen 3/5/2010, 2010-03-05, 5 Jan 2010, January 5th, 2010, Sept. 2009, Christmas Eve, 1998.",
    "92 y/o, 92-year-old, 90s; BP 132/84, 2/6 murmur, 5/5 strength, 1:40 titre, 10-15 mg.",
    "12 Main St., Boston, MA 02115-1234; www.mercy.org, http://x.example/a?b=1, a.b@c.org",
    "IP 192.168.1.20, room 4B-12, bed 7, accession S09-12345, VIN 1HGCM82633A004352, 10:30 pm",
    "Ingresó el 3 de marzo de 2016, NHC 1234567, C.P. 28016 Madrid, 92 años, tel. 912 345 678.",
    "ſept İstanbul Straße ﬁle K ß ẙ ٣ １ MRN:１２３ Dr. O'Neil-Smith JAN 5 2010 jan 5 2010",
]


def _texts() -> Iterator[str]:
    yield from _EXAMPLES
    yield from (text.upper() for text in _EXAMPLES)
    yield from (text.swapcase() for text in _EXAMPLES)
    yield from (document.text for document in generate(40, seed=21))


def _matches(pattern: regex.Pattern[str], text: str) -> list[tuple[object, ...]]:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


def test_every_pattern_s_expression_is_prepared() -> None:
    stored = compiled._stored()
    missing = [p.name for p in PATTERNS if (p.expression, compiled.FLAGS) not in stored]
    assert not missing, f"run: .venv/bin/python -m deidkit.features.prepare ({missing[:3]})"


def test_every_helper_expression_is_prepared() -> None:
    helpers = compiled.helper_expressions()
    assert len(helpers) > 50
    assert {flags for _, flags in helpers} >= {0, regex.IGNORECASE, regex.MULTILINE}
    missing = sorted(helpers - set(compiled._stored()))
    assert not missing, f"run: .venv/bin/python -m deidkit.features.prepare ({missing[:3]})"


def test_every_module_defining_a_helper_expression_is_listed() -> None:
    package = Path(deidkit.__file__).parent
    defining = {
        ".".join(path.relative_to(package.parent).with_suffix("").parts)
        for path in package.rglob("*.py")
        if re.search(r"\bExpression\(", path.read_text(encoding="utf-8"))
    } - {"deidkit.patterns.spec"}
    assert defining == set(compiled.HELPER_MODULES)


def test_a_helper_expression_is_restored_with_its_flags() -> None:
    source, flags = r"[A-Z]+\d", regex.IGNORECASE
    assert compiled._stored().get((source, flags)) is None
    fresh = spec._compile_helper(source, flags)
    assert fresh.flags & regex.IGNORECASE and fresh.match("ab1")
    stored = next(key for key in sorted(compiled._stored()) if key[1] == regex.IGNORECASE)
    assert spec._compile_helper(*stored).flags == regex.compile(*stored).flags


def _keys() -> list[compiled.Key]:
    return sorted({(p.expression, compiled.FLAGS) for p in PATTERNS}
                  | compiled.helper_expressions())


def test_a_restored_expression_matches_as_the_compiled_one() -> None:
    texts = list(_texts())
    stored = compiled._stored()  # one not stored fails the two tests above
    for expression, flags in (key for key in _keys() if key in stored):
        restored = compiled.compile_expression(expression, flags)
        fresh = regex.compile(expression, flags)
        assert restored is not fresh
        assert (restored.pattern, restored.flags, restored.groups, restored.groupindex) == (
            fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)
        ours, theirs = restored._pickled_data, fresh._pickled_data
        # the same program but for the order of the characters a match can start with
        assert ours[:2] + ours[3:] == theirs[:2] + theirs[3:]
        assert sorted(ours[2]) == sorted(theirs[2])
        for text in texts:
            assert _matches(restored, text) == _matches(fresh, text), expression[:60]
            for start in range(0, len(text), 7):  # as the index tries them: at a position
                ours_match, theirs_match = restored.match(text, start), fresh.match(text, start)
                assert (ours_match and ours_match.span()) == (theirs_match and theirs_match.span())


def test_an_expression_not_prepared_is_compiled() -> None:
    expression = r"(?i)\bnot-a-pattern-\d+\b"
    assert (expression, compiled.FLAGS) not in compiled._stored()
    found = compiled.compile_expression(expression)
    assert found.pattern == expression and found.flags & regex.VERSION1
    assert found.search("x NOT-A-PATTERN-12 y").span() == (2, 18)


def test_programs_round_trip_through_arrays() -> None:
    keys = [(r"\d+", compiled.FLAGS), (r"(?i)(?P<phi>jan|feb)\s+\d{1,2}", compiled.FLAGS),
            ("x", compiled.FLAGS), ("x", regex.IGNORECASE), ("^x", regex.MULTILINE)]
    programs = {key: compiled.program_of(*key) for key in keys}
    again = compiled.programs_from_arrays(compiled.programs_arrays(programs))
    assert again == programs
    for key in keys:
        assert _matches(compiled._regex.compile(*again[key]), "Jan 5 X 12\nx") == _matches(
            regex.compile(*key), "Jan 5 X 12\nx")


def test_programs_that_do_not_fit_are_refused() -> None:
    arrays = compiled.programs_arrays({(r"\d+", compiled.FLAGS): compiled.program_of(r"\d+")})
    with pytest.raises(ValueError):
        compiled.programs_from_arrays({**arrays, "offsets": np.asarray([0, 1, 2])})
    with pytest.raises(ValueError):
        compiled.programs_from_arrays({**arrays, "code": arrays["code"][:-1]})
    with pytest.raises(ValueError):  # named lists are not prepared
        compiled.programs_arrays({(r"\L<w>", compiled.FLAGS): regex.compile(
            r"\L<w>", compiled.FLAGS, w=["a"])._pickled_data})


def test_preparing_again_keeps_the_stored_programs() -> None:
    stored = compiled._stored()
    with prepared.recording() as tables:
        again = compiled.prepare_programs(p.expression for p in PATTERNS)
    assert again == stored
    assert len(tables) == 1
    (arrays,) = tables.values()
    assert all(
        np.array_equal(array, compiled.programs_arrays(stored)[name])
        for name, array in arrays.items()
    )
