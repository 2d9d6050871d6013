"""Discharge summaries: five families with different layouts, headings and phrasing."""

from __future__ import annotations

from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes import clinical as k
from deidkit.corpus.notes import common as c
from deidkit.corpus.notes.base import (
    DISCHARGE,
    MOSTLY_AS_IS,
    Family,
    items,
    joined,
    mix,
    render_body,
    section,
    sentences,
)


def dictated(ctx: NoteContext) -> None:
    """Dictated i2b2-style summary: capitalised headings, header block, job numbers."""
    if ctx.chance(0.6):
        ctx.line("{hospital}")
    ctx.line("[DISCHARGE SUMMARY|Discharge Summary|DISCHARGE SUMMARY - FINAL]")
    ctx.out.text("\n")
    ctx.line("[NAME|PATIENT NAME|Patient]: {pt:last_first_caps}[   |\n]{label:mrn}"
             "{mrn}")
    ctx.line("[ADMISSION DATE|DATE OF ADMISSION|Admitted]: {date:admit:numeric}")
    ctx.line("[DISCHARGE DATE|DATE OF DISCHARGE|Discharged]: {date:discharge:numeric}")
    if ctx.chance(0.6):
        ctx.line("[DATE OF BIRTH|DOB]: {date:dob:numeric}[  AGE: {age}|]")
    ctx.line("[ATTENDING|ATTENDING PHYSICIAN]: {dr:attending}")
    ctx.out.text("\n")
    section(ctx, "PRINCIPAL DIAGNOSIS", "{dx}")
    section(ctx, "[ASSOCIATED DIAGNOSES|SECONDARY DIAGNOSES]", items(ctx, ("{problem}",), 2, 6))
    section(ctx, "HISTORY OF PRESENT ILLNESS",
            [ctx.pick(c.HPI_OPENERS) + " ", *mix(ctx, sentences(ctx, c.HPI_MORE, 1, 4),
                                               sentences(ctx, k.HPI_CLINICAL, 4, 9))])
    if ctx.chance(0.6):
        section(ctx, "REVIEW OF SYSTEMS", joined(sentences(ctx, k.ROS, 5, 11)), newline=True)
    section(ctx, "PAST MEDICAL HISTORY", items(ctx, c.PMH_ITEMS, 3, 7))
    section(ctx, "MEDICATIONS ON ADMISSION", "{meds:3:9}", newline=True)
    section(ctx, "ALLERGIES", ctx.pick(c.ALLERGIES))
    section(ctx, "SOCIAL HISTORY", sentences(ctx, c.SOCIAL, 2, 5))
    section(ctx, "FAMILY HISTORY", ctx.pick(c.FAMILY_HISTORY))
    section(ctx, "PHYSICAL EXAMINATION",
            ["[VITAL SIGNS|VS]: {vitals}\n", *joined(ctx.sample(c.EXAM, 6))], newline=True)
    section(ctx, "LABORATORY DATA", "On admission: {labs}. [Repeat|On discharge]: {labs}.")
    section(ctx, "HOSPITAL COURSE", mix(ctx, sentences(ctx, c.COURSE_ITEMS, 1, 4),
                                        sentences(ctx, k.COURSE_CLINICAL, 7, 14)))
    section(ctx, "DISCHARGE MEDICATIONS", "{meds:3:10}", newline=True)
    section(ctx, "CONDITION ON DISCHARGE", "[Stable|Good|Fair|Improved].")
    section(ctx, "DISPOSITION", ctx.pick(c.DISPOSITION).strip())
    section(ctx, "FOLLOW UP", sentences(ctx, c.FOLLOW_UP, 1, 3))
    if ctx.chance(0.5):
        section(ctx, "DISCHARGE INSTRUCTIONS", sentences(ctx, k.DISCHARGE_INSTRUCTIONS, 3, 6))
    ctx.render(ctx.pick(c.SIGNOFF))
    if ctx.chance(0.4):
        ctx.line("cc: {dr:pcp}[, {clinic}|]")


def structured(ctx: NoteContext) -> None:
    """EHR template with title-case headings and blank lines, MIMIC-like layout."""
    ctx.line("Admission Date: {date:admit:iso}  [Discharge Date|Discharge date]: "
             "{date:discharge:iso}")
    ctx.out.text("\n")
    ctx.line("Date of Birth: {date:dob:iso}  Sex: {M}")
    ctx.out.text("\n")
    ctx.line("Service: [MEDICINE|CARDIOLOGY|SURGERY|NEUROLOGY|ORTHOPAEDICS]")
    ctx.out.text("\n")
    section(ctx, "Allergies", ctx.pick(c.ALLERGIES), newline=True)
    section(ctx, "Attending", "{dr:attending:full_cred}", newline=True)
    section(ctx, "Chief Complaint", "{cc}", newline=True)
    section(ctx, "Major Surgical or Invasive Procedure", "[{proc}|None|PICC line placement]",
            newline=True)
    section(ctx, "History of Present Illness",
            [ctx.pick(c.HPI_OPENERS) + " ", *mix(ctx, sentences(ctx, c.HPI_MORE, 2, 4),
                                               sentences(ctx, k.HPI_CLINICAL, 3, 8))],
            newline=True)
    section(ctx, "Review of Systems", joined(sentences(ctx, k.ROS, 4, 10)), newline=True)
    section(ctx, "Past Medical History", items(ctx, c.PMH_ITEMS, 3, 8, style="dash"),
            newline=True)
    section(ctx, "Social History", sentences(ctx, c.SOCIAL, 2, 5), newline=True)
    section(ctx, "Family History", ctx.pick(c.FAMILY_HISTORY), newline=True)
    section(ctx, "Physical Exam", ["Admission exam:\nVitals: {vitals}\n",
                                   *joined(ctx.sample(c.EXAM, 7))], newline=True)
    section(ctx, "Pertinent Results", "{date:admit:iso} {time} [BLOOD|blood] {labs}\n"
            "{date:discharge:iso} {time} {labs}", newline=True)
    course: list[str] = []
    for _ in range(ctx.rng.randint(2, 5)):
        course.append(ctx.pick(("# {dx}: ", "# {problem}: ", "# {anydx}: ", "#{cc}: ")))
        course.extend(mix(ctx, sentences(ctx, c.COURSE_ITEMS, 0, 2),
                          sentences(ctx, k.COURSE_CLINICAL, 2, 4)))
        course.append("\n")
    section(ctx, "Brief Hospital Course", course, newline=True)
    section(ctx, "Medications on Admission", "{meds:2:8:dash}", newline=True)
    section(ctx, "Discharge Medications", "{meds:3:10:numbered}", newline=True)
    section(ctx, "Discharge Disposition", "[Home|Home With Service|Extended Care]", newline=True)
    if ctx.chance(0.5):
        section(ctx, "Facility", "{facility}", newline=True)
    section(ctx, "Discharge Diagnosis", "[Primary: {dx}\nSecondary: {problem}, {problem}|{dx}]",
            newline=True)
    section(ctx, "Discharge Condition", "[Mental Status: Clear and coherent.\n|]Activity Status: "
            "[Ambulatory - Independent|Ambulatory - requires assistance or aid (walker or "
            "cane)|Out of Bed with assistance to chair or wheelchair].", newline=True)
    section(ctx, "Discharge Instructions", ["[Dear {Mr} {pt:last}|{Mr} {pt:last}|Dear "
            "{pt:first}],\n\nYou were admitted to {hospital} for {dx}. ",
            *sentences(ctx, k.DISCHARGE_INSTRUCTIONS, 3, 7)], newline=True)
    section(ctx, "Followup Instructions", sentences(ctx, c.FOLLOW_UP, 1, 3), newline=True)
    if ctx.chance(0.6):
        ctx.line("[{drsig:attending}|{dr:attending:full} MD] [{idnum}|]")
    if ctx.chance(0.5):
        ctx.line("Completed by: {drsig:resident} {date:discharge:iso} @ {time}")


def community(ctx: NoteContext) -> None:
    """Short narrative summary from a community hospital; few headings, prose paragraphs."""
    ctx.line("{hospital}[\n{address:site:block}|]")
    ctx.line("[Hospital Discharge Summary|DISCHARGE SUMMARY|Discharge Note]")
    ctx.out.text("\n")
    ctx.line("Patient: {pt:full}[   {label:mrn}{mrn}|   Acct {acct}|]")
    ctx.line("[Date of admission|Admit date]: {date:admit}   [Date of discharge|D/C date]: "
             "{date:discharge}")
    ctx.line("[PCP|Primary care physician]: {dr:pcp}")
    ctx.out.text("\n")
    render_body(ctx, [ctx.pick(c.HPI_OPENERS) + " ", *mix(ctx, sentences(ctx, c.HPI_MORE, 1, 3),
                                                        sentences(ctx, k.HPI_CLINICAL, 3, 7))])
    ctx.out.text("\n\n")
    render_body(ctx, ["[In the hospital, |During this admission, |Hospital course: ]",
                      *mix(ctx, sentences(ctx, c.COURSE_ITEMS, 1, 3),
                           sentences(ctx, k.COURSE_CLINICAL, 5, 10))])
    ctx.out.text("\n\n")
    ctx.render("Discharge medications: [see medication reconciliation|{med}, {med}, {med} and "
               "{med}]. ")
    render_body(ctx, [ctx.pick(c.DISPOSITION), *sentences(ctx, c.FOLLOW_UP, 1, 2)])
    ctx.out.text("\n\n")
    ctx.line("[{drsig:attending}|{dr:attending:full}, {cred}]")
    ctx.line("[{date:discharge:long}|D: {date:discharge} T: {date:tomorrow}]")


def problem_based(ctx: NoteContext) -> None:
    """Problem-oriented summary written by a resident: terse, hashed problems, abbreviations."""
    ctx.line("[DC SUMMARY|D/C Summary|Discharge Summary (Resident)] - {pt:last_first}[ "
             "({mrn})|]")
    ctx.line("Adm {date:admit:partial} -> D/C {date:discharge:partial}[, LOS {los}d|]")
    ctx.line("[Team|Service]: [Med {num:1:6}|Gold|Blue|Cards]; attending {dr:attending}; "
             "resident {dr:resident}[ (pgr {pager:resident})|]")
    ctx.out.text("\n")
    ctx.line("ID/CC: {agephrase} {M} w/ {problem}, {problem} admitted for {dx}.")
    ctx.out.text("\n")
    ctx.line("HOSPITAL COURSE BY PROBLEM:")
    for _ in range(ctx.rng.randint(3, 6)):
        ctx.render("#[ |]" + ctx.pick(("{dx}", "{problem}", "{anydx}", "{cc}")) + ": ")
        render_body(ctx, mix(ctx, sentences(ctx, c.COURSE_ITEMS + c.HPI_MORE[1:5], 0, 2),
                             sentences(ctx, k.COURSE_CLINICAL, 2, 4)))
        ctx.out.text("\n")
    ctx.out.text("\n")
    ctx.line("DISPO: " + ctx.pick(c.DISPOSITION).strip())
    render_body(ctx, ["F/U: ", *sentences(ctx, c.FOLLOW_UP, 1, 3)])
    ctx.out.text("\n")
    ctx.line("Code: [Full|DNR/DNI|FULL CODE]")
    ctx.line("Contact: {rel:0} [{relphone:0}|@ {relphone:0}]")
    ctx.out.text("\n")
    ctx.line("-- {dr:resident:full}, [MD|PGY-{num:1:3}]")


def transfer(ctx: NoteContext) -> None:
    """Interfacility transfer / discharge to rehab: addressed to the receiving facility."""
    ctx.line("[INTERFACILITY TRANSFER SUMMARY|Transfer Summary|PAGE 1 OF 2 - TRANSFER "
             "SUMMARY]")
    ctx.line("From: {hospital}, {unit}[ (Rm {room})|]")
    ctx.line("To: [{facility}|{otherhosp}]")
    ctx.line("Date of transfer: {date:discharge}[ at {time}|]")
    ctx.out.text("\n")
    ctx.line("Patient name: {pt:full}[      Sex: {M}|]")
    ctx.line("DOB: {date:dob}   Age: {age}")
    ctx.line("[Insurance|Payer]: {insurer} [#{plan}|ID {plan}][   SSN: {ssn}|]")
    ctx.line("[Emergency contact|Next of kin]: {relname:0:full}, {relation:0}, {relphone:0}")
    ctx.out.text("\n")
    ctx.render("Reason for hospitalization: {dx}. ")
    render_body(ctx, sentences(ctx, c.HPI_MORE, 1, 3))
    ctx.out.text("\n\n")
    section(ctx, "Hospital course", mix(ctx, sentences(ctx, c.COURSE_ITEMS, 1, 3),
                                        sentences(ctx, k.COURSE_CLINICAL, 5, 10)),
            newline=False)
    section(ctx, "Active problems", "{problems:2:6:dash}", newline=True)
    section(ctx, "Medications", "{meds:4:12}", newline=True)
    section(ctx, "Allergies", ctx.pick(c.ALLERGIES))
    section(ctx, "Lines/drains", "[PICC RUE placed {date:proc:partial}|None|{eponym:device}]")
    section(ctx, "Functional status", "[Ambulates 50 ft with RW and assist x1|Bed to chair "
            "with max assist|Independent]")
    ctx.line("Receiving physician: {dr:consultant}[, {phone:new}|]")
    ctx.line("Sending physician: {drsig:attending}[  Pager {pager:attending}|]")
    ctx.line("[Report called to|Verbal report given to] [{other:DOCTOR:full_cred}|RN at "
             "receiving facility] at {time}.")


FAMILIES = (
    Family("dc-dictated", DISCHARGE, dictated, "discharge", MOSTLY_AS_IS,
           "dictated discharge summary with capitalised headings and job numbers"),
    Family("dc-structured", DISCHARGE, structured, "discharge", description=
           "EHR discharge summary with title-case headings (MIMIC-like layout)"),
    Family("dc-community", DISCHARGE, community, "discharge", MOSTLY_AS_IS,
           "short narrative discharge summary from a community hospital"),
    Family("dc-problem", DISCHARGE, problem_based, "discharge", description=
           "resident's problem-based discharge summary, terse"),
    Family("dc-transfer", DISCHARGE, transfer, "discharge", MOSTLY_AS_IS,
           "interfacility transfer summary to rehab or another hospital"),
)
