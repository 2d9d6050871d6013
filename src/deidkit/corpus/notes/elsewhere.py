"""Families in layouts the first families lacked (issue 17): EHR footers, pipe-separated record
headers, nursing flowsheets, telephone triage messages, social work psychosocial assessments,
outside-hospital transfer letters and pathology addenda.

They carry the PHI other notes write that the first families rarely did: staff initials and
transcriptionist codes, EHR user names, pager and extension numbers, ages of relatives (over
89 too), firms, nursing homes, rehabilitation centres, visiting-nurse and EMS agencies,
mail-order pharmacies, hospital initials, named units with rooms, states after cities,
professions, partial dates, ``LAST, FIRST M`` names and lower-case names. Every context has
many phrasings, drawn independently.
"""

from __future__ import annotations

from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes import clinical as k
from deidkit.corpus.notes.base import (
    AS_IS,
    LETTER,
    MOSTLY_AS_IS,
    NURSING,
    NURSING_CASES,
    PATHOLOGY,
    PROGRESS,
    SOCIAL_WORK,
    TELEPHONE,
    Family,
    render_body,
    section,
    sentences,
)

# --- shared pieces ----------------------------------------------------------------------------

PIPE_HEADERS = (
    "{hospabbr} \\| {ptname:caps} \\| MRN {mrn} \\| DOB {date:dob:numeric} \\| {agesex}",
    "{ptname:caps} \\| {agesex} \\| {hospabbr} {ward} \\| Rm {rm} \\| Adm {date:admit:numeric}",
    "[PT|Patient]: {ptname} \\| {label:mrn}{mrn} \\| [Loc|Location]: {ward} / {rm} \\| "
    "Attending: {staff:attending:last_first_caps}",
    "{hospabbr}-{ward} \\| {ptname:caps} ({ptage}) \\| Acct {acct} \\| {pdate:note:slash}",
    "Unit/Room: {ward} / {rm} \\| {ptname:mixed} \\| {agesex} \\| {hospabbr}",
    "{date:note:numeric} \\| {hospabbr} \\| {ptname:caps} \\| {label:mrn}{mrn} \\| PCP "
    "{staff:pcp:last_first_caps}",
    "ENC {acct} \\| {ptname:caps} \\| {agesex} \\| {hospabbr} ED \\| Arrived {pdate:admit:slash} "
    "{time}",
    "{ptname:nocomma} \\| {date:dob:numeric} ({ptage}y) \\| {ward} {rm} \\| {hospabbr}",
    "[Facility|Fac]: {hospabbr} \\| [Dept|Department]: {ward} \\| [Bed|Rm]: {rm} \\| "
    "{ptname:caps}",
    "{ptname:caps} - {agesex} - {label:mrn}{mrn} - {hospabbr}/{ward}",
    "{ptname:caps} \\| {idline:ACCOUNT} \\| {idline:HEALTHPLAN} \\| {hospabbr}",
    "{hospabbr} \\| {ptname} \\| {idline:MEDICALRECORD} \\| {idline:ACCOUNT} \\| {agesex}",
    "{ptname:caps} \\| {dept} / {room2} \\| {hospabbr} \\| {idcue:ACCOUNT}",
    "{hospabbr} {dept} \\| Rm {room2} \\| {ptname:nocomma} \\| {idcue:HEALTHPLAN}",
    "[Loc|LOC]: {hospabbr}-{dept} / {room2} \\| {ptname:caps} \\| {agesex} \\| {idcue:IDNUM}",
)
"""Record headers: hospital initials, ``LAST, FIRST M`` names, age glued to sex, unit and room."""

FOOTERS = (
    "Last edited by {login:nurse} on {date:note:numeric} at {time}",
    "Electronically signed: {staff:attending:full}, MD ({login:attending}) {dt:note}",
    "Signed by {staff:resident:last_first_caps} [MD|DO] [{login:resident}] {date:note:numeric}",
    "Note created by {login:resident}; cosigned by {login:attending} {pdate:note:slash} {time}",
    "Entered by: {staff:nurse:full}, RN ({login:nurse})",
    "Documented by {login:therapist} {dt:note}",
    "Revision history: {login:nurse} {pdate:note:slash} {time}; {login:resident} "
    "{pdate:note:slash} {time}",
    "{dictcode:attending}  D: {pdate:note:slash}  T: {pdate:tomorrow:slash}",
    "{dictcode:attending}\nD: {date:note:numeric} {time}\nT: {date:tomorrow:numeric}",
    "[Dictated|Dict] by {staff:attending:full} / {dictcode:attending} / Job {idnum}",
    "Reviewed by {staff:attending:initial_last}, MD. User: {login:attending}",
    "-- {inits:nurse}",
    "{inits:nurse}",
    "{inits:nurse} / {inits:aide}",
    "Addended by {login:attending} on {pdate:note:weekday} at {time}",
    "Printed by {login:clerk} on {date:note:numeric}",
    "Authenticated: {staff:attending:last_first_caps} MD, pager {pagerno}",
    "Route to: {dr:pcp}; {place:agency} (fax {fax})",
    "{staff:attending:full}, MD \\| {ext} \\| {licline}",
    "[Contact|Questions]: {staff:nurse:full}, RN {ext}",
    "{idline:IDNUM} \\| {idline:ACCOUNT} \\| {login:clerk}",
    "Billing: {idline:ACCOUNT}; {insurername} {idline:HEALTHPLAN}",
)
"""Footers: user names, transcriptionist codes, initials alone on a line, extensions."""

STAFF_REFS = (
    "per {inits:nurse}",
    "d/w {staff:nurse:lower_first} RN",
    "per {staff:pharmacist} in pharmacy",
    "d/w {staff:resident:first} ({inits:resident})",
    "rec'd report from {staff:nurse:lower_first}",
    "charge RN {staff:charge:first} aware",
    "discussed w/ {staff:resident:last_first_caps}",
    "verified w/ {inits:pharmacist}",
    "{inits:nurse} notified",
    "ok per {staff:attending:last}",
    "covering {staff:resident:first} paged [at|via] {pagerno}",
    "RT {staff:therapist:first} aware",
    "handoff given to {staff:nurse:lower_first} at {time}",
)

RELATIVE_AGES = (
    "[grandfather|grandmother|Grandfather|Grandmother] died at {oldage}",
    "[mother|father|Mother|Father] alive at {oldage}[ in {place:nursinghome}|, lives in "
    "{citystate}|]",
    "[Mother|Father] died at age {oldage:55:99} of [MI|stroke|cancer|old age]",
    "[brother|sister] ({oldage:40:80}) [with|w/] [DM|HTN|CAD]",
    "[aunt|uncle] lived to {oldage}",
    "[mother|father] [is|was] {oldage:85:103} and [still driving|in hospice|at "
    "{place:nursinghome}]",
    "[maternal|paternal] grandmother d. {oldage} ([dementia|CHF])",
    "[son|daughter] {relname:0} ({oldage:20:70}) is [HCP|the contact]",
    "[husband|wife] passed away last year at {oldage:70:100}",
)

ORG_PHRASES = (
    "works [at|for] {place:firm} as {aprofession}",
    "[retired|Retired] {profession}, [formerly|previously] at {place:firm}",
    "employed by {place:firm}[ in {citystate}|]",
    "[works|worked] [as|as a] {profession} [for|with] {org}",
    "{profession} at {place:firm} x {num:2:30} yrs",
    "[occupation|Occupation|Job]: {profession} ({place:firm})",
    "[was|is] a {profession} until {year:past2}",
    "[spouse|wife|husband] works at {place:firm}",
)

CARE_PHRASES = (
    "[lives|resides] at {place:nursinghome}[ in {citystate}|]",
    "[d/c|discharge|dc] to {place:rehab}",
    "[from|transferred from] {place:nursinghome} via {place:ems}",
    "[VNA|home care] through {place:agency}",
    "{place:agency} [to follow|will see pt] [at home|{pdate:followup1:slash}]",
    "[meds|medications] [filled|come] through {place:pharmacy}",
    "[brought in|transported] by {place:ems}[ {vehiclenum}|]",
    "[dialysis|HD] at {place:rehab} [MWF|TTS]",
    "[referral|Referral] faxed to {place:rehab} [and|&] {place:agency}",
    "[insurance|coverage]: {insurername}",
    "[bed|Bed] offer from {place:nursinghome} for {pdate:followup2}",
    "[pharmacy|Pharmacy]: {place:pharmacy} {phone:new}",
    "[last seen|was seen] at {hospabbr:other} [in|on] {pdate:past3}",
    "[ins|insurance] {insurername}, {idline:HEALTHPLAN}",
    "{idline:DEVICE} [checked|interrogated] {pdate:recent1}",
    "[car|vehicle] {idline:VEHICLE} [in lot B|towed]",
    "[prior auth|PA] {idline:IDNUM}",
    "[records|chart] from {hospabbr:other} ({idline:MEDICALRECORD})",
    "[accepted at|bed offer from] {facility2}[, {dept} unit|]",
    "[home O2|walker|hospital bed] from {org2:dme} ({idcue:DEVICE})",
    "[mail-order|home delivery] meds from {org2:pharmacy}",
    "[lives|resides] at {street2}, {citystate}",
    "[picked up|transported] by {org2:ems} at {landmark2}",
    "[works|worked] at {org2:company} as {anyprof:a}",
)


def _pipe_header(ctx: NoteContext) -> None:
    ctx.line(ctx.pick(PIPE_HEADERS))


def _footer(ctx: NoteContext, low: int = 1, high: int = 3) -> None:
    ctx.out.text("\n")
    render_body(ctx, [line + "\n" for line in sentences(ctx, FOOTERS, low, high)])


# --- families ---------------------------------------------------------------------------------

def pipe_progress(ctx: NoteContext) -> None:
    """A progress note under a pipe-separated record header, with an EHR footer."""
    _pipe_header(ctx)
    ctx.line("[Progress Note|PROGRESS NOTE - {ward}|Daily Note|Hospitalist Progress Note] "
             "[{pdate:note:weekday}|{date:note}]")
    ctx.out.text("\n")
    section(ctx, "[S|Subjective|Interval]", sentences(ctx, (
        "{ptref} [feels|states feeling] [better|about the same|worse] today. ",
        "Events overnight: [none|{pdate:yesterday:slash} fever to {tempc}|RRT called]. ",
        "[Seen|Discussed] with {rel:0} at bedside. ",
        "Per nursing ({inits:nurse}), [slept well|ate 50%|ambulated in hall]. ",
        "[Family|{relation:0}] asks about {place:rehab} vs {place:nursinghome}. ",
        "{eponym}. ",
    ), 2, 4))
    section(ctx, "[O|Objective]", "{vitals}\n{labs}", newline=True)
    section(ctx, "[A/P|Assessment and Plan]", [
        "{agephrase} {M} [from|residing at] [{place:nursinghome}|{citystate}] with {dx}.\n",
        *[line + "\n" for line in sentences(ctx, k.ASSESSMENT_PLAN, 2, 5)],
        *[phrase + ".\n" for phrase in sentences(ctx, CARE_PHRASES, 1, 2)],
    ], newline=True)
    _footer(ctx, 1, 3)


def ehr_footer(ctx: NoteContext) -> None:
    """A brief clinic or floor note whose footer is longer than its body."""
    if ctx.chance(0.5):
        _pipe_header(ctx)
    ctx.line("[Brief Note|Clinic Note|Follow-up Visit|Interim Note] {pdate:note:weekday}")
    render_body(ctx, sentences(ctx, (
        "{ptname:mixed} seen for {dx}. ",
        "{ptref} ({ptage}) [returns|presents] for follow-up of {problem}. ",
        "Lives in {citystate} with {rel:0}. ",
        "[Works|Worked] as {aprofession}[ at {place:firm}|]. ",
        "Meds via {place:pharmacy}. ",
        "Next visit {pdate:followup1} with {dr:pcp}. ",
        "{eponym}. ",
        "[Plan|PLAN]: {med}, labs {pdate:followup2:slash}. ",
    ), 3, 6))
    ctx.out.text("\n")
    _footer(ctx, 2, 5)


FLOW_ROWS = (
    "{time}  {lookalike:word}  {inits:nurse}",
    "{time}  {lookalike:number}  [{inits:nurse}|{inits:aide}]",
    "{time}  {lookalike:device}  {inits:nurse}",
    "{time}  HR {hr}  BP {bp}  SpO2 {o2}%  [{inits:nurse}|{inits:aide}]",
    "{time}  [Turned|Repositioned] L side, skin intact  {inits:nurse}",
    "{time}  [Pain|pain] {num:0:10}/10, {med} given  {inits:nurse}",
    "{pdate:note:slash} {time}  I/O {io}  {inits:aide}",
    "{time}  [Fall|fall] risk [high|mod], bed alarm on  {inits:nurse}",
    "{time}  [Family|family] ({relname:0}) [called|visited]  {inits:nurse}",
    "{time}  [pt|Pt] [resting|OOB to chair|amb in hall w/ PT]  {inits:aide}",
    "{time}  [FSBG|fsbg] {num:80:300}, [SSI|insulin] {num:2:8} u  {inits:nurse}",
    "{time}  [MD|Dr] {staff:resident:lower_first} [at bedside|aware]  {inits:nurse}",
    "{time}  [Restraint|Sitter] check, {staff:aide:lower_first} at bedside  {inits:nurse}",
    "{time}  [glucose|labs] sent, per {inits:nurse}",
)


LEGEND = ("[{inits:ROLE} = {staff:ROLE:full}[, RN|, PCA|]|{inits:ROLE}  "
          "{staff:ROLE:last_first_caps}|{staff:ROLE:full} ({inits:ROLE})]")
"""A line of a flowsheet's legend of initials (``ROLE`` is replaced by the clinician role)."""


def flowsheet(ctx: NoteContext) -> None:
    """A nursing flowsheet: timed rows signed with initials, and a legend of the initials."""
    ctx.line("[FLOWSHEET|Nursing Flowsheet|24 HR FLOW SHEET|Shift Flowsheet] "
             "[{pdate:note:weekday}|{date:note:numeric}] [{ward} {rm}|Unit/Room: {ward} / {rm}]")
    if ctx.chance(0.6):
        ctx.line("[Pt|Patient|Name]: {ptname} [({agesex})|Age {ptage}|]")
    for row in sentences(ctx, FLOW_ROWS, 4, 9):
        ctx.line(row)
    ctx.out.text("\n")
    ctx.line("[Comments|Notes|Shift summary]: " + " ".join(
        phrase + "." for phrase in sentences(ctx, STAFF_REFS, 1, 3)))
    ctx.out.text("\n")
    ctx.line("[Initials|Signature legend|Key]:")
    for role in ctx.sample(("nurse", "aide", "charge"), ctx.rng.randint(1, 3)):
        ctx.line(LEGEND.replace("ROLE", role))
    if ctx.chance(0.4):
        ctx.line("{inits:nurse}")


def phone_message(ctx: NoteContext) -> None:
    """A telephone triage message with caller, callback number and who took it."""
    ctx.line("[TELEPHONE ENCOUNTER|Phone Note|Telephone Message|Triage Call] "
             "[{pdate:note:weekday} {time}|{dt:note}]")
    ctx.line("[Caller|Call from|Message from]: [{rel:0}|{ptname:mixed}|{staff:nurse:full} at "
             "{place:nursinghome}|{place:agency} nurse {other:RELATIVE:full}|{place:pharmacy}]")
    ctx.line("[Callback|Call back #|CB|Best number]: [{phone:cell}|{phone:pt} {ext}|"
             "{phone:new}]")
    ctx.line("[Taken by|Message taken by|Rec'd by]: [{staff:clerk:first} {inits:clerk}|"
             "{login:clerk}|{inits:clerk}]")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Pt's|Patient's] {relation:0} reports {cc} since {pdate:recent1}. ",
        "[Requests|Asking for] refill of {med} [to|at] {place:pharmacy}. ",
        "{place:agency} [RN|nurse] called, [BP {bp}|wound looks worse|weight up 3 lb]. ",
        "[Pt|She|He] is at {place:nursinghome} [in|on] {ward}, room {rm}. ",
        "[Appt|Appointment] moved to {pdate:followup1:weekday}. ",
        "[Advised|Told] to go to {hospabbr:other} ED if worse. ",
        "{place:ems} [transported|took] [pt|patient] to {otherhosp} on {pdate:recent2}. ",
        "Per {inits:nurse}, [call back after {time}|ok to wait until {pdate:followup2}]. ",
        "[Spoke|spoke] with {staff:nurse:lower_first} in triage. ",
        "[Employer|employer] ({place:firm}) needs a work note. ",
        "Forwarded to {dr:pcp} ({pagerno}). ",
        "[Insurance|Ins] {insurername} {idline:HEALTHPLAN} [verified|on file]. ",
        "[Rx|Refill] {idline:IDNUM} [sent|faxed]. ",
    ), 3, 6))
    ctx.out.text("\n")
    ctx.line("[{inits:clerk}|{login:clerk} {pdate:note:slash} {time}|-- {staff:nurse:first}, RN "
             "{ext}|{dictcode:nurse}]")


def psychosocial(ctx: NoteContext) -> None:
    """A social work psychosocial assessment: household, work, supports, disposition."""
    ctx.line("[SOCIAL WORK PSYCHOSOCIAL ASSESSMENT|Social Work Initial Assessment|Case "
             "Management / SW Note|SW Psychosocial] {pdate:note:weekday}")
    if ctx.chance(0.5):
        _pipe_header(ctx)
    ctx.out.text("\n")
    section(ctx, "[Household|Living situation|Home]", [
        phrase + ". " for phrase in sentences(ctx, (
            "[Pt|Patient] lives in {citystate} with {rel:0}",
            "[Lives|lives] alone in a [2nd floor apt|house] in {city}, {state}",
            "[Moved|moved] here from {citystate} in {year:past3}",
            "[Was|was] living at {place:nursinghome} since {pdate:past2}",
            "[Stays|stays] at the {place_other} some nights",
            "[Grew|grew] up in {hometown}",
            "{lookalike:word}",
        ), 1, 3)])
    section(ctx, "[Employment|Work|Occupation|Vocational]", [
        phrase + ". " for phrase in sentences(ctx, ORG_PHRASES, 1, 3)])
    section(ctx, "[Family|Supports|Family history]", [
        phrase + ". " for phrase in sentences(ctx, RELATIVE_AGES, 1, 3)])
    section(ctx, "[Services|Community services|Resources]", [
        phrase + ". " for phrase in sentences(ctx, CARE_PHRASES, 2, 4)])
    section(ctx, "[Plan|Disposition|SW Plan]", sentences(ctx, (
        "Will [fax|send] referral to {place:rehab} {pdate:followup1:slash}. ",
        "[Spoke|Spoke] with {other:RELATIVE:full} at {place:firm} re FMLA. ",
        "{place:agency} intake {phone:new}. ",
        "SW will follow; {staff:socialworker:full}, LICSW {ext}. ",
        "Meeting with family [on|] {pdate:followup2:weekday} at {time}. ",
        "[Claim|FMLA claim] {idline:IDNUM} [filed|pending]. ",
        "{insurername} {idline:HEALTHPLAN} [approved|pending] for {place:rehab}. ",
    ), 2, 4))
    ctx.line("[{staff:socialworker:full}, LICSW|{staff:socialworker:last_first_caps} LICSW "
             "{pagerno}|{inits:socialworker} ({login:socialworker})]")


def transfer_letter(ctx: NoteContext) -> None:
    """A letter that goes with a patient transferred from an outside hospital."""
    ctx.line("[{otherhosp}|{hospabbr:other} {place_other}|{otherhosp}, {citystate}]")
    ctx.line("[Department of Medicine|Emergency Department|Intensive Care Unit|{ward}]")
    ctx.line("[{date:note}|{pdate:note:weekday}]")
    ctx.out.text("\n")
    ctx.line("[To|Re|RE]: [{hospital} Transfer Center|Accepting team, {hospabbr}|"
             "{dr:attending}, {hospital}]")
    ctx.line("[Patient|Pt|Re]: {ptname} [DOB {date:dob}|({ptage})|{agesex}][ \\| "
             "{idline:MEDICALRECORD}| {idline:ACCOUNT}|]")
    ctx.out.text("\n")
    ctx.line("[Dear Dr. {staff:attending:last}|Dear colleague|To the accepting physician],")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "Thank you for accepting {ptref:mid} in transfer [for|to] [{proc}|a higher level of "
        "care]. ",
        "{ptref} is {a_age} {man} who [resides|lives] at {place:nursinghome} in {citystate}. ",
        "[He|She|The patient] was brought to our ED on {pdate:admit} by {place:ems}. ",
        "[Workup|Evaluation] here showed {dx}. ",
        "Home [VNA|services]: {place:agency}. ",
        "[Outpatient|Home] medications are filled by {place:pharmacy}. ",
        "[Family|Contact]: {rel:0}, {relphone:0}. ",
        "[Prior|Previous] stay at {place:rehab} [in|during] {date:past2:coarse}. ",
        "[His|Her] [employer|work] is {place:firm}, [where|and] [he|she] is {aprofession}. ",
        "Transport by {place:ems} {vehiclenum}, [ETA|departed] {time}. ",
        "{eponym}. ",
    ), 4, 8))
    ctx.out.text("\n\n")
    ctx.line("[Sincerely|Regards|With thanks],\n{drsig:consultant}\n[{ward}, {otherhosp}|"
             "{hospabbr:other} {ward}] [{pagerno}|{ext}|{phone:new}]")
    if ctx.chance(0.6):
        ctx.line("{dictcode:consultant}")


def path_addendum(ctx: NoteContext) -> None:
    """A pathology addendum: accession, prior case, who was told, signed with initials."""
    ctx.line("[ADDENDUM|Addendum Report|SURGICAL PATHOLOGY ADDENDUM|Amended Report] "
             "[{date:note:numeric}|{pdate:note:slash}]")
    ctx.line("[{hospabbr} \\| {ptname:caps} \\| {label:acc}{accession}|"
             "{label:acc}{accession}   {ptname:caps}   {agesex}]")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Immunostains|IHC] performed on block [A1|B2|C3] support the diagnosis. ",
        "Compared with prior {label:acc}{accession} ({year:past2}) from {hospabbr:other}. ",
        "Outside slides from {otherhosp} ({accession}) reviewed. ",
        "Results [called|phoned] to {dr:attending} [on|] {pdate:note:weekday} at {time} by "
        "{inits:pathologist}. ",
        "[Discussed|D/w] at tumor board {pdate:followup1:slash}. ",
        "Case shown to {staff:pathologist:full} who concurs. ",
        "[Specimen|Block] sent to {place:firm} Laboratories for [NGS|FISH]. ",
        "{eponym}. ",
    ), 2, 5))
    ctx.out.text("\n")
    ctx.line("[{staff:pathologist:full}, MD|{staff:pathologist:last_first_caps} MD] "
             "[{inits:pathologist}|{dictcode:pathologist}|({login:pathologist})]")
    if ctx.chance(0.5):
        ctx.line("[Addendum|Amended] {dt:note} [{login:pathologist}|{inits:pathologist}]")


FAMILIES = (
    Family("progress-pipe", PROGRESS, pipe_progress, "during", weight=2.0, cases=MOSTLY_AS_IS,
           description="progress note under a pipe-separated header, EHR footer"),
    Family("progress-ehrfooter", PROGRESS, ehr_footer, "after", cases=AS_IS, weight=2.5,
           description="short note with a long EHR footer (user names, initials)"),
    Family("nurse-flowsheet", NURSING, flowsheet, "during", weight=2.0,
           description="nursing flowsheet rows signed with initials, and the legend",
           cases=NURSING_CASES, typos=0.02),
    Family("tel-triage", TELEPHONE, phone_message, "after", weight=2.0, cases=MOSTLY_AS_IS,
           description="telephone triage message: caller, callback, agencies"),
    Family("sw-psychosocial", SOCIAL_WORK, psychosocial, "during", weight=2.0, cases=AS_IS,
           description="social work psychosocial assessment: home, work, supports"),
    Family("letter-transfer", LETTER, transfer_letter, "before", weight=2.0, cases=AS_IS,
           description="outside-hospital transfer letter"),
    Family("path-addendum", PATHOLOGY, path_addendum, "after", weight=2.0, cases=MOSTLY_AS_IS,
           description="pathology addendum: accessions, calls, initials"),
)

__all__ = ["FAMILIES"]
