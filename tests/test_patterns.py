"""deidkit.patterns: every PHI pattern on crafted text, and clinical look-alikes that must not
match. All text is synthetic."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.patterns import (
    _ASCII_WORD,
    _FOLLOWED,
    _LONG,
    _SPACE,
    _TOP_LEVEL_DOMAINS,
    LANGS,
    PATTERN_NAMES,
    PATTERNS,
    PatternMatch,
    _digit_led_matches,
    _starts,
    find_patterns,
    patterns_for,
    resolve_overlaps,
)


def hits(text: str, lang: str | None = "en") -> list[tuple[str, str]]:
    return [(text[m.start : m.end], m.label) for m in find_patterns(text, lang)]


ENGLISH = [
    # dates
    ("Seen on 3/5/2010 by the team.", ("3/5/2010", "DATE")),
    ("DOB: 04/12/1945.", ("04/12/1945", "DATE")),
    ("Date of service 4-12-45.", ("4-12-45", "DATE")),
    ("Drawn 03.05.2010 in clinic.", ("03.05.2010", "DATE")),
    ("Scan on 2010-03-05 showed no change.", ("2010-03-05", "DATE")),
    ("Started 3/2010 on metformin.", ("3/2010", "DATE")),
    ("Admitted January 5th, 2010 for chest pain.", ("January 5th, 2010", "DATE")),
    ("Discharged on Jan 7.", ("Jan 7", "DATE")),
    ("Seen Sept. 12, 2011.", ("Sept. 12, 2011", "DATE")),
    ("Biopsy 5 May 2010.", ("5 May 2010", "DATE")),
    ("Surgery on the 5th of June.", ("5th of June", "DATE")),
    ("Last seen March 2009.", ("March 2009", "DATE")),
    ("Return visit 12/24.", ("12/24", "DATE")),
    ("Seen on 1/2 in clinic.", ("1/2", "DATE")),
    ("Visited family over Christmas Eve.", ("Christmas Eve", "DATE")),
    ("Had CABG in 1998.", ("1998", "DATE")),
    ("Smoked through the 1970s.", ("1970s", "DATE")),
    ("Follow-up at 10:30 pm tonight.", ("10:30 pm", "DATE")),
    ("Meds given at 0800 hours.", ("0800 hours", "DATE")),
    # contact
    ("Call (617) 555-1234 with results.", ("(617) 555-1234", "PHONE")),
    ("Daughter's cell 617.555.0199.", ("617.555.0199", "PHONE")),
    ("Fax: 617-555-9876", ("617-555-9876", "FAX")),
    ("Pager #12345", ("12345", "PHONE")),
    ("Reach her at 555-1234 after noon.", ("555-1234", "PHONE")),
    ("Phone +44 20 7946 0958 abroad.", ("+44 20 7946 0958", "PHONE")),
    ("Clinic line ext. 4321.", ("4321", "PHONE")),
    ("Email john.doe@example.com today.", ("john.doe@example.com", "EMAIL")),
    ("See www.example.org for forms.", ("www.example.org", "URL")),
    ("Portal https://portal.example.org/login?id=7 is up.", (
        "https://portal.example.org/login?id=7", "URL")),
    ("Records at example-health.com.", ("example-health.com", "URL")),
    ("Login from 192.168.1.20 noted.", ("192.168.1.20", "IPADDR")),
    ("Host 2001:0db8:85a3:0000:0000:8a2e:0370:7334 logged.", (
        "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "IPADDR")),
    # identifiers
    ("SSN 123-45-6789 on file.", ("123-45-6789", "SSN")),
    ("Social security number: 123 45 6789.", ("123 45 6789", "SSN")),
    ("MRN: 1234567", ("1234567", "MEDICALRECORD")),
    ("Medical record number 00123456 checked.", ("00123456", "MEDICALRECORD")),
    ("Unit No. 98-76-54 on the band.", ("98-76-54", "MEDICALRECORD")),
    ("Acct #: 44-123-9 billed.", ("44-123-9", "ACCOUNT")),
    ("Insurance ID: XJ4471920 active.", ("XJ4471920", "HEALTHPLAN")),
    ("DEA AB1234563 on script.", ("AB1234563", "LICENSE")),
    ("Pacemaker serial no. PM-88213-X interrogated.", ("PM-88213-X", "DEVICE")),
    ("License plate 7ABC123 in lot.", ("7ABC123", "VEHICLE")),
    ("Accession SH-02-22222 reviewed.", ("SH-02-22222", "IDNUM")),
    ("Specimen S09-12345 received.", ("S09-12345", "IDNUM")),
    ("Reference 88213377 for the claim.", ("88213377", "IDNUM")),
    ("Kit AB1234567 opened.", ("AB1234567", "IDNUM")),
    # places
    ("Lives in Boston, MA 02115 with wife.", ("02115", "ZIP")),
    ("Springfield, Illinois 62701-1234.", ("62701-1234", "ZIP")),
    ("Zip code: 02139.", ("02139", "ZIP")),
    # ages over 89
    ("A 92 year old man presents.", ("92", "AGE")),
    ("This 91-year-old woman is stable.", ("91", "AGE")),
    ("95 yo F with CHF.", ("95", "AGE")),
    ("Patient aged 93 lives alone.", ("93", "AGE")),
    ("She is in her 90s and frail.", ("90s", "AGE")),
    ("102 y/o resident of a nursing home.", ("102", "AGE")),
]

SPANISH = [
    ("Fecha de nacimiento: 03/03/1946.", ("03/03/1946", "DATE")),
    ("El 3 de marzo de 2016 ingresó.", ("3 de marzo de 2016", "DATE")),
    ("En marzo de 2015 consultó.", ("marzo de 2015", "DATE")),
    ("En hemodiálisis desde diciembre-2002.", ("diciembre-2002", "DATE")),
    ("Hospitalización en octubre-07 por infección.", ("octubre-07", "DATE")),
    ("El mismo día 22-10-04 se implantó.", ("22-10-04", "DATE")),
    ("Operado el 3-III-2016.", ("3-III-2016", "DATE")),
    ("Intervenido en el año 2004.", ("año 2004", "DATE")),
    ("Paciente de 92 años de edad.", ("92 años", "AGE")),
    ("Varón de 45 años, fumador.", ("45 años", "AGE")),
    ("Edad: 70 años Sexo: H.", ("70 años", "AGE")),
    ("NHC: 368503.", ("368503", "MEDICALRECORD")),
    ("NASS: 26 63514095.", ("26 63514095", "HEALTHPLAN")),
    ("Médico: Ignacio NºCol: 28 28 70973.", ("28 28 70973", "LICENSE")),
    ("Episodio: 7436544.", ("7436544", "ACCOUNT")),
    ("DNI 12345678Z en vigor.", ("12345678Z", "IDNUM")),
    ("NIE X1234567L en vigor.", ("X1234567L", "IDNUM")),
    ("Tel: 912 345 678.", ("912 345 678", "PHONE")),
    ("Llamar al 612345678 mañana.", ("612345678", "PHONE")),
    ("Teléfono +34 91 234 56 78.", ("+34 91 234 56 78", "PHONE")),
    ("Fax: 91 234 56 79.", ("91 234 56 79", "FAX")),
    ("CP: 28016.", ("28016", "ZIP")),
    ("c/ del Abedul 5, 2º dcha 28036 Madrid (España).", ("28036", "ZIP")),
    ("E-mail.hleon@correo.es para dudas.", ("hleon@correo.es", "EMAIL")),
]


@pytest.mark.parametrize(("text", "expected"), ENGLISH)
def test_english_pattern_finds_phi(text: str, expected: tuple[str, str]) -> None:
    assert expected in hits(text, "en")


@pytest.mark.parametrize(("text", "expected"), SPANISH)
def test_spanish_pattern_finds_phi(text: str, expected: tuple[str, str]) -> None:
    assert expected in hits(text, "es")


ENGLISH_LOOK_ALIKES = [
    "BP 132/84, HR 80, RR 18.",
    "BP 120/80 mmHg sitting.",
    "2/6 systolic murmur at the left sternal border.",
    "Grade 3/6 holosystolic murmur.",
    "Motor 5/5 throughout.",
    "Strength 4/5 in the left arm.",
    "Pain 7/10, improved to 3/10.",
    "Rates pain 8/10 at rest.",
    "Take 1/2 tab po daily.",
    "Give 3/4 of the dose.",
    "Dose 10-15 mg q6h.",
    "Follow up in 2-3 weeks.",
    "Infuse 250-1000 ml as needed.",
    "Heparin 2000 units bolus.",
    "Acetaminophen 1000 mg.",
    "Epinephrine 1:1000 given.",
    "ANA titer 1:160, speckled.",
    "I:E 1:2 on the vent.",
    "2:1 AV block on the monitor.",
    "PEEP 5, PS 10/5 overnight.",
    "WBC 12.3, Hgb 9.8, Plt 250.",
    "LVEF 55-60% by echo.",
    "She may 2 units of PRBC if needed.",
    "Temp 98.6 F, SpO2 97%.",
    "Q8h dosing, x3 days.",
    "Seen 4/4 quadrants.",
    "Lab value (47-10000) reference.",
    "G20210A mutation carrier.",
    "Pt is 85 years old.",
    "He is 60 yo.",
]


@pytest.mark.parametrize("text", ENGLISH_LOOK_ALIKES)
def test_clinical_look_alikes_do_not_match(text: str) -> None:
    phi = [h for h in hits(text, "en") if h[1] != "AGE" or int(h[0].rstrip("s")) >= 90]
    assert phi == []


SPANISH_LOOK_ALIKES = [
    "Paresia 4/5 en extremidad inferior.",
    "Apgar 3/10 y 8/10.",
    "Cada 12 horas durante 6 semanas.",
    "A las 2 h de la intervención.",
    "Diabetes de 20 años de evolución.",
    "Fumador desde hace 10 años.",
    "IgG 1:40 e IgM 1:320.",
    "Látex positivo 1/2048.",
    "Leucocitos 17850 Neutrófilos 86%.",
]


@pytest.mark.parametrize("text", SPANISH_LOOK_ALIKES)
def test_spanish_look_alikes_do_not_match(text: str) -> None:
    assert hits(text, "es") == []


def test_cue_reports_only_the_value() -> None:
    text = "MRN: 1234567"
    (match,) = find_patterns(text, "en")
    assert (match.start, match.end, match.name) == (5, 12, "id_mrn")


def test_cue_words_inside_other_words_are_not_cues() -> None:
    assert hits("Domicilio: C/ Vinateros 89, 3 A.", "es") == []
    assert hits("Extremidades 12345 normales.", "es") == []


def test_month_day_order_depends_on_language() -> None:
    assert hits("Visto el 15/3 en consulta con cita", "en") == []
    assert ("15/3", "DATE") in hits("Visto desde el 15/3", "es")


def test_matches_are_sorted_non_overlapping_and_inside_text() -> None:
    text = "Seen 3/5/2010 10:30 pm; MRN 1234567; call 617-555-1234; SSN 123-45-6789."
    matches = find_patterns(text)
    assert matches == sorted(matches, key=lambda m: m.start)
    for first, second in itertools.pairwise(matches):
        assert first.end <= second.start
    assert all(0 <= m.start < m.end <= len(text) for m in matches)
    assert all(m.name in PATTERN_NAMES for m in matches)


def test_overlapping_mode_returns_every_match() -> None:
    text = "Tel 617-555-1234"
    all_matches = find_patterns(text, "en", overlapping=True)
    assert len(all_matches) >= len(find_patterns(text, "en"))
    assert {m.name for m in all_matches} >= {"phone", "phone_cue"}


def test_resolve_overlaps_keeps_the_longest() -> None:
    short = PatternMatch(0, 4, "year", "DATE")
    long = PatternMatch(0, 10, "date_iso", "DATE")
    other = PatternMatch(12, 14, "date_short", "DATE")
    assert resolve_overlaps([short, other, long]) == [long, other]


def test_unusual_lowercase_falls_back_to_scanning() -> None:
    # "İ" lowercases to two characters, which would shift anchor offsets
    text = "İstanbul hasta. MRN: 1234567. Seen Jan 5, 2010."
    assert ("1234567", "MEDICALRECORD") in hits(text, "en")
    assert ("Jan 5, 2010", "DATE") in hits(text, "en")


def test_languages_and_names() -> None:
    assert set(LANGS) == {"en", "es"}
    assert set(patterns_for("en")) | set(patterns_for("es")) == set(PATTERNS)
    assert "dni_nif" not in {p.name for p in patterns_for("en")}
    assert len(PATTERN_NAMES) == len(set(PATTERN_NAMES))
    with pytest.raises(ValueError, match="unknown pattern language"):
        patterns_for("fr")


_HEAD_PIECES = st.sampled_from(
    ["1", "2", "0", "9", "12", "19", "20", "31", "123", "555", "617", "1234", "2010", "1998",
     "0800", "02115", "123456", "1234567", "6175551234", "16175551234", "123456789012", "٣", "１",
     " ", "  ", "\n", "\t", "\x0b", "\x1c", "\u00a0", "\u2009", "-", "/", ".", ",", ":", "(", ")",
     "+", "@", "'", "’", "_", "#", "s", "st", "nd", "rd", "th", "h", "hrs", "H", "am", "PM",
     "a.m.", "p", "y", "Y", "yo", "y/o", "years", "year-old", "old", "of", "OF", "o", "Jan",
     "jan", "sept", "SEP", "Dec", "mar", "ſept", "ẙ", "ß", "ﬆ", "K", "İ", "x", "ext", "A", "AB",
     "Z", "X", "III", "IV", "de", "años", "Años", "ª", "º", "°", "T", "é", "Madrid"]
)
# A match of every shape the heads of digit-led patterns allow
_DIGIT_LED_SHAPES = [
    "192.168.1.20", "1.2.3.4", "123-45-6789", "02-22222", "S09-12345", "AB1234567", "X-12345",
    "617-555-1234", "617.555.1234", "617 5551234", "617555-1234", "6175551234", "1-617-555-1234",
    "1 617 555 1234", "1(617)555-1234", "16175551234", "1617-555-1234", "1617555-1234",
    "(617) 555-1234", "+1 617 555 1234", "+16175551234", "617-555-1234 x123", "555-1234",
    "02115", "02115-1234", "92 years old", "92 y/o", "92-year-old", "92yo", "90s", "90's",
    "101 yrs", "95- year old", "2010-03-05", "2010/3/5", "1998.12.31", "3/5/2010", "03-05-10",
    "5.3.2010", "12/31/99", "3/5 / 2010", "3/2010", "12/1998", "5th of June", "5 Jan",
    "5-Jan-2010", "5jan", "21st March", "2nd Feb", "3rd Apr", "12 of may", "1  of Dec", "7 Nov",
    "4 Oct", "3 August", "6 jul", "30 sept", "5 ſept", "12/24", "1/2", "5-22", "1998", "2010s",
    "1990's", "10:30", "10:30 pm", "3pm", "3 p.m.", "10h30", "7 AM", "12:00:00", "0800 hours",
    "1430hrs", "2359 h", "1234567", "12-3456-78", "123-45-6789-00", "28036 Madrid.", "92 años",
    "3 de marzo de 2016", "3-mar-16", "1º de enero", "3-III-2016",
]
_PROBES = [chr(i) for i in range(128)] + ["é", "ſ", "ẙ", "K", "İ", "º", "٣", "\u00a0", "’"]


def _neighbourhood(shape: str) -> Iterator[str]:
    """The shape in other cases, after each probe character, and with each of the three
    characters after its first run of digits replaced by each probe character."""
    yield from (shape, shape.upper(), shape.lower(), shape.swapcase())
    yield from (probe + shape for probe in _PROBES)
    run_end = next(i for i, c in enumerate(shape) if c.isdigit())
    while run_end < len(shape) and shape[run_end].isdigit():
        run_end += 1
    for i in range(run_end, min(run_end + _FOLLOWED, len(shape))):
        yield from (shape[:i] + probe + shape[i + 1 :] for probe in _PROBES)


def _assert_heads_agree_with_finditer(text: str, lang: str | None) -> None:
    starts = _starts(lang)
    found: dict[int, list[tuple[tuple[int, int], dict[str, str | None]]]] = {}
    for index, match in _digit_led_matches(text, starts):
        found.setdefault(index, []).append((match.span(), match.groupdict()))
    for index, pattern in enumerate(starts.patterns):
        expected = [(m.span(), m.groupdict()) for m in pattern.compiled.finditer(text)]
        assert found.get(index, []) == expected, (pattern.name, lang, text)


def test_heads_admit_every_match_near_each_shape() -> None:
    for shape in _DIGIT_LED_SHAPES:
        for text in _neighbourhood(shape):
            _assert_heads_agree_with_finditer(text, None)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(
    st.lists(_HEAD_PIECES, max_size=14).map("".join),
    st.tuples(*[st.lists(_HEAD_PIECES, max_size=3).map("".join),
                st.sampled_from(_DIGIT_LED_SHAPES)] * 2).map("".join),
))
def test_heads_find_exactly_what_finditer_finds(text: str) -> None:
    for lang in (*LANGS, None):
        _assert_heads_agree_with_finditer(text, lang)


def test_head_tables_rest_on_the_engine_s_ascii_classes() -> None:
    ascii_chars = [chr(i) for i in range(128)]
    assert {c for c in ascii_chars if regex.match(r"\s", c)} == set(_SPACE)
    assert {c for c in ascii_chars if regex.match(r"\w", c)} == set(_ASCII_WORD)
    for pattern in PATTERNS:
        assert not (pattern.heads and pattern.anchors), pattern.name
        for head in pattern.heads:
            assert head.lengths and all(1 <= n <= _LONG for n in head.lengths), pattern.name
            assert all(len(sets) <= _FOLLOWED for sets in head.follow or ()), pattern.name


def test_only_letters_can_begin_a_top_level_domain() -> None:
    # url_domain's (?=\p{L}) guard: no other character with a case mapping can stand for the
    # first letters of a domain under full case folding (an exhaustive check over every code
    # point, run once, found none either)
    tld = regex.compile(rf"(?i:{_TOP_LEVEL_DOMAINS})", regex.VERSION1)
    assert tld.fullmatch("eſ") is not None  # ſ (a letter) folds to s
    letter = regex.compile(r"\p{L}")
    cased = [chr(i) for i in range(0x3000) if chr(i).lower() != chr(i) or chr(i).upper() != chr(i)
             or chr(i).casefold() != chr(i)]
    non_letters = [c for c in cased if not letter.match(c)]
    assert non_letters  # Roman numerals, circled letters, combining marks
    for char in non_letters:
        for domain in _TOP_LEVEL_DOMAINS.split("|"):
            for taken in range(1, len(domain) + 1):
                assert tld.match(char + domain[taken:]) is None, (char, domain)
