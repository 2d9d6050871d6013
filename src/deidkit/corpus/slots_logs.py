"""Slots for printouts, logs and boards (issue 17, item 3): infants' and children's ages at a
dose with their unit, dose dates from the date of birth, log time stamps (European ones too),
system log-ins, workstation and asset names, the givers of a care log (a legend, then their
initials in the grid), names registered before a name is known (newborns, unidentified
patients), other patients on a census with their rooms mentioned again, sites in capitals,
and look-alikes that are not PHI (lot and protocol numbers, action codes).

Each PHI slot writes exactly one span per value, with the label docs/annotation-guideline.md
gives it: an age is the number only (``[2] mo``, ``[30] days``), a log-in is one
``USERNAME`` (``[RT_mdesrosiers]``), an asset that identifies one unit a ``DEVICE``
(``[MICU-WOW-14]``), a registered name one ``PATIENT`` (``[NWACHUKWU-BELL, BOY A]``). A note
keeps its stamp layout, its givers and its rooms (``ctx.memo``). ``LOG_SLOTS`` is merged into
``deidkit.corpus.slots.SLOTS``.
"""

from __future__ import annotations

import datetime as dt
import string
from collections.abc import Callable

from deidkit.corpus import forms, pools
from deidkit.corpus.ambiguous import AMBIGUOUS
from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext, slot_registrar
from deidkit.corpus.ood import ood_word
from deidkit.corpus.people import Person, Variant, shape
from deidkit.corpus.slots_extra import surname

LOG_SLOTS: dict[str, Callable[..., None]] = {}

slot = slot_registrar(LOG_SLOTS)


# --- ages and dates at a dose ----------------------------------------------------------------

AGE_UNITS: dict[int, tuple[str, ...]] = {
    1: (" days", " d", " day", " dys", "d"),
    7: (" wk", " wks", " weeks", "w", " wk old"),
    30: (" mo", " mos", " months", "m", " mo.", " month"),
    365: (" yr", " yrs", " y", " years", "y"),
}
"""An age's units by how many days each counts (the unit stays outside the span)."""


def _age_text(ctx: NoteContext, days: int) -> tuple[str, str]:
    """An age in days as a printout writes it: (number, unit) by how old the child is."""
    if days < 42 and ctx.chance(0.7):
        divisor = 1
    elif days < 120 and ctx.chance(0.5):
        divisor = 7
    elif days < 365 * 3:
        divisor = 30
    else:
        divisor = 365
    return str(max(1, days // divisor if divisor == 365 else round(days / divisor))), \
        ctx.pick(AGE_UNITS[divisor])


@slot("dosedate")
def _dosedate(ctx: NoteContext, days: str = "60", style: str = "") -> None:
    """The date of a dose ``days`` after birth (a few days late at times; ``any``: any day of
    the patient's life), remembered for the ``{doseage}`` that follows."""
    if days == "any":  # any day of the patient's life so far
        late = ctx.rng.randint(1, max(2, (ctx.note_date - ctx.patient.dob).days))
    else:
        late = int(days) + (ctx.rng.randint(0, max(1, int(days) // 10)) if ctx.chance(0.6)
                            else 0)
    ctx.memo["dose_days"] = late
    day = ctx.patient.dob + dt.timedelta(days=late)
    value = forms.format_date(ctx.rng, day, style) if style else ctx.pick((
        f"{day.month:02d}/{day.day:02d}/{day.year}", f"{day.month}/{day.day}/{day.year}",
        day.isoformat(), f"{day.day:02d}-{forms.MONTHS_SHORT[day.month - 1].upper()}-{day.year}"))
    ctx.out.phi(value, "DATE")


@slot("doseage")
def _doseage(ctx: NoteContext) -> None:
    """The age at the last ``{dosedate}``: ``[2] mo``, ``[30] days``, ``[6] wks``, ``[4] yrs``
    (the number only is the span; the unit, glued or not, stays outside)."""
    days = ctx.memo.get("dose_days")
    number, unit = _age_text(ctx, days if isinstance(days, int) else ctx.rng.randint(1, 4000))
    ctx.out.phi(number, "AGE")
    ctx.out.text(unit)


@slot("kidage")
def _kidage(ctx: NoteContext, low: str = "1", high: str = "700") -> None:
    """Anyone's age in days, weeks, months or years (a sibling, a newborn): ``[5] days``."""
    number, unit = _age_text(ctx, ctx.rng.randint(int(low), int(high)))
    ctx.out.phi(number, "AGE")
    ctx.out.text(unit)


# --- time stamps -----------------------------------------------------------------------------

STAMP_STYLES = 7


@slot("logstamp")
def _logstamp(ctx: NoteContext, step: str = "300") -> None:
    """A log line's stamp in the note's one layout, later each line: ``[13.10.2025]
    21:06:40``, ``[2025-10-13]T21:06:40``, ``[10/13/2025] 21:06``, ``[13-Oct-2025]
    21:06:40.512``, ``[20251013] 210640``, ``[Oct 13] 21:06:40``, ``[13/10/25] 21:06``."""
    clock = ctx.memo.get("log_clock")
    if not isinstance(clock, int):
        clock = ctx.rng.randint(0, 86000)
    clock += ctx.rng.randint(1, int(step))
    ctx.memo["log_clock"] = clock
    day = ctx.note_date + dt.timedelta(days=clock // 86400)
    hour, rest = divmod(clock % 86400, 3600)
    minute, second = divmod(rest, 60)
    hms = f"{hour:02d}:{minute:02d}:{second:02d}"
    style = int(str(ctx.memo.setdefault("stamp_layout", ctx.rng.randrange(STAMP_STYLES))))
    month = forms.MONTHS_SHORT[day.month - 1]
    value, between, time = (
        (f"{day.day:02d}.{day.month:02d}.{day.year}", " ", hms),
        (day.isoformat(), "T", hms),
        (f"{day.month:02d}/{day.day:02d}/{day.year}", " ", hms[:5]),
        (f"{day.day:02d}-{month}-{day.year}", " ", f"{hms}.{ctx.rng.randint(0, 999):03d}"),
        (f"{day.year}{day.month:02d}{day.day:02d}", " ", hms.replace(":", "")),
        (f"{month} {day.day:2d}".replace("  ", " "), " ", hms),
        (f"{day.day:02d}/{day.month:02d}/{day.year % 100:02d}", " ", hms[:5]),
    )[style]
    ctx.out.phi(value, "DATE")
    ctx.out.text(between + time)


# --- log-ins and assets ----------------------------------------------------------------------

LOGIN_PREFIXES = ("RT", "RN", "PHLB", "MD", "LPN", "CNA", "PCT", "RPH", "REG", "PT", "NP",
                  "SEC", "TECH", "ADM", "UC", "CRNA", "MA", "ST", "OT")
SYSTEM_PARTS = ("reg", "cls", "lab", "rx", "adt", "ed", "nrl", "cst", "pfs", "him", "sch",
                "amb", "rad", "crd", "icu", "ob")


def _plain(text: str) -> str:
    return "".join(ch for ch in pools.strip_accents(text.lower()) if ch.isalnum())


@slot("syslogin")
def _syslogin(ctx: NoteContext, role: str = "") -> None:
    """A log-in as systems write it: ``RT_mdesrosiers``, ``PHLB_ssharma``,
    ``hbmc.reg.pkahale``, ``nrl_cls_bvang``, ``mdesrosiers_rn``, ``MDESROSIERS1``."""
    person = ctx.clinician(role).person if role else ctx.world.person()
    first, last = _plain(person.first) or "x", _plain(person.last) or "x"
    base = f"{first[:1]}{last[:12]}"
    site = _plain(ctx.patient.site.short) or "gh"
    value = ctx.pick((
        f"{ctx.pick(LOGIN_PREFIXES)}_{base}", f"{ctx.pick(LOGIN_PREFIXES)}_{base}",
        f"{site}.{ctx.pick(SYSTEM_PARTS)}.{base}",
        f"{ctx.pick(SYSTEM_PARTS)}_{ctx.pick(SYSTEM_PARTS)}_{base}",
        f"{base}_{ctx.pick(LOGIN_PREFIXES).lower()}", f"{base.upper()}{ctx.rng.randint(1, 9)}",
        f"{ctx.pick(LOGIN_PREFIXES).lower()}_{first}.{last}", f"{last}{first[:2]}",
    ))
    ctx.out.phi(value, "USERNAME")


SERVICE_WORDS = ("intfc", "hlsvn", "rxbatch", "adtfeed", "orderbus", "labxfer", "mirth",
                 "cloverlf", "pyxisif", "bcmaif", "ventsync", "cupid")


@slot("svclogin")
def _svclogin(ctx: NoteContext) -> None:
    """A system account that writes to the chart: ``intfc_svc``, ``svc_adtfeed``."""
    word = ctx.pick(SERVICE_WORDS) if ctx.chance(0.7) else _plain(surname(ctx))[:7] or "feed"
    ctx.out.phi(ctx.pick((f"{word}_svc", f"svc_{word}", f"{word}_if", f"{word}_batch")),
                "USERNAME")


ASSET_UNITS = ("MICU", "SICU", "CVICU", "NICU", "PICU", "ED", "4N", "5W", "6E", "L&D", "PACU",
               "ONC", "TELE", "3S", "BMT", "CCU", "OBS", "IR", "OR")
ASSET_KINDS = ("WOW", "COW", "WS", "PC", "KIOSK", "TRIAGE", "NS", "CART", "TAB", "VDI")


@slot("asset")
def _asset(ctx: NoteContext, kind: str = "station") -> None:
    """A workstation or an asset tag that names one unit (DEVICE): ``MICU-WOW-14``,
    ``4N-NS-PC03``, ``WS-L3-0412``; a ventilator or pump's tag: ``BME 004417``, ``VNT-2291``."""
    rng = ctx.rng
    if kind == "station":
        unit = ctx.pick(ASSET_UNITS).replace("&", "")
        value = ctx.pick((f"{unit}-{ctx.pick(ASSET_KINDS)}-{rng.randint(1, 40):02d}",
                          f"{unit}-{ctx.pick(ASSET_KINDS)}{rng.randint(1, 40):02d}",
                          f"WS-L{rng.randint(1, 9)}-{rng.randint(100, 999):04d}",
                          f"{unit}{ctx.pick(ASSET_KINDS)}{rng.randint(100, 999)}",
                          f"{_plain(ctx.patient.site.short).upper() or 'GH'}-"
                          f"{unit}-{rng.randint(1, 99):02d}"))
    else:
        value = ctx.pick((f"BME {shape(rng, '######')}", f"VNT-{shape(rng, '####')}",
                          f"PUMP-{shape(rng, '#####')}", f"{shape(rng, 'AA')}{shape(rng, '#####')}",
                          f"ASSET {shape(rng, '#######')}", f"CE{shape(rng, '######')}"))
        if value.startswith(("BME ", "ASSET ")):  # the tag's cue stays outside
            cue, _, value = value.partition(" ")
            ctx.out.text(cue + " ")
    ctx.out.phi(value, "DEVICE")


# --- givers of a care log ------------------------------------------------------------------

def _givers(ctx: NoteContext) -> list[tuple[str, str, str]]:
    """The note's givers (initials, name as the legend writes it, label), made once: family
    members (``RELATIVE``) and aides, nurses or a pharmacist (``DOCTOR``)."""
    made = ctx.memo.get("givers")
    if isinstance(made, list):
        return made
    givers: list[tuple[str, str, str]] = []
    lower = ctx.chance(0.25)
    for index in range(ctx.rng.randint(2, 4)):
        staff = index > 0 and ctx.chance(0.35)
        person: Person = (ctx.clinician(ctx.pick(("aide", "nurse", "pharmacist"))).person
                          if staff else (ctx.patient.relatives[index].person
                                         if index < len(ctx.patient.relatives)
                                         else ctx.world.person()))
        letters = person.first[:1] + (person.middle[:1] if person.middle and ctx.chance(0.4)
                                      else "") + person.last[:1]
        letters = letters.upper()
        if lower and index % 2:
            letters = letters.lower()
        if any(letters.casefold() == other[0].casefold() for other in givers):
            letters += str(index + 1)
        name = forms.name_text(ctx.rng, person, ctx.pick(("first", "first", "full")))
        givers.append((letters, name, "DOCTOR" if staff else "RELATIVE"))
    ctx.memo["givers"] = givers
    return givers


@slot("legend")
def _legend(ctx: NoteContext) -> None:
    """The log's legend of givers: ``[LPS] = [Lorna] / [IP] = [Ike] / [RK] = [Rosalind
    Kealoha], RN``: initials and names, each its own span."""
    link = ctx.pick((" = ", "=", " - ", ": ", " is "))
    between = ctx.pick((" / ", "; ", ", ", "  ", " | "))
    for index, (letters, name, label) in enumerate(_givers(ctx)):
        if index:
            ctx.out.text(between)
        ctx.out.phi(letters, label)
        ctx.out.text(link)
        ctx.out.phi(name, label)
        if label == "DOCTOR" and ctx.chance(0.5):
            ctx.out.text(ctx.pick((", RN", " (aide)", ", PharmD", " (HHA)", " (LPN)")))
        elif label == "RELATIVE" and ctx.chance(0.3):
            ctx.out.text(ctx.pick((" (daughter)", " (son)", " (wife)", " (me)", " (husband)")))


@slot("gave")
def _gave(ctx: NoteContext) -> None:
    """A grid cell's giver: one of the legend's initials, as the legend wrote them."""
    letters, _, label = ctx.pick(_givers(ctx))
    ctx.out.phi(letters, label)


# --- names registered before a name is known ------------------------------------------------

ALIAS_HEADS = ("TRAUMA", "TRAUMA", "UNKNOWN", "UNKNOWN", "UNIDENTIFIED", "DOE", "ZZTRAUMA",
               "MCI", "DISASTER")
ALIAS_WORDS = (
    "HERON", "ZULU", "ALPHA", "BRAVO", "FOXTROT", "KILO", "OSPREY", "FALCON", "CEDAR", "ASPEN",
    "OPAL", "GARNET", "COBALT", "INDIGO", "MAPLE", "WILLOW", "TANGO", "LIMA", "SIERRA", "VICTOR",
    "PLOVER", "EGRET", "JASPER", "ONYX", "QUARTZ", "RAVEN", "SPARROW", "BIRCH", "TUNDRA",
    "JUNIPER", "ORCA", "MARLIN", "COMET", "NEBULA", "SLATE", "AMBER", "CRANE", "BISON",
)


REGISTRATION_WORDS = frozenset(head.casefold() for head in ALIAS_HEADS)
"""The words of an unidentified patient's registered name that are not the person's
(``TRAUMA``): the out-of-dictionary variant makes every other word of it a string no
dictionary holds."""


def _newborn(ctx: NoteContext, index: int, count: int) -> tuple[str, str, str]:
    """The note's ``index``-th newborn of ``count``, in the note's one way of writing them:
    the words before the family name, the family name (the only PHI: "BABY GIRL" and a
    multiple birth's letter are not, docs/annotation-guideline.md) and the words after."""
    memo = ctx.memo
    family = ctx.patient.person.last
    if memo.setdefault("newborn_hyphen", ctx.chance(0.3)):
        family = f"{family}-{memo.setdefault('newborn_other', surname(ctx))}"
    sexes = memo.setdefault("newborn_sexes", [ctx.pick(("BOY", "GIRL")) for _ in range(4)])
    assert isinstance(sexes, list)
    words = ("BABY " if memo.setdefault("newborn_baby", ctx.chance(0.4)) else "") + \
        str(sexes[index % 4])
    mark = ""
    if count > 1:
        letters = memo.setdefault("newborn_letters", ctx.chance(0.6))
        mark = " " + (string.ascii_uppercase[index] if letters else str(index + 1))
    if memo.setdefault("newborn_caps", ctx.chance(0.6)):
        family = family.upper()
    else:
        words = words.title()
    if memo.setdefault("newborn_after", ctx.chance(0.25)):  # "Baby Girl Okafor 2"
        if not words.casefold().startswith("baby"):
            words = ("BABY " if words.isupper() else "Baby ") + words
        return f"{words} ", family, mark
    return "", family, f", {words}{mark}"


@slot("regname")
def _regname(ctx: NoteContext, kind: str = "newborn", index: str = "0", count: str = "1") -> None:
    """A name registered before the person's own is known (PATIENT): a newborn, whose
    family name alone is PHI (``[NWACHUKWU-BELL], BOY A``, ``[Okafor], Baby Girl 2``,
    ``Baby Boy [OKAFOR]``; ``count`` babies, this one ``index``), or an unidentified
    patient, one span (``[TRAUMA, HERON]``)."""
    if kind == "newborn":
        before, family, after = _newborn(ctx, int(index), max(1, int(count)))
        ctx.out.text(before)
        ctx.out.phi(family, "PATIENT")
        ctx.out.text(after)
        return
    key = f"alias{index}"
    found = ctx.memo.get(key)
    if not isinstance(found, str):
        if ctx.variant is Variant.OUT_OF_DICTIONARY:
            word = ood_word(ctx.rng).upper()
        elif ctx.variant is Variant.AMBIGUOUS and ctx.chance(0.7):  # "TRAUMA, HOPE"
            word = ctx.pick(AMBIGUOUS).word.upper()
        else:
            word = ctx.pick(ALIAS_WORDS)
        found = f"{ctx.pick(ALIAS_HEADS)},{ctx.pick((' ', ' ', ''))}{word}"
        if ctx.chance(0.15):
            found += f" {ctx.pick(string.ascii_uppercase)}"
        ctx.memo[key] = found
    ctx.out.phi(found, "PATIENT")


# --- census: other patients and their rooms ------------------------------------------------

@slot("otherpt")
def _otherpt(ctx: NoteContext, form: str = "") -> None:
    """Another patient on a census (PATIENT): ``LIM, HYUN-WOO``, ``Lim, H``, ``Lim``."""
    person = ctx.world.person()
    form = form or ctx.pick(("caps", "caps", "mixed", "last", "initial"))
    value = {"caps": f"{person.last}, {person.first}".upper(),
             "mixed": f"{person.last}, {person.first}", "last": person.last,
             "initial": f"{person.last}, {person.first[:1]}"}[form]
    ctx.out.phi(value, "PATIENT")


def _rooms(ctx: NoteContext) -> list[str]:
    found = ctx.memo.setdefault("census_rooms", [])
    assert isinstance(found, list)
    return found


@slot("censusroom")
def _censusroom(ctx: NoteContext) -> None:
    """A census row's room (ROOM), on a floor of the note's one numbering: ``301``, ``305B``,
    ``12-2``; remembered for ``{roomagain}``."""
    floor = int(str(ctx.memo.setdefault("census_floor", ctx.rng.randint(2, 9))))
    rooms = _rooms(ctx)
    style = int(str(ctx.memo.setdefault("census_style", ctx.rng.randrange(4))))
    for _ in range(20):
        number = ctx.rng.randint(1, 30)
        value = (f"{floor}{number:02d}", f"{floor}{number:02d}{ctx.pick('AB')}",
                 f"{number}-{ctx.rng.randint(1, 2)}", f"{floor}{number:02d}")[style]
        if value not in rooms:
            break
    rooms.append(value)
    ctx.out.phi(value, "ROOM")


@slot("roomagain")
def _roomagain(ctx: NoteContext) -> None:
    """A room already on the census, named again below it (``Falls risk: [302], [305B]``)."""
    rooms = _rooms(ctx)
    if not rooms:
        _censusroom(ctx)
        return
    ctx.out.phi(ctx.pick(rooms), "ROOM")


# --- sites in capitals and look-alikes -------------------------------------------------------

SITE_WORDS = ("PEDS", "PEDIATRICS", "FAMILY MED", "FAM PRAC", "HEALTH DEPT", "CHC", "WIC",
              "PRIMARY CARE", "URGENT CARE", "SCHOOL CLINIC", "TRAVEL CLINIC")


@slot("capsite")
def _capsite(ctx: NoteContext) -> None:
    """A provider site in capitals, as registries print it: ``NORTHGATE PEDS``, ``LMH FAMILY
    MED`` (HOSPITAL), a pharmacy ``CVS #4471`` (ORGANIZATION)."""
    if ctx.chance(0.2):
        chain = ctx.pick(("CVS", "WALGREENS", "RITE AID", "WALMART PHARMACY", "KROGER"))
        ctx.out.phi(f"{chain} #{ctx.rng.randint(100, 9999)}" if ctx.chance(0.6) else chain,
                    "ORGANIZATION")
        return
    if ctx.variant is Variant.OUT_OF_DICTIONARY:  # no dictionary word is the site's core
        head = ctx.pick((ctx.world.town()[0], surname(ctx)))
    else:
        head = ctx.pick((ctx.world.town()[0], surname(ctx), ctx.patient.site.short,
                         ctx.pick(("NORTHGATE", "EASTSIDE", "VALLEY", "HARBOR", "RIVERBEND"))))
    with ctx.out.cased(Case.UPPER):
        ctx.out.phi(f"{head} {ctx.pick(SITE_WORDS)}", "HOSPITAL")


@slot("nonid")
def _nonid(ctx: NoteContext, kind: str = "lot") -> None:
    """A number that is not PHI: a vaccine or drug lot (``EW0182``, ``U7038AA``), a protocol
    (``2021-0447``), a firmware or software version (``v3.12.4``)."""
    rng = ctx.rng
    value = {
        "lot": lambda: ctx.pick((shape(rng, "AA####"), shape(rng, "A####AA"),
                                 shape(rng, "#AA##A#"), shape(rng, "AA####A"))),
        "protocol": lambda: ctx.pick((f"{rng.randint(2015, 2025)}-{shape(rng, '####')}",
                                      f"P-{shape(rng, '###')}", shape(rng, "AA-###"))),
        "version": lambda: f"v{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
    }[kind]()
    ctx.out.text(value)


__all__ = ["LOG_SLOTS", "REGISTRATION_WORDS"]
