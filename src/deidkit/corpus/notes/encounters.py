"""ED notes, telephone encounters, physician progress notes and consults."""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes import clinical as k
from deidkit.corpus.notes import common as c
from deidkit.corpus.notes.base import (
    AS_IS,
    CONSULT,
    ED,
    MOSTLY_AS_IS,
    PROGRESS,
    TELEPHONE,
    Family,
    items,
    joined,
    mix,
    render_body,
    section,
    sentences,
)

ED_COURSE = (
    "[Pt|Patient] [was given|received] {med} and {med}. ",
    "[CT head|CXR|CTA chest|RUQ US] [negative|unremarkable|without acute findings|pending at "
    "time of admission]. ",
    "[Troponin|trop] [{dec:0.01:0.09:2}|negative x2|elevated at {dec:0.1:3.2:2}]. ",
    "[Discussed with|Case d/w] {dr:attending}[ who accepts for admission|, will admit to "
    "medicine|]. ",
    "[Cards|Cardiology|Surgery|GI] [consulted|paged], [recs appreciated|will see in ED]. ",
    "[Repeat|re-eval] [VS|vitals] {vitals}. ",
    "[{rel:0} at bedside|{rel:0} updated by phone at {relphone:0}]. ",
    "{eponym}. ",
    "[Poison control|PCP {dr:pcp}] contacted[ at {phone:new}|]. ",
)
TRIAGE_LINES = (
    "[BIBA|BIB EMS|walk-in|BIB family] from [home|{facility}|work at {employer}|{landmark}]",
    "c/o {cc} x {num:1:7} [days|hrs|wks]",
    "[PMH|hx] {problem}, {problem}",
    "[allergies|all] [NKDA|PCN|sulfa]",
    "[PCP|pcp] {dr:pcp}",
    "VS {vitals}",
    "[pain|Pain] {num:0:10}/10",
    "[ESI|acuity] {num:1:4}",
    "[fell at|found down at] {landmark} [per EMS|per bystander]",
    "[+LOC|no LOC], [on coumadin|not on anticoagulation]",
    "{lookalike:word}",
    "{lookalike:number}",
    "[hx|h/o] {lookalike:history}",
)
TELEPHONE_REASONS = (
    "[medication question|refill request|test results|symptom call|appointment request]",
    "{cc} [since yesterday|x {num:2:5} days|worse today]",
    "[question about|side effects of] {med}",
)
PROGRESS_EVENTS = (
    "[Overnight|O/N]: [no acute events|{eponym:device}|spiked to {temp}, pan-cultured|"
    "triggered for {cc}]. ",
    "[Remains|Still] on {med}. ",
    "[Pt|pt] [seen and examined|reports feeling better|c/o {cc}] this am. ",
    "{vitals}. ",
    "Labs: {labs}. ",
    "{io}. ",
    "[Family|{rel:0}] updated [at bedside|by phone|]. ",
    "Discussed with {dr:consultant}. ",
)


def ed_physician(ctx: NoteContext) -> None:
    """ED physician note with triage header and MDM."""
    ctx.line("[EMERGENCY DEPARTMENT NOTE|ED Provider Note|Emergency Department Physician "
             "Record]")
    ctx.line("[{hospital}|{hospital} Emergency Department]")
    ctx.line("[Patient|Pt name]: {pt:full}   {label:mrn}{mrn}   {label:dob}"
             "{date:dob}")
    ctx.line("[Arrival|Arrival time|Date of service]: {dt:admit}[   {label:room}[ED |]{room}|]")
    if ctx.chance(0.3):
        ctx.line("[SSN|Social Security #]: {ssn}   [Insurance|Payer]: {insurer}")
    ctx.line("[Attending|ED attending]: {dr:ed}[   PCP: {dr:pcp}|]")
    ctx.out.text("\n")
    section(ctx, "[CHIEF COMPLAINT|Chief complaint|CC]", "{cc}")
    section(ctx, "[HPI|History of present illness]",
            [ctx.pick(c.HPI_OPENERS) + " ", *mix(ctx, sentences(ctx, c.HPI_MORE, 1, 3),
                                               sentences(ctx, k.HPI_CLINICAL, 4, 8))])
    section(ctx, "[PMH|Past medical history]", items(ctx, c.PMH_ITEMS, 2, 5, style="inline"))
    section(ctx, "[Meds|Medications]", "[{med}; {med}; {med}|see list|none]")
    section(ctx, "[SH|Social]", sentences(ctx, c.SOCIAL, 1, 3))
    if ctx.chance(0.5):
        section(ctx, "[ROS|Review of systems]", "[negative except as in HPI|10-point ROS "
                "negative except as noted]")
    else:
        section(ctx, "[ROS|Review of systems]", joined(sentences(ctx, k.ROS, 4, 9)),
                newline=True)
    section(ctx, "[PE|Physical exam]", ["{vitals}\n", *joined(ctx.sample(c.EXAM, 5))],
            newline=True)
    section(ctx, "[ED Course|MDM|ED course / MDM]",
            mix(ctx, sentences(ctx, ED_COURSE, 2, 4), sentences(ctx, k.COURSE_CLINICAL, 2, 5)))
    section(ctx, "[Impression|Diagnosis|Clinical impression]", "{dx}")
    section(ctx, "[Disposition|Dispo]", "[Admit to {unit}|Admitted to medicine, {dr:attending}|"
            "Discharged home with {rel:0}|Transfer to {otherhosp}]")
    ctx.line("{drsig:ed}[ {dt:admit}|]")


def ed_triage(ctx: NoteContext) -> None:
    """Triage note: a few shorthand lines separated by slashes or periods."""
    ctx.line("[TRIAGE|Triage note|RN triage] [{time}|{dt:admit}]")
    ctx.render("{agephrase} {M} ")
    chosen = ctx.sample(TRIAGE_LINES, ctx.rng.randint(4, 8))
    render_body(ctx, joined(chosen, ctx.pick((". ", "; ", " / ", ", "))))
    ctx.out.text(".\n")
    if ctx.chance(0.5):
        ctx.line("[{dr:nurse:first}, RN|{drsig:nurse}|triage RN {username:nurse}]")


def ed_fasttrack(ctx: NoteContext) -> None:
    """Fast-track / urgent care visit: brief, discharged home with instructions."""
    ctx.line("[Urgent Care Visit|ED Fast Track Note|Walk-in clinic note] - {date:note}")
    ctx.line("{pt:full}, {agephrase}, [seen at|presents to] [{clinic}|{hospital}] with {cc}.")
    render_body(ctx, mix(ctx, sentences(ctx, c.HPI_MORE, 1, 2),
                         sentences(ctx, k.HPI_CLINICAL, 1, 3)))
    ctx.out.text("\n")
    ctx.line("Exam: {vitals}. " + ctx.pick(c.EXAM))
    ctx.line("A/P: [{anydx}|{cc}] - [{med}|supportive care], [f/u PCP {dr:pcp} in "
             "{num:2:7} days|return if worse]. [Work note given for {date:tomorrow:partial}|"
             "Excused from work at {employer} until {date:future1:partial}|]")
    ctx.line("[{drsig:ed}|{dr:ed:full_cred}]")


def tel_message(ctx: NoteContext) -> None:
    """Clinic telephone encounter: caller, callback number, message, routing."""
    ctx.line("[Telephone Encounter|TELEPHONE ENCOUNTER|Phone Note|Telephone call]")
    ctx.line("[Date/Time|Call date]: {dt:note}")
    ctx.line("[Caller|Spoke with|Call from]: [{rel:0}|{pt:full} (self)|patient]")
    ctx.line("[Callback|Call back #|Best number]: [{relphone:0}|{phone:pt}|{phone:cell}]")
    ctx.line("[Reason for call|Reason]: " + ctx.pick(TELEPHONE_REASONS))
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Pt's|Patient's] {relation:0} called stating {he} has had {cc}. ",
        "{ptref} called [requesting|asking for] a refill of {med}. ",
        "[Reports|States] [temp|T] {temp} at home[, taking tylenol|]. ",
        "[Advised|Instructed] to [go to the ED|call 911 if worse|keep appt on "
        "{date:followup1:partial}|hold {med} until seen]. ",
        "[Discussed with|Routed to] {dr:pcp}[, who agrees|]. ",
        "[Appt made|Scheduled] with {dr:pcp} on {date:followup1:any} at {time}. ",
        "[Pharmacy|Preferred pharmacy]: [{street}, {city}|on file][, ph {phone:new}|]. ",
        "[Left message|LM] on [voicemail|machine] at {phone:pt} to call back. ",
        "{He} verbalized understanding. ",
        "[Denies|Reports] [fever|chest pain|shortness of breath|vomiting|dizziness], "
        "[eating and drinking ok|urinating normally|no new swelling]. ",
        "Reviewed [red flag symptoms|when to call 911|medication instructions] [with caller|"
        "in detail]. ",
        "[Last dose of {med} taken this morning.|Taking {med} as directed.|Ran out of {med} "
        "{num:2:4} days ago.] ",
        "[BP at home {bp}|Home glucose {num:90:350}|Weight up {num:2:6} lbs this week]. ",
        "{eponym}. ",
    ), 3, 6))
    ctx.out.text("\n\n")
    ctx.line("[{dr:nurse:full_cred}|{drsig:nurse}|{username:nurse}] [{dt:note}|]")


def tel_portal(ctx: NoteContext) -> None:
    """Patient-portal message with its audit line (e-mail, IP) and the reply."""
    ctx.line("[Patient Message|MyChart Message|Portal message] [received|] {dt:note}")
    ctx.line("From: {pt:full}[ <{email}>|]")
    ctx.line("To: {dr:pcp}[ / {clinic}|]")
    ctx.line("Subject: [{cc}|Question about {med}|Results|Refill]")
    ctx.out.text("\n")
    ctx.render(ctx.pick((
        "Hi Dr. {dr:pcp:last}, [I have been having|my {relation:0} says I have] {cc} since "
        "{weekday:recent1}. Should I [come in|go to urgent care]? [You can reach me at "
        "{phone:cell}.|Thanks, {pt:first}]",
        "Hello, this is {relname:0:full}, {pt:first}'s {relation:0}. {He} [is out of|needs a "
        "refill of] {med}. [Please call {relphone:0}.|Thank you.]",
        "Dr {dr:pcp:last} - my labs from {date:recent1:partial} are [on the portal|back], can "
        "you explain the [A1c|cholesterol|kidney] numbers? {pt:first}",
    )))
    ctx.out.text("\n\n")
    ctx.line("[Reply|Response] from {dr:pcp:full_cred} {dt:note}:")
    ctx.render("[Thanks for your message.|Hi {pt:first},] [Please schedule a visit|Your results "
               "look stable|I sent the refill to your pharmacy|Please go to the ED if "
               "symptoms worsen|{lookalike:word}|{lookalike:number}]. ")
    ctx.out.text("\n")
    if ctx.chance(0.6):
        ctx.line("[Audit|Session]: [login from|IP] {ip}[, user {username:nurse}|]")


def tel_results(ctx: NoteContext) -> None:
    """Results call documented by a nurse: very short, often lowercase."""
    ctx.render("[Called|called|Spoke w/] [pt|{pt:first}|{rel:0}] [at|@] [{phone:pt}|"
               "{relphone:0}] re: [{anydx}|labs|imaging from {date:recent1:partial}|biopsy "
               "result]. ")
    render_body(ctx, sentences(ctx, (
        "[Identified with|Verified] [name and DOB|2 identifiers]. ",
        "Results [reviewed|discussed] per {dr:pcp}. ",
        "[INR|inr] {dec:1.1:4.2:1}, [coumadin dose unchanged|hold x1 then resume {med}]. ",
        "[Recheck|Repeat] [INR|labs] on {date:followup2:partial}. ",
        "[Denies bleeding or bruising|No missed doses|Diet unchanged]. ",
        "[Will continue current plan.|Advised to call with any new symptoms.] ",
        "[No questions|Questions answered]. ",
        "{lookalike:word}. ",
    ), 2, 4))
    ctx.out.text("\n")
    ctx.line("[-- |]{dr:nurse:first}[, RN|]")


def progress_soap(ctx: NoteContext) -> None:
    """Daily physician progress note, SOAP with an assessment and plan by problem."""
    ctx.line("[MICU|Medicine|Hospitalist|Cardiology] [Progress Note|PROGRESS NOTE|Daily "
             "Progress Note] - [HD #{hd}|Hospital day {hd}|{date:note:partial}]")
    if ctx.chance(0.5):
        ctx.line("{pt:last_first}  [{mrn}|]")
    section(ctx, "[S|Subjective|24 Hour Events]", sentences(ctx, PROGRESS_EVENTS, 1, 3))
    section(ctx, "[O|Objective]", ["{vitals}\n", *joined(ctx.sample(c.EXAM, 4)), "\nLabs: {labs}"],
            newline=True)
    ctx.line("[A/P|Assessment and Plan|A&P]: {agephrase} {M} w/ {problem} admitted "
             "{date:admit:partial} with {dx}.")
    render_body(ctx, sentences(ctx, k.COURSE_CLINICAL, 1, 3))
    ctx.out.text("\n")
    for line in sentences(ctx, k.ASSESSMENT_PLAN, 4, 9):
        ctx.line(line)
    for _ in range(ctx.rng.randint(1, 3)):
        ctx.render(ctx.pick(("# {dx}: ", "# {problem}: ", "#{anydx}: ", "- {problem}: ")))
        render_body(ctx, sentences(ctx, (
            "[cont|continue] {med}. ", "[f/u|follow] [cx|cultures|echo|CT]. ",
            "[appreciate|appr] [cards|renal|ID] recs. ", "{eponym}. ",
            "[monitor|trend] [lytes|Cr|Hct]. ", "[d/c|stop] {med}. ",
        ), 1, 3))
        ctx.out.text("\n")
    ctx.line("[FEN|Prophylaxis|PPx]: [heparin SC, PPI|SCDs|bowel regimen]")
    ctx.line("[Code|Code status]: [Full|DNR/DNI][ (confirmed with {rel:0})|]")
    ctx.line("[Dispo|Disposition]: [pending|likely {date:tomorrow:partial}|to rehab when "
             "stable|home {weekday:tomorrow}]")
    ctx.line("[{dr:resident:full}, MD|{drsig:resident}][, pgr {pager:resident}|]")
    if ctx.chance(0.4):
        ctx.line("[Attending addendum|Teaching physician note]: [I saw and examined the "
                 "patient with {dr:resident:dr_last} and agree with the plan.|Agree with "
                 "above.] {drsig:attending}")


def progress_brief(ctx: NoteContext) -> None:
    """Intern's brief note with one-line problems; few identifiers."""
    ctx.line("[Intern note|Brief progress note|Cross-cover note|Night float note] {time}")
    render_body(ctx, mix(ctx, sentences(ctx, PROGRESS_EVENTS, 2, 4),
                         sentences(ctx, k.NURSING_EXTRA, 0, 2)))
    ctx.out.text("\n")
    ctx.line("[Plan|PLAN]: " + ctx.pick(("[cont current mgmt|no changes]",
                                         "[recheck {labs} in AM|f/u cx]")))
    if ctx.chance(0.5):
        ctx.line("[-|--] {dr:resident}")


def consult(ctx: NoteContext) -> None:
    """Consult note: requesting physician, reason, recommendations."""
    ctx.line("[Cardiology|Nephrology|Infectious Disease|Neurology|Geriatrics|Palliative Care] "
             "[Consult Note|Consultation|Initial Consult]")
    ctx.line("[Date|Date of consult]: {date:note}[  Time: {time}|]")
    ctx.line("[Requesting physician|Referring|Requested by]: {dr:attending}")
    ctx.line("[Reason for consult|Reason]: [{cc}|eval of {anydx}|{dx}, ? {anydx}]")
    ctx.out.text("\n")
    section(ctx, "[HPI|History]", [ctx.pick(c.HPI_OPENERS) + " ",
                                   *mix(ctx, sentences(ctx, c.HPI_MORE, 1, 4),
                                        sentences(ctx, k.HPI_CLINICAL, 4, 9))])
    section(ctx, "[ROS|Review of Systems]", joined(sentences(ctx, k.ROS, 3, 8), "; "))
    section(ctx, "[PMH|Past Medical History]", items(ctx, c.PMH_ITEMS, 2, 6))
    section(ctx, "[Social|SH]", sentences(ctx, c.SOCIAL, 1, 3))
    section(ctx, "[Exam|PE]", ["{vitals}. ", *joined(ctx.sample(c.EXAM, 4), "; ")])
    section(ctx, "[Impression|Assessment]", "{agephrase} {male} with {dx}[, likely {anydx}|].")
    section(ctx, "[Recommendations|Recs]", items(ctx, (
        "[start|continue] {med}", "[check|obtain] [TTE|MRI|ferritin|TSH]", "{eponym}",
        "will follow with you", "[outpatient follow-up with|f/u] {dr:consultant} in "
        "{num:2:8} weeks", "discussed with {dr:attending}", "[page|call] with questions "
        "at {pager:consultant}",
    ), 2, 5, style="numbered"), newline=True)
    ctx.line("[Thank you for this consult.|Thank you for involving us in the care of "
             "{pt:title_last}.|]")
    ctx.line("{drsig:consultant}")


FAMILIES = (
    Family("ed-physician", ED, ed_physician, "before", MOSTLY_AS_IS,
           "ED physician note with history, exam, course and disposition"),
    Family("ed-triage", ED, ed_triage, "before", ((Case.AS_IS, 0.6), (Case.UPPER, 0.2),
                                                    (Case.LOWER, 0.2)),
           "triage shorthand"),
    Family("ed-fasttrack", ED, ed_fasttrack, "after", AS_IS,
           "fast-track or urgent care visit", weight=0.7),
    Family("tel-message", TELEPHONE, tel_message, "after", AS_IS,
           "clinic telephone encounter with caller and callback number"),
    Family("tel-portal", TELEPHONE, tel_portal, "after", AS_IS,
           "patient-portal message with reply and audit line"),
    Family("tel-results", TELEPHONE, tel_results, "after", ((Case.AS_IS, 0.7), (Case.LOWER, 0.3)),
           "nurse's results call", weight=0.6),
    Family("progress-soap", PROGRESS, progress_soap, "during", AS_IS,
           "daily physician progress note (SOAP, problem-based plan)"),
    Family("progress-brief", PROGRESS, progress_brief, "during",
           ((Case.AS_IS, 0.7), (Case.LOWER, 0.3)), "intern or cross-cover note"),
    Family("consult", CONSULT, consult, "during", MOSTLY_AS_IS,
           "specialty consult note with recommendations"),
)
