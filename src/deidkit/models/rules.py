"""The rules detector: patterns, dictionaries and context rules; no training data needed.

After PhysioNet's deid (seed 002) and the heuristic+dictionary baseline of seed 001:

1. **Patterns** (``deidkit.patterns``): dates, phone/fax/pager, SSN, IDs, ZIP, e-mail, URL,
   IP, ages over 89 (all ages with ``ages="all"``; clock times with ``times=True``).
2. **Dictionaries** (``deidkit.resources``): first and last names, US cities, counties, states,
   countries and hospitals, minus the common-words list (names that are also ordinary or
   medical words need context: "Dr. Brown", not "brown stool"; "Mr. Foley", not "Foley
   catheter").
3. **Context rules**: the words after a title (Dr, Mr, Mrs, Dra., Sr.), after a name
   indicator (daughter, son, proxy, seen by), after a location indicator (lives in,
   transferred from), before a credential (", MD", "RN"), capitalised words before a hospital
   word (Hospital, Medical Center, Clinic), and labelled fields (``Name:``, ``Nombre:``,
   ``Domicilio:``).

Where candidates overlap, patterns win, then fields, then context rules, then dictionaries,
then the longer span.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

import regex

from deidkit import resources
from deidkit.errors import ConfigError, ResourceError
from deidkit.models.base import BaseDetector
from deidkit.patterns import find_patterns
from deidkit.resources import store
from deidkit.text import token_texts, tokenize
from deidkit.types import Document, Span, Token

SOURCE = "rules"
_PATTERN, _FIELD, _HOSPITAL, _CONTEXT, _CUED_PLACE, _NAME, _PLACE = range(7)  # lower wins

_EPONYM_HEADS = frozenset(
    str.split(
        """disease syndrome sign signs test fracture cyst catheter tube reflex phenomenon
    procedure operation maneuver manoeuvre drain drains position criteria classification scale
    technique incision approach method retractor clamp forceps needle
    score law node
    nodes palsy disorder lymphoma sarcoma tumor tumour ulcer pouch hernia triad solution
    stockings stocking bag enfermedad síndrome signo prueba sonda grado escala tinción técnica
    maniobra clasificación estadio índice criterios operación intervención método linfoma
    sarcoma carcinoma quiste fractura reflejo técnica cirugía procedimiento abordaje incisión
    puntuación bloqueo catéter prótesis úlcera hernia tumor"""
    )
)
_NAME_LINKS = frozenset({"van", "von", "de", "del", "la", "di", "da", "le", "st", "st.", "mc"})
_SPANISH_TITLES = {
    "dr": "professional", "dra": "professional", "doctor": "professional",
    "doctora": "professional", "sr": "courtesy", "sra": "courtesy", "srta": "courtesy",
    "don": "courtesy", "doña": "courtesy", "dña": "courtesy", "d": "courtesy",
}
_SPANISH_INDICATORS = {
    ("hijo",): "family", ("hija",): "family", ("esposo",): "family", ("esposa",): "family",
    ("marido",): "family", ("mujer",): "family", ("madre",): "family", ("padre",): "family",
    ("hermano",): "family", ("hermana",): "family", ("abuelo",): "family",
    ("abuela",): "family", ("tío",): "family", ("tía",): "family", ("nieto",): "family",
    ("nieta",): "family", ("pareja",): "family", ("tutor",): "contact",
    ("tutora",): "contact", ("médico",): "care_team", ("enfermera",): "care_team",
    ("enfermero",): "care_team", ("atendido", "por"): "care_team",
    ("remitido", "por"): "care_team", ("firmado", "por"): "care_team",
}
_SPANISH_PLACES = {
    ("vive", "en"): "residence", ("reside", "en"): "residence", ("natural", "de"): "origin",
    ("procedente", "de"): "origin", ("nacido", "en"): "origin", ("nacida", "en"): "origin",
    ("trasladado", "a"): "transfer", ("trasladada", "a"): "transfer",
    ("derivado", "a"): "transfer", ("derivada", "a"): "transfer",
    ("derivado", "desde"): "transfer", ("derivada", "desde"): "transfer",
}
# Labelled fields: field words before ':' -> (label, extent): "names" takes the capitalised
# words after the colon, "clause" the rest of the clause (up to '.', ';' or the line end).
_FIELDS: dict[str, dict[tuple[str, ...], tuple[str, str]]] = {
    "en": {
        ("patient", "name"): ("PATIENT", "names"), ("name",): ("PATIENT", "names"),
        ("patient",): ("PATIENT", "names"), ("attending",): ("DOCTOR", "names"),
        ("pcp",): ("DOCTOR", "names"), ("physician",): ("DOCTOR", "names"),
        ("provider",): ("DOCTOR", "names"), ("dictated", "by"): ("DOCTOR", "names"),
        ("signed", "by"): ("DOCTOR", "names"), ("surgeon",): ("DOCTOR", "names"),
        ("address",): ("STREET", "clause"), ("street",): ("STREET", "clause"),
        ("city",): ("CITY", "clause"), ("hospital",): ("HOSPITAL", "clause"),
        ("facility",): ("HOSPITAL", "clause"), ("employer",): ("ORGANIZATION", "clause"),
        ("occupation",): ("PROFESSION", "clause"), ("caller",): ("RELATIVE", "names"),
    },
    "es": {
        ("nombre",): ("PATIENT", "names"), ("apellidos",): ("PATIENT", "names"),
        ("paciente",): ("PATIENT", "names"), ("médico",): ("DOCTOR", "names"),
        ("medico",): ("DOCTOR", "names"), ("domicilio",): ("STREET", "clause"),
        ("dirección",): ("STREET", "clause"), ("localidad",): ("LOCATION_OTHER", "clause"),
        ("provincia",): ("LOCATION_OTHER", "clause"), ("municipio",): ("LOCATION_OTHER", "clause"),
        ("localidad", "/", "provincia"): ("LOCATION_OTHER", "clause"),
        ("país",): ("COUNTRY", "clause"), ("pais",): ("COUNTRY", "clause"),
        ("hospital",): ("HOSPITAL", "clause"), ("centro",): ("HOSPITAL", "clause"),
        ("sexo",): ("SEX", "clause"), ("profesión",): ("PROFESSION", "clause"),
        ("remitido", "por"): ("DOCTOR", "names"), ("responsable", "clínico"): ("DOCTOR", "names"),
        ("responsable", "clinico"): ("DOCTOR", "names"), ("firmado", "por"): ("DOCTOR", "names"),
    },
}
_CLAUSE_MAX_TOKENS = 12
_TOO_GENERAL_PLACE_CUES = frozenset(
    {"from", "address", "visited", "visiting", "transfer", "transferred", "de", "desde", "en"}
)


@dataclass(slots=True)
class _Node:
    """A trie node: the label of the phrase ending here (if any) and the next words."""

    label: str | None = None
    next: dict[str, _Node] | None = None


@dataclass(frozen=True, slots=True)
class _Phrases:
    """Multi-token phrases (casefolded tokens) -> label, in a trie of words.

    ``trie`` maps a first word to its node, so ``match`` walks one dictionary look-up per
    word of the longest phrase."""

    trie: dict[str, _Node] = field(default_factory=dict)

    def add(self, phrase: str, label: str) -> tuple[str, ...]:
        """File ``phrase`` under ``label`` (unless an equal phrase came first); its words."""
        words = tuple(map(str.casefold, token_texts(phrase)))
        if not words:
            return words
        node = self.trie.get(words[0])
        if node is None:
            node = self.trie[words[0]] = _Node()
        for word in words[1:]:
            if node.next is None:
                node.next = {}
            child = node.next.get(word)
            if child is None:
                child = node.next[word] = _Node()
            node = child
        if node.label is None:  # the first of equal phrases gives the label
            node.label = label
        return words

    def add_all(self, phrases: Iterable[str], label: str) -> set[str]:
        """``add`` each distinct phrase; the words of the one-word phrases among them."""
        added = map(self.add, dict.fromkeys(phrases), itertools.repeat(label))
        return {words[0] for words in added if len(words) == 1}

    def starts(self, note: _Note) -> list[int]:
        """The token indices of ``note`` where a phrase may start, in order (``match`` is
        None everywhere else)."""
        positions = note.positions
        return sorted(
            index for word in positions.keys() & self.trie.keys() for index in positions[word]
        )

    def match(self, words: Sequence[str], start: int) -> tuple[int, str] | None:
        """The longest phrase starting at ``start``: (end index, label)."""
        node = self.trie.get(words[start])
        found = None
        end = start + 1
        while node is not None:
            if node.label is not None:
                found = (end, node.label)
            if node.next is None or end >= len(words):
                break
            node = node.next.get(words[end])
            end += 1
        return found


@dataclass(slots=True)
class _Lexicons:
    """The dictionaries and cue lists of one language."""

    names: frozenset[str]
    first_names: frozenset[str]
    common: frozenset[str]
    medical: frozenset[str]
    titles: dict[str, str]
    credentials: frozenset[str]
    name_cues: _Phrases
    place_cues: _Phrases
    hospital_words: _Phrases
    places: _Phrases
    hospitals: _Phrases
    fields: _Phrases
    major_places: frozenset[str]
    field_extent: dict[tuple[str, ...], tuple[str, str]]
    hospital_name_first: bool  # "Mercy Hospital" (en) or "Hospital La Paz" (es)
    street_types: _Phrases  # before the name: "Calle", "C/", "Avda."
    street_suffixes: _Phrases  # after the name: "Street", "Ave."
    address_units: _Phrases
    not_names: frozenset[str]  # weekdays, months, nationalities: in the name lists, never names
    single_places: frozenset[str]
    state_codes: frozenset[str]


def _rows(name: str, lang: str) -> tuple[tuple[str, ...], ...]:
    """Rows of a resource in ``lang`` (English names are plain, others prefixed), or none."""
    try:
        return resources.rows(name if lang == "en" else resources.for_language(name, lang))
    except ResourceError:
        return ()


def _casefolded(rows: Iterable[tuple[str, ...]]) -> frozenset[str]:
    return frozenset(map(str.casefold, map(itemgetter(0), rows)))


@functools.cache
def _lexicons(lang: str) -> _Lexicons:
    """The dictionaries of ``lang`` (built once, without garbage collections scanning them)."""
    with store.collector_paused():
        return _build_lexicons(lang)


def _build_lexicons(lang: str) -> _Lexicons:
    """The dictionaries of ``lang``; Spanish also knows the US census names (common among
    Spanish surnames) and the English cue lists where Spanish ones are missing."""
    first_names = _casefolded(_rows("first_names", lang))
    names = first_names | _casefolded(_rows("last_names", lang))
    if lang != "en":
        first_names |= resources.lexicon("first_names")
        names |= first_names | resources.lexicon("last_names")
    common = _casefolded(_rows("common_words", lang))
    medical = resources.lexicon("medical_words")
    if lang != "en":
        medical |= _casefolded(_rows("medical_words", lang))
    titles = {row[0].casefold().rstrip("."): row[2] for row in _rows("titles", lang)}
    if lang == "es":
        titles = {**_SPANISH_TITLES, **titles}
    titles.pop("d", None)  # "1D." (a flat) is not "D." (Don)
    credentials = frozenset(
        row[0].casefold().replace(".", "")
        for row in resources.rows("name_suffixes")
        if row[2] == "credential"
    )
    name_cues, place_cues, hospital_words = _Phrases(), _Phrases(), _Phrases()
    for indicator, kind in _rows("name_indicators", lang) or resources.rows("name_indicators"):
        if indicator.casefold() != "cc":  # "233 CC BILIOUS": cubic centimetres ("cc:" stays)
            name_cues.add(indicator, kind)
    for indicator, kind in _rows("location_indicators", lang):
        if indicator not in _TOO_GENERAL_PLACE_CUES:
            place_cues.add(indicator, kind)
    for indicator, kind in _rows("hospital_indicators", lang):
        hospital_words.add(indicator, kind)
    if lang == "es":
        for words, kind in _SPANISH_INDICATORS.items():
            name_cues.add(" ".join(words), kind)
        for words, kind in _SPANISH_PLACES.items():
            place_cues.add(" ".join(words), kind)
    places, hospitals = _Phrases(), _Phrases()
    if lang == "en":
        cities = resources.rows("us_cities")
        towns = places.add_all(map(itemgetter(0), cities), "CITY")
        towns |= places.add_all(map(itemgetter(0), resources.rows("us_counties")), "CITY")
        regions = places.add_all(map(itemgetter(0), resources.rows("us_states")), "STATE")
        hospitals.add_all(map(itemgetter(0), resources.rows("hospitals")), "HOSPITAL")
    else:
        cities = _rows("municipalities", lang)
        towns = places.add_all(map(itemgetter(0), cities), "CITY")
        regions = places.add_all(
            map(itemgetter(0), _rows("provinces", lang) + _rows("autonomous_communities", lang)),
            "STATE",
        )
    major = {  # one-word cities of 100,000 people or more
        row[0].casefold()
        for row in cities
        if " " not in row[0] and row[2].isdigit() and int(row[2]) >= 100_000
    }
    regions |= places.add_all(map(itemgetter(0), _rows("countries", lang)), "COUNTRY")
    street_types, street_suffixes, address_units = _Phrases(), _Phrases(), _Phrases()
    for row in _rows("street_types", lang):
        street_types.add(row[0], "STREET")
    for row in _rows("street_suffixes", lang):
        if row[0].casefold().rstrip(".") not in {"dr", "st"} or lang == "en":
            street_suffixes.add(row[0], "STREET")
    for row in _rows("address_units", lang):
        address_units.add(row[0], "STREET")
    fields = _Phrases()
    extents = _FIELDS.get(lang, {})
    for words, (label, _) in extents.items():
        fields.add(" ".join(words), label)
    single_places = frozenset(regions | (towns & major))
    return _Lexicons(
        names=names,
        first_names=first_names,
        common=common,
        medical=medical,
        titles=titles,
        credentials=credentials,
        name_cues=name_cues,
        place_cues=place_cues,
        hospital_words=hospital_words,
        places=places,
        hospitals=hospitals,
        fields=fields,
        major_places=frozenset(major) - common,
        field_extent=extents,
        hospital_name_first=lang == "en",
        street_types=street_types,
        street_suffixes=street_suffixes,
        address_units=address_units,
        single_places=single_places,
        not_names=frozenset(
            word
            for name in ("weekdays", "months", "nationalities")
            for row in _rows(name, lang) + _rows(name, "en")
            for word in row[0].casefold().split()
        ),
        state_codes=frozenset(
            row[0] for row in resources.rows("us_state_abbreviations") if row[2] == "usps"
        ) if lang == "en" else frozenset(),
    )


@dataclass(slots=True)
class _Note:
    """One document being analysed: its tokens and per-token facts."""

    text: str
    tokens: list[Token]
    words: list[str]  # casefolded token texts
    lowercase_style: bool  # notes written without capitals
    uppercase_style: bool  # notes written in capitals
    word_flags: list[bool]  # is_word of each token
    initial_flags: list[bool]  # is_initial of each token
    number_flags: list[bool]  # a token of at most six digits
    positions: dict[str, list[int]]  # casefolded token -> its indices

    @classmethod
    def of(cls, text: str) -> _Note:
        tokens = tokenize(text)
        known = _TOKEN_FACTS.get
        facts = [known(t) or _token_facts(t) for t in [token.text for token in tokens]]
        columns = [list(column) for column in zip(*facts, strict=True)] or [[] for _ in range(7)]
        words, word_flags, initial_flags, alphabetic, capital, upper, numbers = columns
        letters = sum(alphabetic)  # the alphabetic tokens
        lowercase = letters >= 20 and sum(capital) < 0.03 * letters
        uppercase = letters >= 20 and sum(upper) > 0.6 * letters
        positions: dict[str, list[int]] = {}
        for index, word in enumerate(words):
            bucket = positions.get(word)
            if bucket is None:
                positions[word] = [index]
            else:
                bucket.append(index)
        return cls(text, tokens, words, lowercase, uppercase, word_flags, initial_flags, numbers,
                   positions)

    def indices(self, words: Iterable[str]) -> list[int]:
        """The indices of the tokens whose casefolded text is one of ``words``, in order."""
        positions = self.positions
        return sorted(index for word in words for index in positions.get(word, ()))

    @property
    def caseless(self) -> bool:
        """Capitals say nothing about names here (all lower case or all capitals)."""
        return self.lowercase_style or self.uppercase_style

    def capitalised(self, index: int) -> bool:
        word = self.tokens[index].text
        return word[:1].isupper() or (self.lowercase_style and word[:1].isalpha())

    def is_word(self, index: int) -> bool:
        return self.word_flags[index]

    def is_initial(self, index: int) -> bool:
        return self.initial_flags[index]

    def same_line(self, first: int, second: int) -> bool:
        return "\n" not in self.text[self.tokens[first].end : self.tokens[second].start]


_Facts = tuple[str, bool, bool, bool, bool, bool, bool]
_TOKEN_FACTS: dict[str, _Facts] = {}
_TOKEN_FACTS_LIMIT = 100_000


def _token_facts(text: str) -> _Facts:
    """What the rules ask of a token text (remembered per text): its casefolded form,
    ``is_word``, ``is_initial``, whether it is alphabetic, alphabetic and capitalised,
    alphabetic in capitals (two letters or more), a number of at most six digits."""
    alphabetic = text.isalpha()
    facts = (
        text.casefold(),
        _is_word(text),
        _is_initial(text),
        alphabetic,
        alphabetic and text[0].isupper(),
        alphabetic and len(text) > 1 and text.isupper(),
        text.isdigit() and len(text) <= 6,
    )
    if len(_TOKEN_FACTS) >= _TOKEN_FACTS_LIMIT:
        _TOKEN_FACTS.clear()
    _TOKEN_FACTS[text] = facts
    return facts


def _is_word(word: str) -> bool:
    return len(word) >= 2 and word.replace("'", "").replace("’", "").isalpha()


def _is_initial(word: str) -> bool:
    return (len(word) == 2 and word[0].isupper() and word[1] == ".") or (
        len(word) == 1 and word.isupper() and word.isalpha()
    )


class RulesDetector(BaseDetector):
    """PHI by patterns, dictionaries and context rules (no training data needed).

    ``lang``: ``en`` or ``es``. ``ages``: ``all`` (``auto``, the default: i2b2 2014 and
    MEDDOCAN annotate every age; the redaction step decides what Safe Harbor keeps) or
    ``over_89`` (only the ages HIPAA counts as PHI). ``times``: also clock times.
    ``names``, ``places``, ``hospitals``: switch those dictionary rules.
    """

    name = "rules"
    description = "patterns + name/place/hospital dictionaries + context rules (no training)"
    needs_training = False

    def __init__(
        self,
        *,
        lang: str = "en",
        ages: str = "auto",
        times: bool = False,
        names: bool = True,
        places: bool = True,
        hospitals: bool = True,
    ) -> None:
        self.lang = lang
        self.ages = ages
        self.times = times
        self.names = names
        self.places = places
        self.hospitals = hospitals

    def _validate(self) -> None:
        if self.lang not in ("en", "es"):
            raise ConfigError(f"rules: unsupported language {self.lang!r}; use en or es")
        if self.ages not in ("auto", "over_89", "all"):
            raise ConfigError(f"rules: ages must be auto, over_89 or all, not {self.ages!r}")

    def _fit(self, documents: list[Document]) -> None:
        self._validate()
        _lexicons(self.lang)

    @property
    def is_fitted(self) -> bool:
        return True  # nothing to learn

    def predict(self, documents: Iterable[Document]) -> list[Document]:
        if not hasattr(self, "training_"):
            self.training_ = {}
        self._validate()
        return super().predict(documents)

    def _predict_spans(self, document: Document) -> list[Span]:
        lex = _lexicons(self.lang)
        note = _Note.of(document.text)
        candidates: list[tuple[int, Span]] = []
        candidates.extend((_PATTERN, span) for span in self._pattern_spans(document.text))
        candidates.extend((_FIELD, span) for span in _field_spans(note, lex))
        labels: list[str | None] = [None] * len(note.tokens)
        if self.names:
            _title_names(note, lex, labels)
            _indicator_names(note, lex, labels)
            _credential_names(note, lex, labels)
        candidates.extend((_CONTEXT, span) for span in _label_spans(note, labels))
        if self.hospitals:
            candidates.extend((_HOSPITAL, span) for span in _hospital_spans(note, lex))
        if self.places:
            candidates.extend((_HOSPITAL, span) for span in _street_spans(note, lex))
            candidates.extend((_CUED_PLACE, span) for span in _cued_place_spans(note, lex))
            candidates.extend((_PLACE, span) for span in _dictionary_places(note, lex))
            candidates.extend((_CUED_PLACE, span) for span in _city_state_spans(note, lex))
        if self.names:
            dictionary: list[str | None] = [None] * len(note.tokens)
            _dictionary_names(note, lex, labels, dictionary)
            candidates.extend((_NAME, span) for span in _label_spans(note, dictionary))
        return _resolve(candidates)

    def _pattern_spans(self, text: str) -> list[Span]:
        spans = []
        for match in find_patterns(text, self.lang):
            all_ages = self.ages in ("all", "auto")
            if match.name in {"age", "age_es"} and not all_ages:
                continue
            if match.name in {"time", "time_military"} and not self.times:
                continue
            spans.append(Span(match.start, match.end, match.label, source=SOURCE))
        return spans


# --- context rules on tokens --------------------------------------------------------------


def _name_run(note: _Note, lex: _Lexicons, start: int, limit: int = 4) -> int:
    """The end (exclusive) of a run of name-like tokens starting at ``start``."""
    end = start
    count = 0
    while end < len(note.tokens) and count < limit:
        word = note.words[end]
        if end > start and not note.same_line(end - 1, end):
            break
        if end + 1 < len(note.tokens) and note.tokens[end + 1].text == ":":
            break  # "MRN:", "Nombre:": the label of the next field
        if end > start and _starts_place_word(note, lex, end):
            break  # "Anna Bujons Tur Calle Joaquim ...": the name ends at the address
        if note.is_initial(end) or (note.is_word(end) and note.capitalised(end)):
            if note.is_word(end) and word in lex.common and word not in lex.names and count > 0:
                break
            if _acronym(note, end) and word not in lex.names:
                break
            end += 1
            count += 1
        elif end > start and end + 1 < len(note.tokens) and (
            (word in _NAME_LINKS and note.capitalised(end + 1))
            or note.tokens[end].text in {"-", "'"}
            or (word == "." and note.is_initial(end - 1))
            or (word == "," and count == 1 and note.words[end + 1] in lex.names
                and note.capitalised(end + 1))  # "FINNEGAN, HAROLD J"
        ):
            end += 1
        else:
            break
    while end > start and not (
        note.is_word(end - 1) or note.is_initial(end - 1) or (
            note.words[end - 1] == "." and end - 2 >= start and note.is_initial(end - 2)
        )
    ):
        end -= 1
    return end


def _starts_place_word(note: _Note, lex: _Lexicons, index: int) -> bool:
    return (
        lex.street_types.match(note.words, index) is not None
        or lex.hospital_words.match(note.words, index) is not None
    )


def _acronym(note: _Note, index: int) -> bool:
    text = note.tokens[index].text
    return 2 <= len(text) <= 5 and text.isupper() and not note.text.isupper()


def _mark(labels: list[str | None], start: int, end: int, label: str) -> None:
    for index in range(start, end):
        if labels[index] is None:
            labels[index] = label


def _title_names(note: _Note, lex: _Lexicons, labels: list[str | None]) -> None:
    titled = note.indices(word for word in note.positions if word.rstrip(".") in lex.titles)
    for index in titled:
        if index == len(note.words) - 1:
            break
        word = note.words[index]
        kind = lex.titles[word.rstrip(".")]
        if not note.tokens[index].text[:1].isupper():
            continue
        start = index + 1
        if note.tokens[start].text in {".", ":"} and start + 1 < len(note.tokens):
            if note.tokens[start].text == ":" and kind != "professional":
                continue  # "GEN: A&Ox3": a section label, not General A.
            start += 1
        spelled_out = len(word) > 4 and not word.endswith(".")
        ordinary = spelled_out and word in lex.common
        if (ordinary or kind in {"military", "civil"}) and note.words[start] not in lex.names:
            continue  # "General Hospital", "Major surgery", "Gen. appearance": not a title
        end = _name_run(note, lex, start, 5)
        if end > start:
            label = "DOCTOR" if kind == "professional" else "PATIENT"
            _mark(labels, start, end, label)


def _indicator_names(note: _Note, lex: _Lexicons, labels: list[str | None]) -> None:
    fillers = {"is", "was", ",", ":", "named", "(", "-", "'s", "’s", "es", "se", "llama", "d/w",
               "by", "por", "the"}
    for index in lex.name_cues.starts(note):
        found = lex.name_cues.match(note.words, index)
        if found is None:
            continue
        end_cue, kind = found
        start = end_cue
        while start < len(note.tokens) and note.words[start] in fillers and start < end_cue + 2:
            start += 1
        if start >= len(note.tokens) or not note.capitalised(start):
            continue
        if note.words[start].rstrip(".") in lex.titles:
            continue  # "daughter Dr. Smith": the title rule decides
        end = _name_run(note, lex, start, 3)
        if end == start:
            continue
        words = note.words[start:end]
        if all(w in lex.common and w not in lex.names for w in words if w.isalpha()):
            continue
        first = words[0]
        if (first in lex.common or first in lex.medical) and first not in lex.names:
            continue  # "physician Record", "wife IN TO VISIT": not a name
        if note.caseless and (first not in lex.names or first in lex.common):
            continue
        _mark(labels, start, end, "DOCTOR" if kind == "care_team" else "RELATIVE")


def _credential_names(note: _Note, lex: _Lexicons, labels: list[str | None]) -> None:
    # the casefolded word without dots is the token text's (no letter casefolds to a dot)
    credited = note.indices(w for w in note.positions if w.replace(".", "") in lex.credentials)
    for index in credited:
        token = note.tokens[index]
        if index == 0:
            continue
        if not token.text.isupper() and "." not in token.text:
            continue  # "md" in lower case is too ambiguous
        end = index
        if note.tokens[end - 1].text == ",":
            end -= 1
        start = end
        while start > 0 and end - start < 4 and (
            note.is_initial(start - 1) or (note.is_word(start - 1) and note.capitalised(start - 1))
        ) and note.same_line(start - 1, end - 1):
            start -= 1
        if start < end and any(
            note.words[i] in lex.names and note.words[i] not in lex.common
            for i in range(start, end)
        ):
            _mark(labels, start, end, "DOCTOR")


def _dictionary_names(
    note: _Note, lex: _Lexicons, context: list[str | None], labels: list[str | None]
) -> None:
    """Tokens in the name lists: unambiguous names alone, ambiguous ones next to a name."""
    count = len(note.tokens)
    weak: set[int] = set()
    for word in [word for word in note.positions if word in lex.names]:
        if word in lex.not_names:
            continue
        ambiguous = word in lex.common or word in lex.medical or word in lex.single_places
        if note.caseless and word not in lex.first_names:
            ambiguous = True  # "foley draining", "FOLEY": a surname alone needs company
        for index in note.positions[word]:
            if context[index] is not None or not note.is_word(index) or not (
                note.capitalised(index)
            ):
                continue
            if _eponym(note, index) or _measurement(note, index):
                continue
            if ambiguous or _acronym(note, index) or _eponym_after_de(note, index):
                weak.add(index)
            else:
                labels[index] = "PATIENT"
    joining = sorted(weak.union(itertools.compress(range(count), note.initial_flags)))
    changed = True
    while changed:  # ambiguous names and initials join a neighbouring name
        changed = False
        for index in joining:
            if labels[index] is not None:
                continue
            for other in (index - 1, index + 1):
                if 0 <= other < count and labels[other] is not None and note.same_line(
                    min(index, other), max(index, other)
                ):
                    labels[index] = labels[other]
                    changed = True
                    break


def _eponym(note: _Note, index: int) -> bool:
    """"Parkinson's disease", "Foley catheter", "Swan Ganz": a name used for a thing."""
    following = note.words[index + 1 : index + 4]
    if following[:1] and following[0] in {"'s", "’s", "s"}:
        following = following[1:]
    if following[:1] and following[0] == "-":
        following = following[1:]
    return bool(following) and (following[0] in _EPONYM_HEADS or (
        len(following) > 1 and following[1] in _EPONYM_HEADS and note.capitalised(index + 1)
    ))


def _measurement(note: _Note, index: int) -> bool:
    """"Temp 97.1", "Pulse 80": a word right before a number labels a measurement."""
    following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
    return following[:1].isdigit() and note.same_line(index, index + 1)


def _eponym_after_de(note: _Note, index: int) -> bool:
    """"grado 2 de Fuhrman", "enfermedad de Hodgkin": a name after "de" and a medical word."""
    if index < 2 or note.words[index - 1] != "de":
        return False
    return any(w in _EPONYM_HEADS for w in note.words[max(0, index - 5) : index - 1])


def _label_spans(note: _Note, labels: list[str | None]) -> list[Span]:
    spans: list[Span] = []
    done = 0  # labels before this index are in a span already
    for index, label in [(i, label) for i, label in enumerate(labels) if label is not None]:
        if index < done:
            continue
        end = index + 1
        while end < len(labels) and note.same_line(index, end):
            if labels[end] == label:
                end += 1
            elif _glue(note, end) and end + 1 < len(labels) and labels[end + 1] == label:
                end += 2  # "Delgado-Marin", "Harold J. Finnegan"
            else:
                break
        spans.append(Span(note.tokens[index].start, note.tokens[end - 1].end, label, source=SOURCE))
        done = end
    return spans


def _glue(note: _Note, index: int) -> bool:
    """A hyphen inside a name, or the dot of an initial, joining two name parts."""
    token, before = note.tokens[index], note.tokens[index - 1]
    after = note.tokens[index + 1] if index + 1 < len(note.tokens) else None
    if token.text == "-" and after is not None:
        return before.end == token.start and token.end == after.start
    return token.text == "." and before.end == token.start and note.is_initial(index - 1)


def _hospital_spans(note: _Note, lex: _Lexicons) -> list[Span]:
    spans: list[Span] = []
    candidates = set(lex.hospitals.starts(note)) | set(lex.hospital_words.starts(note))
    for word in _SAINTS & note.positions.keys():
        candidates.update(note.positions[word])
    for index in sorted(candidates):  # nothing starts anywhere else
        found = lex.hospitals.match(note.words, index)
        if found is not None and all(
            note.capitalised(i) for i in range(index, found[0]) if note.is_word(i)
        ):
            spans.append(_span(note, index, found[0], "HOSPITAL"))
        saint = _saint(note, index)
        if saint is not None:
            spans.append(saint)
        word_match = lex.hospital_words.match(note.words, index)
        if word_match is None or not note.capitalised(index):
            continue
        if lex.hospital_name_first:
            span = _name_before(note, lex, index, word_match[0], word_match[1] == "hospital")
        else:
            span = _name_after(note, lex, index, word_match[0])
        if span is not None:
            spans.append(span)
    return spans


_SAINTS = frozenset({"st.", "st", "saint"})


def _saint(note: _Note, index: int) -> Span | None:
    """"St. Brendan's", "Saint Mary's": a saint's name with a possessive names a hospital."""
    if note.words[index] not in _SAINTS or not note.tokens[index].text[0].isupper():
        return None
    end = index + 1
    while end < len(note.tokens) and end - index <= 2 and note.is_word(end) and (
        note.capitalised(end)
    ):
        end += 1
    if end > index + 1 and end < len(note.tokens) and note.words[end] in {"'s", "’s"}:
        return _span(note, index, end + 1, "HOSPITAL")
    return None


_LINK_WORDS = frozenset({"of", "de", "del", "la", "las", "los", "el", "'s", "’s", "y", "and"})


def _name_before(note: _Note, lex: _Lexicons, index: int, end: int, generic: bool) -> Span | None:
    """"Mercy Hospital", "St. Mary's Medical Center": capitalised words before the word."""
    start = index
    while start > 0 and index - start < 4 and note.same_line(start - 1, index) and (
        (note.is_word(start - 1) and note.capitalised(start - 1))
        or note.words[start - 1] in _LINK_WORDS | {"st.", "st"}
    ):
        start -= 1
    while start < index and note.words[start] in _LINK_WORDS:
        start += 1
    named = not all(note.words[i] in lex.common for i in range(start, index))
    cued = start > 0 and note.words[start - 1] in {"at", "to", "from", "in", "@", "the", "and"}
    several = sum(1 for i in range(start, index) if note.is_word(i)) >= 2 and not note.caseless
    if start < index and (named or several or (generic and cued)):
        return _span(note, start, end, "HOSPITAL")
    return None


def _name_after(note: _Note, lex: _Lexicons, index: int, end: int) -> Span | None:
    """"Hospital Universitario La Paz", "Hospital 12 de Octubre": the name after the word."""
    stop = end
    while stop < len(note.tokens) and stop - end < 6 and note.same_line(index, stop) and not (
        stop > end and lex.street_types.match(note.words, stop) is not None
    ) and (
        (note.is_word(stop) and note.capitalised(stop))
        or note.words[stop] in _LINK_WORDS
        or note.tokens[stop].text.isdigit()
        or note.tokens[stop].text in {"\"", "«", "»"}
    ):
        stop += 1
    while stop > end and (note.words[stop - 1] in _LINK_WORDS or not note.tokens[stop - 1].text[
        :1
    ].isalnum()):
        stop -= 1
    if stop > end:
        return _span(note, index, stop, "HOSPITAL")
    return None


_FLOOR = regex.compile(r"(?i)\d{1,3}[ºª°]?|[a-z]|[ºª]|izq\.?|izda\.?|dcha\.?|der\.?|bis|s/n")


def _street_spans(note: _Note, lex: _Lexicons) -> list[Span]:
    """Street addresses: "Calle Mayor 5, 3º A" (type first) and "123 Main St., Apt 4"."""
    spans: list[Span] = []
    count = len(note.tokens)
    numbers = itertools.compress(range(count), note.number_flags)
    for index in sorted({*lex.street_types.starts(note), *numbers}):  # nowhere else
        typed = lex.street_types.match(note.words, index)
        if typed is not None and note.tokens[index].text[:1].isupper():
            end = _address_tail(note, lex, index, typed[0], name_first=False)
            if end is not None:
                spans.append(_span(note, index, end, "STREET"))
            continue
        if not note.number_flags[index] or (index > 0 and note.words[index - 1] in {
            "#", "no", "no.", "nº"
        }):
            continue
        name_end = index + 1
        while name_end < count and name_end - index <= 4 and note.is_word(name_end) and (
            note.capitalised(name_end)
        ) and lex.street_suffixes.match(note.words, name_end) is None:
            name_end += 1
        suffix = lex.street_suffixes.match(note.words, name_end) if name_end < count else None
        if suffix is None or name_end == index + 1 or not note.capitalised(name_end):
            continue
        end = _address_tail(note, lex, index, suffix[0], name_first=True)
        spans.append(_span(note, index, end or suffix[0], "STREET"))
    return spans


def _address_tail(
    note: _Note, lex: _Lexicons, start: int, end: int, *, name_first: bool
) -> int | None:
    """Extend a street past its name, number and unit ("..., 23, 4º dcha", ", Apt 4B")."""
    count = len(note.tokens)
    if not name_first:  # Spanish order: the name comes after the type word
        name_start = end
        while end < count and end - name_start < 6 and note.same_line(start, end) and (
            (note.is_word(end) and note.capitalised(end)) or note.words[end] in _LINK_WORDS
        ):
            end += 1
        while end > name_start and note.words[end - 1] in _LINK_WORDS:
            end -= 1
        if end == name_start:
            return None
    tail = end
    steps = 0
    while tail < count and steps < 6 and note.same_line(start, tail):
        text = note.tokens[tail].text
        word = note.words[tail]
        unit = lex.address_units.match(note.words, tail)
        if unit is not None:
            tail, steps = unit[0], steps + 1
            continue
        if text in {",", "-", "#"} or word in {"nº", "n.º", "no", "no."}:
            tail += 1
            continue
        if _FLOOR.fullmatch(text) and not (text.isdigit() and len(text) == 5):
            tail, steps = tail + 1, steps + 1
            end = tail
            continue
        break
    return end


def _cued_place_spans(note: _Note, lex: _Lexicons) -> list[Span]:
    spans: list[Span] = []
    for index in lex.place_cues.starts(note):
        found = lex.place_cues.match(note.words, index)
        if found is None:
            continue
        start = found[0]
        while start < len(note.tokens) and note.words[start] in {"the", "el", "la", "los"}:
            start += 1
        if start >= len(note.tokens) or not note.capitalised(start):
            continue
        place = lex.places.match(note.words, start)
        if place is not None:
            spans.append(_span(note, start, place[0], place[1]))
            continue
        end = start
        while end < len(note.tokens) and end - start < 3 and note.is_word(end) and (
            note.capitalised(end)
        ) and note.same_line(start, end):
            end += 1
        if end > start and lex.hospital_words.match(note.words, end - 1) is None:
            spans.append(_span(note, start, end, "LOCATION_OTHER"))
    return spans


def _dictionary_places(note: _Note, lex: _Lexicons) -> list[Span]:
    """Places from the lists; a one-word place that is also a common word or a name (unless a
    city of 100,000 people) needs a state after it ("Mobile, AL")."""
    spans: list[Span] = []
    for index in lex.places.starts(note):
        found = lex.places.match(note.words, index)
        if found is None:
            continue
        end, label = found
        if not all(note.capitalised(i) for i in range(index, end) if note.is_word(i)):
            continue
        if _eponym(note, end - 1) or (end < len(note.tokens) and note.words[end] == "-"):
            continue  # "Gilbert's syndrome", "Jackson-Pratt drain"
        if end - index == 1 and not note.caseless and not _title_case(note.tokens[index].text):
            continue  # "MoCA", "ED": a place name is written Boston, not BOSTON or MoCA
        if end - index == 1:
            word = note.words[index]
            as_name = word in (lex.first_names if label == "COUNTRY" else lex.names)
            ambiguous = word in lex.common or (as_name and word not in lex.major_places)
            if not note.is_word(index) or ambiguous:
                following = note.words[end : end + 2]
                state_after = following[:1] == [","] and len(following) > 1 and (
                    note.tokens[end + 1].text.isupper() and len(note.tokens[end + 1].text) == 2
                )
                if not state_after:
                    continue
        spans.append(_span(note, index, end, label))
    return spans


_WORDLIKE_STATES = frozenset(
    {"IN", "OR", "ME", "OK", "HI", "OH", "AS", "AL", "DE", "LA", "MA", "PA", "GA", "CO", "ID", "MD"}
)


def _title_case(word: str) -> bool:
    return word[:1].isupper() and (len(word) == 1 or not any(c.isupper() for c in word[1:]))


def _city_state_spans(note: _Note, lex: _Lexicons) -> list[Span]:
    """"Garfield, NJ", "Alum Rock, CA 92877": capitalised words, a comma, a state code."""
    spans: list[Span] = []
    for index, token in enumerate(note.tokens):
        if token.text not in lex.state_codes or index < 2 or note.tokens[index - 1].text != ",":
            continue
        credential = token.text.casefold() in lex.credentials  # "Erick Kohler, MD"
        if credential and (
            lex.places.match(note.words, index - 2) is None or note.words[index - 2] in lex.names
        ):
            continue
        following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
        if token.text in _WORDLIKE_STATES and following[:1].isalpha() and note.same_line(
            index, index + 1
        ):
            continue  # "..., IN the morning", "fever, OR chills"
        start = end = index - 1
        while start > 0 and end - start < 3 and note.is_word(start - 1) and (
            note.tokens[start - 1].text[:1].isupper()
        ) and note.same_line(start - 1, index):
            start -= 1
        if start < end and not all(note.words[i] in lex.common for i in range(start, end)):
            spans.append(_span(note, start, end, "CITY"))
            spans.append(_span(note, index, index + 1, "STATE"))
    return spans


def _field_spans(note: _Note, lex: _Lexicons) -> list[Span]:
    spans: list[Span] = []
    for index in lex.fields.starts(note):
        starts_clause = index == 0 or not note.same_line(index - 1, index) or (
            note.words[index - 1] in {".", ";"}
        )
        if not starts_clause and not note.tokens[index].text[:1].isupper():
            continue  # fields start a line or a sentence, or are capitalised
        found = lex.fields.match(note.words, index)
        if found is None:
            continue
        colon = found[0]
        if colon >= len(note.tokens) or note.tokens[colon].text != ":":
            continue
        words = note.words[index:colon]
        label, extent = lex.field_extent[tuple(words)]
        start = colon + 1
        if start >= len(note.tokens) or not note.same_line(colon, start):
            continue
        if extent == "names":
            end = _name_run(note, lex, start, 6)
        else:
            end = start
            while end < len(note.tokens) and end - start < _CLAUSE_MAX_TOKENS and note.same_line(
                start, end
            ):
                text = note.tokens[end].text
                if text in {";", ":"} or (text in {".", ".."} and _clause_ends(note, end)):
                    break
                end += 1
            while end > start and note.tokens[end - 1].text in {",", "-", "(", "."}:
                end -= 1
        if end > start:
            spans.append(_span(note, start, end, label))
    return spans


def _clause_ends(note: _Note, index: int) -> bool:
    """A dot ends a clause unless an abbreviation-like short word precedes it."""
    return index + 1 >= len(note.tokens) or not note.same_line(index, index + 1) or (
        note.tokens[index + 1].text[:1].isupper()
    )


def _span(note: _Note, start: int, end: int, label: str) -> Span:
    return Span(note.tokens[start].start, note.tokens[end - 1].end, label, source=SOURCE)


def _resolve(candidates: list[tuple[int, Span]]) -> list[Span]:
    """Non-overlapping spans: higher priority first, then longer, then earlier."""
    ordered = sorted(candidates, key=lambda item: (item[0], item[1].start - item[1].end,
                                                   item[1].start))
    taken: list[tuple[int, int]] = []
    kept: list[Span] = []
    for _, span in ordered:
        index = bisect.bisect_left(taken, (span.start, span.start))
        if index > 0 and taken[index - 1][1] > span.start:
            continue
        if index < len(taken) and taken[index][0] < span.end:
            continue
        taken.insert(index, (span.start, span.end))
        kept.append(span)
    return sorted(kept, key=lambda s: s.start)
