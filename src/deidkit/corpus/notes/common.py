"""Sentence-level building blocks shared by several note families.

Each tuple is a bank of interchangeable sentences in template syntax. Families draw a few
from each bank, in their own order and with their own headings, so that no two families
produce the same document shape.
"""

from __future__ import annotations

HPI_OPENERS = (
    "{ptref} is {a_age} {man} with {problem}, {problem} and {problem} who presents with {cc}.",
    "{pt:title_last} is {a_age} {gentleman} with a history of {problem} who was in {his} usual "
    "state of health until {date:recent1:partial}, when {he} developed {cc}.",
    "This is {a_age} {male} with PMH significant for {problem} and {problem}, transferred from "
    "{otherhosp} for further management of {dx}.",
    "{agephrase} {M} w/ {problem}, {problem} p/w {cc} x {num:2:5} days.",
    "Pt is {a_age} {sex} [known to {dr:pcp}|followed by {dr:pcp} at {clinic}] with {problem} "
    "who [presented|presents] to the ED on {date:admit:any} with {cc}.",
    "{pt:full} is {a_age} {man} [originally from {hometown} |]with {problem} who was brought "
    "in by EMS after {he} was found [down|confused] at home by {his} {rel}.",
    "{pt:title_last} is a pleasant {agephrase} {man} [well known to our service|with a "
    "complicated medical history] who comes in with {cc}.",
    "{a_age} {man} [with no significant PMH|with minimal prior medical care] presenting with "
    "{cc} and {cc}.",
    "{ptref} is {a_age} [right-handed|left-handed] {man} with {problem} who was [admitted|"
    "transferred] on {date:admit:any} [from {otherhosp}|via the ED] for {dx}.",
    "{Mr} {pt:last} is {ageyears}, with {problem}, sent in by {dr:pcp} for {cc}.",
)
HPI_MORE = (
    "{He} reports {num:2:7} days of {cc} [associated with|and] {cc}. ",
    "In the ED, [vitals were|initial VS] {vitals}. ",
    "Labs [notable for|significant for|showed] {labs}. ",
    "{He} was given {med} and {med} [with some relief|without improvement|]. ",
    "CXR [showed|with] [a RLL infiltrate|pulmonary edema|no acute process|small bilateral "
    "effusions]. ",
    "{He} denies fevers, chills, [chest pain|abdominal pain], or {cc}. ",
    "Of note, {he} was recently admitted to {otherhosp} [from {date:past1:partial} to "
    "{date:recent1:partial}|on {date:recent1}] for {anydx}. ",
    "{He} was seen in clinic by {dr:pcp} on {date:recent2:any} and started on {med}. ",
    "Per {his} {rel:0}, {he} had been [more confused|eating poorly|falling at home|more short "
    "of breath] over the past [week|few days|month]. ",
    "EKG [showed|with] [sinus tachycardia at {hr}|AFib with RVR to {hr}|NSR at {hr} with no ST "
    "changes|LBBB, unchanged from prior]. ",
    "[ROS|Review of systems] otherwise negative in detail. ",
    "Last [colonoscopy {date:past3:coarse} [was normal|showed two small polyps]|echo "
    "{date:past3:coarse} with {ef}|stress test {date:past3:coarse} [negative|with a fixed "
    "inferior defect]]. ",
    "{He} has had {num:2:4} similar episodes, most recently around {holiday}. ",
    "[Blood cultures were drawn and|After cultures] {he} was started on {abx}. ",
    "{He} was [hypotensive to {bp}|tachycardic to {hr}|hypoxic to {o2}%] and received {num:1:4} "
    "L of IVF. ",
    "[Of note, {he} has|Hx significant for|Also notable for] {eponym:history}. ",
    "{He} was seen in the {hospital:core} ED [{num:2:4} weeks ago|last month|twice this year] "
    "for [similar symptoms|{cc}] and sent home. ",
    "[Records from|Per records from] {otherhosp:core} [show|reviewed:] [a prior {anyproc}|an "
    "echo with {ef}|a negative stress test]. ",
    "{He} recently [returned from|traveled to] {country}[ {num:2:6} weeks ago|]. ",
    "[Collateral|History] [obtained from|per] {his} {relation:0}, {relname:0:first_initial}. ",
)
PMH_ITEMS = (
    "{problem}",
    "{problem}",
    "{problem}",
    "{problem} [(diagnosed {year:past4})|dx {date:past4:coarse}]",
    "s/p {anyproc} [in {year:past5}|{date:past5:any}|at {otherhosp}]",
    "{eponym:history}",
    "{anydx} [{date:past6:coarse}|in {year:past6}]",
)
ALLERGIES = (
    "NKDA", "No Known Allergies", "Penicillin (rash)", "sulfa -> hives", "PCN, codeine",
    "Iodinated contrast (anaphylaxis)", "latex", "Lisinopril (angioedema)", "NKA",
    "morphine - nausea", "shellfish",
)
SOCIAL = (
    "Lives [alone|with {his} {rel:0}] in {city}[, {state}|]. ",
    "Lives in an apartment at {street} with {his} {rel}. ",
    "Retired {profession}[; previously worked at {employer}|]. ",
    "Works as {aprofession} at {employer}. ",
    "[Originally from|Born in|Grew up in] {hometown}[, moved to the {us} in {year:past7}|]. ",
    "[Former|Current] smoker, {num:10:60} pack-years[; quit in {year:past8}|]. ",
    "[Drinks {num:2:6} beers/day|No EtOH|Occasional EtOH|Drinks socially]. [No IVDU|Denies "
    "illicit drugs|+marijuana]. ",
    "HCP is {his} {rel:0}[ - {relphone:0}|, phone {relphone:0}|]. ",
    "Speaks {lang}[; interpreter used|; family interprets|]. ",
    "[Emigrated|Came to the {us}] from {country}[ in {year:past7}| as a teenager|]. ",
    "[Was|Used to be] {aprofession}[ until {year:past8}| for {num:10:40} years|]. ",
    "[Married|Widowed|Divorced|Single], {num:1:5} children[, {relname:1:first} lives nearby|]. ",
    "Independent in ADLs[, uses a cane|, walks with a walker|]. ",
    "[Attends|Goes to] {org} [three days a week|daily|]. ",
    "Works [nights|days|part time] at {org2:company} as {anyprof:a}. ",
    "[Retired|Recently retired] from {org2:company}[ in {year:past7}|], where {he} was "
    "{anyprof:a}. ",
    "[Lives|Resides] at {facility2}[ in {citystate}|][, {dept} unit|]. ",
    "[Attends|Member of|Active in] {org2:church}. ",
    "{His} {relation:0} is {anyprof:a} [at|with] {org2:company}. ",
    "[Walks|Walks daily|Fishes] [at|around] {landmark2}. ",
    "[Homeless|Undomiciled]; [stays|sleeps] at {landmark2}[ or the shelter|]. ",
    "Lives at {street2}, {citystate} [with {his} {rel:0}|alone]. ",
    "[Gets|Receives] [medications|meds] from {org2:pharmacy}[ by mail|]. ",
    "[Services|Home services]: {org2:agency}[; equipment from {org2:dme}|]. ",
    "[Occupation|Work]: {anyprof}[ ({org2:company})|]. ",
    "[Student|student] at {org2:school}. ",
)
FAMILY_HISTORY = (
    "Mother with [MI|CAD|breast cancer|stroke|DM]; father with [DM|CAD|colon cancer|HTN].",
    "[Non-contributory|NC|Noncontributory].",
    "Father died of [MI|lung cancer|stroke]; mother [alive and well|with dementia].",
    "Sister with [breast cancer|lupus]. No family history of [sudden cardiac death|colon "
    "cancer].",
    "[Mother|Father|Brother|Sister] with {eponym:history}.",
    "[Mother|Father] died at {oldage:50:104}[ of {anydx}|]; [grandmother|grandfather] lived "
    "to {oldage}.",
    "[Brother|Sister] ({oldage:40:90}) with [DM|HTN|CAD]; [mother|father] alive at "
    "{oldage:70:103}.",
    "[MGM|PGM|MGF|PGF] died at {oldage}[ with dementia|]. [Father|Mother] {oldage:60:99}, "
    "[HTN|well].",
    "Father {oldage:70:99}, mother {oldage:70:101}, both [with HTN|alive and well].",
)
EXAM = (
    "GEN: [NAD|A&Ox3|lethargic but arousable|uncomfortable appearing|well appearing]",
    "HEENT: [PERRL, EOMI|MMM, OP clear|dry mucous membranes|anicteric sclerae]",
    "NECK: [JVP {num:6:14} cm|supple, no JVD|no LAD]",
    "CV: [RRR, {murmur}|irregularly irregular, no m/r/g|RRR no m/r/g|tachycardic, {murmur}]",
    "LUNGS: [CTAB|crackles at bases bilaterally|diffuse wheezes|decreased BS at R base]",
    "ABD: [soft, NT/ND, +BS|distended, tympanitic|mild RUQ tenderness, {eponym:exam}|obese, soft]",
    "EXT: [{num:1:3}+ pitting edema to knees|no c/c/e|warm, well perfused|{eponym:exam}]",
    "NEURO: [CN II-XII intact, {strength}|nonfocal|A&Ox2, {strength}|{eponym:exam}]",
    "SKIN: [no rashes|stage 2 ulcer on sacrum|ecchymoses on forearms]",
)
COURSE_ITEMS = (
    "{He} was seen by {dr:consultant} from [cardiology|GI|renal|ID|pulmonary] who recommended "
    "[continuing {med}|a TEE|holding anticoagulation|outpatient follow up]. ",
    "On {date:proc:partial}, {he} underwent {proc}[ with {dr:surgeon}|]. ",
    "{He} was transferred to {unit} on hospital day {num:2:5}. ",
    "A family meeting was held on {date:proc:any} with {his} {rel:0} and {dr:attending}. ",
    "{He} was diuresed with [IV Lasix|furosemide {num:20:80} mg IV BID|a lasix drip] with good "
    "UOP, net negative {num:2:6} L. ",
    "[Antibiotics were narrowed to|{He} completed a course of|{He} was treated with] {abx}. ",
    "{His} creatinine peaked at {dec:1.4:3.9} and improved with IVF. ",
    "[PT|Physical therapy] evaluated {him} and recommended [rehab|home with services|home]. ",
    "{eponym}. ",
    "Hgb remained stable at {dec:8.1:11.5}; no transfusion required. ",
    "{He} had an episode of [AFib|delirium|hypotension] overnight on {date:proc:partial}, "
    "which resolved with {med}. ",
    "Echo showed {ef}[, {murmur}|][, mild MR|, moderate TR|]. ",
    "Discussed with {his} PCP, {dr:pcp}, who agreed with the plan. ",
    "Per Dr. {dr:consultant:last}'s [recommendations|note], [{med} was started|the TEE was "
    "deferred|anticoagulation was held]. ",
    "{relname:0:first}'s [main concern|question] was [{his} confusion|when {he} could go "
    "home|the new medications], which was addressed. ",
    "[Code status|CODE STATUS]: [Full code|DNR/DNI|DNR, ok to intubate], confirmed with "
    "{his} {rel:0}. ",
    "[Plan|Discharge plan|Goals of care] [reviewed|discussed] with [{pt:last_first}|"
    "{pt:last_first_caps}|{his} {relation:0}, {relname:0:first_initial}]. ",
)
FOLLOW_UP = (
    "Follow up with {dr:pcp} in {num:1:4} weeks[; call {phone:site} to schedule|]. ",
    "Appointment with {dr:consultant} on {date:followup1:any} at {time}[ at {clinic}|]. ",
    "[PCP|Primary care]: {dr:pcp}[, {phone:site}|]. ",
    "[Labs|CBC and BMP] to be drawn on {date:followup2:partial} [at {clinic}|by VNA|at the "
    "{hospital:core} lab]. ",
    "{His} {rel:0} will call {dr:pcp} with any concerns. ",
    "Please fax results to {fax}. ",
    "[INR check|Wound check] on {weekday:followup3} at {clinic}. ",
    "Follow up at {facility2} on {date:followup1:any}. ",
    "Prescriptions sent to {org2:pharmacy}[, phone {phone:new}|]. ",
    "{org2:agency} will [visit|call] within [48 hours|the week]. ",
)
DISPOSITION = (
    "Discharged to {facility}[ in {town}|]. ",
    "Discharged home with VNA services. ",
    "Home with {his} {rel:0}. ",
    "Discharged to home. ",
    "Transferred to {otherhosp} for [rehabilitation|further care|a higher level of care]. ",
    "Extended care facility: {facility}. ",
    "Discharged to {facility2}[, {dept} unit|][ via {org2:ems}|]. ",
    "Home with {org2:agency} services[ and {org2:dme} oxygen|]. ",
    "[To|Returned to] {facility2}[, room {room2}|]. ",
)
SIGNOFF = (
    "Dictated By: {drsig:resident}\nAttending: {drsig:attending}\n",
    "Electronically signed by {drsig:attending} on {dt:discharge}\n",
    "{drsig:attending}\n{drinitials:attending}\n",
    "Signed: {drsig:attending}\nDD: {date:discharge:numeric}\nDT: {date:tomorrow:numeric}\n"
    "{label:job}{idnum}\n",
    "{drsig:attending}\n{dictcode:attending}\nD: {date:discharge:numeric}  T: "
    "{date:tomorrow:numeric}\n",
    "Electronically signed by {drsig:attending} ({login:attending}) on {dt:discharge}\n"
    "[Last edited by|Edited by] {login:resident}\n",
)
