"""What a template family is, and helpers the family modules share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext

DISCHARGE = "discharge_summary"
NURSING = "nursing_progress_note"
RADIOLOGY = "radiology_report"
PATHOLOGY = "pathology_report"
LETTER = "clinic_letter"
ED = "ed_note"
TELEPHONE = "telephone_encounter"
OPERATIVE = "operative_note"
SOCIAL_WORK = "social_work_note"
PROGRESS = "physician_progress_note"
CONSULT = "consult_note"
INSTRUCTIONS = "discharge_instructions"

NOTE_TYPES: tuple[str, ...] = (DISCHARGE, NURSING, RADIOLOGY, PATHOLOGY, LETTER, ED,
                               TELEPHONE, OPERATIVE, SOCIAL_WORK, PROGRESS, CONSULT,
                               INSTRUCTIONS)

AS_IS = ((Case.AS_IS, 1.0),)
MOSTLY_AS_IS = ((Case.AS_IS, 0.85), (Case.UPPER, 0.15))
NURSING_CASES = ((Case.AS_IS, 0.5), (Case.LOWER, 0.25), (Case.UPPER, 0.25))


@dataclass(frozen=True, slots=True)
class Family:
    """A template family: one document shape with its own headings and phrasing.

    ``when`` places the note in the patient's episode: ``before`` (ED, admission), ``during``
    (a hospital day), ``surgery`` (the procedure day), ``discharge``, ``after`` (follow-up).
    ``typos`` is the rate of misspelled words in the literal text (nursing notes: higher);
    ``weight`` is how often the family is drawn relative to the others of its note type.
    """

    id: str
    note_type: str
    write: Callable[[NoteContext], None]
    when: str
    cases: tuple[tuple[Case, float], ...] = AS_IS
    description: str = ""
    typos: float = 0.004
    weight: float = 1.0


Body = str | list[str]
"""A template, or several rendered one after the other (each cached separately)."""


def render_body(ctx: NoteContext, body: Body) -> None:
    if isinstance(body, str):
        ctx.render(body)
        return
    last = len(body) - 1
    for index, piece in enumerate(body):
        ctx.render(piece.rstrip() if index == last else piece)


def section(ctx: NoteContext, heading: str, body: Body, *, colon: str = ":",
            newline: bool | None = None) -> None:
    """A heading then a body; the body starts on the same line or the next."""
    ctx.render(heading)
    ctx.out.text(colon)
    inline = (not newline) if newline is not None else ctx.chance(0.6)
    ctx.out.text(" " if inline else "\n")
    render_body(ctx, body)
    ctx.out.text("\n\n" if ctx.chance(0.7) else "\n")


LOOKALIKE_SENTENCE = "{lookalike}. "
LOOKALIKE_RATE = 0.5
"""How often a run of prose sentences gets one non-PHI look-alike sentence among them
(``deidkit.corpus.lookalikes``; often a clinical clause, at times followed by a second),
whatever the family: held-out families get them too."""


def sentences(ctx: NoteContext, bank: tuple[str, ...], low: int, high: int) -> list[str]:
    """``low``..``high`` distinct sentences of a bank, in bank order.

    When the sentences are prose (each ends with ``". "``), one look-alike sentence is at
    times slipped in among them (``LOOKALIKE_RATE``).
    """
    count = ctx.rng.randint(low, min(high, len(bank)))
    chosen = [bank[index] for index in sorted(ctx.rng.sample(range(len(bank)), count))]
    if chosen and all(item.endswith(". ") for item in chosen) and ctx.chance(LOOKALIKE_RATE):
        chosen.insert(ctx.rng.randint(0, len(chosen)), LOOKALIKE_SENTENCE)
    return chosen


def mix(ctx: NoteContext, *groups: list[str]) -> list[str]:
    """Sentences of several groups in a random order."""
    merged = [sentence for group in groups for sentence in group]
    ctx.rng.shuffle(merged)
    return merged


def joined(parts: list[str], separator: str = "\n") -> list[str]:
    """Templates with a separator between them."""
    out: list[str] = []
    for index, part in enumerate(parts):
        if index:
            out.append(separator)
        out.append(part)
    return out


def items(ctx: NoteContext, bank: tuple[str, ...], low: int, high: int, *,
          style: str = "") -> list[str]:
    """A list: numbered, dashed or comma-separated items drawn from a bank."""
    chosen = [ctx.pick(bank) for _ in range(ctx.rng.randint(low, high))]
    style = style or ctx.pick(("numbered", "dash", "inline", "numbered"))
    out: list[str] = []
    for index, item in enumerate(chosen, 1):
        if style == "numbered":
            out.append(f"{index}. " if index == 1 else f"\n{index}. ")
        elif style == "dash":
            out.append("- " if index == 1 else "\n- ")
        elif index > 1:
            out.append(", ")
        out.append(item)
    return out
