"""Slots for the broader training notes (issue 17, item 3): organisations of many naming
patterns, facilities, landmarks, named units and rooms, street shapes, identifiers of many
shapes behind many cues, social security numbers, professions of anyone, lower-case names.

Each slot writes exactly one span per value (``idcue`` and ``street2`` write the cue or the
apartment as text or a second span as stated), with the label docs/annotation-guideline.md
gives it. ``BROAD_SLOTS`` is merged into ``deidkit.corpus.slots.SLOTS``; values come from the
package's pools (and Faker's tables through them), never from a download.
"""

from __future__ import annotations

import string
from collections.abc import Callable

from deidkit.corpus import forms, pools
from deidkit.corpus.context import NoteContext, slot_registrar
from deidkit.corpus.ood import ood_word
from deidkit.corpus.people import Variant, shape
from deidkit.corpus.slots_extra import place_word, surname

BROAD_SLOTS: dict[str, Callable[..., None]] = {}

slot = slot_registrar(BROAD_SLOTS)


# --- organisations -------------------------------------------------------------------------

COMPANY_FORMS = (
    "{last} Inc.", "{last} LLC", "{last}-{last2}", "{last}, {last2} and {last3}",
    "{last} and Sons", "{last} Group", "{last} PLC", "{last} & {last2} Law Offices",
    "{last} Mechanical", "{last} Heating & Cooling", "{last} Auto Parts", "{last} Farms",
    "{last} Moving & Storage", "{last} Printing", "{last} Bakery", "{last} Seafood",
    "{last} Paving", "{last} Tire", "{last} Staffing", "{last} Security Services",
    "{place} Cleaning Services", "{place} Marine", "{place} Builders", "{place} Textiles",
    "{place} Medical Billing", "{place} Foods", "{place} Credit Union", "{place} Transit",
    "{place} Water District", "{place} Housing Authority", "{place} Regional Airport",
    "{place} Public Works", "{place} Sheriff's Office", "{place} Department of Corrections",
    "{place} Steel", "{place} Plastics", "{place} Biotech", "{place} Software",
    "{place} Hotel", "{place} Casino", "{place} Golf Club", "{place} YMCA",
    "{initials} Logistics", "{initials} Industries", "{initials} Systems", "{initials} Corp.",
)
SCHOOL_FORMS = (
    "{place} Elementary School", "{place} Regional High School", "{last} Middle School",
    "{place} Community College", "{place} State College", "{last} Academy",
    "{place} Montessori", "St. {first}'s School", "{place} Technical Institute",
    "{place} Head Start", "{place} Charter School", "{last} University",
)
CHURCH_FORMS = (
    "St. {first}'s Church", "{place} Baptist Church", "First Congregational Church of {place}",
    "{place} Mosque", "Temple {last}", "{place} Assembly of God", "{place} Kingdom Hall",
    "{place} Methodist Church", "Our Lady of {place}", "{place} Gospel Tabernacle",
)
AGENCY_FORMS = (
    "{place} Visiting Nurses", "{place} VNA & Hospice", "{place} Home Health Services",
    "{place} Area Agency on Aging", "{place} Community Health Workers",
    "{place} Senior Services", "{place} Hospice & Palliative Care", "{place} Elder Care",
    "{place} Homemaker Services", "{place} Private Duty Nursing", "{place} Infusion",
    "{place} Family Services", "{place} Recovery Services", "{place} Mental Health Center",
    "{place} Housing Services", "{place} Food Pantry", "{place} Transportation",
)
EMS_FORMS = (
    "{place} Ambulance Co.", "{place} Rescue Squad", "{place} Volunteer Ambulance",
    "{place} Fire Dept.", "{place} Fire & EMS", "{place} Emergency Medical Services",
    "{place} Critical Care Transport", "{place} LifeFlight", "{last} Ambulance",
    "{initials} Ambulance", "{place} Mobile Health",
)
PHARMACY_FORMS = (
    "{place} Mail-Order Pharmacy", "{place} Home Delivery Pharmacy", "{place}Meds Direct",
    "{last}'s Pharmacy", "{last} Drug Store", "{place} Community Pharmacy",
    "{place} Specialty Rx", "{place}Care Pharmacy Services", "{initials} Mail Rx",
    "{place} Long-Term Care Pharmacy", "{place} Outpatient Pharmacy",
)
DME_FORMS = (
    "{place} Medical Supply", "{place} Home Medical Equipment", "{place} Oxygen",
    "{place} Respiratory Services", "{last} Medical Equipment", "{place} Mobility",
    "{place} Orthotics & Prosthetics", "{initials} Home Medical",
)
LAB_FORMS = (
    "{place} Reference Laboratory", "{last} Diagnostics", "{place} Genomics",
    "{place} Imaging Associates", "{place} Sleep Lab", "{initials} Labs",
)
ORG_KINDS: dict[str, tuple[str, ...]] = {
    "company": COMPANY_FORMS, "school": SCHOOL_FORMS, "church": CHURCH_FORMS,
    "agency": AGENCY_FORMS, "ems": EMS_FORMS, "pharmacy": PHARMACY_FORMS, "dme": DME_FORMS,
    "lab": LAB_FORMS,
}

FACILITY_FORMS = (
    "{place} Skilled Nursing Facility", "{place} Nursing and Rehabilitation Center",
    "{place} Assisted Living", "{place} Long Term Acute Care Hospital", "{place} LTACH",
    "{place} Healthcare Center", "{place} Center for Rehabilitation", "{place} Extended Care",
    "{place} Respite Center", "{place} Memory Care", "{place} Health & Rehab",
    "{place} Convalescent Home", "{place} Retirement Community", "{place} Dialysis",
    "{place} Infusion Center", "{place} Urgent Care", "{place} Family Practice",
    "{place} Community Health Center", "{place} Behavioral Health Hospital",
    "{place} Detox", "{last} House", "{last} Pavilion", "{place} SNF", "{place} Rehab & Nursing",
)


def _initials(ctx: NoteContext) -> str:
    return "".join(ctx.pick(string.ascii_uppercase) for _ in range(ctx.rng.randint(2, 4)))


def _first(ctx: NoteContext) -> str:
    if ctx.variant is Variant.OUT_OF_DICTIONARY:
        return ood_word(ctx.rng).capitalize()
    return ctx.world.person().first


def _fill(ctx: NoteContext, form: str) -> str:
    return form.format(last=surname(ctx), last2=surname(ctx), last3=surname(ctx),
                       place=place_word(ctx), first=_first(ctx), initials=_initials(ctx))


@slot("org2")
def _org2(ctx: NoteContext, kind: str = "") -> None:
    """An organisation of one of many naming patterns (ORGANIZATION): companies, schools,
    churches, agencies, EMS services, pharmacies, equipment suppliers, laboratories."""
    kind = kind or ctx.pick(("company", "company", "company", "school", "church", "agency",
                             "ems", "pharmacy", "dme"))
    if kind == "company" and ctx.chance(0.2) and ctx.variant is not Variant.OUT_OF_DICTIONARY:
        value = ctx.world.organization()
    else:
        value = _fill(ctx, ctx.pick(ORG_KINDS[kind]))
    ctx.out.phi(value, "ORGANIZATION")


@slot("facility2")
def _facility2(ctx: NoteContext) -> None:
    """A nursing, rehabilitation, long-term or outpatient care facility (HOSPITAL)."""
    ctx.out.phi(_fill(ctx, ctx.pick(FACILITY_FORMS)), "HOSPITAL")


# --- places --------------------------------------------------------------------------------

LANDMARK_FORMS = (
    "{place} Park", "{last} Field", "{place} Mall", "{place} Plaza", "{place} Shopping Center",
    "{place} Public Library", "{last} Memorial Library", "{place} Train Station",
    "{place} Bus Terminal", "{place} Pond", "{place} Lake", "Lake {place}", "Mount {last}",
    "{place} State Forest", "{place} Beach", "{place} Boat Ramp", "{place} Rotary",
    "{place} Overpass", "{place} Bike Path", "{place} Skate Park", "{place} Playground",
    "{place} Cemetery", "{place} Fairgrounds", "{place} Arena", "{place} Ballpark",
    "{place} Bowling Lanes", "{place} Community Center", "{place} Senior Center",
    "{place} Homeless Shelter", "{place} Motel", "{place} Campground", "{place} Quarry",
    "{place} Falls", "{place} Wharf", "{place} Pier", "{last} Hall", "{place} Rest Area",
    "{place} Transfer Station", "{place} Town Hall", "{place} Green",
)


@slot("landmark2")
def _landmark2(ctx: NoteContext) -> None:
    """A landmark or other named place (LOCATION_OTHER)."""
    ctx.out.phi(_fill(ctx, ctx.pick(LANDMARK_FORMS)), "LOCATION_OTHER")


UNIT_FORMS = (
    "{last} {n}", "{last} {n}", "{last} {n}{l}", "{last} {n} North", "{last} ICU",
    "{last} {n} East", "{place} Pavilion {n}", "{last} Tower {n}", "{last} Wing",
    "{last} {n}-{l}", "{last} Building {n}", "{first} {n}",
)


@slot("dept")
def _dept(ctx: NoteContext, case: str = "") -> None:
    """A named ward or unit (DEPARTMENT): ``Hadley 9``, ``Whitcomb 5 East``, ``Marlow Tower 3``."""
    if ctx.chance(0.25):
        value = ctx.episode.unit
    else:
        value = ctx.pick(UNIT_FORMS).format(last=surname(ctx), place=place_word(ctx),
                                            first=_first(ctx), n=ctx.rng.randint(2, 22),
                                            l=ctx.pick("ABCEWNS"))
    if case == "upper" or (not case and ctx.chance(0.2)):
        value = value.upper()
    ctx.out.phi(value, "DEPARTMENT")


@slot("room2")
def _room2(ctx: NoteContext) -> None:
    """A room or bed number of many shapes: ``14C``, ``4-112``, ``B12``, ``1412-2``, ``07``."""
    rng = ctx.rng
    value = ctx.pick((f"{rng.randint(1, 40)}{ctx.pick('ABCDW')}", f"{rng.randint(100, 1299)}",
                      f"{rng.randint(2, 12)}-{rng.randint(100, 150)}",
                      f"{ctx.pick('ABCDEGN')}{rng.randint(1, 40)}",
                      f"{rng.randint(100, 999)}-{rng.randint(1, 4)}",
                      f"{rng.randint(100, 999)}{ctx.pick('AB')}", f"{rng.randint(1, 9):02d}",
                      f"{rng.randint(1, 30)}", ctx.episode.room))
    ctx.out.phi(value, "ROOM")


STREET_FORMS = (
    "{n} {name} {type}", "{n} {name} {type}", "{n} {dir} {name} {type}", "{n} {name} {type} {dir}",
    "PO Box {box}", "P.O. Box {box}", "{n} Route {route}", "{n} Rte {route}",
    "{n} State Highway {route}", "RR {rr} Box {box}", "{n} County Road {route}",
    "{n}-{n2} {name} {type}", "{n} {name} {type} Ext.",
)


@slot("street2")
def _street2(ctx: NoteContext) -> None:
    """A street address of many shapes, with an apartment as part of the span at times."""
    rng = ctx.rng
    if ctx.variant is Variant.OUT_OF_DICTIONARY:
        name = ood_word(rng).capitalize()
    else:
        name = ctx.pick(pools.street_names()[:400])
    value = ctx.pick(STREET_FORMS).format(
        n=rng.randint(1, 9999), n2=rng.randint(1, 60), name=name,
        type=ctx.pick(pools.STREET_TYPES), dir=ctx.pick(("N", "S", "E", "W", "N.", "South")),
        box=rng.randint(1, 9999), route=rng.randint(1, 202), rr=rng.randint(1, 9))
    if not value.startswith(("PO", "P.O.", "RR")) and ctx.chance(0.3):
        value += ctx.pick((" Apt ", ", Apt ", " #", " Unit ", ", Unit ", " Apt. ", " Fl ")) + \
            ctx.pick((str(rng.randint(1, 40)), f"{rng.randint(1, 9)}{ctx.pick('ABCDR')}"))
    ctx.out.phi(value, "STREET")


# --- identifiers ---------------------------------------------------------------------------

ID_SHAPES: dict[str, tuple[str, ...]] = {
    "IDNUM": ("########", "A##-#####", "AA-######", "####-####-##", "AAA######", "#######A",
              "AA####-##", "##-A-####", "A#A#A#A#", "######-###", "WC-##-#####",
              "AAA-###-####", "##########"),
    "ACCOUNT": ("A#########", "##########", "####-######", "AA########", "V#######-##",
                "#########-#", "ACCT-######", "E########"),
    "LICENSE": ("AA#######", "A########", "RN######", "MD-#####", "####-###", "AA-######",
                "#######", "NR-####-###", "LPN-#####", "A###-####-####"),
    "VEHICLE": ("#AAA##", "###-AAA", "#AA-###", "AAA-####", "A## ###", "##A-###",
                "1AAAA##A#A#######", "#AAAA##A##A######", "AAA ####"),
    "DEVICE": ("AAA######A", "AA#######", "A######", "AAA-###-####", "######AA", "PJN######",
               "RNB######H", "##A#####", "AAAA#####"),
    "HEALTHPLAN": ("AAA#########", "A########", "#########A", "AA#-###-###", "AAA-##-####",
                   "###-##-####-A", "W#########", "ZAA#########"),
    "MEDICALRECORD": ("########", "##-##-##", "A#######", "###-##-##", "E#########", "MR######"),
    "SSN": ("###-##-####", "###-##-####", "### ## ####", "#########"),
}
ID_CUES: dict[str, tuple[str, ...]] = {
    "IDNUM": ("Claim #", "Claim no. ", "WC claim ", "Workers' comp claim # ", "Auth #",
              "Authorization: ", "Prior auth # ", "Rx #", "Rx# ", "Referral # ", "Ref: ",
              "Order ID ", "Requisition ", "Employee # ", "Badge # ", "Case no. ",
              "Incident # ", "Report # ", "Run # ", "PCR # ", "Ticket ", "Tracking # ",
              "Confirmation # ", "Lot # ", "NPI: ", "Provider # ", "Study ID ",
              "Voucher # ", "Docket # ", "Inmate # ", "Student ID "),
    "ACCOUNT": ("Account #", "Acct no. ", "Guarantor acct ", "HAR ", "Billing acct ",
                "Patient account: ", "Encounter ID ", "Visit ID ", "Fin # ", "Acct: ",
                "Statement # ", "Invoice # "),
    "LICENSE": ("Lic # ", "License: ", "State license ", "NREMT # ", "EMT cert ",
                "Cert # ", "DEA # ", "DEA: ", "Medical license # ", "RN license ",
                "Driver's license ", "DL # ", "CDL ", "Board cert # "),
    "VEHICLE": ("Plate ", "plate # ", "license plate ", "Reg. ", "VIN ", "VIN: ",
                "registration ", "tag # "),
    "DEVICE": ("Serial # ", "SN: ", "S/N ", "Device ID ", "Generator SN ", "Lead SN ",
               "Model/Serial ", "Pump serial ", "Monitor ID ", "Implant ID ", "UDI "),
    "HEALTHPLAN": ("Member ID: ", "Member # ", "Subscriber # ", "Policy no. ", "Plan ID ",
                   "ID # ", "Medicare # ", "MBI ", "Medicaid ID ", "Cert # ", "Group no. ",
                   "Insured ID "),
    "MEDICALRECORD": ("MRN ", "Outside MRN ", "Med rec # ", "Chart # ", "Hospital # ",
                      "OSH MR# ", "Pt ID "),
    "SSN": ("SSN: ", "SSN ", "SS# ", "Social Security # ", "Soc Sec No. ",
            "social security number ", "SSN#: "),
}


def id_value(ctx: NoteContext, label: str) -> str:
    """An identifier of one of the label's shapes (VINs are 17 characters, no I, O or Q)."""
    value = shape(ctx.rng, ctx.pick(ID_SHAPES[label]))
    if label == "VEHICLE" and len(value) == 17:
        value = value.replace("I", "J").replace("O", "P").replace("Q", "R")
    return value


@slot("idcue")
def _idcue(ctx: NoteContext, label: str = "") -> None:
    """An identifier after one of its many cues: ``WC claim AB-330192``, ``NREMT # 2231-881``."""
    label = label or ctx.pick(tuple(ID_CUES))
    ctx.out.text(ctx.pick(ID_CUES[label]))
    ctx.out.phi(id_value(ctx, label), label)


@slot("idval")
def _idval(ctx: NoteContext, label: str = "IDNUM") -> None:
    """An identifier alone (its cue is a column heading or earlier text)."""
    ctx.out.phi(id_value(ctx, label), label)


@slot("ssn2")
def _ssn2(ctx: NoteContext) -> None:
    """The patient's social security number in another shape (spaces or none at times)."""
    digits = "".join(ch for ch in ctx.patient.ssn if ch.isdigit())
    value = ctx.pick((f"{digits[:3]}-{digits[3:5]}-{digits[5:]}", digits,
                      f"{digits[:3]} {digits[3:5]} {digits[5:]}"))
    ctx.out.phi(value, "SSN")


# --- people --------------------------------------------------------------------------------

@slot("anyprof")
def _anyprof(ctx: NoteContext, article: str = "") -> None:
    """Anyone's profession (a relative's, a former job): everyday ones and Faker's titles."""
    value = pools.pick_profession(ctx.rng)
    if article:
        ctx.out.text("an " if value[:1].lower() in "aeiou" else "a ")
    ctx.out.phi(value, "PROFESSION")


@slot("lcname")
def _lcname(ctx: NoteContext, who: str = "pt") -> None:
    """A name in lower case as nursing text writes it: ``delia``, ``walter brandt``, ``osei``."""
    if who == "pt":
        person, label = ctx.patient.person, "PATIENT"
    elif who == "rel" and ctx.patient.relatives:
        person, label = ctx.patient.relatives[0].person, "RELATIVE"
    elif who == "rel":
        person, label = ctx.world.person(), "RELATIVE"
    else:
        person, label = ctx.clinician(who).person, "DOCTOR"
    form = ctx.pick(("first", "first", "last", "lower"))
    ctx.out.phi(forms.name_text(ctx.rng, person, form).lower(), label)


@slot("relfull")
def _relfull(ctx: NoteContext, form: str = "") -> None:
    """A relative (the first, or someone new) by name: ``Orrin Vasquez``, ``VASQUEZ, ORRIN``."""
    person = ctx.patient.relatives[0].person if ctx.patient.relatives else ctx.world.person()
    form = form or ctx.pick(("full", "full", "last_first", "last_first_caps", "first",
                             "initial_last"))
    ctx.out.phi(forms.name_text(ctx.rng, person, form), "RELATIVE")
