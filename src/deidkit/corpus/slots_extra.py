"""Slots for PHI the first families rarely wrote (issue 17): staff initials and transcriptionist
codes, EHR user names, pager and extension numbers, ages of anyone (over 89 too), firms,
nursing homes, rehabilitation centres, agencies, mail-order pharmacies, named units with
rooms, partial dates, ``LAST, FIRST M`` names, lower-case names and landmarks.

Each slot writes exactly one span per value, with the label docs/annotation-guideline.md
gives it; cues (``pager #``, ``x``, ``Dr.``) stay outside. ``EXTRA_SLOTS`` is merged into
``deidkit.corpus.slots.SLOTS``.
"""

from __future__ import annotations

import string
from collections.abc import Callable

from deidkit.corpus import forms, pools
from deidkit.corpus.context import NoteContext, slot_registrar
from deidkit.corpus.ood import ood_word
from deidkit.corpus.people import Person, Variant, shape

EXTRA_SLOTS: dict[str, Callable[..., None]] = {}

slot = slot_registrar(EXTRA_SLOTS)


def surname(ctx: NoteContext) -> str:
    if ctx.variant is Variant.OUT_OF_DICTIONARY:
        return ood_word(ctx.rng)
    return pools.pick_ranked(ctx.rng, pools.name_tables("us").last, 1.3)


def _letters(ctx: NoteContext, count: int) -> str:
    return "".join(ctx.pick(string.ascii_uppercase) for _ in range(count))


# --- staff: initials, transcriptionist codes, user names -----------------------------------

def _initials_of(person: Person, middle: bool) -> str:
    letters = [person.first[:1]]
    if middle and person.middle:
        letters.append(person.middle[:1])
    letters.append(person.last[:1])
    return "".join(letters).upper()


@slot("inits")
def _inits(ctx: NoteContext, role: str = "nurse", case: str = "") -> None:
    """A member of staff's initials alone: ``KL``, ``kl``, ``K.L.``, ``JMT``."""
    text = _initials_of(ctx.clinician(role).person, ctx.chance(0.25))
    roll = ctx.rng.random()
    if case == "lower" or (not case and roll < 0.2):
        text = text.lower()
    elif not case and roll < 0.3:
        text = ".".join(text) + "."
    ctx.out.phi(text, "DOCTOR")


@slot("dictcode")
def _dictcode(ctx: NoteContext, role: str = "attending") -> None:
    """Author and transcriptionist initials as one token: ``JT/mk``, ``jt/MK``."""
    author = _initials_of(ctx.clinician(role).person, ctx.chance(0.2))
    typist = (ctx.pick(string.ascii_letters) + ctx.pick(string.ascii_letters)).lower()
    if ctx.chance(0.3):
        typist = typist.upper()
    if ctx.chance(0.15):
        author = author.lower()
    ctx.out.phi(f"{author}/{typist}", "DOCTOR")


@slot("login")
def _login(ctx: NoteContext, role: str = "") -> None:
    """An EHR user id: ``kpatel2``, ``mrowan``, ``PATELK``, ``k.patel``, ``rn_kpatel``."""
    person = ctx.clinician(role).person if role else ctx.world.person()
    first = pools.strip_accents(person.first.lower().replace(" ", "").replace("'", ""))
    last = pools.strip_accents(person.last.lower().replace(" ", "").replace("-", "")
                               .replace("'", ""))
    digits = str(ctx.rng.randint(1, 99))
    value = ctx.pick((f"{first[:1]}{last}{digits}", f"{first[:1]}{last}", f"{last.upper()}"
                      f"{first[:1].upper()}", f"{first[:1]}.{last}", f"{first}.{last}",
                      f"{last}{first[:1]}", f"{first[:1]}{last[:6]}{digits}",
                      f"{last[:5]}{first[:2]}", f"{first}{last[:1]}{digits}"))
    ctx.out.phi(value, "USERNAME")


@slot("staff")
def _staff(ctx: NoteContext, role: str = "nurse", form: str = "") -> None:
    """A member of staff by first name, last name, ``LAST, FIRST M`` or in lower case."""
    person = ctx.clinician(role).person
    form = form or ctx.pick(("first", "first", "full", "last", "lower_first", "initial_last",
                             "last_first_caps"))
    if form == "lower_first":
        value = person.first.lower()
    elif form == "lower":
        value = forms.name_text(ctx.rng, person, "lower")
    else:
        value = forms.name_text(ctx.rng, person, form)
    ctx.out.phi(value, "DOCTOR")


@slot("ptname")
def _ptname(ctx: NoteContext, form: str = "") -> None:
    """The patient as header fields and nursing text write them: ``ABARA, NELL K``,
    ``Abara, Nell K.``, ``nell``, ``abara``."""
    person = ctx.patient.person
    mid = person.middle[:1] if person.middle else ctx.pick(string.ascii_uppercase)
    form = form or ctx.pick(("caps", "caps", "mixed", "lower_first", "lower_last", "nocomma"))
    value = {
        "caps": f"{person.last.upper()}, {person.first.upper()} {mid}",
        "mixed": f"{person.last}, {person.first} {mid}.",
        "lower_first": person.first.lower(),
        "lower_last": person.last.lower(),
        "nocomma": f"{person.last.upper()},{person.first.upper()}",
        "first_last_caps": f"{person.first.upper()} {mid} {person.last.upper()}",
    }[form]
    ctx.out.phi(value, "PATIENT")


# --- contacts ------------------------------------------------------------------------------

@slot("pagerno")
def _pagerno(ctx: NoteContext) -> None:
    """A pager number after its cue: ``pager #41872``, ``beeper 3-1187``, ``p. 41872``."""
    ctx.out.text(ctx.pick(("pager #", "pager ", "Pager: ", "pgr ", "p. ", "beeper ", "pager# ",
                           "pg ", "PAGER ", "bpr ")))
    ctx.out.phi(shape(ctx.rng, ctx.pick(("#####", "#-####", "####", "###-####"))), "PHONE")


@slot("ext")
def _ext(ctx: NoteContext) -> None:
    """An extension: ``x#5531`` and ``ext. 4471`` (value only), ``x5531`` (one token)."""
    number = shape(ctx.rng, ctx.pick(("####", "#####", "###")))
    roll = ctx.rng.random()
    if roll < 0.35:
        ctx.out.phi(f"x{number}", "PHONE")
    else:
        ctx.out.text(ctx.pick(("x#", "x ", "ext. ", "ext ", "Ext ", "extension ", "x. ",
                               "EXT ")))
        ctx.out.phi(number, "PHONE")


# --- ages ----------------------------------------------------------------------------------

@slot("oldage")
def _oldage(ctx: NoteContext, low: str = "90", high: str = "104") -> None:
    """An age of anyone, by default over 89 (``died at 96``)."""
    ctx.out.phi(str(ctx.rng.randint(int(low), int(high))), "AGE")


@slot("agesex")
def _agesex(ctx: NoteContext) -> None:
    """The patient's age glued to sex, as headers write it: ``91M``, ``67 F``, ``45yo F``."""
    ctx.out.phi(str(ctx.patient.age_on(ctx.note_date)), "AGE")
    sex = ctx.patient.person.sex
    ctx.out.text(ctx.pick((sex, sex, f" {sex}", f"{sex.lower()}", f"yo{sex}", f" y {sex}")))


@slot("ptage")
def _ptage(ctx: NoteContext) -> None:
    """The patient's age alone (after a name in parentheses, after ``age``)."""
    ctx.out.phi(str(ctx.patient.age_on(ctx.note_date)), "AGE")


# --- organisations and facilities ---------------------------------------------------------

FIRM_FORMS = (
    "{last}, {last2} & Partners", "{last} & {last2}", "{last}, {last2} & {last3} LLP",
    "{last} Associates", "{last} Group", "{last} & Co.", "{last}-{last2} Consulting",
    "{last} Brothers Inc.", "{last} Industries", "{last} Logistics", "{last} Freight",
    "{city} Tool & Die", "{city} Distribution Center", "{last} Dental Group",
    "{last} Roofing Co.", "{last} Financial", "{city} Packaging", "{last} Engineering",
)
NURSING_HOME_FORMS = (
    "{place} Nursing Home", "{place} Manor", "{place} Rest Home", "{place} Skilled Nursing",
    "{place} Nursing & Rehab", "The {place} House", "{place} Care Center", "{place} Hospice",
    "{place} Senior Care", "{place} Gardens", "{place} Village", "{place} Health Care Center",
)
REHAB_FORMS = (
    "{place} Rehabilitation Hospital", "{place} Rehab", "{place} Rehab Center",
    "{place} Acute Rehab", "{place} Rehabilitation Center", "{place} Sub-Acute",
    "{place} Transitional Care Unit", "{place} Dialysis Center", "{place} Kidney Center",
)
AGENCY_FORMS = (
    "{place} VNA", "VNA of {place}", "{place} Visiting Nurse Association", "{place} Home Care",
    "{place} Home Health", "{place} Hospice Services", "{place} Elder Services",
    "{place} Meals on Wheels", "{place} Council on Aging", "{place} Adult Day Health",
)
EMS_FORMS = (
    "{place} EMS", "{place} Ambulance", "{place} Fire Rescue", "Tri-{place} EMS",
    "{place} Ambulance Service", "{place} Med Flight", "{place} Paramedics",
    "{place} County EMS",
)
PHARMACY_FORMS = (
    "{place} Mail Pharmacy", "{place}Rx Mail Order", "{place} Specialty Pharmacy",
    "{place} Pharmacy", "{place} Apothecary", "{place} Drug", "{place}Scripts Home Delivery",
    "{place} Compounding Pharmacy", "{place} Infusion Services",
)
PHARMACY_CHAINS = ("CVS", "Walgreens", "Rite Aid", "Express Scripts", "OptumRx",
                   "CVS Caremark", "Walmart Pharmacy", "Costco Pharmacy", "Kroger Pharmacy")
INSURERS = ("Blue Cross", "Harvard Pilgrim", "Tufts Health Plan", "Aetna", "Cigna",
            "UnitedHealthcare", "Humana", "Medicaid", "MassHealth", "Medicare")
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "firm": (FIRM_FORMS, "ORGANIZATION"),
    "nursinghome": (NURSING_HOME_FORMS, "HOSPITAL"),
    "rehab": (REHAB_FORMS, "HOSPITAL"),
    "agency": (AGENCY_FORMS, "ORGANIZATION"),
    "ems": (EMS_FORMS, "ORGANIZATION"),
    "pharmacy": (PHARMACY_FORMS, "ORGANIZATION"),
}


def place_word(ctx: NoteContext) -> str:
    if ctx.variant is Variant.OUT_OF_DICTIONARY:  # no word any dictionary could find
        return ood_word(ctx.rng).capitalize()
    roll = ctx.rng.random()
    if roll < 0.4:
        return ctx.world.town()[0]
    if roll < 0.7:
        return surname(ctx)
    return ctx.pick(("Juniper Hill", "Cedar Ridge", "Maple Grove", "Oak Knoll", "Riverside",
                     "Lakeview", "Meadowbrook", "Ashgrove", "Brookside", "Willow Bend",
                     "Stonebridge", "Harbor", "Northshore", "Valley", "Summit", "Greenfield",
                     "Fairhaven", "Elmwood", "Silver Lake", "Bayside", "Four Counties",
                     "Golden Age"))


@slot("place")
def _place(ctx: NoteContext, kind: str = "firm") -> None:
    """A firm, nursing home, rehab or dialysis centre, agency, EMS service or pharmacy."""
    forms_, label = KINDS[kind]
    if kind == "pharmacy" and ctx.chance(0.3):
        value = ctx.pick(PHARMACY_CHAINS)
    else:
        value = ctx.pick(forms_).format(place=place_word(ctx), last=surname(ctx),
                                        last2=surname(ctx), last3=surname(ctx),
                                        city=ctx.world.town()[0])
    ctx.out.phi(value, label)


@slot("hospabbr")
def _hospabbr(ctx: NoteContext, which: str = "pt") -> None:
    """A hospital's initials, as record headers write it: ``LMH``, ``SJMC``."""
    if which == "pt":
        value = ctx.patient.site.short
    else:
        value = _letters(ctx, ctx.rng.randint(2, 4))
        if ctx.chance(0.5):
            value = value[:-1] + ctx.pick(("H", "MC", "GH", "RH"))
    ctx.out.phi(value, "HOSPITAL")


@slot("ward")
def _ward(ctx: NoteContext) -> None:
    """A named unit written the way headers write it: ``Ellis 14``, ``BIGELOW 6``, ``W7``."""
    value = ctx.episode.unit
    roll = ctx.rng.random()
    if roll < 0.25:
        value = value.upper()
    elif roll < 0.45:
        value = f"{surname(ctx)} {ctx.rng.randint(2, 14)}"
    elif roll < 0.55:
        value = f"{ctx.pick(('East', 'West', 'North', 'South'))} {surname(ctx)}"
    ctx.out.phi(value, "DEPARTMENT")


@slot("rm")
def _rm(ctx: NoteContext) -> None:
    """A room or bed number: ``22B``, ``412``, ``7-14``, ``3A``."""
    rng = ctx.rng
    value = ctx.pick((ctx.episode.room, f"{rng.randint(1, 40)}{ctx.pick('ABCD')}",
                      f"{rng.randint(100, 999)}", f"{rng.randint(2, 12)}-{rng.randint(1, 30)}",
                      f"{rng.randint(1, 9)}{ctx.pick('ABCD')}"))
    ctx.out.phi(value, "ROOM")


@slot("place_other")
def _place_other(ctx: NoteContext) -> None:
    """Landmarks and other named places: reservoirs, bridges, shelters, stadiums."""
    word = place_word(ctx)
    value = ctx.pick((f"{word} Reservoir", f"{word} Bridge", f"{word} Street Shelter",
                      f"{word} Stadium", f"{word} Trail", f"{word} Plaza", f"{word} Marina",
                      f"{word} YMCA", f"{word} Rail Trail", f"{word} Ice Rink",
                      f"{word} Town Beach", f"{word} Dog Park", f"{word} Golf Course"))
    ctx.out.phi(value, "LOCATION_OTHER")


# --- dates ---------------------------------------------------------------------------------

@slot("pdate")
def _pdate(ctx: NoteContext, key: str = "note", style: str = "") -> None:
    """A partial date: ``4/2``, ``the 23rd`` (the span without ``the``), ``Thu 8/14``."""
    day = ctx.date(key)
    style = style or ctx.pick(("slash", "slash", "ordinal", "weekday", "weekday_short", "dash",
                               "month"))
    if style == "ordinal":
        ctx.out.text(ctx.pick(("the ", "the ", "on the ", "")))
        ctx.out.phi(forms.ordinal(day.day), "DATE")
        return
    weekday = forms.WEEKDAYS[day.weekday()]
    value = {
        "slash": f"{day.month}/{day.day}",
        "weekday": f"{weekday[:3]} {day.month}/{day.day}",
        "weekday_short": f"{weekday[:ctx.pick((3, 2, 4))]} {day.month}/{day.day}",
        "dash": f"{day.month}-{day.day}",
        "month": f"{forms.MONTHS_SHORT[day.month - 1]} {day.day}",
    }[style]
    ctx.out.phi(value, "DATE")


# --- places in text ------------------------------------------------------------------------

@slot("citystate")
def _citystate(ctx: NoteContext) -> None:
    """A city and its state abbreviation in running text: ``Milford, NH``."""
    city, state = ctx.world.town()
    ctx.out.phi(city, "CITY")
    ctx.out.text(ctx.pick((", ", ", ", " ")))
    ctx.out.phi(state, "STATE")


@slot("licline")
def _licline(ctx: NoteContext) -> None:
    """A licence line: ``NH Lic RN-220417``, ``DEA BV4418327``, ``MA license #123456``."""
    state = ctx.pick(pools.US_STATES)[0]
    if ctx.chance(0.3):
        ctx.out.text("DEA ")
        ctx.out.phi(_letters(ctx, 2) + shape(ctx.rng, "#######"), "LICENSE")
        return
    ctx.out.phi(state, "STATE")
    ctx.out.text(ctx.pick((" Lic ", " license #", " Lic# ", " RN Lic ", " MD Lic. ")))
    ctx.out.phi(ctx.pick((f"RN-{shape(ctx.rng, '######')}", shape(ctx.rng, "######"),
                          f"{_letters(ctx, 2)}{shape(ctx.rng, '#####')}")), "LICENSE")


@slot("insurername")
def _insurername(ctx: NoteContext) -> None:
    """An insurer named as a company (ORGANIZATION)."""
    ctx.out.phi(ctx.pick(INSURERS), "ORGANIZATION")


@slot("vehiclenum")
def _vehiclenum(ctx: NoteContext) -> None:
    """An ambulance unit number after its cue: ``Medic 14``, ``Unit 3``."""
    ctx.out.text(ctx.pick(("Medic ", "Unit ", "Rescue ", "Ambulance ", "Engine ")))
    ctx.out.phi(str(ctx.rng.randint(1, 99)), "VEHICLE")


# --- identifiers with their cues -----------------------------------------------------------

ID_CUES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "HEALTHPLAN": (("Member ID ", "Member #", "Policy # ", "Subscriber ID: ", "Group # ",
                    "Ins ID ", "Medicaid # ", "Medicare ID "),
                   ("AAA#######", "#########", "AA########", "######", "A##-###-####")),
    "ACCOUNT": (("Acct# ", "Acct ", "Encounter # ", "CSN: ", "FIN ", "Visit # ", "Billing # ",
                 "Enc "), ("A#######", "##########", "########", "V########")),
    "IDNUM": (("Order #", "Order # ", "Claim # ", "Employee ID ", "Specimen ", "Req # ",
               "Case # ", "Ref # ", "Auth # ", "Ticket # ", "NPI "),
              ("########", "A##-#####", "##-####", "##########", "AA######")),
    "MEDICALRECORD": (("OSH MRN ", "outside MRN ", "MR# ", "Unit # ", "EMPI "),
                      ("########", "###-##-##", "A#######", "#######")),
    "DEVICE": (("pacemaker SN ", "ICD serial ", "pump SN ", "serial # ", "S/N "),
               ("AAA######", "######A", "AA#######")),
    "VEHICLE": (("plate ", "license plate ", "MA plate "), ("#AAA##", "###-AAA", "#AAA-###")),
}


@slot("idline")
def _idline(ctx: NoteContext, label: str = "") -> None:
    """An identifier after one of its many cues: ``Member ID QHP7730418``, ``Order #88130442``."""
    label = label or ctx.pick(tuple(ID_CUES))
    cues, shapes = ID_CUES[label]
    ctx.out.text(ctx.pick(cues))
    ctx.out.phi(shape(ctx.rng, ctx.pick(shapes)), label)
