"""The dictionaries and cue lists of one language, built once from its
:class:`~deidkit.lang.rules.RuleLanguage` data (``get_language(code).rules``) and word lists,
or loaded as prepared (``python -m deidkit.features.prepare``) when none of those changed."""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deidkit import resources
from deidkit.lang import get_language, language_codes, languages
from deidkit.lang.rules import FieldExtent, RuleLanguage
from deidkit.models.rules import phrases
from deidkit.models.rules.phrases import Phrases
from deidkit.resources import store
from deidkit.text import tokenizer

if TYPE_CHECKING:
    import numpy as np

_MAJOR_CITY = 100_000  # people: a one-word city this large is a place, even if also a name


@dataclass(slots=True)
class Lexicons:
    """The dictionaries and cue lists of one language."""

    names: frozenset[str]
    first_names: frozenset[str]
    common: frozenset[str]
    medical: frozenset[str]
    titles: dict[str, str]
    credentials: frozenset[str]
    name_cues: Phrases
    place_cues: Phrases
    hospital_words: Phrases
    places: Phrases
    hospitals: Phrases
    fields: Phrases
    major_places: frozenset[str]
    field_extent: dict[tuple[str, ...], FieldExtent]
    hospital_name_first: bool  # "Mercy Hospital" (en) or "Hospital La Paz" (es)
    hospital_cues: frozenset[str]
    street_types: Phrases  # before the name: "Calle", "C/", "Avda."
    street_suffixes: Phrases  # after the name: "Street", "Ave."
    address_units: Phrases
    not_names: frozenset[str]  # weekdays, months, nationalities: in the name lists, never names
    single_places: frozenset[str]
    state_codes: frozenset[str]
    wordlike_state_codes: frozenset[str]
    # the words of every language (see deidkit.lang.rules)
    eponym_heads: frozenset[str]
    link_words: frozenset[str]
    cue_fillers: frozenset[str]
    articles: frozenset[str]
    # staff, identifiers, organisations (rules .staff, .usernames, .identifiers, .orgs)
    clinical_abbreviations: frozenset[str] = frozenset()
    chart_values: frozenset[str] = frozenset()
    legend_headings: frozenset[str] = frozenset()
    initials_cues: Phrases = field(default_factory=Phrases)
    username_cues: Phrases = field(default_factory=Phrases)
    signature_words: frozenset[str] = frozenset()
    name_roles: Phrases = field(default_factory=Phrases)  # "capitals" or "any case"
    id_cues: Phrases = field(default_factory=Phrases)  # label, "!" appended if strong
    vehicle_cues: frozenset[str] = frozenset()
    organization_heads: Phrases = field(default_factory=Phrases)
    organization_cues: Phrases = field(default_factory=Phrases)
    age_cues: Phrases = field(default_factory=Phrases)
    eponyms: frozenset[str] = frozenset()
    schedule_days: frozenset[str] = frozenset()
    seasons: frozenset[str] = frozenset()  # seasons named as times (rules.seasons)
    cued_seasons: frozenset[str] = frozenset()
    season_cues: frozenset[str] = frozenset()
    season_times: frozenset[str] = frozenset()
    season_terms: frozenset[str] = frozenset()
    age_headers: frozenset[str] = frozenset()  # a table's age column (rules.tables)
    staff_headers: frozenset[str] = frozenset()  # a table's staff column (rules.tables)
    room_headers: frozenset[str] = frozenset()  # a table's column of rooms (rules.tables)
    handoff_cues: Phrases = field(default_factory=Phrases)
    not_after_handoff: frozenset[str] = frozenset()
    occupations: Phrases = field(default_factory=Phrases)  # job -> "free" or "cued"
    profession_cues: Phrases = field(default_factory=Phrases)
    profession_stops: frozenset[str] = frozenset()
    job_titles: frozenset[str] = frozenset()
    profession_owners: frozenset[str] = frozenset()


@functools.cache
def lexicons(lang: str) -> Lexicons:
    """The dictionaries of ``lang``: loaded as prepared when their sources have not changed
    since (``prepared_lexicons``), else built; once, without garbage collections scanning
    them."""
    with store.collector_paused():
        return prepared_lexicons(lang)


def _rows(names: Iterable[str]) -> list[tuple[str, ...]]:
    return [row for name in names for row in resources.rows(name)]


def _casefolded(rows: Iterable[tuple[str, ...]]) -> frozenset[str]:
    return frozenset(map(str.casefold, map(itemgetter(0), rows)))


def _kinds(pair: tuple[str, str] | None) -> list[str]:
    """The entries of ``pair``'s list whose third column is its kind."""
    if pair is None:
        return []
    name, kind = pair
    return [row[0] for row in resources.rows(name) if row[2] == kind]


def _shared(words: str) -> frozenset[str]:
    """The union of one word-set field over every language."""
    return frozenset().union(
        *(getattr(get_language(code).rules, words) for code in language_codes())
    )


def build_lexicons(data: RuleLanguage) -> Lexicons:
    """The dictionaries and cues described by ``data``."""
    first_names = _casefolded(_rows(data.first_names))
    names = first_names | _casefolded(_rows(data.last_names))
    titles = dict(data.extra_titles)
    titles.update((row[0].casefold().rstrip("."), row[2]) for row in _rows(data.titles))
    titles.pop("d", None)  # "1D." (a flat) is not "D." (Don)
    name_cues, place_cues, hospital_words = Phrases(), Phrases(), Phrases()
    for indicator, kind in _rows(data.name_indicators):
        if indicator.casefold() != "cc":  # "233 CC BILIOUS": cubic centimetres ("cc:" stays)
            name_cues.add(indicator, kind)
    for indicator, kind in _rows(data.location_indicators):
        if indicator not in data.too_general_place_cues:
            place_cues.add(indicator, kind)
    for indicator, kind in _rows(data.hospital_indicators):
        hospital_words.add(indicator, kind)
    for phrase, kind in data.extra_name_indicators:
        name_cues.add(phrase, kind)
    for phrase, kind in data.extra_location_indicators:
        place_cues.add(phrase, kind)
    places, hospitals = Phrases(), Phrases()
    towns: set[str] = set()
    for name in data.cities:
        towns |= places.add_all(map(itemgetter(0), resources.rows(name)), "CITY")
    regions = places.add_all(map(itemgetter(0), _rows(data.regions)), "STATE")
    hospitals.add_all(map(itemgetter(0), _rows(data.hospitals)), "HOSPITAL")
    major = {
        row[0].casefold()
        for row in (resources.rows(data.cities[0]) if data.cities else ())
        if " " not in row[0] and row[2].isdigit() and int(row[2]) >= _MAJOR_CITY
    }
    regions |= places.add_all(map(itemgetter(0), _rows(data.countries)), "COUNTRY")
    street_types, street_suffixes, address_units = Phrases(), Phrases(), Phrases()
    for row in _rows(data.street_types):
        street_types.add(row[0], "STREET")
    for row in _rows(data.street_suffixes):
        street_suffixes.add(row[0], "STREET")
    for row in _rows(data.address_units):
        address_units.add(row[0], "STREET")
    fields = Phrases()
    extents = {fields.add(phrase, extent[0]): extent for phrase, extent in data.fields.items()}
    common = _casefolded(_rows(data.common_words))
    id_cues = Phrases()
    for cue, (label, strong) in data.id_cues.items():
        id_cues.add(cue, label + ("!" if strong else ""))
    return Lexicons(
        names=names,
        first_names=first_names,
        common=common,
        medical=_casefolded(_rows(data.medical_words)),
        titles=titles,
        credentials=frozenset(
            word.casefold().replace(".", "") for word in _kinds(data.credentials)
        ),
        name_cues=name_cues,
        place_cues=place_cues,
        hospital_words=hospital_words,
        places=places,
        hospitals=hospitals,
        fields=fields,
        major_places=frozenset(major) - common,
        field_extent=extents,
        hospital_name_first=data.hospital_name_first,
        hospital_cues=data.hospital_cues,
        street_types=street_types,
        street_suffixes=street_suffixes,
        address_units=address_units,
        single_places=frozenset(regions | (towns & major)),
        not_names=frozenset(
            word for row in _rows(data.not_names) for word in row[0].casefold().split()
        ) | data.extra_not_names,
        state_codes=frozenset(_kinds(data.state_codes)),
        wordlike_state_codes=data.wordlike_state_codes,
        eponym_heads=_shared("eponym_heads"),
        link_words=_shared("link_words"),
        cue_fillers=_shared("cue_fillers"),
        articles=_shared("articles"),
        clinical_abbreviations=data.clinical_abbreviations,
        chart_values=data.chart_values,
        legend_headings=data.legend_headings,
        initials_cues=_phrases(data.initials_cues, "DOCTOR"),
        username_cues=_phrases(data.username_cues, "USERNAME"),
        signature_words=data.signature_words,
        name_roles=_labelled({role.casefold(): "capitals" if role.isupper() else "any case"
                              for role in data.name_roles}),
        id_cues=id_cues,
        vehicle_cues=data.vehicle_cues,
        organization_heads=_labelled(data.organization_heads),
        organization_cues=_labelled(data.organization_cues),
        age_cues=_phrases(data.age_cues, "AGE"),
        eponyms=data.eponyms,
        schedule_days=data.schedule_days,
        seasons=data.seasons,
        cued_seasons=data.cued_seasons,
        season_cues=data.season_cues,
        season_times=data.season_times,
        season_terms=data.season_terms,
        age_headers=data.age_headers,
        staff_headers=data.staff_headers,
        room_headers=data.room_headers,
        handoff_cues=_phrases(data.handoff_cues, "DOCTOR"),
        not_after_handoff=data.not_after_handoff,
        occupations=_labelled(data.occupations),
        profession_cues=_phrases(data.profession_cues, "PROFESSION"),
        profession_stops=data.profession_stops,
        job_titles=data.job_titles,
        profession_owners=data.profession_owners,
    )


def _phrases(phrases: Iterable[str], label: str) -> Phrases:
    found = Phrases()
    found.add_all(phrases, label)
    return found


def _labelled(phrases: Mapping[str, str]) -> Phrases:
    found = Phrases()
    for phrase, label in phrases.items():
        found.add(phrase, label)
    return found


# Prepared lexicons (``deidkit.resources.prepared``): building them tokenises ~26,000 phrases
# into tries and reads ~20 word lists (~0.5 CPU s of a process's first note); the prepared
# arrays load in a tenth of that. Stored as numpy arrays and a JSON layout, no pickles:
#
# - ``strings``: every string, UTF-8, separated by NUL (no entry holds one): each set's
#   members (sorted), then each trie's words, field after field;
# - ``parents`` and ``labels``: per trie node (breadth first, children sorted), the index of
#   its parent node within its trie (-1: a first word) and of its label (-1: none);
# - ``layout``: JSON (as bytes): each field's name, kind and count of strings or nodes, the
#   labels' names, and the small fields' values.
#
# The order of a trie's or a set's items is not kept: nothing looks at it (a trie is only
# probed by word), and the built order of a set's phrases depends on the hash seed.

_SEPARATOR = "\0"


def prepared_lexicons(lang: str) -> Lexicons:
    """The lexicons of ``lang`` as prepared (``python -m deidkit.features.prepare``) when
    their fingerprint matches, else built; equal either way (not cached: see ``lexicons``)."""
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    data = get_language(lang).rules
    sources = [resources.source_file(name) for name in data.resource_lists()]
    if any(source is None for source in sources):  # an optional bundle: read where installed
        return build_lexicons(data)
    key = prepared.fingerprint(
        "lexicons",
        [source for source in sources if source is not None],
        [  # the code that derives them, and the tokenizer with the language data it compiles
            Path(__file__),
            Path(phrases.__file__),
            Path(store.__file__),
            Path(tokenizer.__file__),
            " ".join(sorted(tokenizer.ABBREVIATIONS)),
            " ".join(month for item in languages() for month in item.dates.month_abbreviations),
        ],
        extra=f"{unicodedata.unidata_version}\0{lang}\0{rule_data_digest()}",
    )
    return prepared.load_or_build(
        "lexicons", key, lambda: build_lexicons(data), lexicons_arrays, lexicons_from_arrays
    )


def rule_data_digest() -> str:
    """A hash of every language's rule data (what ``build_lexicons`` reads besides the word
    lists: a language's own data, and every language's for the shared words)."""
    canonical = [[code, _canonical(get_language(code).rules)] for code in language_codes()]
    text = json.dumps(canonical, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _canonical(value: object) -> Any:
    """``value`` as JSON that does not depend on the hash seed (sets sorted); an unknown
    type gives its ``repr``, which may change between processes (then the fingerprint does
    not match and the lexicons are built: slower, never wrong). Containers of atoms only
    (most rule data: thousands of words) are taken whole, by C-level calls: a set of strings
    sorted as strings, a tuple or a mapping of atoms as it is."""
    if isinstance(value, str | bool | int | float) or value is None:
        return value
    if isinstance(value, frozenset | set):
        if set(map(type, value)) <= {str}:
            return sorted(value)
        return sorted((_canonical(item) for item in value), key=repr)
    if isinstance(value, Mapping):
        if _atoms(value.keys()) and _atoms(value.values()):
            return [["map"], *map(list, value.items())]
        return [["map"], *([_canonical(key), _canonical(item)] for key, item in value.items())]
    if isinstance(value, tuple | list):
        return list(value) if _atoms(value) else [_canonical(item) for item in value]
    if isinstance(value, RuleLanguage):
        return {item.name: _canonical(getattr(value, item.name)) for item in fields(value)}
    return repr(value)


_ATOMS = frozenset({str, bool, int, float, type(None)})


def _atoms(items: Iterable[object]) -> bool:
    """Whether every item is a string, a number, a boolean or None (exactly those types)."""
    return set(map(type, items)) <= _ATOMS


def lexicons_arrays(lex: Lexicons) -> dict[str, np.ndarray]:
    """The arrays that store ``lex`` (``lexicons_from_arrays`` of them equals it)."""
    import numpy as np  # lazy: only to prepare or load stored tables

    strings: list[str] = []
    parents: list[int] = []
    labels: list[int] = []
    label_ids: dict[str, int] = {}
    layout: list[tuple[str, str, int]] = []
    values: dict[str, Any] = {}
    for item in fields(Lexicons):
        value = getattr(lex, item.name)
        if isinstance(value, Phrases):
            count = _flatten(value, strings, parents, labels, label_ids)
            layout.append((item.name, "phrases", count))
        elif isinstance(value, frozenset):
            strings.extend(sorted(value))
            layout.append((item.name, "set", len(value)))
        elif isinstance(value, bool):
            values[item.name] = value
            layout.append((item.name, "flag", 0))
        elif item.name == "titles":
            values[item.name] = list(value.items())
            layout.append((item.name, "pairs", 0))
        elif item.name == "field_extent":
            values[item.name] = [[list(words), list(extent)] for words, extent in value.items()]
            layout.append((item.name, "extents", 0))
        else:
            raise TypeError(f"lexicons field {item.name}: no stored form; add one here")
    if any(_SEPARATOR in string for string in strings):
        raise ValueError("a lexicon entry holds a NUL character; it cannot be stored")
    meta = {"fields": layout, "labels": list(label_ids), "values": values}
    return {
        "strings": np.frombuffer(
            _SEPARATOR.join(strings).encode("utf-8", "surrogatepass"), np.uint8
        ),
        "parents": np.asarray(parents, np.int32),
        "labels": np.asarray(labels, np.int32),
        "layout": np.frombuffer(
            json.dumps(meta, ensure_ascii=False).encode("utf-8", "surrogatepass"), np.uint8
        ),
    }


def _flatten(
    trie: Phrases,
    strings: list[str],
    parents: list[int],
    labels: list[int],
    label_ids: dict[str, int],
) -> int:
    """Append ``trie``'s nodes breadth first (children sorted by word), each with the place
    of its parent among them; how many."""
    children: dict[int, list[tuple[str, int]]] = {}
    for (parent, word), node in trie.following.items():
        children.setdefault(parent, []).append((word, node))
    frontier = [(-1, sorted(trie.first.items()))]
    count = 0
    while frontier:
        following: list[tuple[int, list[tuple[str, int]]]] = []
        for parent, branch in frontier:
            for word, node in branch:
                strings.append(word)
                parents.append(parent)
                label = trie.labels[node]
                labels.append(-1 if label is None else label_ids.setdefault(label, len(label_ids)))
                if node in children:
                    following.append((count, sorted(children[node])))
                count += 1
        frontier = following
    return count


def lexicons_from_arrays(arrays: Mapping[str, np.ndarray]) -> Lexicons:
    """The lexicons ``lexicons_arrays`` stored; ValueError (or KeyError) if they do not fit."""
    import numpy as np  # lazy: only to prepare or load stored tables

    try:
        meta = json.loads(np.asarray(arrays["layout"], np.uint8).tobytes().decode("utf-8"))
        layout = [(str(name), str(kind), int(count)) for name, kind, count in meta["fields"]]
        label_names: list[str] = [str(label) for label in meta["labels"]]
        values: dict[str, Any] = meta["values"]
        if [name for name, _, _ in layout] != [item.name for item in fields(Lexicons)]:
            raise ValueError("the stored lexicons have other fields")
        blob = np.ascontiguousarray(arrays["strings"], np.uint8).data  # decoded where it lies
        total = sum(count for _, kind, count in layout if kind in ("set", "phrases"))
        # no strings and one empty string are both stored as no bytes
        strings = str(blob, "utf-8", "surrogatepass").split(_SEPARATOR) if total else []
        parents = np.asarray(arrays["parents"])
        labels = np.asarray(arrays["labels"])
        if parents.ndim != 1 or parents.shape != labels.shape or not (
            parents.dtype.kind == labels.dtype.kind == "i"
        ):
            raise ValueError("the stored tries' parents and labels do not fit")
        found: dict[str, Any] = {}
        words = iter(strings)  # each field takes its strings in turn
        position = node = 0
        for name, kind, count in layout:
            if kind == "set":  # straight from the list: a slice would copy 140,000 places
                found[name] = frozenset(itertools.islice(words, count))
                position += count
            elif kind == "phrases":
                found[name] = _unflatten(
                    list(itertools.islice(words, count)),
                    parents[node : node + count],
                    labels[node : node + count],
                    label_names,
                )
                position += count
                node += count
            elif kind == "flag":
                found[name] = bool(values[name])
            elif kind == "pairs":
                found[name] = {str(key): str(value) for key, value in values[name]}
            elif kind == "extents":
                found[name] = {
                    tuple(map(str, words)): (str(label), str(extent))
                    for words, (label, extent) in values[name]
                }
            else:
                raise ValueError(f"unknown stored lexicons kind {kind!r}")
        if position != len(strings) or node != len(parents):
            raise ValueError("the stored lexicons' sizes do not add up")
        return Lexicons(**found)
    except (IndexError, TypeError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"stored lexicons do not fit: {type(error).__name__}") from None


def _unflatten(
    words: list[str], parents: np.ndarray, labels: np.ndarray, label_names: list[str]
) -> Phrases:
    """The trie stored breadth first (``_flatten``), each node numbered by its place: the
    first words (parent -1) come first, then each node's children together, the nodes'
    parents in rising order. Three containers made by C-level calls, no object per node."""
    import numpy as np  # lazy: only to prepare or load stored tables

    count = len(words)
    if parents.shape != (count,) or labels.shape != (count,):
        raise ValueError("a stored trie's words, parents and labels differ in number")
    roots = int(np.searchsorted(parents, 0))  # the first words: parent -1
    inner = parents[roots:]
    if (
        (parents[:roots] != -1).any()
        or (inner < 0).any()
        or (np.diff(inner) < 0).any()
        or (inner >= np.arange(roots, count)).any()
        or ((labels < -1) | (labels >= len(label_names))).any()
    ):
        raise ValueError("a stored trie's nodes are not in breadth-first order")
    named: list[str | None] = [*label_names, None]  # label -1: None
    first = dict(zip(words[:roots], range(roots), strict=True))
    following = dict(
        zip(zip(inner.tolist(), words[roots:], strict=True), range(roots, count), strict=True)
    )
    if len(first) != roots or len(following) != count - roots:
        raise ValueError("a stored trie holds a word twice under one node")
    return Phrases(first, following, list(map(named.__getitem__, labels.tolist())))
