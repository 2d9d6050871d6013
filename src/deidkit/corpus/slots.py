"""The slots templates use: PHI in its many forms, and clinical filler that is not PHI.

A slot is ``{name}`` or ``{name:arg:...}`` in template text; each function here appends to
``ctx.out``. PHI slots write exactly one span per value (titles and credentials stay outside).
"""

from __future__ import annotations

from collections.abc import Callable

from deidkit.corpus import filler, forms, pools
from deidkit.corpus.ambiguous import AMBIGUOUS, AMBIGUOUS_BY_WORD, of_kind
from deidkit.corpus.context import NoteContext, slot_registrar
from deidkit.corpus.lookalikes import EPONYM_KINDS, LOOKALIKE_SLOTS
from deidkit.corpus.ood import ood_word
from deidkit.corpus.people import Person, Variant, shape
from deidkit.corpus.slots_broad import BROAD_SLOTS
from deidkit.corpus.slots_extra import EXTRA_SLOTS
from deidkit.corpus.slots_logs import LOG_SLOTS
from deidkit.corpus.slots_spoken import SPOKEN_SLOTS

SLOTS: dict[str, Callable[..., None]] = {}

slot = slot_registrar(SLOTS)


# --- the patient and people ----------------------------------------------------------------

@slot("pt")
def _pt(ctx: NoteContext, form: str = "") -> None:
    forms.write_name(ctx.out, ctx.rng, ctx.patient.person, "PATIENT", form or None)


@slot("ptref")
def _ptref(ctx: NoteContext, where: str = "") -> None:
    """How running text refers to the patient: often no name at all.

    ``{ptref}`` starts a sentence; ``{ptref:mid}`` is inside one.
    """
    person = ctx.patient.person
    roll = ctx.rng.random()
    if roll < 0.35:
        if where == "mid":
            ctx.out.text(ctx.pick(("the patient", "pt", "the pt", "patient")))
        else:
            ctx.out.text(ctx.pick(("The patient", "Pt", "The pt", "Patient")))
    elif roll < 0.75:
        forms.write_name(ctx.out, ctx.rng, person, "PATIENT", "title_last")
    elif roll < 0.9:
        forms.write_name(ctx.out, ctx.rng, person, "PATIENT", "first")
    else:
        forms.write_name(ctx.out, ctx.rng, person, "PATIENT", "full")


@slot("title")
def _title(ctx: NoteContext) -> None:
    ctx.out.text(forms.title_of(ctx.rng, ctx.patient.person))


def _pronoun(male: str, female: str) -> Callable[[NoteContext], None]:
    def write(ctx: NoteContext) -> None:
        ctx.out.text(male if ctx.male else female)

    return write


for _name, _male, _female in (
    ("he", "he", "she"), ("He", "He", "She"), ("his", "his", "her"), ("His", "His", "Her"),
    ("him", "him", "her"), ("man", "man", "woman"), ("male", "male", "female"),
    ("M", "M", "F"), ("gentleman", "gentleman", "lady"), ("Male", "Male", "Female"),
    ("sex", "male", "female"), ("Mr", "Mr.", "Ms."),
):
    SLOTS[_name] = _pronoun(_male, _female)


def _relative(ctx: NoteContext, index: str) -> tuple[Person, str]:
    relatives = ctx.patient.relatives
    relative = relatives[int(index or 0) % len(relatives)]
    return relative.person, relative.relation


@slot("rel")
def _rel(ctx: NoteContext, index: str = "0", form: str = "") -> None:
    """A relative with the relation: ``wife Mary``, ``his daughter, Jane Smith``, ``son (Bob)``."""
    person, relation = _relative(ctx, index)
    name_form = form or ctx.pick(("first", "first", "full", "full", "title_last", "first_initial"))
    style = ctx.rng.random()
    if style < 0.5:
        ctx.out.text(f"{relation} ")
        forms.write_name(ctx.out, ctx.rng, person, "RELATIVE", name_form)
    elif style < 0.75:
        ctx.out.text(f"{relation}, ")
        forms.write_name(ctx.out, ctx.rng, person, "RELATIVE", name_form)
    elif style < 0.9:
        ctx.out.text(f"{relation} (")
        forms.write_name(ctx.out, ctx.rng, person, "RELATIVE", name_form)
        ctx.out.text(")")
    else:
        forms.write_name(ctx.out, ctx.rng, person, "RELATIVE", name_form)
        ctx.out.text(f" ({relation})")


@slot("relname")
def _relname(ctx: NoteContext, index: str = "0", form: str = "") -> None:
    person, _ = _relative(ctx, index)
    name_form = form or ctx.pick(("first", "full", "full", "title_last"))
    forms.write_name(ctx.out, ctx.rng, person, "RELATIVE", name_form)


@slot("relation")
def _relation(ctx: NoteContext, index: str = "0") -> None:
    ctx.out.text(_relative(ctx, index)[1])


@slot("relphone")
def _relphone(ctx: NoteContext, index: str = "0") -> None:
    relatives = ctx.patient.relatives
    ctx.out.phi(relatives[int(index or 0) % len(relatives)].phone, "PHONE")


@slot("dr")
def _dr(ctx: NoteContext, role: str = "attending", form: str = "") -> None:
    forms.write_doctor(ctx.out, ctx.rng, ctx.clinician(role), form or None)


@slot("drsig")
def _drsig(ctx: NoteContext, role: str = "attending") -> None:
    """A signature: ``John A. Smith, MD`` / ``SMITH, JOHN MD`` / ``J. Smith, RN``."""
    clinician = ctx.clinician(role)
    form = ctx.pick(("full_cred", "full_cred", "caps_cred", "initial_last_cred", "full_cred"))
    forms.write_doctor(ctx.out, ctx.rng, clinician, form)


@slot("drinitials")
def _drinitials(ctx: NoteContext, role: str = "attending") -> None:
    person = ctx.clinician(role).person
    ctx.out.phi(forms.name_text(ctx.rng, person, "initials").upper(), "DOCTOR")


@slot("cred")
def _cred(ctx: NoteContext, role: str = "attending") -> None:
    ctx.out.text(ctx.clinician(role).credential)


@slot("username")
def _username(ctx: NoteContext, role: str = "attending") -> None:
    ctx.out.phi(ctx.clinician(role).username, "USERNAME")


@slot("pager")
def _pager(ctx: NoteContext, role: str = "attending") -> None:
    ctx.out.phi(ctx.clinician(role).pager, "PHONE")


@slot("other")
def _other_person(ctx: NoteContext, label: str = "DOCTOR", form: str = "") -> None:
    """Someone who appears once (an outside doctor, a neighbour)."""
    person = ctx.world.person()
    if label == "DOCTOR":
        clinician = ctx.world.clinician("consultant")
        forms.write_doctor(ctx.out, ctx.rng, clinician, form or None)
    else:
        forms.write_name(ctx.out, ctx.rng, person, label, form or None)


# --- dates and ages ------------------------------------------------------------------------

@slot("date")
def _date(ctx: NoteContext, key: str = "note", style: str = "full") -> None:
    ctx.out.phi(forms.format_date(ctx.rng, ctx.date(key), style), "DATE")


@slot("dt")
def _datetime(ctx: NoteContext, key: str = "note") -> None:
    """A date followed by a time (the time is not PHI)."""
    ctx.out.phi(forms.format_date(ctx.rng, ctx.date(key), ctx.pick(("numeric", "full"))), "DATE")
    ctx.out.text(ctx.pick((" ", " ", " at ", " @ ", "  ")) + filler.time_of_day(ctx.rng))


@slot("year")
def _year(ctx: NoteContext, key: str = "past") -> None:
    ctx.out.phi(str(ctx.date(key).year), "DATE")


@slot("weekday")
def _weekday(ctx: NoteContext, key: str = "note") -> None:
    ctx.out.phi(forms.WEEKDAYS[ctx.date(key).weekday()], "DATE")


@slot("holiday")
def _holiday(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.pick(forms.HOLIDAYS), "DATE")


@slot("age")
def _age(ctx: NoteContext) -> None:
    ctx.out.phi(str(ctx.patient.age_on(ctx.note_date)), "AGE")


@slot("agephrase")
def _age_phrase(ctx: NoteContext) -> None:
    age = str(ctx.patient.age_on(ctx.note_date))
    style = ctx.rng.random()
    if style < 0.45:
        ctx.out.phi(age, "AGE")
        ctx.out.text(ctx.pick(("-year-old", "-year-old", "-yo", " yo", " y/o", " y.o.",
                               " year old", "-yr-old")))
    elif style < 0.7:
        ctx.out.phi(age, "AGE")
        ctx.out.text(ctx.pick((" yo", " y/o", " YO", "-year-old")))
    else:
        ctx.out.phi(age, "AGE")
        ctx.out.text("-year-old")


@slot("a_age")
def _a_age(ctx: NoteContext) -> None:
    age = ctx.patient.age_on(ctx.note_date)
    article = "an" if str(age).startswith("8") or age in (11, 18) else "a"
    if ctx.out.last_char() in ("", "\n") or ctx.out.ends_with(". "):
        article = article.capitalize()
    ctx.out.text(article + " ")
    _age_phrase(ctx)


@slot("ageyears")
def _age_years(ctx: NoteContext) -> None:
    """``age 72`` / ``72 years old`` / ``aged 72``."""
    age = str(ctx.patient.age_on(ctx.note_date))
    form = ctx.rng.random()
    if form < 0.4:
        ctx.out.text(ctx.pick(("age ", "Age: ", "aged ", "age: ")))
        ctx.out.phi(age, "AGE")
    else:
        ctx.out.phi(age, "AGE")
        ctx.out.text(ctx.pick((" years old", " years of age", " yrs", " years")))


# --- places and organisations -------------------------------------------------------------

_HOSPITAL_WORDS = frozenset({
    "hospital", "hospitals", "medical", "center", "centre", "regional", "general", "memorial",
    "community", "health", "healthcare", "system", "clinic", "rehabilitation", "the", "of",
    "and", "inc",
})


def hospital_core(name: str) -> str:
    """The distinctive part of a hospital name (``Bayview General Hospital`` -> ``Bayview``)."""
    words = name.split()
    kept: list[str] = []
    for word in words:
        if word.casefold().strip(",.") in _HOSPITAL_WORDS and kept:
            break
        kept.append(word)
    core = " ".join(kept).rstrip(",")
    return core if core and core.casefold() not in _HOSPITAL_WORDS else name


@slot("hospital")
def _hospital(ctx: NoteContext, form: str = "") -> None:
    """The patient's hospital: full name, short form (``BGH``) or core (``Bayview``)."""
    site = ctx.patient.site
    if not form:
        form = ctx.pick(("full", "full", "full", "full", "short", "core"))
    value = {"short": site.short, "core": hospital_core(site.name)}.get(form, site.name)
    ctx.out.phi(value, "HOSPITAL")


@slot("otherhosp")
def _other_hospital(ctx: NoteContext, form: str = "") -> None:
    """Another hospital (a transfer, a prior stay): full name or, at times, its core."""
    name = ctx.episode.other_hospital
    if form == "core" or (not form and ctx.chance(0.2)):
        name = hospital_core(name)
    ctx.out.phi(name, "HOSPITAL")


@slot("facility")
def _facility(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.episode.facility, "HOSPITAL")


@slot("clinic")
def _clinic(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.site.clinic, "HOSPITAL")


@slot("unit")
def _unit(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.episode.unit, "DEPARTMENT")


@slot("room")
def _room(ctx: NoteContext, *args: str) -> None:
    ctx.out.phi(ctx.episode.room, "ROOM")


@slot("city")
def _city(ctx: NoteContext, who: str = "pt") -> None:
    city = ctx.patient.address.city if who == "pt" else ctx.patient.site.address.city
    ctx.out.phi(city, "CITY")


@slot("town")
def _town(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.world.town()[0], "CITY")


@slot("state")
def _state(ctx: NoteContext, who: str = "pt", form: str = "") -> None:
    abbr = ctx.patient.address.state if who == "pt" else ctx.patient.site.address.state
    long = form == "long" or (not form and ctx.chance(0.3))
    ctx.out.phi(pools.STATE_NAMES[abbr] if long else abbr, "STATE")


@slot("zip")
def _zip(ctx: NoteContext, who: str = "pt") -> None:
    address = ctx.patient.address if who == "pt" else ctx.patient.site.address
    ctx.out.phi(address.zip, "ZIP")


@slot("street")
def _street(ctx: NoteContext, who: str = "pt") -> None:
    address = ctx.patient.address if who == "pt" else ctx.patient.site.address
    ctx.out.phi(address.street, "STREET")
    if address.unit and who == "pt":
        ctx.out.text(ctx.pick((", ", " ")))
        ctx.out.phi(address.unit, "STREET")


@slot("address")
def _address(ctx: NoteContext, who: str = "pt", layout: str = "") -> None:
    """Street, city, state and ZIP as separate spans, on one line or as a block."""
    address = ctx.patient.address if who == "pt" else ctx.patient.site.address
    block = layout == "block" or (not layout and ctx.chance(0.5))
    _street(ctx, who)
    ctx.out.text("\n" if block else ", ")
    ctx.out.phi(address.city, "CITY")
    ctx.out.text(", ")
    ctx.out.phi(address.state if ctx.chance(0.85) else pools.STATE_NAMES[address.state], "STATE")
    ctx.out.text(ctx.pick((" ", "  ", " ")))
    ctx.out.phi(address.zip, "ZIP")


@slot("hometown")
def _hometown(ctx: NoteContext) -> None:
    label = "COUNTRY" if ctx.patient.hometown_is_country else "CITY"
    ctx.out.phi(ctx.patient.hometown, label)


@slot("country")
def _country(ctx: NoteContext) -> None:
    if ctx.variant is Variant.OUT_OF_DICTIONARY:
        ctx.out.phi(ood_word(ctx.rng), "COUNTRY")
    else:
        ctx.out.phi(ctx.pick(pools.countries()), "COUNTRY")


@slot("us")
def _us(ctx: NoteContext) -> None:
    """The United States as notes write it after "the" ("moved to the US"): a country."""
    ctx.out.phi(ctx.pick(("US", "US", "U.S.", "USA", "United States")), "COUNTRY")


@slot("employer")
def _employer(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.employer or ctx.world.organization(), "ORGANIZATION")


@slot("org")
def _org(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.world.organization(), "ORGANIZATION")


@slot("profession")
def _profession(ctx: NoteContext, *args: str) -> None:
    ctx.out.phi(ctx.patient.profession or ctx.pick(pools.PROFESSIONS), "PROFESSION")


@slot("aprofession")
def _a_profession(ctx: NoteContext) -> None:
    """``a teacher`` / ``an engineer``: the article agrees with the profession."""
    value = ctx.patient.profession or ctx.pick(pools.PROFESSIONS)
    ctx.out.text("an " if value[:1].lower() in "aeiou" else "a ")
    ctx.out.phi(value, "PROFESSION")


@slot("landmark")
def _landmark(ctx: NoteContext) -> None:
    """A place that is neither a city nor an organisation (LOCATION_OTHER)."""
    if ctx.variant is Variant.OUT_OF_DICTIONARY:
        name = f"{ood_word(ctx.rng)} {ctx.pick(('Park', 'Beach', 'Lake', 'Mall', 'Square'))}"
    else:
        last = pools.pick_ranked(ctx.rng, pools.name_tables("us").last, 1.4)
        town = ctx.world.town()[0]
        name = ctx.pick((f"{last} Park", f"{town} Beach", f"{last} Lake", f"{town} Mall",
                         f"{last} Square", f"the {town} bus station", f"{last} Pond",
                         f"{town} Common", f"{last} State Park"))
    ctx.out.phi(name, "LOCATION_OTHER")


# --- contacts and identifiers -------------------------------------------------------------

@slot("phone")
def _phone(ctx: NoteContext, who: str = "pt") -> None:
    patient = ctx.patient
    number = {"pt": patient.phone, "cell": patient.cell, "site": patient.site.phone,
              "new": ctx.world.phone()}.get(who, patient.phone)
    ctx.out.phi(number, "PHONE")


@slot("fax")
def _fax(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.site.fax, "FAX")


@slot("email")
def _email(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.email, "EMAIL")


@slot("url")
def _url(ctx: NoteContext) -> None:
    core = "".join(ch for ch in ctx.patient.site.short.lower() if ch.isalnum()) or "clinic"
    url = ctx.pick((f"www.{core}health.org", f"https://portal.{core}.org/login",
                    f"http://www.{core}.org/patients", f"mychart.{core}.org"))
    ctx.out.phi(url, "URL")


@slot("ip")
def _ip(ctx: NoteContext) -> None:
    rng = ctx.rng
    ctx.out.phi(".".join(str(rng.randint(1, 254)) for _ in range(4)), "IPADDR")


CUE_LABELS: dict[str, tuple[str, ...]] = {
    "mrn": ("MRN", "MRN", "MR#", "MR #", "Med Rec #", "Medical Record #", "Medical record number",
            "Unit No", "UNIT NUMBER", "Unit #", "Hospital #", "Patient ID", "Chart #", "MRN#",
            "EMPI", "Record #", "Hosp No", "ID"),
    "acc": ("Accession", "Accession #", "Acc #", "ACC", "Accession No.", "Case #",
            "Specimen #", "Exam #", "Order #", "Acc. no", "Requisition #"),
    "job": ("Job #", "Job", "JOB#", "Dictation #", "Doc #", "Document ID", "eScription document",
            "D#", "Conf #", "Transcription #"),
    "room": ("Room", "Rm", "RM", "Bed", "Room/Bed", "Location: Rm"),
    "dob": ("DOB", "D.O.B.", "Date of birth", "Birth date", "DOB", "Born"),
}


@slot("label")
def _label(ctx: NoteContext, kind: str, separator: str = "") -> None:
    """A cue before a value, in one of the many ways notes write it (``MRN:``, ``Unit No``)."""
    label = ctx.pick(CUE_LABELS[kind])
    ctx.out.text(label + (separator or ctx.pick((": ", ": ", " ", ":  ", " - ", "# ")
                                                 if not label.endswith("#") else (" ", ": "))))


@slot("mrn")
def _mrn(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.mrn, "MEDICALRECORD")


@slot("ssn")
def _ssn(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.ssn, "SSN")


@slot("acct")
def _acct(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.account, "ACCOUNT")


@slot("plan")
def _plan(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.health_plan, "HEALTHPLAN")


@slot("insurer")
def _insurer(ctx: NoteContext) -> None:
    ctx.out.text(ctx.patient.insurer)


@slot("accession")
def _accession(ctx: NoteContext) -> None:
    prefix = ctx.pick(ctx.patient.site.accession_prefixes)
    year = f"{ctx.note_date.year % 100:02d}"
    value = ctx.pick((f"{prefix}{year}-{shape(ctx.rng, '#####')}",
                      f"{prefix}-{year}-{shape(ctx.rng, '######')}",
                      f"{prefix}{shape(ctx.rng, '########')}",
                      shape(ctx.rng, "########")))
    ctx.out.phi(value, "IDNUM")


@slot("idnum")
def _idnum(ctx: NoteContext) -> None:
    ctx.out.phi(shape(ctx.rng, ctx.pick(("#######", "########", "######", "##-#####",
                                         "A#######", "#####-##"))), "IDNUM")


@slot("license")
def _license(ctx: NoteContext) -> None:
    value = ctx.pick((shape(ctx.rng, "AA#######"), shape(ctx.rng, "##########"),
                      shape(ctx.rng, "#####")))
    ctx.out.phi(value, "LICENSE")


@slot("device")
def _device(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.device_serial or shape(ctx.rng, "AAA######"), "DEVICE")


@slot("vehicle")
def _vehicle(ctx: NoteContext) -> None:
    ctx.out.phi(ctx.patient.vehicle or shape(ctx.rng, "###-AAA"), "VEHICLE")


@slot("bed")
def _bed(ctx: NoteContext) -> None:
    """A bed label that is not PHI on its own (``bed 4``) -- a non-PHI look-alike."""
    ctx.out.text(f"bed {ctx.rng.randint(1, 24)}")


# --- clinical filler (never PHI) ----------------------------------------------------------

def _text_slot(name: str, make: Callable[[NoteContext], str]) -> None:
    def write(ctx: NoteContext, *args: str) -> None:
        ctx.out.text(make(ctx))

    SLOTS[name] = write


_text_slot("vitals", lambda c: filler.vitals(c.rng))
_text_slot("labs", lambda c: filler.labs(c.rng))
_text_slot("med", lambda c: filler.medication(c.rng))
_text_slot("brand", lambda c: c.pick(filler.BRAND_NAMES))
_text_slot("abx", lambda c: c.pick(filler.ANTIBIOTICS))
_text_slot("ef", lambda c: f"EF {c.pick(filler.EJECTION_FRACTIONS)}")
_text_slot("problem", lambda c: c.pick(filler.PROBLEMS))
_text_slot("dx", lambda c: c.episode.diagnosis)
_text_slot("anydx", lambda c: c.pick(filler.DIAGNOSES))
_text_slot("cc", lambda c: c.pick(filler.CHIEF_COMPLAINTS))
_text_slot("proc", lambda c: c.episode.procedure)
_text_slot("anyproc", lambda c: c.pick(filler.PROCEDURES))
_text_slot("bp", lambda c: filler.blood_pressure(c.rng))
_text_slot("hr", lambda c: str(c.rng.randint(52, 128)))
_text_slot("rr", lambda c: str(c.rng.randint(12, 30)))
_text_slot("temp", lambda c: filler.between(c.rng, 97.0, 102.8, 1))
_text_slot("tempc", lambda c: filler.between(c.rng, 36.0, 39.4, 1))
_text_slot("o2", lambda c: str(c.rng.randint(88, 100)))
_text_slot("murmur", lambda c: filler.murmur(c.rng))
_text_slot("strength", lambda c: filler.strength(c.rng))
_text_slot("io", lambda c: filler.io_totals(c.rng))
_text_slot("vent", lambda c: filler.vent(c.rng))
_text_slot("abg", lambda c: filler.abg(c.rng))
_text_slot("score", lambda c: c.pick(filler.SCORES))
_text_slot("code", lambda c: c.pick(filler.CODES))
_text_slot("time", lambda c: filler.time_of_day(c.rng))
_text_slot("los", lambda c: str(max(1, (c.episode.discharge - c.episode.admit).days)))
_text_slot("pod", lambda c: str(max(1, (c.note_date - c.date("proc")).days)))
_text_slot("hd", lambda c: str(max(1, (c.note_date - c.episode.admit).days + 1)))
_text_slot("lang", lambda c: c.patient.language)


@slot("num")
def _num(ctx: NoteContext, low: str = "1", high: str = "10") -> None:
    ctx.out.text(str(ctx.rng.randint(int(low), int(high))))


@slot("range")
def _range(ctx: NoteContext, low: str = "1", high: str = "10") -> None:
    """Two numbers in order: ``80-95``."""
    first, second = sorted(ctx.rng.randint(int(low), int(high)) for _ in range(2))
    ctx.out.text(f"{first}-{second}")


@slot("dec")
def _dec(ctx: NoteContext, low: str = "0", high: str = "1", places: str = "1") -> None:
    ctx.out.text(filler.between(ctx.rng, float(low), float(high), int(places)))


@slot("meds")
def _meds(ctx: NoteContext, low: str = "3", high: str = "9", style: str = "") -> None:
    count = ctx.rng.randint(int(low), int(high))
    numbered = style == "numbered" or (not style and ctx.chance(0.6))
    ctx.out.text(filler.medication_list(ctx.rng, count, numbered))


@slot("problems")
def _problems(ctx: NoteContext, low: str = "3", high: str = "8", style: str = "") -> None:
    count = ctx.rng.randint(int(low), int(high))
    ctx.out.text(filler.problem_list(ctx.rng, count, style or ctx.pick(("numbered", "dash",
                                                                      "inline"))))


EPONYM_LOOKALIKE_RATE = 0.5
"""How often ``{eponym}`` writes a clause of the look-alike banks instead of its own phrase."""


@slot("eponym")
def _eponym(ctx: NoteContext, kind: str = "") -> None:
    """A medical phrase built on a word that is also a name or place (never PHI here).

    ``kind`` (device, history, exam, word) keeps the phrase fitting its place; without it any
    phrase is used. In the ambiguous variant the word is, when possible, one this note uses
    as PHI; otherwise the phrase comes, at times, from the look-alike banks that fit
    (``deidkit.corpus.lookalikes``).
    """
    candidates = of_kind(kind) if kind else AMBIGUOUS
    entry = None
    if ctx.variant is Variant.AMBIGUOUS:
        cast = [AMBIGUOUS_BY_WORD[word] for word in sorted(_cast_words(ctx))]
        fitting = [item for item in cast if not kind or item.kind == kind]
        if fitting and ctx.chance(0.8):
            entry = ctx.pick(fitting)
        elif cast and ctx.chance(0.5):
            entry = ctx.pick(cast)
    if entry is None:
        if ctx.chance(EPONYM_LOOKALIKE_RATE):  # the broader look-alike banks, same places
            ctx.slots["lookalike"](ctx, ctx.pick(EPONYM_KINDS[kind]))
            return
        entry = ctx.pick(candidates)
    ctx.render(ctx.pick(entry.phrases))


def _cast_words(ctx: NoteContext) -> set[str]:
    words: set[str] = set(ctx.patient.person.ambiguous) | set(ctx.patient.site.ambiguous)
    words.update((ctx.patient.address.city, ctx.patient.hometown))
    for relative in ctx.patient.relatives:
        words.update(relative.person.ambiguous)
    for clinician in ctx.episode.clinicians.values():
        words.update(clinician.person.ambiguous)
    return {word for word in words if word in AMBIGUOUS_BY_WORD}


SLOTS.update(EXTRA_SLOTS)  # issue 17: initials, user names, agencies, partial dates, ...
SLOTS.update(BROAD_SLOTS)  # issue 17: organisations, landmarks, units, IDs of many shapes
SLOTS.update(LOOKALIKE_SLOTS)  # issue 17: non-PHI look-alikes (eponyms, words, numbers)
SLOTS.update(SPOKEN_SLOTS)  # issue 17: values said aloud, transcripts, chat and pager exports
SLOTS.update(LOG_SLOTS)  # issue 17: printouts, logs, care grids, registrations, census boards
