"""More families: admission H&P, psychiatry consult, referral letter, echo report, SBAR
handoff, EMS run report, pharmacy refill call and patient discharge instructions."""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes import clinical as k
from deidkit.corpus.notes import common as c
from deidkit.corpus.notes.base import (
    AS_IS,
    CONSULT,
    ED,
    INSTRUCTIONS,
    LETTER,
    MOSTLY_AS_IS,
    NURSING,
    NURSING_CASES,
    PROGRESS,
    RADIOLOGY,
    TELEPHONE,
    Family,
    items,
    joined,
    mix,
    render_body,
    section,
    sentences,
)


def history_physical(ctx: NoteContext) -> None:
    """Admission history and physical by the admitting team."""
    ctx.line("[ADMISSION H&P|History and Physical|Admission Note - [Medicine|Hospitalist] "
             "Service|MEDICINE ADMISSION NOTE]")
    ctx.line("[Date of admission|Admit date|Date]: {date:admit}   [Time|Time seen]: {time}")
    ctx.line("[Source|Referred by|History from]: [patient and {his} {relation:0}|patient, "
             "chart review|EMS and ED records|{dr:ed}]")
    ctx.out.text("\n")
    section(ctx, "[CC|Chief Complaint]", "[{cc}|\"I can't catch my breath\"|{cc} x {num:2:5} "
            "days]")
    section(ctx, "[HPI|History of Present Illness]",
            [ctx.pick(c.HPI_OPENERS) + " ", *mix(ctx, sentences(ctx, c.HPI_MORE, 1, 3),
                                               sentences(ctx, k.HPI_CLINICAL, 4, 9))],
            newline=True)
    section(ctx, "[PMH|Past Medical History]", items(ctx, c.PMH_ITEMS, 4, 9, style="dash"),
            newline=True)
    section(ctx, "[PSH|Past Surgical History]", "[{anyproc} ({year:past5})|None|{anyproc}, "
            "{anyproc} ({date:past6:coarse})]")
    section(ctx, "[Home Medications|Outpatient Meds]", "{meds:4:12}", newline=True)
    section(ctx, "Allergies", ctx.pick(c.ALLERGIES))
    section(ctx, "[Social History|SH]", sentences(ctx, c.SOCIAL, 2, 5))
    section(ctx, "[Family History|FH]", ctx.pick(c.FAMILY_HISTORY))
    section(ctx, "[ROS|Review of Systems]", joined(sentences(ctx, k.ROS, 6, 12)), newline=True)
    section(ctx, "[Physical Exam|PE]", ["{vitals}\n", *joined(ctx.sample(c.EXAM, 8))],
            newline=True)
    section(ctx, "[Labs|Data]", "{labs}\n{labs}[\nEcho: {ef}|\nCXR: [clear|bibasilar "
            "opacities|pulmonary edema]|\nEKG: [NSR|AF], [no ST changes|LVH]]", newline=True)
    ctx.line("[Assessment and Plan|A/P|ASSESSMENT & PLAN]: {agephrase} {M} with {problem} and "
             "{problem} admitted with {dx}.")
    for line in sentences(ctx, k.ASSESSMENT_PLAN, 5, 10):
        ctx.line(line)
    ctx.line("[Code status|Code]: [Full code|DNR/DNI|Full (discussed with pt and {rel:0})]")
    ctx.line("[HCP|Health care proxy]: {relname:0:full} ({relation:0}) {relphone:0}")
    ctx.line("{drsig:resident}[, pager {pager:resident}|]\n[Seen and examined with "
             "{dr:attending:dr_last}.|]")


def psych_consult(ctx: NoteContext) -> None:
    """Psychiatry consult: a long social and developmental history."""
    ctx.line("[Psychiatry Consultation|PSYCHIATRY C/L CONSULT|Consultation-Liaison Psychiatry "
             "Initial Evaluation]")
    ctx.line("[Requesting|Consult requested by]: {dr:attending}   [Date|Seen on]: {date:note}")
    ctx.line("Reason: [capacity evaluation|depression|agitation|suicidal ideation|alcohol "
             "withdrawal]")
    ctx.out.text("\n")
    section(ctx, "[HPI|History of Present Illness]",
            [ctx.pick(c.HPI_OPENERS) + " ", *sentences(ctx, k.HPI_CLINICAL, 2, 5)])
    section(ctx, "[Psychiatric History|Past Psychiatric History]", "[No prior psychiatric "
            "admissions.|One prior admission to {otherhosp} in {year:past4} for depression.|"
            "Followed by a therapist at {clinic}.] [No prior suicide attempts.|One overdose "
            "attempt in {year:past5}.] [Trials of sertraline and citalopram.|Currently on {med}.]")
    section(ctx, "[Social/Developmental History|Social History]", sentences(ctx, (
        "Born and raised in {hometown}[, the {num:1:5}th of {num:3:8} children|]. ",
        "[Completed high school|Has a bachelor's degree|Left school in 10th grade] and worked "
        "as {aprofession}[ at {employer}|]. ",
        "[Married to {relname:0:first} for {num:5:45} years|Divorced, lives alone|Lives with "
        "{his} {rel:0}] in {city}. ",
        "[No legal history|Arrested for DUI in {year:past8}|On probation]. ",
        "[Access to firearms denied|No guns in the home]. ",
        "[Alcohol: {num:2:12} drinks/day, last drink {weekday:recent1}|Denies alcohol|"
        "Cannabis daily]. ",
        "[Supports include {his} {rel:1} and church|Few supports; isolated since retirement]. ",
    ), 4, 7), newline=True)
    section(ctx, "[Mental Status Exam|MSE]", "[Appearance: disheveled, poor eye contact|"
            "Appearance: well groomed]. Speech: [normal rate and volume|slow, soft]. Mood: "
            "\"[tired|fine|down]\". Affect: [constricted|euthymic|tearful]. Thought process: "
            "[linear|circumstantial]. [Denies SI/HI|Passive SI without plan]. [No AVH|Endorses "
            "hearing voices]. Cognition: [oriented x3|MoCA {num:14:29}/30]. Insight/judgment: "
            "[fair|poor].", newline=True)
    section(ctx, "[Assessment|Impression]", "{agephrase} {male} with [major depressive "
            "disorder|adjustment disorder|delirium superimposed on dementia|alcohol use "
            "disorder].")
    section(ctx, "[Recommendations|Plan]", items(ctx, (
        "[start|increase] {med}", "[1:1 sitter|no sitter needed]", "[capacity: pt lacks "
        "capacity for this decision; HCP {relname:0} to decide|pt has capacity to refuse]",
        "will follow", "[outpatient referral to {clinic}|social work for resources]",
        "[CIWA protocol|thiamine and folate]",
    ), 2, 5, style="numbered"), newline=True)
    ctx.line("{drsig:consultant}")


def referral_letter(ctx: NoteContext) -> None:
    """PCP referral to a specialist: 'Dear Colleague'."""
    ctx.line("{clinic}")
    ctx.line("{address:site:oneline}   [Phone|Tel] {phone:site}")
    ctx.out.text("\n")
    ctx.line("[{date:note:long}|Date: {date:note}]")
    ctx.out.text("\n")
    ctx.line("[Dear Colleague|Dear Dr. {dr:consultant:last}|To the {anydx} clinic],")
    ctx.out.text("\n")
    render_body(ctx, [
        "I am writing to refer {pt:full} (DOB {date:dob}[, MRN {mrn}|]) for evaluation of "
        "[{anydx}|{cc}|abnormal {labs}]. ",
        *mix(ctx, sentences(ctx, k.LETTER_CLINICAL[:-1], 3, 6),
             sentences(ctx, c.HPI_MORE, 0, 2)),
        "[{He} can be reached at {phone:pt}.|{His} {relation:0}, {relname:0:full}, helps with "
        "scheduling at {relphone:0}.] ",
        "Thank you for seeing {him}[; records are attached|]. ",
    ])
    ctx.out.text("\n\n")
    ctx.line("[Sincerely|Best],\n{drsig:pcp}")


def echo_report(ctx: NoteContext) -> None:
    """Echocardiography report: many measurements, few identifiers."""
    ctx.line("[TRANSTHORACIC ECHOCARDIOGRAM REPORT|Echocardiography Report|TTE]")
    ctx.line("[Patient|Name]: {pt:last_first}   {label:mrn}{mrn}   {label:dob}{date:dob}")
    ctx.line("[Date of study|Study date]: {dt:note}   [Location|Loc]: [{unit}|Echo lab]")
    ctx.line("[Height|Ht] {num:150:195} cm  [Weight|Wt] {num:45:140} kg  BSA {dec:1.4:2.5:2} m2  "
             "BP {bp}  HR {hr}")
    ctx.line("[Indication|Reason]: [{cc}|{dx}|murmur|pre-op evaluation]")
    ctx.out.text("\n")
    measurements = (
        "LVIDd {dec:3.8:6.9} cm", "LVIDs {dec:2.2:5.5} cm", "IVSd {dec:0.7:1.5} cm",
        "LVPWd {dec:0.7:1.4} cm", "LA volume index {num:18:60} mL/m2", "Ao root {dec:2.6:4.4} cm",
        "E/A {dec:0.6:2.2}", "E/e' {num:6:22}", "TAPSE {dec:1.2:2.6} cm",
        "RVSP {num:22:65} mmHg", "AV peak velocity {dec:1.1:4.8} m/s", "MV E {dec:0.5:1.4} m/s",
    )
    ctx.line("MEASUREMENTS:")
    for line in ctx.sample(measurements, ctx.rng.randint(6, 12)):
        ctx.line(line)
    ctx.out.text("\n")
    ctx.line("FINDINGS:")
    render_body(ctx, sentences(ctx, (
        "{lookalike:number}. ",
        "{lookalike:exam}. ",
        "Left ventricle: [normal size and wall thickness|mildly dilated|concentric LVH], "
        "{ef} by biplane Simpson's. ",
        "[No regional wall motion abnormalities.|Akinesis of the inferior wall.|Global "
        "hypokinesis.] ",
        "Right ventricle: [normal size and function|mildly dilated with reduced function]. ",
        "Aortic valve: [trileaflet, no stenosis|calcified with moderate stenosis, mean gradient "
        "{num:20:45} mmHg]. ",
        "Mitral valve: [mild|moderate|trace] regurgitation. ",
        "Tricuspid valve: [trace TR|mild TR], estimated RVSP {num:22:60} mmHg. ",
        "[No pericardial effusion.|Small circumferential pericardial effusion without "
        "tamponade.] ",
        "IVC [normal in size with >50% collapse|dilated with <50% collapse]. ",
    ), 5, 8))
    ctx.out.text("\n\n")
    ctx.line("CONCLUSIONS: [{ef}; [no significant valvular disease|moderate MR]|Compared with "
             "the study of {date:past1:numeric}, [no significant change|LV function has "
             "improved]].")
    ctx.line("[Reading physician|Interpreted by]: {drsig:consultant}")


def sbar(ctx: NoteContext) -> None:
    """SBAR nursing handoff."""
    ctx.line("[SBAR handoff|Nursing handoff (SBAR)|RN to RN report] [{time}|]")
    ctx.render("S: [{agephrase} {M}|{pt:full}, {agephrase},] [in rm {room}|in bed {room}|on "
               "{unit}], [admitted {date:admit:partial} for {dx}|HD {hd}, {dx}].\n")
    ctx.render("B: [PMH|hx] {problem}, {problem}. [Code: full|DNR/DNI]. [Allergies: "
               "NKDA|Allergic to PCN].\n")
    ctx.render("A: ")
    assessment = (*k.NURSING_EXTRA, "{vitals}. ", "[pain controlled|pain {num:2:8}/10]. ",
                  "[A&Ox3|confused at night]. ", "[foley in place|voiding]. ",
                  "{eponym:device}. ")
    render_body(ctx, sentences(ctx, assessment, 3, 7))
    ctx.out.text("\n")
    ctx.render("R: [f/u am labs|cont q4h neuro checks|call {dr:resident:dr_last} with "
               "SBP < 90|family ({relname:0}) expects a call {weekday:tomorrow} morning]. ")
    ctx.out.text("\n")


def ems_report(ctx: NoteContext) -> None:
    """Prehospital run report: dispatch address, landmarks, times."""
    ctx.line("[EMS RUN REPORT|Prehospital Care Report|Ambulance Run Sheet] - [{org}|Medic "
             "{num:2:40}|{town} Fire Rescue]")
    ctx.line("[Dispatched|Call received] {time}; [on scene|arrived] +{num:4:15} min; "
             "[transport|left scene] +{num:12:35} min; [at hospital|arrived ED] +{num:20:55} min")
    ctx.line("[Incident location|Location]: [{address:pt:oneline}|{landmark}|parking lot of "
             "{org}, {town}]")
    ctx.line("[Patient|Pt]: [{pt:full}|unknown name at time of transport], [{agephrase}|age "
             "approx {age}], {M}")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "Called by [{rel:0}|a bystander|{his} neighbor|staff at {facility}] for [{cc}|"
        "unresponsive person|a fall]. ",
        "Found [sitting in a chair|on the floor of the bathroom|in bed], [alert and "
        "oriented|responsive to pain only|GCS {num:8:15}]. ",
        "Initial VS: {vitals}. ",
        "[Glucose {num:40:380}|FSBG {num:40:380}]. ",
        "12-lead: [sinus tachycardia|AF RVR|STEMI alert called|NSR]. ",
        "[IV 18g L AC, NS KVO|IO access R tibia|Unable to obtain IV]. ",
        "Given [aspirin 324 mg chewed|nitro 0.4 mg SL x2|D50 25 g|naloxone 2 mg IN|albuterol "
        "neb]. ",
        "[Medications brought with pt|Pill bottles left at home]. ",
        "[Care transferred to|Report given to] [ED RN|{dr:ed}] at {time}. ",
    ), 5, 8))
    ctx.out.text("\n")
    ctx.line("[Crew|Personnel]: [{other:DOCTOR:full}|{dr:nurse:full}], EMT-P; unit [{vehicle}|"
             "{num:10:99}]")


def pharmacy_call(ctx: NoteContext) -> None:
    """Refill or prior-authorization call with a pharmacy."""
    ctx.line("[Refill Request|Pharmacy Call|Medication Refill Authorization] {dt:note}")
    ctx.line("[Pharmacy|From]: [the pharmacy at {street}, {city}|{org} pharmacy, {town}|"
             "mail-order pharmacy] [ph|phone|tel] {phone:new}[, fax {fax}|]")
    ctx.line("[Patient|Pt]: {pt:full}   [DOB|dob] {date:dob}")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Request|Requesting] {num:30:90}-day supply of {med}[ x{num:1:3} refills|]. ",
        "Last filled {date:recent1:partial}; last office visit {date:past1:any}. ",
        "[Insurance requires prior authorization|Plan prefers generic], [PA form faxed|"
        "member ID {plan}]. ",
        "[Approved per protocol|Routed to {dr:pcp} for approval|Denied: needs labs first]. ",
        "[BMP due|A1c due|INR due]; [lab order placed|pt notified at {phone:pt}]. ",
        "[Called pharmacist {other:DOCTOR:full}|Spoke with pharmacy tech] to confirm. ",
    ), 3, 6))
    ctx.out.text("\n")
    ctx.line("[{dr:nurse:full_cred}|{username:nurse}]")


def instructions(ctx: NoteContext) -> None:
    """Patient-facing discharge instructions with appointments and phone numbers."""
    ctx.line("[{hospital}|{hospital} - Patient Discharge Instructions]")
    ctx.line("[Patient|Name]: {pt:full}   [Date|Discharge date]: {date:discharge}")
    ctx.out.text("\n")
    ctx.line("[Dear {pt:first},|{Mr} {pt:last},|]")
    ctx.render("You were in the hospital because of [{dx}|{cc}]. ")
    render_body(ctx, sentences(ctx, k.DISCHARGE_INSTRUCTIONS, 4, 8))
    ctx.out.text("\n\n")
    ctx.line("[YOUR APPOINTMENTS|Follow-up appointments]:")
    for _ in range(ctx.rng.randint(1, 3)):
        ctx.line("- [{dr:pcp}|{dr:consultant}|{clinic}] on {date:followup1:long} at {time}"
                 "[, {address:site:oneline}|][ - call {phone:site} if you cannot come|]")
    ctx.out.text("\n")
    ctx.line("[Questions? Call|If you have questions call] [the nurse line at {phone:site}|"
             "{dr:pcp} at {phone:site}][ or send a message at {url}|].")
    ctx.line("[Medications|YOUR MEDICATIONS]:\n{meds:3:9:dash}")


FAMILIES = (
    Family("progress-hp", PROGRESS, history_physical, "before", AS_IS,
           "admission history and physical"),
    Family("consult-psych", CONSULT, psych_consult, "during", AS_IS,
           "psychiatry consult with a long social history"),
    Family("letter-referral", LETTER, referral_letter, "after", AS_IS,
           "PCP referral letter to a specialist"),
    Family("rad-echo", RADIOLOGY, echo_report, "during", MOSTLY_AS_IS,
           "echocardiogram report with measurements"),
    Family("nurse-sbar", NURSING, sbar, "during", NURSING_CASES, "SBAR nursing handoff",
           typos=0.015),
    Family("ed-ems", ED, ems_report, "before", ((Case.AS_IS, 0.6), (Case.UPPER, 0.4)),
           "prehospital (EMS) run report"),
    Family("tel-pharmacy", TELEPHONE, pharmacy_call, "after", AS_IS,
           "pharmacy refill or prior-authorization call"),
    Family("dc-instructions", INSTRUCTIONS, instructions, "discharge", AS_IS,
           "patient-facing discharge instructions"),
)
