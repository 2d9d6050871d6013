"""Note types the generator lacked (issue 17, item 3): registration face sheets, EMS run
reports, trauma notes after a crash, case-management discharge plans, occupational-health
visits, device-clinic checks, travel and infectious-disease consults, pharmacist medication
reconciliations, patient-portal message threads and lower-case nursing handoffs.

They write the categories the earlier families wrote least, each in many phrasings, field
layouts, table rows and free text: employers, agencies, EMS services, pharmacies, equipment
suppliers, schools and churches; nursing, rehabilitation and outpatient facilities;
landmarks; named units and rooms; street addresses of many shapes; countries; professions of
anyone; ages in family history; identifiers of many shapes behind many cues (claim, Rx,
authorisation, licence, plate, VIN, serial, member and account numbers, SSNs); user names;
``LAST, FIRST M`` and lower-case names; staff initials.
"""

from __future__ import annotations

from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import (
    AS_IS,
    CONSULT,
    ED,
    MOSTLY_AS_IS,
    NURSING,
    NURSING_CASES,
    SOCIAL_WORK,
    TELEPHONE,
    Family,
    render_body,
    section,
    sentences,
)

# --- shared banks ----------------------------------------------------------------------------

SIGNOFFS = (
    "[Last edited by|Last updated by|Edited by|Modified by] {login:nurse} [on|] "
    "{date:note:numeric} {time}",
    "[Signed|E-signed|Electronically signed] by {staff:attending:full} ({login:attending}) "
    "[on|] {pdate:note:slash}",
    "[User|Author|Entered by|Created by]: {login:resident}",
    "{staff:nurse:full}, RN [\\| {login:nurse}|({login:nurse})|/ {inits:nurse}]",
    "[Cosign needed|Cosigner]: {staff:attending:last_first_caps} [MD|DO]",
    "[Routed to|Sent to|cc]: {login:pcp}, {login:nurse}",
    "{dictcode:attending} [D|Dict]: {pdate:note:slash} [T|Trans]: {pdate:tomorrow:slash}",
    "[--|-]{inits:nurse}",
    "{inits:resident} / {inits:attending}",
    "[Audit trail|Access log]: {login:clerk} viewed {pdate:note:slash} {time}",
    "[Reviewed|Read] and agree. {staff:attending:initial_last}, MD {pagerno}",
    "[Questions|Call] {staff:nurse:first} {ext}",
    "[Note written by|Written by|Scribed by] {staff:scribe:full} [for|on behalf of] "
    "{dr:attending}",
)


def signoff(ctx: NoteContext, low: int = 1, high: int = 3) -> None:
    ctx.out.text("\n")
    render_body(ctx, [line + "\n" for line in sentences(ctx, SIGNOFFS, low, high)])


EMPLOYMENT = (
    "[Works|works] as {anyprof:a} at {org2:company}",
    "[Employed|employed] [by|at] {org2:company}[ in {citystate}|] as {anyprof:a}",
    "[Retired|retired] {anyprof} ({org2:company}, {num:10:35} yrs)",
    "[Job|Occupation|Work]: {anyprof}, {org2:company}",
    "[Former|former] {anyprof}; now works [part time|nights] at {org2}",
    "[Teaches|teaches] at {org2:school}",
    "[Attends|attends] {org2:school}[ (grade {num:1:12})|]",
    "[Active|active] at {org2:church}",
    "[Unemployed|unemployed] since layoff from {org2:company} in {year:past2}",
    "[Spouse|Partner|Wife|Husband] is {anyprof:a} at {org2:company}",
    "[Volunteers|volunteers] at {landmark2}",
    "[Worked|worked] [at|for] {org2:company} until {pdate:past2}",
    "[Self-employed|self-employed] {anyprof}",
    "[On|on] disability; previously {anyprof:a} [with|for] {org2:company}",
)

FAMILY_AGES = (
    "[Father|Mother|father|mother] [died|d.|passed] at {oldage:50:104}[ of {anydx}|]",
    "[Grandmother|Grandfather|grandmother|grandfather] [lived to|died at|living at] "
    "{oldage}",
    "[Brother|Sister|brother|sister], {oldage:30:90}, [with|has] {problem}",
    "[Son|Daughter|son|daughter] ({oldage:5:70}) healthy",
    "[MGM|PGM|MGF|PGF] {oldage:60:103}, [dementia|CAD|breast ca]",
    "[Mom|Dad|mom|dad] is {oldage:80:102} and lives at {facility2}",
    "[Twin|twin] [brother|sister] died at age {oldage:1:89}",
    "[Aunt|Uncle|aunt|uncle] [age|aged] {oldage:60:99} [with|- ] {problem}",
    "[Father|Mother] alive, {oldage:70:99}, in {city} {state}",
    "{relfull} ({relation:0}, {oldage:30:95}) [is HCP|lives nearby]",
)

CARE_LINKS = (
    "[Referral|referral] sent to {facility2}[ (fax {fax})|]",
    "[Accepted|accepted] at {facility2} for {pdate:followup1:slash}",
    "[VNA|Home care|Home health]: {org2:agency}[, {phone:new}|]",
    "[Transport|transport] by {org2:ems}[ at {time}|]",
    "[Oxygen|O2|Walker|Hospital bed|Wheelchair] from {org2:dme}[, {idcue:DEVICE}|]",
    "[Meds|Prescriptions|Rx] to {org2:pharmacy}[, {phone:new}|]",
    "[Labs|Blood work] drawn at {org2:lab}",
    "[Lives|lives] at {facility2}, {dept} [unit|wing], room {room2}",
    "[Dialysis|HD] at {facility2} [MWF|TuThSa]",
    "[Day program|Adult day health] at {org2:agency}",
    "{insurername} [auth|authorization] {idval:IDNUM} for {facility2}",
    "[Followed by|followed by] {org2:agency} for [wound care|med management|PT/OT]",
    "[Meals|meals] through {org2:agency}",
)

IDENTIFIERS = (
    "{idcue:IDNUM}", "{idcue:ACCOUNT}", "{idcue:LICENSE}", "{idcue:VEHICLE}",
    "{idcue:DEVICE}", "{idcue:HEALTHPLAN}", "{idcue:MEDICALRECORD}", "{idcue:SSN}",
)


def _rows(ctx: NoteContext, rows: tuple[str, ...], low: int, high: int,
          separator: str = "\n") -> None:
    """Field rows: one a line, or two to a line separated by a tab or a pipe."""
    chosen = sentences(ctx, rows, low, high)
    index = 0
    while index < len(chosen):
        if index + 1 < len(chosen) and ctx.chance(0.3):
            ctx.render(chosen[index])
            ctx.render(ctx.pick(("\t", "   ", " \\| ")))
            ctx.render(chosen[index + 1])
            index += 2
        else:
            ctx.render(chosen[index])
            index += 1
        ctx.out.text(separator)


# --- families --------------------------------------------------------------------------------

FACE_ROWS = (
    "[Patient Name|Name|PATIENT]: [{ptname:caps}|{ptname:mixed}|{pt:full}]",
    "[DOB|Date of Birth|Birthdate]: {date:dob:numeric}[  Age: {ptage}|  ({agesex})|]",
    "[SSN|SS#|Social Security #]: {ssn2}",
    "[Address|Home Address|Street]: {street2}",
    "[City/State/Zip|City, ST ZIP]: {city}, {state} {zip}",
    "[Home Phone|Phone|Tel]: {phone:pt}",
    "[Cell|Mobile]: {phone:cell}",
    "[Employer|Employer Name]: {org2:company}",
    "[Occupation|Job Title]: {anyprof}",
    "[Employer Address|Work Address]: {street2}, {citystate}",
    "[Primary Insurance|Ins 1|Payer]: {insurername}   [Member ID|ID #|Subscriber ID]: "
    "{idval:HEALTHPLAN}",
    "[Group #|Group No|Grp]: {idval:IDNUM}",
    "[Secondary Ins|Ins 2]: {insurername} {idval:HEALTHPLAN}",
    "[Guarantor|Responsible Party]: {relfull:last_first_caps}  [Acct|Guarantor Acct]: "
    "{idval:ACCOUNT}",
    "[Emergency Contact|Emerg Contact|Next of Kin]: {rel:0} {relphone:0}",
    "[PCP|Primary Care|Primary MD]: {dr:pcp}[, {clinic}|]",
    "[Preferred Pharmacy|Pharmacy]: {org2:pharmacy}",
    "[Country of Birth|Birthplace|Born in]: {country}",
    "[Language|Primary language]: {lang}",
    "[Church|Religion/Congregation|Faith community]: {org2:church}",
    "[Admit Unit|Unit|Location]: {dept} [Rm|Room|Bed] {room2}",
    "[Registered by|Reg clerk|Registrar]: {login:clerk}",
    "[Visit #|Encounter|HAR]: {idval:ACCOUNT}",
    "[MRN|Med Rec #|Hospital #]: {mrn}",
    "[Driver's License|DL#]: {state} {idval:LICENSE}",
    "[School|School/Grade]: {org2:school}",
)


def face_sheet(ctx: NoteContext) -> None:
    """A registration face sheet: field rows, some two to a line, then a short free text."""
    ctx.line("[{hospital}|{hospabbr}|{hospital} - Patient Registration] "
             "[FACE SHEET|Face Sheet|REGISTRATION|Demographics]")
    ctx.line("[Printed|Run date|Generated] {date:note:numeric} {time}[ by {login:clerk}|]")
    ctx.out.text("\n")
    _rows(ctx, FACE_ROWS, 9, 16)
    ctx.out.text("\n")
    ctx.line("[Comments|Notes|Reg notes]: " + " ".join(phrase + "." for phrase in sentences(
        ctx, (*EMPLOYMENT[:4], *CARE_LINKS[2:7], "Pt moved from {country} in {year:past3}",
              "{relfull} ({relation:0}) to be called at work, {org2:company} {ext}",
              "{lookalike:word}", "{lookalike:generic}"), 1, 3)))


EMS_ROWS = (
    "[Agency|Service|EMS Agency]: {org2:ems}",
    "[Unit|Rig|Vehicle]: {vehiclenum}",
    "[Run #|Incident #|PCR #]: {idval:IDNUM}",
    "[Crew|Crew members]: {staff:medic:full} [(EMT-P)|, Paramedic|] / {staff:emt:full}[ "
    "(EMT-B)|, EMT|]",
    "[Crew|Medic]: {staff:medic:last_first_caps} {idcue:LICENSE}",
    "[Pick-up|Scene|Incident location]: [{street2}, {city}|{landmark2}, {city}|{landmark2}]",
    "[Destination|Transported to|Dest]: [{hospital}|{hospabbr}|{otherhosp}]",
    "[Dispatched|Disp] {time}  [On scene|Arr] {time}  [Transport|Depart] {time}",
    "[Pt|Patient]: {ptname:caps}, {agesex}",
    "[Found at|Located at|Called from] {facility2}[, {dept} unit|, room {room2}|]",
)


def ems_run(ctx: NoteContext) -> None:
    """An EMS run report: agency, unit, crew with licences, scene, narrative, handoff."""
    ctx.line("[PREHOSPITAL CARE REPORT|EMS Run Report|Patient Care Record|EMS HANDOFF] "
             "[{date:note:numeric}|{pdate:note:weekday}]")
    _rows(ctx, EMS_ROWS, 5, 9)
    ctx.out.text("\n")
    section(ctx, "[Narrative|NARRATIVE|Hx]", sentences(ctx, (
        "[Dispatched|Called] to {street2} for {cc}. ",
        "[Pt|Patient] found [on the floor|in the bathroom|at the bus stop] [at|near] "
        "{landmark2}. ",
        "[Bystander|Neighbor|Caller] {other:RELATIVE:full} [called 911|states pt collapsed]. ",
        "[Pt|Patient] is {a_age} {man} [with|w/] {problem}. ",
        "[Staff|Nurse] at {facility2} ({staff:snfnurse:first}) report[s|] [AMS|fever|a fall]. ",
        "[Wife|Husband|Daughter|Son] {relfull:first} [rode along|following in car]. ",
        "[Mutual aid|Intercept] from {org2:ems}[ {vehiclenum}|]. ",
        "{place:ems} [ALS|paramedic] intercept at {landmark2}. ",
        "[Police|PD] on scene; [report|case] {idval:IDNUM}. ",
        "[Vitals|VS]: HR {hr} BP {bp} RR {rr} SpO2 {o2}%. ",
        "[Pt|pt] [works|worked] as {anyprof:a} at {org2:company}. ",
    ), 3, 6))
    ctx.line("[Report given to|Handoff to|Care transferred to] {staff:nurse:full}, RN [at|in] "
             "[{dept}|{hospabbr} ED] {time}[; {inits:nurse}|]")
    ctx.line("[{staff:medic:full}, Paramedic|{staff:medic:initial_last} EMT-P] "
             "[{idcue:LICENSE}|({login:medic})|{state} cert {idval:LICENSE}]")


MVC_LINES = (
    "[Restrained|Unrestrained] [driver|passenger] of a [sedan|pickup|SUV] ({idcue:VEHICLE}) "
    "[struck|rear-ended|t-boned] at {landmark2}. ",
    "[Collision|Crash|MVC] on {street2} [near|by|at] {landmark2}, {city}. ",
    "[Other vehicle|Second car] {idcue:VEHICLE} [fled|stopped]. ",
    "[Extricated|Extrication] by {org2:ems}; [transported|flown] by {org2:ems}. ",
    "[Police|State police|Trooper] {other:RELATIVE:last_first_caps} [report|accident report] "
    "{idcue:IDNUM}. ",
    "[Pt|Patient] was driving [home from work|to work] at {org2:company}. ",
    "[Fell|fell] from a ladder at [a job site|work], {street2}; employer {org2:company}. ",
    "[Pedestrian|Cyclist] struck [crossing|near] {landmark2}. ",
    "[Pt|He|She] is {anyprof:a} [on the clock|at work] [at the time|during the crash]. ",
    "[Driver's license|DL] {state} {idval:LICENSE} [in belongings|given to security]. ",
    "[Insurance|Auto insurer] {org2:company} claim {idval:IDNUM}. ",
    "{relfull} ({relation:0}) [notified|on the way] at {phone:new}. ",
    "[Seen|Evaluated] first at {otherhosp} [and|then] [transferred|sent] via {org2:ems}. ",
)


def trauma_note(ctx: NoteContext) -> None:
    """A trauma note after a crash or a fall at work: vehicles, scene, police, employer."""
    ctx.line("[TRAUMA H&P|Trauma Tertiary Survey|Trauma Surgery Admission|Trauma Consult] "
             "[{date:note}|{pdate:note:weekday} {time}]")
    ctx.line("[Pt|Patient|Name]: {ptname} [({agesex})|MRN {mrn}|{idcue:ACCOUNT}] "
             "[Loc|Unit]: [{dept} {room2}|{hospabbr} TBay {num:1:8}]")
    ctx.out.text("\n")
    section(ctx, "[HPI|Mechanism|History]", sentences(ctx, MVC_LINES, 3, 6))
    section(ctx, "[Injuries|Findings|Imaging]", "[{anydx}|rib fractures {num:3:9}-{num:6:11}|"
            "L femur fx], {vitals}")
    section(ctx, "[Social|SH|Social history]", [phrase + ". " for phrase in sentences(
        ctx, EMPLOYMENT, 1, 3)])
    section(ctx, "[Plan|Dispo]", sentences(ctx, (
        "Admit to {dept}[, bed {room2}|]. ",
        "[Ortho|Orthopedics] ({staff:ortho:initial_last}) to see. ",
        "[SW|Social work] to contact {org2:company} HR re [workers' comp|FMLA]. ",
        "[Case mgmt|CM] to start {insurername} auth {idval:IDNUM}. ",
        "[Rehab|Rehab screen] for {facility2}. ",
    ), 2, 4))
    signoff(ctx, 1, 3)


def discharge_plan(ctx: NoteContext) -> None:
    """A case-management discharge plan: referrals in a table, contacts, authorisations."""
    ctx.line("[CASE MANAGEMENT DISCHARGE PLAN|Care Coordination Note|CM Note|Discharge "
             "Planning Note] {pdate:note:weekday}")
    ctx.line("[{ptname:caps}|{ptname:mixed}] [\\| {dept} {room2}|- Rm {room2}|({ptage})]")
    ctx.out.text("\n")
    section(ctx, "[Living situation|Prior to admission|PTA]", [
        phrase + ". " for phrase in sentences(ctx, (
            "[Lived|lived] at {street2}, {citystate} with {relfull:first}",
            "[Resided|resided] at {facility2} for {num:1:9} years",
            "[Stays|stays] at {landmark2} [shelter|some nights]",
            "[Moved|moved] from {country} {num:2:20} yrs ago",
            "{relfull} ({relation:0}, {oldage:40:92}) [is|was] primary caregiver",
        ), 1, 3)])
    ctx.line("[Referrals|REFERRALS|Facility search]:")
    ctx.line("[Facility|Agency] [\\|] [Status|Response] [\\|] [Contact|Phone]")
    for _ in range(ctx.rng.randint(2, 5)):
        ctx.line("[{facility2}|{org2:agency}|{facility2}|{org2:dme}] [\\||-|   ] "
                 "[accepted|declined - no bed|pending|bed {pdate:followup1:slash}|"
                 "needs auth] [\\||-|   ] [{staff:liaison:full} {phone:new}|{phone:new} "
                 "{ext}|{other:RELATIVE:first} {ext}|fax {fax}]")
    ctx.out.text("\n")
    section(ctx, "[Services|Arranged|DME/Services]", [
        phrase + ".\n" for phrase in sentences(ctx, CARE_LINKS, 2, 5)], newline=True)
    section(ctx, "[Insurance|Payer]", sentences(ctx, (
        "{insurername} {idcue:HEALTHPLAN}. ",
        "[Auth|Authorization] {idval:IDNUM} [approved|pending] through {pdate:followup2:slash}. ",
        "[Secondary|2nd]: {org2:company} [retiree plan|union plan] {idcue:HEALTHPLAN}. ",
        "[Acct|Account] {idval:ACCOUNT}. ",
    ), 1, 3))
    ctx.line("[{staff:casemanager:full}, RN CM|{staff:casemanager:last_first_caps} RN] "
             "[{ext}|{pagerno}|({login:casemanager})]")


def occ_health(ctx: NoteContext) -> None:
    """An occupational-health visit after a work injury: employer, supervisor, claim."""
    ctx.line("[OCCUPATIONAL HEALTH|Employee Health Visit|Work Injury Evaluation|Occ Med Note] "
             "[{date:note:numeric}|{pdate:note:weekday}]")
    _rows(ctx, (
        "[Employee|Patient|Name]: {ptname}",
        "[Employer|Company]: {org2:company}",
        "[Job title|Position|Occupation]: {anyprof}",
        "[Employee ID|Emp #|Badge]: {idval:IDNUM}",
        "[Supervisor|Manager]: {other:RELATIVE:full} {phone:new}[ {ext}|]",
        "[Worksite|Site|Location of injury]: [{street2}, {city}|{landmark2}|{org2:company} "
        "warehouse, {city} {state}]",
        "[Claim #|WC Claim|Workers comp #]: {idval:IDNUM}",
        "[Carrier|WC Insurer]: {org2:company}[ adjuster {other:RELATIVE:full}|]",
        "[DOI|Date of injury]: {pdate:recent1:slash}",
    ), 5, 9)
    ctx.out.text("\n")
    section(ctx, "[HPI|History]", sentences(ctx, (
        "{ptref} [is|works as] {anyprof:a} [for|at] {org2:company} [x {num:1:30} yrs|since "
        "{year:past2}]. ",
        "[Injured|Hurt] [lifting boxes|on a ladder|in a forklift accident] at {landmark2}. ",
        "[Coworker|Co-worker] {other:RELATIVE:first} [witnessed|drove pt here]. ",
        "[Previously|Prior] [seen|treated] at {facility2} for [back pain|a similar injury]. ",
        "[Second job|Also works] [as|at] {org2:company} [weekends|nights]. ",
        "[Union|Local] {org2:company} rep {other:RELATIVE:full} [present|aware]. ",
        "{cc} since {pdate:recent1}. ",
    ), 2, 5))
    section(ctx, "[Work status|Restrictions|Plan]", sentences(ctx, (
        "[Modified duty|Light duty] [until|through] {pdate:followup1:slash}. ",
        "[Out of work|No work] [until|through] {pdate:followup2}. ",
        "[PT|Physical therapy] at {facility2}. ",
        "[Form|Report] faxed to {org2:company} HR [at|, fax] {fax}. ",
        "[Recheck|Return] {pdate:followup1:weekday} with {dr:attending}. ",
    ), 2, 3))
    signoff(ctx, 1, 2)


def device_clinic(ctx: NoteContext) -> None:
    """A device-clinic check: generator and lead serial numbers, remote account, clinic."""
    ctx.line("[DEVICE CLINIC|Pacemaker Interrogation|ICD Check|Remote Monitoring Report] "
             "[{date:note:numeric}|{pdate:note:weekday}] [{clinic}|{dept}|{hospabbr}]")
    ctx.line("[Pt|Patient]: [{ptname:caps}|{pt:full}] [DOB {date:dob:numeric}|({agesex})]")
    ctx.out.text("\n")
    _rows(ctx, (
        "[Generator|Device|Gen]: [dual chamber PPM|ICD|CRT-D] {idcue:DEVICE}",
        "[RA lead|Atrial lead]: {idcue:DEVICE}",
        "[RV lead|Ventricular lead]: [SN|S/N|Serial] {idval:DEVICE}",
        "[LV lead|CS lead]: {idval:DEVICE}",
        "[Implanted|Implant date] {date:past2:numeric} at [{otherhosp}|{hospabbr:other}]"
        "[ by {dr:consultant}|]",
        "[Remote account|Monitor acct|Transmitter]: {idval:ACCOUNT}",
        "[Home monitor|Bedside monitor] {idcue:DEVICE}",
        "[Battery|Longevity]: {num:2:12} years",
    ), 4, 7)
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Underlying|Intrinsic] rhythm [SR|AF] at {hr}. ",
        "[No|Two] [VT|AT/AF] episodes since {pdate:past2:slash}. ",
        "[Pt|Patient] [lives|now lives] at {facility2}; transmissions set up with "
        "{staff:devnurse:first}. ",
        "[Recall|Advisory] letter {idval:IDNUM} [sent|reviewed]. ",
        "[Pt|He|She] [works|worked] as {anyprof:a} near [MRI|welding] equipment at "
        "{org2:company}. ",
        "[Replacement|Generator change] [planned|scheduled] {pdate:followup2}. ",
        "{relfull} asks about [driving|travel to {country}]. ",
    ), 2, 4))
    ctx.out.text("\n")
    ctx.line("[{staff:devnurse:full}, RN|{staff:devnurse:last_first_caps} CDS] "
             "[({login:devnurse})|{inits:devnurse}|{ext}]")


TRAVEL_LINES = (
    "[Born|born] in {country}; [moved to|came to] the {us} in {year:past3}. ",
    "[Returned|returned] {pdate:recent1} from [a|a 2-week|a 3-month] trip to {country}"
    "[ and {country}|]. ",
    "[Visited|visited] family in {city} [and|then] {country}. ",
    "[Fished|fished|Swam|swam] at {landmark2} [and|] [hiked|camped] at {landmark2}. ",
    "[Works|works] as {anyprof:a}[ at {org2:company}|] [with|; exposure to] [animals|soil|sick "
    "contacts]. ",
    "[Lived|lived] in a refugee camp in {country} until {year:past3}. ",
    "[Travel|travel]: {country} ({year:past2}), {country} ({year:past2}). ",
    "[Spouse|Husband|Wife] [from|works in] {country}. ",
    "[Goes|goes] to {landmark2} [daily|on weekends] [to fish|to walk the dog]. ",
    "[Deployed|deployed] to {country} [with the Army|with the Navy] [in|] {year:past2}. ",
    "[Sick|sick] contact: {relfull:first}, {oldage:2:90}, [cough|diarrhea] since "
    "{pdate:recent2}. ",
    "[Shelter|Lives] at {landmark2}[ since {pdate:past2}|]. ",
)


def travel_consult(ctx: NoteContext) -> None:
    """An infectious-disease or travel consult: countries, exposures, landmarks, work."""
    ctx.line("[Infectious Disease Consult|ID CONSULT NOTE|Travel Clinic Visit|Travel Medicine] "
             "[{date:note}|{pdate:note:weekday}]")
    ctx.line("[Requested by|Referring] {dr:attending}[, {dept}|] \\| [Pt|Patient] "
             "{ptname}[ \\| {agesex}|]")
    ctx.out.text("\n")
    section(ctx, "[Reason|Question]", "[{cc} after travel to {country}|fever in a returning "
            "traveler|pre-travel visit for {country}|{dx}]")
    section(ctx, "[Exposures|Travel/Exposure history|Epi]", sentences(ctx, TRAVEL_LINES, 3, 6))
    section(ctx, "[Family history|FH]", [phrase + ". " for phrase in sentences(
        ctx, FAMILY_AGES, 1, 3)])
    section(ctx, "[Recommendations|Recs|Plan]", sentences(ctx, (
        "[Send|Sent] [malaria smears|stool O&P|dengue serology] to {org2:lab} "
        "({idcue:IDNUM}). ",
        "[Notify|Notified] {city} [health dept|Board of Health]. ",
        "[Vaccines|Yellow fever vaccine] at {facility2} {pdate:followup1:slash}. ",
        "[Will|will] follow; [page|call] {staff:consultant:first} {pagerno}. ",
    ), 1, 3))
    signoff(ctx, 1, 2)


def med_rec(ctx: NoteContext) -> None:
    """A pharmacist's medication reconciliation: sources, Rx numbers, prescribers."""
    ctx.line("[PHARMACY MEDICATION RECONCILIATION|Pharmacist Med Rec|Admission Med History|"
             "Pharmacy Note] [{date:note:numeric}|{pdate:note:weekday}] [{dept} {room2}|]")
    ctx.line("[Sources|Sources used]: [{org2:pharmacy} fill history|pt and {relfull:first}|"
             "{facility2} MAR|{place:pharmacy} - {phone:new}]")
    ctx.out.text("\n")
    ctx.line("[Medication \\| Last fill \\| Rx # \\| Prescriber|Med - last fill - Rx - MD]")
    for _ in range(ctx.rng.randint(3, 6)):
        ctx.line("{med} [\\||-] {pdate:recent1:slash} [\\||-] {idval:IDNUM} [\\||-] "
                 "[{staff:pcp:initial_last}|{other:DOCTOR:caps_cred}|{dr:pcp}]")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Mail order|Home delivery] through {org2:pharmacy} ({idcue:HEALTHPLAN}). ",
        "[Prescriber|Outside MD] {other:DOCTOR:full}, {idcue:LICENSE}. ",
        "[Called|Spoke with] {org2:pharmacy} ({staff:pharmtech:first}) at {phone:new}. ",
        "{facility2} [sends|faxed] MAR {pdate:recent1:slash}. ",
        "[Insulin|Inhalers] [picked up|filled] at {place:pharmacy} on {pdate:past2}. ",
        "[Pt|pt] [gets|obtains] [samples|meds] from {org2:company} [employee clinic|program]. ",
        "[Patient assistance|PAP] [ID|program ID] {idval:IDNUM}. ",
        "{relfull} [manages|fills] the pill box. ",
    ), 2, 5))
    ctx.out.text("\n")
    ctx.line("[{staff:pharmacist:full}, PharmD|{staff:pharmacist:last_first_caps} RPh] "
             "[{ext}|({login:pharmacist})|{pagerno}]")


def portal_thread(ctx: NoteContext) -> None:
    """A patient-portal message thread: senders' user names, replies, forwarded staff."""
    ctx.line("[MyChart Message|Patient Portal Message|Secure Message Thread|MESSAGE] "
             "[{pdate:note:weekday} {time}|{dt:note}]")
    ctx.line("[From|Sender]: [{ptname:mixed}|{login}|{relfull} (proxy)] [\\| {email}|]")
    ctx.line("[To|Recipient]: [{dr:pcp}|{login:nurse}|{clinic} pool]")
    ctx.out.text("\n")
    render_body(ctx, sentences(ctx, (
        "[Hi|Hello|Dear] [Dr. {staff:pcp:last}|{staff:nurse:first}|{staff:pcp:first}], ",
        "[my|My] [mother|father] ({oldage:70:101}) [fell|is confused] at {facility2}. ",
        "[can|Can] you send [the refill|my meds] to {org2:pharmacy}? ",
        "[I|i] start a new job at {org2:company} as {anyprof:a} on {pdate:followup1:slash}. ",
        "[my|My] [insurance changed|new insurance] is {insurername} {idcue:HEALTHPLAN}. ",
        "[I|i] [moved|am moving] to {street2}, {citystate} [this week|soon]. ",
        "[The|the] {org2:agency} nurse [did not come|came] {pdate:recent1:weekday}. ",
        "[thanks|Thank you], {pt:first}\n",
        "[sent from my phone|-- {pt:first}|{lcname:pt}]\n",
    ), 3, 6))
    ctx.out.text("\n\n")
    ctx.line("[Reply|RE:|Response] [{pdate:note:weekday} {time}|{dt:note}] [{login:nurse}|"
             "{staff:nurse:full}, RN]:")
    render_body(ctx, sentences(ctx, (
        "[Hi|Hello] {lcname:pt}, ",
        "Refill sent to {org2:pharmacy}. ",
        "[I|We] [forwarded|routed] this to {dr:pcp} [({login:pcp})|]. ",
        "[Please|please] call {facility2} [at|] {phone:new}. ",
        "[Appt|Appointment] {pdate:followup1:weekday} at {time} [in|at] {clinic}. ",
        "{lookalike:word}. ",
        "{lookalike:number}. ",
        "{inits:nurse}",
    ), 2, 4))


HANDOFF_LINES = (
    "{lookalike:word}",
    "{lookalike:number}",
    "{lookalike:device}",
    "{lcname:pt} in {room2}, {ptage}{M}, [here for|adm w/] {problem}",
    "rm {room2} - {lcname:pt} - [a&o x3|confused at night|npo p mn]",
    "[s/p|post] fall at {facility2}, [son|daughter|wife] {lcname:rel} [at bs|calling]",
    "[report from|handoff from|rec'd from] {lcname:nurse} [at|@] {time}",
    "[md|MD] {lcname:resident} [aware|paged] [{pagerno}|]",
    "[per|d/w] {inits:nurse}, [hold|gave] {med}",
    "[will go to|dc to|back to] {facility2} [tmrw|{pdate:tomorrow:slash}]",
    "[vna|VNA] {org2:agency} [to see|following]",
    "[fam|family] ({lcname:rel}) [wants call|asking about] {dept}",
    "[transfer to|tx to] {dept} [bed|rm] {room2}",
    "[sitter|1:1] {lcname:aide} [until|til] {time}",
    "[pt|Pt] [was|is] {anyprof:a}, [likes to talk about|misses] {org2:company}",
    "[grandmother|mother] died at {oldage} - [anniversary today|upset]",
)


def nurse_handoff(ctx: NoteContext) -> None:
    """A nursing handoff written fast, often all lower case: names, rooms, units, initials."""
    ctx.line("[shift report|SBAR handoff|Handoff|RN to RN report] {pdate:note:slash} "
             "[{dept}|unit {dept}]")
    for line in sentences(ctx, HANDOFF_LINES, 4, 8):
        ctx.out.text(ctx.pick(("- ", "* ", "", "")))
        ctx.line(line)
    ctx.line("[--|]{lcname:nurse}[ rn|, RN| {inits:nurse}|]")


FAMILIES = (
    Family("reg-facesheet", ED, face_sheet, "before", weight=1.5, cases=MOSTLY_AS_IS,
           description="registration face sheet: demographics, employer, insurance, IDs"),
    Family("ems-run", ED, ems_run, "before", weight=1.5, cases=MOSTLY_AS_IS,
           description="EMS run report: agency, unit, crew licences, scene, handoff"),
    Family("ed-trauma", ED, trauma_note, "before", weight=1.2, cases=AS_IS,
           description="trauma note: vehicles, crash scene, police, employer"),
    Family("cm-dcplan", SOCIAL_WORK, discharge_plan, "discharge", weight=2.0, cases=AS_IS,
           description="case-management discharge plan: referral table, services, auths"),
    Family("consult-occhealth", CONSULT, occ_health, "after", weight=1.5, cases=AS_IS,
           description="occupational-health visit: employer, supervisor, claim"),
    Family("consult-device", CONSULT, device_clinic, "after", weight=1.0, cases=MOSTLY_AS_IS,
           description="device-clinic check: serial numbers, remote account"),
    Family("consult-travel", CONSULT, travel_consult, "during", weight=1.2, cases=AS_IS,
           description="infectious-disease / travel consult: countries, landmarks, work"),
    Family("pharm-medrec", CONSULT, med_rec, "during", weight=1.2, cases=AS_IS,
           description="pharmacist medication reconciliation: Rx numbers, pharmacies"),
    Family("tel-msgthread", TELEPHONE, portal_thread, "after", weight=2.0, cases=AS_IS,
           description="patient-portal message thread: user names, e-mail, replies"),
    Family("nurse-handoff", NURSING, nurse_handoff, "during", weight=1.2, cases=NURSING_CASES,
           description="nursing handoff, often lower case: names, rooms, units, initials",
           typos=0.02),
)

__all__ = ["FAMILIES"]
