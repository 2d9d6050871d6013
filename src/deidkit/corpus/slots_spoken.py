"""Slots for speech turned into text and for clinicians' chat and pager exports (issue 17):
values said aloud (``deidkit.corpus.spoken``), names misheard or spelled letter by letter,
speaker labels and time stamps of transcripts, and a chat export's writers, @mentions, line
stamps, patients' initials and callback numbers.

A value said aloud is one span from its first word to its last, with the label of what it
is (``the [fourth of march]``, ``[eighty-seven] years old``, ``extension [three three oh
seven]``); a spelled name is one span with the name's label; a speaker label is a span only
when it is a name. ``SPOKEN_SLOTS`` is merged into ``deidkit.corpus.slots.SLOTS``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from deidkit.corpus import forms, spoken
from deidkit.corpus.context import NoteContext, slot_registrar
from deidkit.corpus.people import Person, Variant, shape
from deidkit.corpus.slots_broad import id_value

SPOKEN_SLOTS: dict[str, Callable[..., None]] = {}

slot = slot_registrar(SPOKEN_SLOTS)

def _who(ctx: NoteContext, who: str) -> tuple[Person, str]:
    """The person a slot names: ``pt``, ``rel`` (the first relative), ``other`` (a new
    outsider) or a clinician's role; and the label of their name."""
    if who == "pt":
        return ctx.patient.person, "PATIENT"
    if who == "rel":
        return ctx.patient.relatives[0].person, "RELATIVE"
    if who == "other":
        return ctx.world.person(), "RELATIVE"
    return ctx.clinician(who).person, "DOCTOR"


# --- values said aloud ---------------------------------------------------------------------

@slot("saydate")
def _saydate(ctx: NoteContext, key: str = "note", year: str = "", case: str = "") -> None:
    """A date said: ``the [fourth of march]``, ``[march the second twenty twenty six]``;
    ``year`` is ``year`` or ``noyear`` (else either), ``case`` ``cap`` for a capital month."""
    with_year = {"year": True, "noyear": False}.get(year)
    before, value = spoken.date(ctx.date(key), ctx.rng, with_year=with_year,
                                capital=case == "cap")
    ctx.out.text(before)
    ctx.out.phi(value, "DATE")


@slot("sayyear")
def _sayyear(ctx: NoteContext, key: str = "past") -> None:
    ctx.out.phi(spoken.year(ctx.date(key).year, ctx.rng), "DATE")


@slot("sayage")
def _sayage(ctx: NoteContext) -> None:
    """The patient's age in words (``eighty-seven``); ``years old`` is the template's."""
    ctx.out.phi(spoken.cardinal(ctx.patient.age_on(ctx.note_date), ctx.rng), "AGE")


@slot("a_sayage")
def _a_sayage(ctx: NoteContext) -> None:
    """``a [sixty-two]``, ``an [eighty-seven]``: the article agrees with the age said."""
    said = spoken.cardinal(ctx.patient.age_on(ctx.note_date), ctx.rng)
    ctx.out.text("an " if said.startswith(("eight", "eleven")) else "a ")
    ctx.out.phi(said, "AGE")


@slot("sayoldage")
def _sayoldage(ctx: NoteContext, low: str = "60", high: str = "104") -> None:
    """Anyone's age in words, over 89 by choice (``she turns ninety two``)."""
    ctx.out.phi(spoken.cardinal(ctx.rng.randint(int(low), int(high)), ctx.rng), "AGE")


def fictional_phone(ctx: NoteContext) -> str:
    """A new number in the fictional 555-01xx range: ``413-555-0142``."""
    return f"{ctx.rng.randint(201, 989)}-555-01{ctx.rng.randint(0, 99):02d}"


@slot("sayphone")
def _sayphone(ctx: NoteContext, who: str = "pt") -> None:
    """A telephone number digit by digit (``five five five oh one four two``)."""
    patient = ctx.patient
    number = {"pt": patient.phone, "cell": patient.cell, "site": patient.site.phone,
              "rel": patient.relatives[0].phone}.get(who) or fictional_phone(ctx)
    if ctx.chance(0.25):  # the seven digits only
        number = number[-8:]
    ctx.out.phi(spoken.digits(number, ctx.rng), "FAX" if who == "fax" else "PHONE")


@slot("sayext")
def _sayext(ctx: NoteContext) -> None:
    """An extension said: ``extension [three three oh seven]``, ``ext [four double one]``."""
    ctx.out.text(ctx.pick(("extension ", "extension ", "ext ", "extension number ", "x ")))
    ctx.out.phi(spoken.digits(shape(ctx.rng, ctx.pick(("####", "####", "#####", "###"))),
                              ctx.rng), "PHONE")


@slot("sayid")
def _sayid(ctx: NoteContext, label: str = "MEDICALRECORD") -> None:
    """An identifier said character by character (``K as in kilo, H, H, nine nine zero``)."""
    value = {"MEDICALRECORD": ctx.patient.mrn, "HEALTHPLAN": ctx.patient.health_plan,
             "SSN": ctx.patient.ssn, "ACCOUNT": ctx.patient.account}.get(label)
    if value is None or ctx.chance(0.3):
        value = id_value(ctx, label)
    if not any(ch.isalpha() for ch in value) and ctx.chance(0.6):
        text = spoken.digits(value, ctx.rng)
    else:
        text = spoken.letters(value, ctx.rng)
    ctx.out.phi(text, label)


@slot("spell")
def _spell(ctx: NoteContext, who: str = "pt", part: str = "last") -> None:
    """A name spelled letter by letter: ``[h a r k n e s s]``, ``[W-A-R-S-A-M-E]``."""
    person, label = _who(ctx, who)
    name = person.first if part == "first" else person.last
    phonetic = 0.0 if ctx.variant is Variant.OUT_OF_DICTIONARY else ctx.pick((0.0, 0.0, 0.3))
    ctx.out.phi(spoken.letters(name, ctx.rng, phonetic=phonetic), label)


@slot("sayemail")
def _sayemail(ctx: NoteContext, who: str = "pt") -> None:
    """An e-mail address said: ``[shiv dot kealy at mail dot com]``."""
    address = ctx.patient.email
    if who != "pt":
        person, _ = _who(ctx, who)
        user = "".join(ch for ch in f"{person.first}.{person.last}".lower()
                       if ch.isalnum() or ch == ".")
        address = f"{user}@{ctx.pick(('mail.com', 'gmail.com', 'yahoo.com', 'outlook.com'))}"
    ctx.out.phi(spoken.email(address, ctx.rng), "EMAIL")


@slot("hear")
def _hear(ctx: NoteContext, who: str = "pt", form: str = "") -> None:
    """A name as speech recognition writes it: lower case, or a long word split in two (in
    the plain variant; the others keep their words whole)."""
    person, label = _who(ctx, who)
    form = form or ctx.pick(("full", "last", "first", "full"))
    name = forms.name_text(ctx.rng, person, form)
    if ctx.variant is Variant.PLAIN:
        name = spoken.misheard(name, ctx.rng)
    elif ctx.chance(0.3):  # the variants' words kept whole: a split may make a dictionary word
        name = name.lower()
    ctx.out.phi(name, label)


_STREET_WORDS = {"st": "street", "ave": "avenue", "rd": "road", "dr": "drive", "ln": "lane",
                 "ct": "court", "pl": "place", "blvd": "boulevard", "pkwy": "parkway"}


@slot("saystreet")
def _saystreet(ctx: NoteContext) -> None:
    """The patient's street said: ``[one twenty three maple street]``."""
    street = ctx.patient.address.street
    number, _, name = street.partition(" ")
    words = [_STREET_WORDS.get(word.lower().rstrip("."), word) for word in name.split()]
    said = f"{spoken.house_number(int(number), ctx.rng)} {' '.join(words)}" \
        if number.isdigit() else street
    ctx.out.phi(said.lower() if ctx.chance(0.6) else said, "STREET")


@slot("sayzip")
def _sayzip(ctx: NoteContext) -> None:
    ctx.out.phi(spoken.digits(ctx.patient.address.zip[:5], ctx.rng), "ZIP")


# --- transcripts: speakers, stamps, fillers -------------------------------------------------

@dataclass(frozen=True, slots=True)
class Speaker:
    """How a transcript labels one speaker: text, then a name span (if any), then text."""

    before: str
    name: str
    label: str
    after: str


_GENERIC = {
    "doctor": ("DOCTOR", "Doctor", "CLINICIAN", "Clinician", "DR", "PROVIDER", "Provider"),
    "patient": ("PATIENT", "Patient", "PT", "PATIENT", "Pt"),
    "nurse": ("NURSE", "Nurse", "RN", "TRIAGE RN", "Advice Nurse"),
    "caller": ("CALLER", "Caller", "CALLER"),
    "interpreter": ("INTERPRETER", "Interpreter", "INTERP"),
}
_ROLES = {"doctor": "attending", "nurse": "nurse", "interpreter": "interpreter"}


def _speaker(ctx: NoteContext, role: str) -> Speaker:
    """The note's label for ``role`` (made once a note): a role word, a speaker number or a
    name."""
    table = ctx.memo.setdefault("speakers", {})
    assert isinstance(table, dict)
    found = table.get(role)
    if isinstance(found, Speaker):
        return found
    style = ctx.memo.setdefault("speaker_style", ctx.pick(("role", "role", "number", "name",
                                                           "name", "mixed")))
    numbered = 1 + len(table)
    if role == "relative":
        generic = ctx.patient.relatives[0].relation.upper()
    else:
        generic = ctx.pick(_GENERIC.get(role, ("SPEAKER",)))
    named = style == "name" or (style == "mixed" and role in ("doctor", "nurse", "relative"))
    if style == "number":
        made = Speaker(ctx.pick((f"SPEAKER_{numbered}", f"Speaker {numbered}",
                                 f"SPEAKER {numbered}", f"S{numbered}")), "", "", "")
    elif named and role in _ROLES:
        person = ctx.clinician(_ROLES[role]).person
        if role == "doctor" and ctx.chance(0.6):
            made = Speaker(ctx.pick(("Dr. ", "DR. ", "Dr ")), person.last, "DOCTOR", "")
        else:
            made = Speaker("", forms.name_text(ctx.rng, person, ctx.pick(("full", "first"))),
                           "DOCTOR", ctx.pick(("", "", " (RN)", " RN")) if role == "nurse"
                           else "")
    elif named and role in ("patient", "relative", "caller"):
        person, label = _who(ctx, "pt" if role == "patient" else "rel")
        made = Speaker("", forms.name_text(ctx.rng, person, ctx.pick(("full", "first"))),
                       label, "")
    else:
        made = Speaker(generic, "", "", "")
    table[role] = made
    return made


@slot("speaker")
def _speaker_slot(ctx: NoteContext, role: str = "doctor") -> None:
    """A turn's speaker and its colon: ``DOCTOR:``, ``SPEAKER_2:``, ``Dr. [Okafor]:``."""
    made = _speaker(ctx, role)
    ctx.out.text(made.before)
    if made.name:
        ctx.out.phi(made.name, made.label)
    ctx.out.text(made.after + ":")


@slot("stamp")
def _stamp(ctx: NoteContext) -> None:
    """A transcript's running time stamp (not PHI): ``[00:12]``, ``(01:07)``, ``00:03:41``."""
    seconds = ctx.memo.get("clock", 0)
    assert isinstance(seconds, int)
    seconds += ctx.rng.randint(2, 40)
    ctx.memo["clock"] = seconds
    style = ctx.memo.setdefault("stamp_style", ctx.pick(("[{m:02d}:{s:02d}]", "({m:02d}:{s:02d})",
                                                         "{m:02d}:{s:02d}", "[{h:02d}:{m:02d}:"
                                                         "{s:02d}]", "{m}:{s:02d}")))
    assert isinstance(style, str)
    ctx.out.text(style.format(h=seconds // 3600, m=seconds // 60 % 60, s=seconds % 60))


FILLERS = ("um, ", "uh, ", "um ", "uh ", "you know, ", "like, ", "so ", "okay so ", "mm-hmm, ",
           "hmm ", "I mean, ", "well, ", "[inaudible] ", "[crosstalk] ", "sorry, ", "yeah, ",
           "I- I ", "the- the ", "it's- it's ", "we- ", "so, um, ", "right, ")


@slot("um")
def _um(ctx: NoteContext, rate: str = "0.5") -> None:
    """A filler or a false start, at times (not PHI)."""
    if ctx.chance(float(rate)):
        ctx.out.text(ctx.pick(FILLERS))


PUNCTUATION: dict[str, dict[str, tuple[str, ...]]] = {
    "spoken": {"stop": (" period ", " period ", " period\n", " period new paragraph\n",
                        " full stop "),
               "c": (" comma ", " comma "), "colon": (" colon ", " colon "),
               "para": (" new paragraph\n", " next paragraph\n", " paragraph\n")},
    "auto": {"stop": (". ", ". ", ".\n"), "c": (", ",), "colon": (": ",), "para": ("\n\n",)},
    "none": {"stop": (" ", " ", "\n"), "c": (" ",), "colon": (" ",), "para": ("\n", " ")},
}
"""How a dictation's punctuation comes out: said (``period``, ``comma``, ``new paragraph``),
put in by the software, or not at all (one style a note, the other styles now and then)."""


@slot("p")
def _punct(ctx: NoteContext, mark: str = "stop") -> None:
    """A dictation's punctuation mark in the note's style: ``{p}`` a full stop, ``{p:c}`` a
    comma, ``{p:colon}``, ``{p:para}`` a new paragraph (not PHI)."""
    style = ctx.memo.setdefault("punctuation", ctx.pick(("spoken", "spoken", "auto", "none")))
    if ctx.chance(0.1):
        style = ctx.pick(tuple(PUNCTUATION))
    ctx.out.text(ctx.pick(PUNCTUATION[str(style)][mark]))


# --- chat and pager exports -----------------------------------------------------------------

_CAST_ROLES = ("nurse", "resident", "attending", "np", "case_manager", "consultant", "sw")


def _cast(ctx: NoteContext) -> list[str]:
    cast = ctx.memo.get("cast")
    if not isinstance(cast, list):
        cast = ctx.sample(_CAST_ROLES, ctx.rng.randint(2, 5))
        ctx.memo["cast"] = cast
    return cast


def _handle(ctx: NoteContext, role: str) -> str:
    return ctx.clinician(role).username


@slot("writer")
def _writer(ctx: NoteContext, index: str = "") -> None:
    """A chat line's writer in the note's one form: ``Okafor, Lena (RN)``, ``Lena Okafor``,
    ``lokafor`` (USERNAME), ``L. Okafor RN``, ``Lena``; ``index`` picks a cast member."""
    cast = _cast(ctx)
    role = cast[int(index) % len(cast)] if index else ctx.pick(cast)
    ctx.memo["last_writer"] = role
    clinician = ctx.clinician(role)
    style = ctx.memo.setdefault("writer_style", ctx.pick(("last_first", "full", "handle",
                                                          "handle", "initial_last", "first")))
    if style == "handle":
        ctx.out.phi(clinician.username, "USERNAME")
        return
    form = {"last_first": "last_first", "full": "full", "initial_last": "initial_last",
            "first": "first"}[str(style)]
    name = forms.name_text(ctx.rng, clinician.person, form)
    if form == "last_first":
        name = name.rstrip(".")
    ctx.out.phi(name, "DOCTOR")
    if style in ("last_first", "initial_last") and ctx.chance(0.7):
        ctx.out.text(f" ({clinician.credential})" if style == "last_first"
                     else f" {clinician.credential}")


@slot("mention")
def _mention(ctx: NoteContext, index: str = "") -> None:
    """An @mention of a cast member other than the writer: ``@[kpatel2]``."""
    cast = _cast(ctx)
    others = [role for role in cast if role != ctx.memo.get("last_writer")] or cast
    role = cast[int(index) % len(cast)] if index else ctx.pick(others)
    ctx.out.text("@")
    ctx.out.phi(_handle(ctx, role), "USERNAME")


@slot("chatstamp")
def _chatstamp(ctx: NoteContext) -> None:
    """A chat line's stamp in the note's one layout, times in order: ``[Tue 03/04/2025]
    14:32``, ``[[3/4/25], 2:32 PM]``, ``[2025-03-04] 14:32:10``, ``[Tuesday, Mar 4] at
    2:32pm``, ``[03/04] 1432``."""
    clock = ctx.memo.get("chat_clock")
    if not isinstance(clock, int):
        clock = ctx.rng.randint(0, 1200)
    clock += ctx.rng.randint(1, 150)
    ctx.memo["chat_clock"] = clock
    day = ctx.note_date + dt.timedelta(days=clock // 1440)
    hour, minute = divmod(clock % 1440, 60)
    twelve = f"{(hour + 11) % 12 + 1}:{minute:02d}"
    style = int(str(ctx.memo.setdefault("chat_style", ctx.rng.randrange(6))))
    weekday = forms.WEEKDAYS[day.weekday()]
    opener, value, between, time, closer = (
        ("", f"{weekday[:3]} {day.month:02d}/{day.day:02d}/{day.year}", " ",
         f"{hour:02d}{minute:02d}", ""),
        ("[", f"{day.month}/{day.day}/{day.year % 100:02d}", ", ",
         f"{twelve} {'AM' if hour < 12 else 'PM'}", "]"),
        ("", day.isoformat(), " ", f"{hour:02d}:{minute:02d}:{ctx.rng.randint(0, 59):02d}", ""),
        ("", f"{day.month:02d}/{day.day:02d}", " ", f"{hour:02d}{minute:02d}", ""),
        ("", f"{weekday}, {forms.MONTHS_SHORT[day.month - 1]} {day.day}", " at ",
         f"{twelve}{'am' if hour < 12 else 'pm'}", ""),
        ("", f"{weekday[:3]} {day.month}/{day.day}", " ", f"{hour:02d}:{minute:02d}", ""),
    )[style]
    ctx.out.text(opener)
    ctx.out.phi(value, "DATE")
    ctx.out.text(between + time + closer)


@slot("ptinits")
def _ptinits(ctx: NoteContext) -> None:
    """The patient by initials, as chat refers to patients: ``JS``, ``J.S.``, ``jms``."""
    person = ctx.patient.person
    letters = [person.first[:1], *([person.middle[:1]] if person.middle and ctx.chance(0.3)
                                   else []), person.last[:1]]
    text = "".join(letters).upper()
    roll = ctx.rng.random()
    if roll < 0.2:
        text = text.lower()
    elif roll < 0.35:
        text = ".".join(text) + "."
    ctx.out.phi(text, "PATIENT")


@slot("callback")
def _callback(ctx: NoteContext, bare: str = "") -> None:
    """A callback number after its cue (none with ``bare``): ``cb [x4471]`` (one span),
    ``call back [5-1187]``, ``CB# [41872]``, ``callback [413-555-0142]``."""
    if not bare:
        ctx.out.text(ctx.pick(("cb ", "CB ", "call back ", "callback ", "CB# ", "cb: ",
                               "pls call ", "call ", "returning call to ", "RTC ")))
    roll = ctx.rng.random()
    if roll < 0.3:
        ctx.out.phi("x" + shape(ctx.rng, ctx.pick(("####", "#####"))), "PHONE")
    elif roll < 0.8:
        ctx.out.phi(shape(ctx.rng, ctx.pick(("#-####", "#####", "####", "##-####"))), "PHONE")
    else:
        ctx.out.phi(fictional_phone(ctx), "PHONE")


@slot("bedno")
def _bedno(ctx: NoteContext, bare: str = "") -> None:
    """A room or bed as chat writes it: ``rm [412]``, ``[14B]``, ``bed [4-112]`` (no cue
    with ``bare``)."""
    if not bare:
        ctx.out.text(ctx.pick(("rm ", "Rm ", "room ", "bed ", "RM ", "", "#")))
    rng = ctx.rng
    ctx.out.phi(ctx.pick((f"{rng.randint(1, 40)}{ctx.pick('ABCD')}", str(rng.randint(100, 1299)),
                          f"{rng.randint(2, 12)}-{rng.randint(100, 150)}",
                          ctx.episode.room)), "ROOM")


__all__ = ["SPOKEN_SLOTS", "fictional_phone"]
