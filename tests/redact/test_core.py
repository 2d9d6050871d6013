import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.errors import ConfigError, SpanError
from deidkit.redact import RedactOptions, SecretKey, apply_replacements, deidentify
from deidkit.redact.core import moved_span
from deidkit.redact.modes import render_tag, tag_template
from deidkit.types import Span


@st.composite
def text_spans_replacements(draw: st.DrawFn) -> tuple[str, list[Span], list[str]]:
    text = draw(st.text(alphabet="abc XYZ\n.,", min_size=1, max_size=60))
    cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=8)))
    spans = [Span(a, b, "DATE") for a, b in zip(cuts[::2], cuts[1::2], strict=False) if b > a]
    replacements = [draw(st.text(alphabet="#*-", max_size=6)) for _ in spans]
    return text, spans, replacements


@settings(max_examples=300, deadline=None)
@given(text_spans_replacements())
def test_replacements_land_where_the_spans_were_and_nothing_else_moves(
    case: tuple[str, list[Span], list[str]],
) -> None:
    text, spans, replacements = case
    result = apply_replacements(text, spans, replacements)
    moved = iter(result.spans)
    cursor_old = cursor_new = 0
    for span, new in zip(spans, replacements, strict=True):
        gap = span.start - cursor_old
        assert result.text[cursor_new : cursor_new + gap] == text[cursor_old : span.start]
        cursor_new += gap
        assert result.text[cursor_new : cursor_new + len(new)] == new
        if new:
            out = next(moved)
            assert (out.start, out.end, out.label) == (cursor_new, cursor_new + len(new), "DATE")
        assert result.offsets.to_new(span.start) == cursor_new
        if new:
            assert result.offsets.to_old(cursor_new) == span.start
        cursor_new += len(new)
        cursor_old = span.end
        assert result.offsets.to_new(span.end) == cursor_new
    assert result.text[cursor_new:] == text[cursor_old:]
    assert next(moved, None) is None


def test_a_moved_span_keeps_every_other_field() -> None:
    values: dict[str, object] = {"start": 1, "end": 4, "label": "DATE"}
    for field in dataclasses.fields(Span):
        values.setdefault(field.name, f"{field.name}-value" if field.name != "score" else 0.5)
    span = Span(**values)  # type: ignore[arg-type]
    assert moved_span(span, 7, 9) == dataclasses.replace(span, start=7, end=9)


def test_overlapping_spans_are_refused_without_quoting_text() -> None:
    with pytest.raises(SpanError, match="overlap") as caught:
        apply_replacements("John Smith", [Span(0, 10, "PATIENT"), Span(5, 10, "DOCTOR")], ["", ""])
    assert "Smith" not in str(caught.value)


def test_empty_replacement_drops_the_span_but_keeps_the_offsets() -> None:
    result = apply_replacements("Seen by Lee today", [Span(8, 11, "DOCTOR")], [""])
    assert result.text == "Seen by  today" and result.spans == ()
    assert result.offsets.to_new(12) == 9


def test_a_string_with_spans_gives_text_spans_and_mapping() -> None:
    result = deidentify(
        "Seen by Dr. Lee on 3/14/2012.",
        spans=[Span(12, 15, "DOCTOR"), Span(19, 28, "DATE")],
        mode="placeholder",
        with_mapping=True,
    )
    assert result.text == "Seen by Dr. [REMOVED] on [REMOVED]."
    assert [result.text[s.start : s.end] for s in result.spans] == ["[REMOVED]"] * 2
    assert [(m.original, m.replacement) for m in result.mapping] == [
        ("Lee", "[REMOVED]"),
        ("3/14/2012", "[REMOVED]"),
    ]
    assert deidentify("Lee", spans=[Span(0, 3, "DOCTOR")], mode="tag").mapping == ()


def test_tag_templates() -> None:
    assert render_tag(tag_template("brackets"), "PATIENT", None, 1) == "[**PATIENT**]"
    assert render_tag(tag_template("xml"), "DATE", None, 1) == '<PHI TYPE="DATE"/>'
    template = tag_template("<{category}:{source_label}:{i2b2}#{n}>")
    assert render_tag(template, "MEDICALRECORD", "ID_SUJETO_ASISTENCIA", 3) == (
        "<ID:ID_SUJETO_ASISTENCIA:MEDICALRECORD#3>"
    )
    with pytest.raises(ConfigError, match="unknown field"):
        tag_template("[{name}]")


def test_remove_mode_with_an_empty_marker_deletes_and_drops_spans() -> None:
    result = deidentify(
        "Dr. Lee saw her.",
        spans=[Span(4, 7, "DOCTOR")],
        options=RedactOptions(mode="remove", null_marker=""),
    )
    assert result.text == "Dr.  saw her." and result.spans == ()


@pytest.mark.parametrize(
    "bad",
    [
        {"mode": "scramble"},
        {"lang": "fr"},
        {"mask_char": "**"},
        {"date_shift_max": 3},
        {"date_shift_min": 400, "date_shift_max": 300},
        {"keep_labels": frozenset({"NAMEZ"})},
        {"tag": "{oops"},
    ],
)
def test_bad_options_are_refused_clearly(bad: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        RedactOptions(**bad)  # type: ignore[arg-type]


def test_kept_labels_are_left_alone_in_every_mode() -> None:
    for mode in ("surrogate", "tag", "mask"):
        result = deidentify(
            "Lives in Ohio.",
            spans=[Span(9, 13, "STATE")],
            options=RedactOptions(mode=mode, keep_labels=frozenset({"STATE"})),  # type: ignore[arg-type]
        )
        assert result.text == "Lives in Ohio."


def test_the_key_never_shows(tmp_path: object) -> None:
    key = SecretKey(b"super-secret-key-material-0001")
    assert "super" not in repr(key) and "super" not in str(key)
    with pytest.raises(ConfigError, match="too short"):
        SecretKey(b"short")
