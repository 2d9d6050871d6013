"""The :class:`RuleLanguage` type: a language's data for the rules detector.

It lives here, not in ``deidkit.models.rules``, so that a language package can describe itself
without importing the detector. Each language folder has one instance in
``deidkit/lang/<code>/rules.py``, reached as ``get_language(code).rules``.

List fields name ``deidkit.resources`` lists (full names, ``es_`` prefix included); every one
must be shipped. Words are casefolded. Fields marked *shared* are used with the words of every
language together, whatever the note's language (clinical notes borrow terms: an English
eponym in a Spanish note is still an eponym); the others only for notes in this language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

FieldExtent = tuple[str, str]
"""A labelled field's (label, extent): ``names`` takes the capitalised words after the colon,
``clause`` the rest of the clause (up to ``.``, ``;`` or the line end)."""


@dataclass(frozen=True, slots=True)
class RuleLanguage:
    """What the rules detector needs to know about one language.

    Dictionaries (resource lists, first column):

    - ``first_names``, ``last_names``: the name lists (a name in either is a name);
    - ``common_words``: ordinary words (a name that is one needs context);
    - ``medical_words``: medical words (likewise);
    - ``cities``: town lists (``CITY``), the first with a population column (third) from which
      one-word cities of 100,000 people or more are taken as unambiguous places;
    - ``regions`` (``STATE``), ``countries`` (``COUNTRY``), ``hospitals`` (``HOSPITAL``);
    - ``not_names``: weekdays, months, nationalities: in the name lists, never names
      (``extra_not_names``: more such words the lists lack: languages, religions, clinical
      words);
    - ``street_types`` (before the street name: "Calle"), ``street_suffixes`` (after it:
      "Street"), ``address_units`` ("Apt", "piso");
    - ``state_codes``: (list, kind): the entries of the list whose third column is ``kind``
      (``"usps"``) are state codes ("Garfield, NJ"); None: the language has none;
    - ``credentials``: (list, kind) likewise: credentials after a name (", MD").

    Cues (lists of (cue, kind) rows, then ``extra_*`` rows for cues the lists lack; the first
    of equal cues gives the kind):

    - ``titles``: (title, canonical, kind) rows; ``extra_titles`` title -> kind, overridden by
      the lists; kinds ``professional`` (a ``DOCTOR`` follows), ``courtesy``, ``military``,
      ``civil``;
    - ``name_indicators`` (+ ``extra_name_indicators``): words before a name; kind
      ``care_team`` (a ``DOCTOR`` follows) or any other (a ``RELATIVE``);
    - ``location_indicators`` (+ ``extra_location_indicators``) minus
      ``too_general_place_cues``: words before a place;
    - ``hospital_indicators``: hospital words ("Hospital", "Clinic");
    - ``fields``: labelled fields, field words -> :data:`FieldExtent` ("Nombre:").

    Conventions:

    - ``hospital_name_first``: "Mercy Hospital" (True) or "Hospital La Paz" (False);
    - ``hospital_cues``: words before a one-word hospital name that make it one ("at Mercy
      Hospital"; read where the name comes first);
    - ``wordlike_state_codes``: state codes that are also words ("IN", "OR"): not a state
      when a word follows.

    Shared words (every language's together):

    - ``eponym_heads``: nouns after a name that make it an eponym ("Foley catheter");
    - ``link_words``: words inside a hospital or street name ("of", "de la");
    - ``cue_fillers``: words between a name cue and the name ("wife is", "se llama");
    - ``articles``: articles between a place cue and the place ("the", "la").

    Staff, identifiers and organisations (empty by default: the rule then finds nothing):

    - ``clinical_abbreviations``: short words in capitals that are never a person's initials
      or a user name ("RN", "ICU", "GI", "PRN");
    - ``chart_values``: short words that end a charted row as its value ("OK", "PRN", "RA"),
      never the initials of the nurse who signed it (``deidkit.models.rules.flowsheet``);
    - ``legend_headings``: words of the heading over a legend of staff initials ("Initials:",
      "Signature legend:", "Key:");
    - ``initials_cues``: words before a member of staff's initials ("per RB", "cc: KL");
    - ``username_cues``: words before a user name ("Last edited by kpatel2");
    - ``signature_words``: words of a signature or audit line ("signed", "electronically");
    - ``name_roles``: staff roles and forms of address written before a name and no part of
      it, beside the titles and the care team's name cues ("ward clerk", "coach", "doña";
      written in capitals, "MA", they count in capitals only; ``deidkit.models.credentials``);
    - ``id_cues``: cue -> (label, strong) before an identifier ("policy", "VIN"); a weak cue
      needs a marker ("#", ":", "no.") before the value;
    - ``vehicle_cues``: words before an ambulance's unit number ("Medic 14");
    - ``organization_heads``: last words of an organisation's name -> its label ("Nursing
      Home": ``HOSPITAL``, "& Partners": ``ORGANIZATION``);
    - ``organization_cues``: words before an organisation's name -> its label ("works at");
    - ``age_cues``: words before an age ("died at 96");
    - ``eponyms``: names seen in notes mostly as eponyms ("Babinski", "Apgar", "Holter") or as
      makers' and products' names ("Foley", "Philips", "Zoll", "Toyota"): taken as names only
      next to another name;
    - ``handoff_cues``: words before a member of staff's name in nursing text ("handoff to",
      "sitter", "oob with"); ``not_after_handoff``: words after them that are no name ("max
      assist", "at bedside");
    - ``occupations``: jobs -> ``free`` (a job wherever written in lower case: "machinist") or
      ``cued`` (only after one of ``profession_cues``: "retired nurse", "works in roofing");
      ``profession_stops``: words that end a job's modifiers on the left ("a [second-grade
      teacher]"); ``profession_owners``: words before a free job that make it someone else's
      role, no one's job ("my lawyer", "his teacher");
    - ``department_words``: words of a generic department or service ("Radiology", "Human
      Resources", "Probate and Family Court Department"): an organisation found with only
      these words is no name; ``department_heads``: facility words ("Hospital", "Clinic"),
      no name alone (``deidkit.models.departments``); ``job_titles``: words heading a job's
      title ("Director", "Officer", "Dean"): "Director of Pharmacy", "Medical Director" name a
      job, no place or organisation;
    - ``brand_names``: brand names of medicines and devices, lower case ("eliquis"): never PHI
      (``deidkit.models.brands``); ``brand_phrases``: products and eponyms of several words
      whose words alone may be names ("bair hugger", "salter harris"): no PHI inside one;
    - ``schedule_days``: weekday abbreviations as written in a schedule ("M", "Th", "Sat"):
      a list of them is a date ("M/W/F", ``deidkit.models.rules.schedules``);
    - ``seasons``: seasons that are no other word, lower case ("summer", "winters"): a date
      where they stand alone; ``cued_seasons``: seasons that are other words too ("fall"): a
      date after ``season_cues`` ("last", "since"), after "the" and ``season_times`` ("in the
      fall") or before a year or ``season_terms`` ("semester";
      ``deidkit.models.rules.seasons``);
    - ``age_headers``: a table's header cell over a column of ages, lower case ("age",
      "age/sex"; ``deidkit.models.rules.tables``);
    - ``staff_headers``: a table's header cell over a column of the staff who signed each
      row, lower case ("rn", "given by"; ``deidkit.models.rules.tables``);
    - ``room_headers``: a table's header cell over a column of rooms or beds, lower case
      ("bed", "rm"; ``deidkit.models.rules.tables``).
    """

    first_names: tuple[str, ...]
    last_names: tuple[str, ...]
    common_words: tuple[str, ...]
    medical_words: tuple[str, ...]
    cities: tuple[str, ...]
    regions: tuple[str, ...]
    countries: tuple[str, ...]
    hospitals: tuple[str, ...]
    not_names: tuple[str, ...]
    street_types: tuple[str, ...]
    street_suffixes: tuple[str, ...]
    address_units: tuple[str, ...]
    state_codes: tuple[str, str] | None
    credentials: tuple[str, str]
    titles: tuple[str, ...]
    extra_titles: Mapping[str, str]
    name_indicators: tuple[str, ...]
    extra_name_indicators: tuple[tuple[str, str], ...]
    location_indicators: tuple[str, ...]
    extra_location_indicators: tuple[tuple[str, str], ...]
    too_general_place_cues: frozenset[str]
    hospital_indicators: tuple[str, ...]
    fields: Mapping[str, FieldExtent]
    hospital_name_first: bool
    hospital_cues: frozenset[str]
    wordlike_state_codes: frozenset[str]
    eponym_heads: frozenset[str]
    link_words: frozenset[str]
    cue_fillers: frozenset[str]
    articles: frozenset[str]
    clinical_abbreviations: frozenset[str] = frozenset()
    chart_values: frozenset[str] = frozenset()
    legend_headings: frozenset[str] = frozenset()
    initials_cues: tuple[str, ...] = ()
    username_cues: tuple[str, ...] = ()
    signature_words: frozenset[str] = frozenset()
    name_roles: frozenset[str] = frozenset()
    id_cues: Mapping[str, tuple[str, bool]] = field(default_factory=dict)
    vehicle_cues: frozenset[str] = frozenset()
    organization_heads: Mapping[str, str] = field(default_factory=dict)
    organization_cues: Mapping[str, str] = field(default_factory=dict)
    age_cues: tuple[str, ...] = ()
    eponyms: frozenset[str] = frozenset()
    handoff_cues: tuple[str, ...] = ()
    not_after_handoff: frozenset[str] = frozenset()
    occupations: Mapping[str, str] = field(default_factory=dict)
    profession_cues: tuple[str, ...] = ()
    profession_stops: frozenset[str] = frozenset()
    profession_owners: frozenset[str] = frozenset()
    department_words: frozenset[str] = frozenset()
    department_heads: frozenset[str] = frozenset()
    job_titles: frozenset[str] = frozenset()
    brand_names: frozenset[str] = frozenset()
    brand_phrases: tuple[str, ...] = ()
    schedule_days: frozenset[str] = frozenset()
    seasons: frozenset[str] = frozenset()
    cued_seasons: frozenset[str] = frozenset()
    season_cues: frozenset[str] = frozenset()
    season_times: frozenset[str] = frozenset()
    season_terms: frozenset[str] = frozenset()
    age_headers: frozenset[str] = frozenset()
    staff_headers: frozenset[str] = frozenset()
    room_headers: frozenset[str] = frozenset()
    extra_not_names: frozenset[str] = frozenset()

    def resource_lists(self) -> tuple[str, ...]:
        """Every resource list named here (each must be shipped)."""
        pairs = (self.credentials,) + ((self.state_codes,) if self.state_codes else ())
        return (
            self.first_names + self.last_names + self.common_words + self.medical_words
            + self.cities + self.regions + self.countries + self.hospitals + self.not_names
            + self.street_types + self.street_suffixes + self.address_units + self.titles
            + self.name_indicators + self.location_indicators + self.hospital_indicators
            + tuple(name for name, _ in pairs)
        )


__all__ = ["FieldExtent", "RuleLanguage"]
