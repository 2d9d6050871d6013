"""Rules ``cued_places``, ``dictionary_places``, ``city_state``, ``licence_states`` and
``country_abbreviations``: places after a place cue ("lives in Springfield", "natural de
Lugo"), places from the lists, "Garfield, NJ", a licence's state, and a country written
"US" or "UK" where it cannot be an ultrasound ("came to the US", "US citizenship")."""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.names import eponym
from deidkit.models.rules.note import Note, title_case
from deidkit.models.rules.word_types import word_table
from deidkit.patterns.context import is_unit
from deidkit.types import Span

# Capitalised words that open a sentence before a place ("From Harlow, CA"), never its name.
LEAD_WORDS = frozenset(
    {"from", "in", "to", "at", "the", "of", "near", "lives", "moved", "born", "visiting",
     "visited", "returned", "travelled", "traveled", "and", "or", "then", "per", "via", "by",
     "for", "outside", "home", "resident", "resides", "residence", "address", "hometown"}
)


def cued_place_spans(scan: Scan) -> list[Span]:
    """The place after a place cue: from the lists if it is there, else ``LOCATION_OTHER``
    (up to three capitalised words, not a hospital word)."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    for _, found in scan.matches(lex.place_cues):
        start = found[0]
        while start < len(note.tokens) and note.words[start] in lex.articles:
            start += 1
        if start >= len(note.tokens) or not note.capitalised(start):
            continue
        place = lex.places.match(note.words, start)
        if place is not None:
            spans.append(note.span(start, place[0], place[1]))
            continue
        end = start
        while end < len(note.tokens) and end - start < 3 and note.is_word(end) and (
            note.capitalised(end)
        ) and note.same_line(start, end) and not _no_place_word(note, lex, end):
            end += 1
        if found[1] in _NAMED_AFTER and end == start + 1 and note.words[start] in lex.common:
            continue  # "HOSPICE ADMISSION", "referred to Compliance": a word, no place
        if end > start and lex.hospital_words.match(note.words, end - 1) is None:
            state = end + 1 < len(note.tokens) and note.words[end] == "," and (
                note.tokens[end + 1].text in lex.state_codes
            )  # "lives in Harlow, CA": a town
            spans.append(note.span(start, end, "CITY" if state else "LOCATION_OTHER"))
    return spans


_NAMED_AFTER = frozenset({"facility", "transfer"})
"""Kinds of place cues after which one ordinary word names no place ("Hospice Intake")."""


def dictionary_place_spans(scan: Scan) -> list[Span]:
    """Places from the lists; a one-word place that is also a common word or a name (unless a
    city of 100,000 people) needs a state after it ("Mobile, AL")."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    for index, found in scan.matches(lex.places):
        end, label = found
        if not all(note.capitalised(i) for i in range(index, end) if note.is_word(i)):
            continue
        if eponym(note, lex, end - 1) or (end < len(note.tokens) and note.words[end] == "-"):
            continue  # "Gilbert's syndrome", "Jackson-Pratt drain"
        if _dose_after(note, end):
            continue  # "Norco 5/325", "Norco 10 mg": a medicine named as a town is
        if end - index == 1 and not note.caseless and not title_case(note.tokens[index].text):
            continue  # "MoCA", "ED": a place name is written Boston, not BOSTON or MoCA
        if end - index == 1:
            word = note.words[index]
            as_name = word in (lex.first_names if label == "COUNTRY" else lex.names)
            ambiguous = word in lex.common or word in lex.eponyms or (
                as_name and word not in lex.major_places
            )  # "Ottawa ankle rules", "Epworth: 16": an eponym unless a state follows
            if not note.is_word(index) or ambiguous:
                following = note.words[end : end + 2]
                state_after = following[:1] == [","] and len(following) > 1 and (
                    note.tokens[end + 1].text.isupper() and len(note.tokens[end + 1].text) == 2
                )
                if not state_after:
                    continue
        spans.append(note.span(index, end, label))
    return spans


def _dose_after(note: Note, index: int) -> bool:
    """Whether a medicine's strength starts at token ``index``: "5/325", "10 mg"."""
    if index >= len(note.tokens) or not note.same_line(index - 1, index):
        return False
    numbers = note.tokens[index].text.split("/")
    if not all(number.replace(".", "", 1).isdigit() for number in numbers):
        return False
    return len(numbers) == 2 or is_unit(note.words[index + 1 : index + 2])


def city_state_spans(scan: Scan) -> list[Span]:
    """"Garfield, NJ", "Alum Rock, CA 92877": capitalised words, a comma, a state code."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    count = len(note.tokens)
    for index in [comma + 1 for comma in note.positions.get(",", ()) if comma + 1 < count]:
        token = note.tokens[index]  # a token after a comma
        if token.text not in lex.state_codes or index < 2:
            continue
        credential = token.text.casefold() in lex.credentials  # "Erick Kohler, MD"
        if credential and (
            lex.places.match(note.words, index - 2) is None or note.words[index - 2] in lex.names
        ):
            continue
        following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
        if token.text in lex.wordlike_state_codes and following[:1].isalpha() and (
            note.same_line(index, index + 1)
        ):
            continue  # "..., IN the morning", "fever, OR chills"
        if _credential_after(note, lex, index):
            continue  # "Emeric Szabo, MS, LCGC": a degree between credentials
        if following == "#" and note.same_line(index, index + 1):
            continue  # "(LanguageBridge Interpreting, ID #LB-20455)": an identifier's cue
        start = end = index - 1
        while start > 0 and end - start < 3 and note.is_word(start - 1) and (
            note.tokens[start - 1].text[:1].isupper()
        ) and note.same_line(start - 1, index) and not _role(lex, note.words[start - 1]):
            start -= 1
        listed = lex.places.match(note.words, start)
        while start < end and (listed is None or listed[0] != end) and _lead_word(note, start):
            start += 1  # "From Harlow, CA": a capitalised word opening the sentence
            listed = lex.places.match(note.words, start)
        if start == end or all(note.words[i] in lex.not_names for i in range(start, end)):
            continue  # "(Spanish, ID 40961)": a language, no city
        common = all(note.words[i] in lex.common for i in range(start, end))
        if not common or (listed is not None and listed[0] == end) or (
            end - start >= 2 and start > 0 and note.same_line(start - 1, start)
        ):  # "Alum Rock, CA": listed, or a name of common words inside a sentence
            spans.append(note.span(start, end, "CITY"))
            spans.append(note.span(index, index + 1, "STATE"))
    return spans


def _credential_after(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether a comma and a credential in capitals follow token ``index``: a known one, or
    capitals that are no state, town or country ("LCGC")."""
    if index + 2 >= len(note.tokens) or note.words[index + 1] != ",":
        return False
    text = note.tokens[index + 2].text
    return note.same_line(index, index + 2) and text.isupper() and text.isalpha() and (
        note.words[index + 2] in lex.credentials or (
            text not in lex.state_codes and lex.places.match(note.words, index + 2) is None
        )
    )


def _role(lex: Lexicons, word: str) -> bool:
    """A credential, clinical abbreviation or job before ", ST" ("Okonjo-Hale, RN, VA-BC",
    "Odum, Paramedic, IL lic"): no town."""
    return word in lex.credentials or word in lex.clinical_abbreviations or (
        lex.occupations.match([word], 0) is not None
    )


def _no_place_word(note: Note, lex: Lexicons, index: int) -> bool:
    """A word a place named in no list does not hold: a clinical abbreviation ("ED", "MICU",
    "MRN"), a field word ("Date"), a room's word ("moved to Room 12B"), or in a note without
    case an ordinary word ("OPERATING ROOM AND")."""
    word = note.words[index]
    if word in lex.clinical_abbreviations or word in lex.not_names or word in FIELD_WORDS or (
        word in ROOM_WORDS
    ):
        return True
    return (note.caseless or note.acronym(index)) and (word in lex.common or word in lex.medical)


def _lead_word(note: Note, index: int) -> bool:
    """A capitalised function word opening a line or sentence ("From", "In", "The")."""
    opens = index == 0 or not note.same_line(index - 1, index) or note.words[index - 1] in {
        ".", ":", ";", "!", "?"
    }
    return opens and note.words[index] in LEAD_WORDS


FIELD_WORDS = frozenset({"date", "time", "mrn", "dob", "tmrw", "tomorrow", "today", "am", "pm"})
_LICENCE_FIELDS = frozenset({"lic", "lic.", "license", "licence", "driver", "driver's"})
"""Words of a licence a state code stands by with a word between ("MA Prosthetist Lic") or
after ("Licence: MA", "driver license")."""
_LICENCE_HOLDERS = frozenset({"rn", "md", "np", "pa", "id"})
"""Words after a state code that make it a licence's only before a licence word ("NH RN Lic";
"MA RN" is a credential)."""
LICENCE_WORDS = _LICENCE_FIELDS | _LICENCE_HOLDERS | frozenset(
    {"dl", "plate", "plates", "drivers", "medicaid", "registration", "reg"}
)
"""Words after a state code that make it a licence's ("NH Lic RN-220417", "MA plate")."""
ROOM_WORDS = frozenset({"room", "rm", "bed", "bay", "suite"})
"""Words before a room or bed's number, no place's ("moved to Room 12B")."""


def licence_state_spans(scan: Scan) -> list[Span]:
    """"NH Lic RN-220417", "MA plate 7KRM-204": a state code before a licence word."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    if note.caseless:
        return spans
    state_words = word_table(lex, "state_code_words", _state_code_words)
    codes = note.indices(state_words & note.positions.keys())  # and look-alikes
    for index in codes:
        if index + 1 >= len(note.tokens) or note.tokens[index].text not in lex.state_codes:
            continue
        following = note.words[index + 1]
        if not note.same_line(index, index + 1) or (
            following not in LICENCE_WORDS and not _licence_around(note, index)
        ):
            continue
        if following in _LICENCE_HOLDERS and not any(
            note.words[i] in LICENCE_WORDS - _LICENCE_HOLDERS
            for i in range(index + 2, min(index + 4, len(note.tokens)))
        ):
            continue  # "MA RN": a credential, unless a licence word follows ("NH RN Lic")
        if index > 0 and note.words[index - 1] == "," and (
            note.words[index].replace(".", "") in lex.credentials
        ):
            continue  # "M. Quorbit, MD   Lic CO DR.0067": the name's degree, no state
        spans.append(note.span(index, index + 1, "STATE"))
    return spans


def _licence_around(note: Note, index: int) -> bool:
    """Whether the state code at ``index`` stands in a licence's field ("Licence: MA
    #S81447290") or before one word and a licence's own word ("MA Prosthetist Lic P-2291")."""
    words = note.words
    before = index - 1
    if before >= 0 and words[before] == ":":
        before -= 1
    if before >= 0 and words[before] in _LICENCE_FIELDS and note.same_line(before, index):
        return True
    after = index + 2
    return (
        after < len(words) and words[after] in _LICENCE_FIELDS
        and note.is_word(index + 1) and note.same_line(index, after)
    )


def _state_code_words(lex: Lexicons) -> frozenset[str]:
    """The state codes casefolded, as a note's words are (made once per lexicons)."""
    return frozenset(code.casefold() for code in lex.state_codes)


COUNTRY_CODES = frozenset({"US", "U.S.", "USA", "U.S.A.", "UK", "U.K."})
"""A country's abbreviations, as written."""
COUNTRY_LEADS = frozenset(
    {"to", "in", "from", "into", "outside", "across", "left", "leaving", "entered", "of"}
)
"""The words before "the" before a country ("came to the US")."""
COUNTRY_MOVES = frozenset(
    {"arrived", "moved", "came", "born", "immigrated", "emigrated", "returned", "relocated"}
)
"""The verbs before "in" or "to" before a country without "the" ("Arrived in US: 1994")."""
COUNTRY_NOUNS = frozenset(
    {"citizen", "citizenship", "passport", "residency", "resident", "army", "navy", "marines",
     "military", "embassy", "consulate", "visa", "cell", "mobile"}
)
"""The words a country's abbreviation stands before ("US passport")."""
COUNTRY_LANGS = frozenset({"en"})
"""The languages whose country abbreviations ``country_abbreviations`` reads."""


def country_abbreviation_spans(scan: Scan) -> list[Span]:
    """"US", "UK" as countries: after "to the", "in the", "from the", ..., after "arrived in",
    "moved to", ... or before "citizen", "passport", "cell", ... ("renal US", "US-guided" are
    ultrasounds)."""
    note = scan.note
    if scan.lang not in COUNTRY_LANGS:
        return []
    words, tokens = note.words, note.tokens
    spans = []
    for index in note.indices({code.casefold() for code in COUNTRY_CODES}):
        if tokens[index].text not in COUNTRY_CODES:
            continue
        after_the = index >= 2 and words[index - 1] == "the" and words[index - 2] in (
            COUNTRY_LEADS
        )
        after_move = index >= 2 and words[index - 1] in {"in", "to"} and (
            words[index - 2] in COUNTRY_MOVES
        )
        before_noun = index + 1 < len(tokens) and words[index + 1] in COUNTRY_NOUNS and (
            tokens[index + 1].start > tokens[index].end  # "US-guided": glued, an ultrasound
        )
        glued_after = index + 1 < len(tokens) and tokens[index + 1].start == tokens[index].end
        if ((after_the or after_move) and not (glued_after and tokens[index + 1].text == "-")) or (
            before_noun
        ):
            spans.append(note.span(index, index + 1, "COUNTRY"))
    return spans


CUED_PLACES = SpanRule("cued_places", priority=4, find=cued_place_spans, switch="places")
DICTIONARY_PLACES = SpanRule(
    "dictionary_places", priority=6, find=dictionary_place_spans, switch="places"
)
CITY_STATE = SpanRule("city_state", priority=4, find=city_state_spans, switch="places")
LICENCE_STATES = SpanRule(
    "licence_states", priority=4, find=licence_state_spans, switch="places"
)
COUNTRY_ABBREVIATIONS = SpanRule(
    "country_abbreviations", priority=4, find=country_abbreviation_spans, switch="places"
)
