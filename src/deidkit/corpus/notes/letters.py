"""Clinic letters, social-work notes and operative notes."""

from __future__ import annotations

from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import (
    AS_IS,
    LETTER,
    MOSTLY_AS_IS,
    OPERATIVE,
    SOCIAL_WORK,
    Family,
    mix,
    render_body,
    section,
    sentences,
)
from deidkit.corpus.notes.clinical import LETTER_CLINICAL

LETTER_BODY = (
    "I had the pleasure of seeing {pt:title_last} in [clinic|the office|follow-up] on "
    "{date:note:long}. ",
    "As you know, {he} is {a_age} {man} with {problem} and {problem}. ",
    "{He} was [recently|] hospitalized at {hospital} from {date:admit:partial} to "
    "{date:discharge:any} for {dx}. ",
    "Since discharge {he} has [been doing well|had {cc}|had no further {cc}]. ",
    "On examination, {vitals}. ",
    "[{murmur}|Lungs were clear|{strength}] and [the incision is healing well|there was no "
    "edema|{eponym:exam}]. ",
    "[Recent labs|Labs from {date:recent1:partial}] showed {labs}. ",
    "I have [started|increased|stopped] {med}. ",
    "{He} [lives with|is accompanied today by] {his} {rel:0}, who [drives|helps with "
    "medications]. ",
    "[I will see {him} again in {num:2:6} months|We will arrange follow-up on "
    "{date:followup1:any}]. ",
    "Please do not hesitate to contact me at {phone:site} [with any questions|if I can be of "
    "further help]. ",
)


def letter_to_doctor(ctx: NoteContext) -> None:
    """Consultant's letter to the referring physician, with letterhead and addresses."""
    ctx.line("[{clinic}|{hospital}]")
    ctx.line("[{address:site:block}|{address:site:oneline}]")
    ctx.line("[Tel|Phone|T:] {phone:site}[   Fax {fax}|  F: {fax}|]")
    ctx.out.text("\n")
    ctx.line("{date:note:long}")
    ctx.out.text("\n")
    ctx.line("{dr:pcp:full_cred}")
    ctx.line("[{otherhosp}|{clinic}|]")
    ctx.out.text("\n")
    ctx.line("[Re|RE|Regarding]: {pt:full}[, DOB {date:dob}|  DOB: {date:dob:numeric}]"
             "[   MRN {mrn}|]")
    ctx.out.text("\n")
    ctx.line("Dear [Dr.|Doctor] {dr:pcp:last},")
    ctx.out.text("\n")
    render_body(ctx, [LETTER_BODY[0], *sentences(ctx, LETTER_BODY[1:3], 1, 2)])
    ctx.out.text("\n\n" if ctx.chance(0.6) else "")
    render_body(ctx, mix(ctx, sentences(ctx, LETTER_BODY[3:-2], 1, 4),
                         sentences(ctx, LETTER_CLINICAL[:-1], 5, 10)))
    ctx.out.text("\n\n")
    render_body(ctx, sentences(ctx, LETTER_BODY[-2:] + LETTER_CLINICAL[-1:], 1, 3))
    ctx.out.text("\n\n")
    ctx.line("[Sincerely|Best regards|With kind regards|Yours sincerely],")
    ctx.out.text("\n")
    ctx.line("{drsig:consultant}")
    ctx.line("[{clinic}|Department of [Cardiology|Neurology|Surgery|Endocrinology]]")
    if ctx.chance(0.5):
        ctx.line("cc: {pt:full}[, {address:pt:oneline}|]")


def letter_to_patient(ctx: NoteContext) -> None:
    """Letter mailed to the patient: address block, results, instructions."""
    ctx.line("{hospital}[ - {clinic}|]")
    ctx.line("{address:site:oneline}")
    ctx.out.text("\n")
    ctx.line("{date:note:long}")
    ctx.out.text("\n")
    ctx.line("{pt:full}")
    ctx.line("{address:pt:block}")
    ctx.out.text("\n")
    ctx.line("Dear {Mr} {pt:last},")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, LETTER_CLINICAL[5:], 0, 2))
    render_body(ctx, sentences(ctx, (
        "This letter is to [inform you of|let you know about] the results of your [recent "
        "tests|{anyproc}] on {date:recent1:long}. ",
        "Your [cholesterol|A1c|thyroid test|kidney function] [was normal|was slightly high|has "
        "improved]. ",
        "[We tried to reach you by phone at {phone:pt} but were unable to leave a message. |]",
        "Please [continue|start] {med}. ",
        "[Your kidney function is stable.|Your blood count is slightly low; we will recheck it "
        "in {num:2:6} weeks.|Your cholesterol is above goal; please continue the statin.] ",
        "[It is important to take your medicines every day.|Please bring all of your pill "
        "bottles to your next visit.|Remember to get your flu shot this season.] ",
        "[Please have your blood drawn about one week before the visit.|No fasting is "
        "needed.|Please fast for 8 hours before the blood test.] ",
        "[Your next appointment is on {date:followup1:long} at {time}.|Please call "
        "{phone:site} to schedule a follow-up visit.] ",
        "If you have questions, you can also send a message through the patient portal at "
        "{url}. ",
    ), 3, 6))
    ctx.out.text("\n\n")
    ctx.line("[Sincerely|Regards],")
    ctx.line("{drsig:pcp}")


def letter_certificate(ctx: NoteContext) -> None:
    """Work/school note or certificate 'to whom it may concern'."""
    ctx.line("[{clinic}|{hospital}]  {phone:site}")
    ctx.line("{date:note}")
    ctx.out.text("\n")
    ctx.line("[To whom it may concern|TO WHOM IT MAY CONCERN|Re: {pt:full}]:")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "{pt:full} (DOB {date:dob}) [was seen|was evaluated|has been under my care] "
        "[in our office|at {hospital}] on {date:recent1}. ",
        "{He} [was hospitalized from {date:admit} to {date:discharge}|is recovering from "
        "{dx}]. ",
        "{He} [may return to work at {employer}|may return to {his} duties as "
        "{aprofession}|should be excused from work] [on|starting] {date:future1}[ with no "
        "restrictions|, light duty for {num:2:4} weeks|]. ",
        "{He} is unable to drive [until cleared|for {num:2:6} weeks]. ",
        "[{He} should avoid lifting more than {num:10:25} pounds|{He} may need to take breaks "
        "to elevate {his} leg|{He} should be allowed to sit as needed] [for the next "
        "{num:2:6} weeks|until re-evaluated]. ",
        "[{He} is being treated for a medical condition that limits {his} activity.|The "
        "details of {his} condition are confidential.|{He} will need follow-up visits every "
        "{num:2:4} weeks.] ",
        "Please contact my office at {phone:site} with any questions. ",
    ), 2, 4))
    ctx.out.text("\n\n")
    ctx.line("{drsig:pcp}[\nLicense # {license}|\nNPI {license}|]")


SW_ASSESSMENT = (
    "Met with pt [and {his} {rel:0}|alone|with interpreter] at bedside. ",
    "{ptref} is {a_age} [married|widowed|divorced|single] {man} [who lives|living] [alone|with "
    "{his} {rel:0}] in [an apartment|a single-family home|senior housing] in {city}. ",
    "[Pt|{Mr} {pt:last}] [was born in|grew up in|is originally from] {hometown}[ and moved to "
    "{city} in {year:past7}|]. ",
    "{He} [works|worked] as {aprofession}[ at {employer}|][ for {num:5:35} years|]. ",
    "{He} [is retired from|was laid off from|is on leave from] {employer}. ",
    "{His} {rel:1} [lives nearby|lives in {town}|is the primary caregiver] and [visits "
    "daily|helps with shopping|works at {org}]. ",
    "{He} has {num:1:5} children: {relname:0:first} and {relname:1:first}. ",
    "[Pt|Family] [identified|named] {relname:0:full} as HCP[ (tel {relphone:0})|]. ",
    "Insurance: {insurer}[ #{plan}|, member ID {plan}|][; SSN {ssn}|]. ",
    "[Pt|{He}] [attends|is a member of] [{org}|a Catholic church|a local mosque|a Baptist "
    "church]. ",
    "[Pt reports|Per chart,] {he} [drinks|used to drink] [daily|heavily][ and was arrested "
    "for OUI in {year:past8}|]. ",
    "[Pt drives a|Car:] [{vehicle}|car, plate {vehicle}][ registered in {state}|]. ",
    "[Transportation|Rides] to appointments [by {rel:1}|via The RIDE|by taxi]. ",
    "[Financial|Income]: [SSDI|pension from {employer}|SSI and food stamps]. ",
)
SW_CLINICAL = (
    "Pt [appears|presents as] [calm and engaged|tearful at times|anxious but appropriate|"
    "guarded], [oriented x3|with linear thought process]. ",
    "{He} [describes|reports] [good support from family|feeling overwhelmed by {his} "
    "diagnosis|worry about finances|difficulty managing medications at home]. ",
    "[Discussed|Reviewed] [advance directives|the role of a health care proxy|home safety and "
    "fall risk|options for home services vs. short-term rehab] with pt. ",
    "{He} [denies|endorses] [SI/HI|depressed mood|alcohol use|feeling unsafe at home]. ",
    "[Coping|Adjustment to illness] [appears adequate|is limited by {his} anxiety|was "
    "explored using supportive counseling]. ",
    "Barriers to discharge include [lack of caregiver support|stairs at home|insurance "
    "coverage for rehab|transportation]. ",
    "{He} [would benefit from|was receptive to] [outpatient counseling|a referral to a "
    "support group|meals on wheels|a PCA evaluation]. ",
    "[Goals of care|Preferences for care] [were discussed|remain full treatment]; "
    "[{he} wishes to return home|{he} is open to rehab]. ",
)
SW_PLAN = (
    "SW will [continue to follow|f/u tomorrow|meet with family on {date:tomorrow:partial}]. ",
    "[Referral|Referrals] sent to {facility}[ (fax {fax})|]. ",
    "[Spoke with|Left VM for] [admissions at {facility}|{other:RELATIVE:full} at "
    "{facility}] [at {phone:new}|]. ",
    "[Provided|Gave] {rel:0} [resources for caregiver support|the number for elder services, "
    "{phone:new}]. ",
    "[Elder protective services|APS] [report filed|contacted] [on {date:note:partial}|today]. ",
    "Will coordinate with [case management|CM {dr:case_manager}]. ",
)


def sw_assessment(ctx: NoteContext) -> None:
    """Psychosocial assessment: family, employer, hometown, supports."""
    ctx.line("[SOCIAL WORK ASSESSMENT|Social Work Initial Assessment|Psychosocial "
             "Assessment|SW Note]")
    ctx.line("[Date|Date of service]: {date:note}[   Referral: {dr:attending}|]")
    ctx.line("[Reason for referral|Reason]: [discharge planning|coping|concern for "
             "safety at home|substance use|caregiver stress]")
    ctx.out.text("\n")
    section(ctx, "[Assessment|ASSESSMENT|Psychosocial]",
            mix(ctx, sentences(ctx, SW_ASSESSMENT, 3, 7), sentences(ctx, SW_CLINICAL, 4, 8)),
            newline=True)
    section(ctx, "[Plan|PLAN]", sentences(ctx, SW_PLAN, 1, 3), newline=True)
    ctx.line("{drsig:sw}[, pager {pager:sw}|, x{num:1000:9999}|]")


def sw_followup(ctx: NoteContext) -> None:
    """Short social-work or case-management follow-up."""
    ctx.line("[SW f/u|SW follow up|Case Management note|CM note] {date:note:partial}")
    render_body(ctx, mix(ctx, sentences(ctx, SW_ASSESSMENT[5:] + SW_PLAN, 1, 3),
                         sentences(ctx, SW_CLINICAL, 2, 5)))
    ctx.out.text("\n")
    ctx.line("[{dr:sw:full_cred}|{dr:case_manager:full_cred}|{drsig:sw}]")


def sw_dispo(ctx: NoteContext) -> None:
    """Discharge-planning note with facility, bed offer and contacts."""
    ctx.line("[DISCHARGE PLANNING|Discharge planning note|Case management - dispo]")
    ctx.render("[Pt|{pt:title_last}] [medically ready|expected to be ready] for d/c "
               "[on {date:discharge:partial}|{weekday:discharge}]. ")
    render_body(ctx, sentences(ctx, SW_CLINICAL[5:], 1, 3))
    render_body(ctx, sentences(ctx, (
        "[Bed offer|Accepted] at {facility}[ in {town}|] for {date:discharge:partial}. ",
        "[Insurance auth|Prior auth] [obtained|pending] from {insurer}, ref # {idnum}. ",
        "[{rel:0} agrees with plan|Family prefers {facility}]. ",
        "[Ambulance|Chair van] [booked|arranged] for {time}[ via {org}|]. ",
        "[VNA|Home care] referral to [{org}|{otherhosp} home care][ (ph {phone:new})|]. ",
        "[Report|Nurse-to-nurse report] to be called to {phone:new}. ",
        "{eponym}. ",
    ), 3, 6))
    ctx.out.text("\n")
    ctx.line("{drsig:case_manager}")


OP_STEPS = (
    "The patient was brought to the operating room and placed supine on the table. ",
    "[General endotracheal anesthesia was induced|Spinal anesthesia was administered] by "
    "{dr:anesthesiologist}. ",
    "[A Foley catheter was placed.|Foley placed.|SCDs were applied.] ",
    "The [abdomen|left hip|chest] was prepped and draped in the usual sterile fashion. ",
    "A time-out was performed confirming the patient's identity and the procedure. ",
    "A [{num:3:15} cm midline|Pfannenstiel|{num:2:4}-port laparoscopic] incision was made. ",
    "[Dense adhesions were lysed.|The gallbladder was retracted cephalad.|The fracture was "
    "reduced under fluoroscopy.] ",
    "[The cystic duct and artery were clipped and divided.|A {num:8:14} mm DHS was "
    "placed.|The specimen was sent to pathology.] ",
    "[Hemostasis was obtained.|The wound was irrigated.] ",
    "[A Jackson-Pratt drain was left in place.|A 19 Fr Blake drain was placed.|] ",
    "The fascia was closed with [0 PDS|#1 Vicryl] and the skin with [staples|4-0 Monocryl]. ",
    "[Sponge and needle counts were correct x2.|All counts correct.] ",
    "{eponym:device}. ",
)


def op_full(ctx: NoteContext) -> None:
    """Full operative report with headed sections and a narrative description."""
    ctx.line("[OPERATIVE REPORT|OPERATIVE NOTE|Operative Report]")
    ctx.line("[PATIENT|Patient name]: {pt:last_first_caps}   {label:mrn}{mrn}")
    ctx.line("[DATE OF OPERATION|DATE OF SURGERY|Date of procedure]: {date:surgery}")
    ctx.line("[SURGEON|Surgeon]: {dr:surgeon}")
    ctx.line("[ASSISTANT|Assistant(s)]: [{dr:resident}|{dr:resident}, {other:DOCTOR}|none]")
    ctx.line("[ANESTHESIA|Anesthesia]: [General|Spinal|MAC] ([{dr:anesthesiologist}|"
             "{dr:anesthesiologist:full_cred}])")
    ctx.out.text("\n")
    section(ctx, "PREOPERATIVE DIAGNOSIS", "[{dx}|{anydx}]")
    section(ctx, "POSTOPERATIVE DIAGNOSIS", "[Same|{dx}|same as above]")
    section(ctx, "PROCEDURE", "{proc}")
    section(ctx, "INDICATIONS", "{agephrase} {male} with {problem} [who presented with "
            "{cc}|referred by {dr:pcp}]. Risks and benefits were discussed with the patient "
            "[and {his} {rel:0}|] and consent was obtained.")
    section(ctx, "DESCRIPTION OF PROCEDURE", sentences(ctx, OP_STEPS, 8, 13), newline=True)
    section(ctx, "[FINDINGS|Findings]", "[As above|{anydx}|Inflamed gallbladder]")
    section(ctx, "[EBL|ESTIMATED BLOOD LOSS]", "{num:10:800} mL")
    section(ctx, "[SPECIMENS|Specimens]", "[{proc} specimen to pathology|None]")
    if ctx.chance(0.4):
        section(ctx, "IMPLANTS", "[DHS plate, lot {idnum}|Pacemaker generator, serial "
                "{device}|mesh {num:10:30} x {num:10:30} cm, ref {idnum}]")
    section(ctx, "[DISPOSITION|Condition]", "[To PACU in stable condition|Extubated, to "
            "recovery in good condition|To {unit}]")
    ctx.line("{drsig:surgeon}[  {dt:surgery}|]")


def op_brief(ctx: NoteContext) -> None:
    """Brief operative note, one item per line."""
    ctx.line("[Brief Op Note|BRIEF OPERATIVE NOTE|Immediate post-op note] {date:surgery}")
    lines = (
        "[Pre-op dx|Preop diagnosis]: {dx}", "[Post-op dx|Postop diagnosis]: [same|{anydx}]",
        "[Procedure|Proc]: {proc}", "[Surgeon|Attending]: {dr:surgeon}",
        "[Asst|Assistant]: {dr:resident}", "[Anesthesia|Anes]: [GETA|spinal|MAC]",
        "[Findings|findings]: [{anydx}|as expected]", "[EBL|ebl]: {num:5:500} cc",
        "[Fluids|IVF]: {num:500:3000} cc LR", "[UOP|Urine]: {num:50:600} cc via foley",
        "[Drains|drains]: [JP x1|none|Blake x2|{lookalike:device}]",
        "[Specimens|specimens]: [to path|none]",
        "[Lines|Access|Notes]: [{lookalike:number}|{lookalike:device}|{lookalike:generic}]",
        "[Complications|complications]: [none|none apparent]",
        "[Condition|Dispo]: [stable to PACU|to {unit}]",
    )
    for line in lines:
        if ctx.chance(0.85):
            ctx.line(line)
    ctx.line("[{dr:resident:full}|{drsig:resident}] for {dr:surgeon:dr_last}")


FAMILIES = (
    Family("letter-doctor", LETTER, letter_to_doctor, "after", AS_IS,
           "consultant letter to the referring physician"),
    Family("letter-patient", LETTER, letter_to_patient, "after", AS_IS,
           "results letter mailed to the patient", weight=0.7),
    Family("letter-certificate", LETTER, letter_certificate, "after", AS_IS,
           "work or school note, 'to whom it may concern'", weight=0.5),
    Family("sw-assessment", SOCIAL_WORK, sw_assessment, "during", AS_IS,
           "social-work psychosocial assessment (family, employers, hometowns)"),
    Family("sw-followup", SOCIAL_WORK, sw_followup, "during", AS_IS,
           "short social-work or case-management follow-up", weight=0.7),
    Family("sw-dispo", SOCIAL_WORK, sw_dispo, "discharge", MOSTLY_AS_IS,
           "discharge-planning note"),
    Family("op-full", OPERATIVE, op_full, "surgery", MOSTLY_AS_IS,
           "full operative report"),
    Family("op-brief", OPERATIVE, op_brief, "surgery", AS_IS, "brief operative note",
           weight=0.7),
)
