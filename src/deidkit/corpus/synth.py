"""The synthetic-note generator: ``generate(n, seed=..., variant=...)``.

Notes come grouped by patient (one to six notes each, in date order: ED note, nursing and
progress notes, operative and pathology reports, discharge summary, then letters and phone
calls). Each note is written by one template family (``Document.metadata["template"]``) so
that experiments can hold out whole families. Spans are exact by construction: every PHI
value is appended with its label as the text is built.

The output is fixed by ``seed`` (and the installed Faker tables and shipped dictionaries):
the same arguments give the same documents, and ``generate(m)`` starts with the notes of
``generate(n)`` for ``m > n``.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Collection, Iterator, Sequence

from deidkit.corpus import filler, pools
from deidkit.corpus.ambiguous import AMBIGUOUS_BY_WORD
from deidkit.corpus.builder import Case
from deidkit.corpus.context import Episode, NoteContext
from deidkit.corpus.families import FAMILIES, NOTE_TYPE_WEIGHTS
from deidkit.corpus.notes.base import DISCHARGE, Family
from deidkit.corpus.ood import ood_word
from deidkit.corpus.people import Patient, Site, Variant, World
from deidkit.corpus.slots import SLOTS
from deidkit.errors import ConfigError
from deidkit.types import Document, Span

VARIANTS: tuple[str, ...] = tuple(variant.value for variant in Variant)
SITES_PER_CORPUS = 40
FIRST_DAY = dt.date(2004, 1, 1)
LAST_DAY = dt.date(2025, 12, 31)
NOTES_PER_PATIENT = (1, 2, 3, 4, 5, 6)
NOTES_PER_PATIENT_WEIGHTS = (14, 20, 25, 20, 12, 9)
WHEN_ORDER = {"before": 0, "during": 1, "surgery": 2, "discharge": 3, "after": 4}
_FOLDED = {word.casefold(): word for word in AMBIGUOUS_BY_WORD}
HEADER_LINES = (
    "Record date: {date:note:iso}\n\n",
    "Date of Service: {date:note}\n",
    "DATE: {date:note:numeric}\n",
    "Encounter date: {dt:note}\n",
    "Visit Date: {date:note:long}   Provider: {dr:attending}\n",
    "{hospital}  \\|  {pt:last_first}  \\|  {label:mrn}{mrn}  \\|  {date:note}\n\n",
    "Pt: {pt:last_first_caps}   {label:dob}{date:dob}   {label:mrn}{mrn}\n",
)
"""EHR header lines any family may start with (about one note in ten)."""
FOOTER_LINES = (
    "\nElectronically signed by: {drsig:attending} {dt:note}\n",
    "\n[Signed|Authenticated] by {dr:attending:full_cred} on {date:note} at {time}\n",
    "\nThis note was [dictated|written] with [voice recognition software|Dragon]; please "
    "excuse errors.\n",
    "\nPage 1 of 1  [{pt:last_first}|{label:mrn}{mrn}]  Printed {dt:note}\n",
    "\ncc: {dr:pcp}; {dr:consultant}\n",
)
"""Footer lines any family may end with (about one note in ten)."""
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def select_families(
    families: Collection[str] | None = None,
    exclude: Collection[str] | None = None,
    note_types: Collection[str] | None = None,
) -> tuple[Family, ...]:
    """The families to draw from, after the filters (unknown ids are a ConfigError)."""
    known = {family.id for family in FAMILIES}
    for name in (*(families or ()), *(exclude or ())):
        if name not in known:
            raise ConfigError(f"unknown template family {name!r}; "
                              "`deidkit synth --list-templates` lists them")
    chosen = tuple(
        family for family in FAMILIES
        if (not families or family.id in families)
        and (not exclude or family.id not in exclude)
        and (not note_types or family.note_type in note_types)
    )
    if not chosen:
        raise ConfigError("no template family is left after the filters; keep at least one")
    return chosen


def generate(
    n: int,
    *,
    seed: int = 0,
    variant: str | Variant = Variant.PLAIN,
    families: Collection[str] | None = None,
    exclude: Collection[str] | None = None,
    note_types: Collection[str] | None = None,
) -> Iterator[Document]:
    """``n`` synthetic notes with exact PHI spans, grouped by patient.

    ``families``/``exclude`` keep or drop template families by id (see ``FAMILIES``) and
    ``note_types`` keeps note types, e.g. to train on some families and test on the others.
    """
    if n < 0:
        raise ConfigError(f"the number of notes must be 0 or more (got {n})")
    try:
        kind = Variant(variant)
    except ValueError:
        raise ConfigError(
            f"unknown variant {variant!r}; use one of: {', '.join(VARIANTS)}") from None
    pool = select_families(families, exclude, note_types)
    master = random.Random(f"deidkit-synth:{seed}:{kind.value}")
    site_world = World(random.Random(master.getrandbits(64)), kind)
    sites = [site_world.site() for _ in range(SITES_PER_CORPUS)]
    produced = 0
    patient_index = 0
    while produced < n:
        patient_seed = master.getrandbits(64)
        notes = _patient_notes(patient_seed, patient_index, seed, kind, sites, pool)
        for document in notes:
            if produced >= n:
                return
            yield _with_id(document, f"synth-{kind.value[:3]}{seed}-{produced:06d}")
            produced += 1
        patient_index += 1


def _with_id(document: Document, doc_id: str) -> Document:
    return Document(doc_id, document.text, document.spans, document.patient_id, doc_id,
                    document.note_type, document.note_date, document.metadata)


def _pick_families(rng: random.Random, pool: Sequence[Family], count: int) -> list[Family]:
    weights = [NOTE_TYPE_WEIGHTS.get(family.note_type, 1.0) * family.weight
               / _type_weight(pool, family.note_type) for family in pool]
    chosen = rng.choices(list(pool), weights=weights, k=count)
    summaries = [family for family in chosen if family.note_type == DISCHARGE]
    if len(summaries) > 1:  # one discharge summary per stay
        keep = summaries[0]
        chosen = [family for family in chosen if family.note_type != DISCHARGE or family is keep]
    return chosen


def _type_weight(pool: Sequence[Family], note_type: str) -> float:
    return sum(family.weight for family in pool if family.note_type == note_type)


def _episode(rng: random.Random, world: World, patient: Patient, admit: dt.date) -> Episode:
    stay = rng.choice((1, 2, 2, 3, 3, 4, 5, 6, 8, 11, 16))
    site = patient.site
    room = rng.choice((f"{rng.randint(2, 14)}{rng.randint(1, 40):02d}",
                       f"{rng.randint(100, 999)}{rng.choice('AB')}", f"{rng.randint(1, 30)}",
                       f"{rng.choice('ABCDE')}{rng.randint(1, 30)}"))
    facility_place = world.town()[0] if rng.random() < 0.5 else pools.pick_ranked(
        rng, pools.name_tables("us").last, 1.3)
    if world.variant is Variant.OUT_OF_DICTIONARY:
        facility_place = ood_word(rng)
    facility = f"{facility_place} {rng.choice(pools.NURSING_FACILITY_TYPES)}"
    return Episode(
        admit=admit,
        discharge=admit + dt.timedelta(days=stay),
        clinicians={},
        diagnosis=rng.choice(filler.DIAGNOSES),
        procedure=rng.choice(filler.PROCEDURES),
        room=room,
        unit=rng.choice(site.units),
        other_hospital=world.hospital_name()[0],
        facility=facility,
    )


def _note_date(rng: random.Random, ctx_episode: Episode, when: str) -> dt.date:
    stay = (ctx_episode.discharge - ctx_episode.admit).days
    if when == "before":
        return ctx_episode.admit
    if when == "during":
        return ctx_episode.admit + dt.timedelta(days=rng.randint(0, max(0, stay)))
    if when == "discharge":
        return ctx_episode.discharge
    if when == "after":
        return ctx_episode.discharge + dt.timedelta(days=rng.randint(3, 75))
    return ctx_episode.admit + dt.timedelta(days=rng.randint(0, max(0, stay - 1)))


def _case(rng: random.Random, family: Family) -> Case:
    cases = [case for case, _ in family.cases]
    return rng.choices(cases, weights=[weight for _, weight in family.cases])[0]


def _patient_notes(
    patient_seed: int,
    patient_index: int,
    seed: int,
    variant: Variant,
    sites: Sequence[Site],
    pool: Sequence[Family],
) -> list[Document]:
    rng = random.Random(patient_seed)
    world = World(rng, variant)
    span_days = (LAST_DAY - FIRST_DAY).days
    admit = FIRST_DAY + dt.timedelta(days=rng.randrange(span_days))
    site = sites[rng.randrange(len(sites))]
    patient_id = f"synth-{variant.value[:3]}{seed}-p{patient_index:05d}"
    patient = world.patient(patient_id, admit, site)
    episode = _episode(rng, world, patient, admit)
    count = rng.choices(NOTES_PER_PATIENT, weights=NOTES_PER_PATIENT_WEIGHTS)[0]
    families = _pick_families(rng, pool, count)
    planned = []
    for family in families:
        note_date = _note_date(rng, episode, family.when)
        if family.when == "surgery":
            note_date = _surgery_date(rng, episode)
        planned.append((note_date, WHEN_ORDER[family.when], family))
    planned.sort(key=lambda item: (item[0], item[1]))
    documents: list[Document] = []
    for note_date, _, family in planned:
        note_rng = random.Random(rng.getrandbits(64))
        ctx = NoteContext(note_rng, world, patient, episode, note_date,
                          _case(note_rng, family), family.typos, slots=SLOTS)
        if family.when == "surgery":
            episode.dates.setdefault("proc", note_date)
        if note_rng.random() < 0.1:
            ctx.render(note_rng.choice(HEADER_LINES))
        family.write(ctx)
        if note_rng.random() < 0.1:
            ctx.render(note_rng.choice(FOOTER_LINES))
        text, spans = ctx.out.build()
        text, spans = _tidy(text, spans)
        documents.append(Document(
            id=f"{patient_id}-{len(documents)}",
            text=text,
            spans=spans,
            patient_id=patient_id,
            note_type=family.note_type,
            note_date=note_date.isoformat(),
            metadata=_metadata(text, spans, family, variant),
        ))
    return documents


def _surgery_date(rng: random.Random, episode: Episode) -> dt.date:
    found = episode.dates.get("proc")
    if found is not None:
        return found
    stay = (episode.discharge - episode.admit).days
    day = episode.admit + dt.timedelta(days=rng.randint(0, max(0, stay - 1)))
    episode.dates["proc"] = day
    return day


def _tidy(text: str, spans: tuple[Span, ...]) -> tuple[str, tuple[Span, ...]]:
    """Drop trailing blank space at the end of the note (spans never reach into it)."""
    end = len(text.rstrip())
    if spans and spans[-1].end > end:
        end = spans[-1].end
    return text[:end] + "\n", spans


def _metadata(text: str, spans: Sequence[Span], family: Family, variant: Variant) -> dict[str, str]:
    metadata = {"template": family.id, "variant": variant.value, "generator": "deidkit synth"}
    as_phi: set[str] = set()
    as_word: set[str] = set()
    inside = bytearray(len(text))
    for span in spans:
        inside[span.start:span.end] = b"\x01" * (span.end - span.start)
    for match in _WORD.finditer(text):
        key = _FOLDED.get(match.group().split("'")[0].casefold())
        if key is not None:
            (as_phi if inside[match.start()] else as_word).add(key)
    if as_phi:
        metadata["ambiguous_phi"] = ",".join(sorted(as_phi))
    if as_word:
        metadata["ambiguous_nonphi"] = ",".join(sorted(as_word))
    return metadata
