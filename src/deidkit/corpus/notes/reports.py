"""Radiology and pathology reports: accession numbers, comparison dates, signatures."""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import (
    MOSTLY_AS_IS,
    PATHOLOGY,
    RADIOLOGY,
    Family,
    joined,
    render_body,
    section,
    sentences,
)
from deidkit.corpus.notes.clinical import PATH_SYNOPTIC, RAD_TECHNIQUE

RAD_CASES = ((Case.AS_IS, 0.65), (Case.UPPER, 0.35))

EXAMS = (
    ("CT ABDOMEN AND PELVIS WITH IV CONTRAST", "abdomen"),
    ("CT HEAD WITHOUT CONTRAST", "head"), ("CTA CHEST (PE PROTOCOL)", "chest"),
    ("CHEST (PORTABLE AP)", "cxr"), ("CHEST PA AND LATERAL", "cxr"),
    ("MRI BRAIN WITH AND WITHOUT CONTRAST", "head"), ("US RIGHT UPPER QUADRANT", "ruq"),
    ("US LOWER EXTREMITY VENOUS DUPLEX BILATERAL", "dvt"), ("CT C-SPINE W/O CONTRAST", "spine"),
    ("X-RAY LEFT HIP 2 VIEWS", "hip"), ("RENAL ULTRASOUND", "renal"),
)
FINDINGS = {
    "abdomen": (
        "The liver is [normal in size|enlarged at {num:17:22} cm] without focal lesion. ",
        "[Gallbladder is unremarkable|Cholelithiasis without wall thickening|Status post "
        "cholecystectomy]. ",
        "There is [a {num:2:9} mm nonobstructing stone in the left kidney|no hydronephrosis]. ",
        "[Sigmoid diverticulosis with surrounding fat stranding|No bowel obstruction|Dilated "
        "small bowel loops up to {dec:2.5:4.5} cm]. ",
        "No free air or fluid. ",
        "[Foley catheter|A Foley] in a decompressed bladder. ",
        "Degenerative changes of the lumbar spine. ",
    ),
    "head": (
        "No acute intracranial hemorrhage, mass effect or shift. ",
        "[Chronic small vessel ischemic changes|Age-appropriate volume loss]. ",
        "[Hypodensity in the right MCA territory|Old left PCA infarct]. ",
        "The ventricles are [normal in size|prominent]. ",
        "Mastoid air cells and paranasal sinuses are clear. ",
    ),
    "chest": (
        "[Filling defects in the right lower lobe segmental arteries|No pulmonary embolism]. ",
        "RV/LV ratio {dec:0.6:1.4:2}. ",
        "[Small bilateral pleural effusions|Moderate right effusion|No effusion]. ",
        "[Emphysema|Bibasilar atelectasis|A {num:4:18} mm nodule in the RUL]. ",
        "Heart size is [normal|enlarged]. ",
    ),
    "cxr": (
        "[ET tube {dec:2.0:5.5} cm above the carina|Endotracheal tube in standard position]. ",
        "[Right IJ central line|Left subclavian line|A Swan-Ganz catheter] terminates in the "
        "[SVC|right atrium|main PA]. ",
        "[NG tube|Enteric tube] courses below the diaphragm. ",
        "[Interval increase in|Persistent|New] [RLL opacity|left basilar consolidation|"
        "pulmonary vascular congestion]. ",
        "No pneumothorax. ",
        "[Cardiomediastinal silhouette is stable|The heart is mildly enlarged]. ",
    ),
    "ruq": (
        "[Gallbladder wall thickening to {num:4:7} mm with pericholecystic fluid|Sludge in the "
        "gallbladder]. ",
        "Sonographic Murphy's sign is [positive|negative]. ",
        "CBD measures {num:3:9} mm. ",
        "[Coarsened echotexture of the liver|Normal liver echotexture]. ",
    ),
    "dvt": (
        "[Occlusive thrombus in the left popliteal vein|Normal compressibility and flow in the "
        "common femoral, femoral and popliteal veins bilaterally]. ",
        "[Color Doppler|Doppler] flow [is normal|absent in the peroneal veins]. ",
        "[Baker's cyst measuring {num:2:6} cm|No Baker's cyst]. ",
    ),
    "spine": (
        "No acute fracture or malalignment. ",
        "Multilevel degenerative disc disease, worst at C{num:4:6}-C{num:5:7}. ",
        "Prevertebral soft tissues are normal. ",
    ),
    "hip": (
        "[Displaced subcapital femoral neck fracture|No fracture|Intertrochanteric fracture]. ",
        "[Moderate|Severe] degenerative change of the hip joint. ",
        "[Osteopenia|Vascular calcifications]. ",
    ),
    "renal": (
        "[Mild|Moderate] [left|right] hydronephrosis. ",
        "Kidneys measure {dec:9.5:12.5} and {dec:9.5:12.5} cm. ",
        "[Bladder decompressed by Foley|Bladder is unremarkable]. ",
    ),
}
IMPRESSIONS = (
    "[No acute process|No acute intracranial abnormality|Findings consistent with {anydx}].",
    "[Interval worsening|Interval improvement] of [RLL pneumonia|pulmonary edema] since "
    "{date:past1:partial}.",
    "[Acute cholecystitis|Left popliteal DVT|Right lower lobe PE without right heart strain].",
    "[Lines and tubes as above|Recommend follow-up CT in {num:3:12} months].",
)


def _exam(ctx: NoteContext) -> tuple[str, str]:
    return ctx.pick(EXAMS)


GENERIC_FINDINGS = (
    "The visualized osseous structures are [unremarkable|notable for degenerative change]. ",
    "The soft tissues are unremarkable. ",
    "No suspicious lymphadenopathy. ",
    "[Atherosclerotic calcification of the aorta|Mild aortic atherosclerosis] is noted. ",
    "No [acute|displaced] fracture is identified. ",
    "The [lung bases|visualized lungs] are clear. ",
    "[Postsurgical changes|Surgical clips] [are noted|in the right upper quadrant]. ",
    "Limited evaluation due to [motion artifact|body habitus|patient positioning]. ",
    "[No significant interval change|Unchanged] compared with the prior study. ",
)


def _findings(ctx: NoteContext, region: str, low: int, high: int) -> list[str]:
    own = sentences(ctx, FINDINGS[region], min(low, len(FINDINGS[region])),
                    len(FINDINGS[region]))
    extra = sentences(ctx, GENERIC_FINDINGS, 0, max(0, high - len(own)))
    return own + extra


def rad_formal(ctx: NoteContext) -> None:
    """Formal report: header block with accession, comparison, technique, findings."""
    name, region = _exam(ctx)
    ctx.line("[{hospital}|{hospital} Department of Radiology|DEPARTMENT OF RADIOLOGY]")
    ctx.line("[Patient|PATIENT|Name]: {pt:last_first}[    {label:mrn}{mrn}|  (MR# {mrn})]")
    ctx.line("[DOB|D.O.B.]: {date:dob:numeric}[   Age: {age}|   {age}{M}|]")
    ctx.line("{label:acc}{accession}")
    ctx.line("[Exam date|DATE OF SERVICE|Exam Date/Time]: {dt:note}")
    ctx.line("[Ordering physician|Referring|ORDERING MD]: {dr:attending}")
    ctx.out.text("\n")
    ctx.line(f"EXAM: {name}")
    section(ctx, "[CLINICAL HISTORY|INDICATION|History]",
            "[{agephrase} {male} with {cc}.|{cc}, eval for {anydx}.|{cc}; r/o {anydx}]")
    section(ctx, "COMPARISON", "[{date:past1:numeric}|None.|CT {date:past1} and radiograph "
            "{date:recent1}|Outside study from {otherhosp} dated {date:past2}]")
    section(ctx, "TECHNIQUE", ["[Axial images were obtained|Multiplanar images were acquired] "
            "[after administration of {num:80:120} mL Omnipaque 350|without contrast]. [DLP "
            "{num:300:1400} mGy-cm. |]", *sentences(ctx, RAD_TECHNIQUE, 1, 2)])
    section(ctx, "FINDINGS", _findings(ctx, region, 5, 10), newline=True)
    first, second = ctx.sample(IMPRESSIONS, 2)
    section(ctx, "IMPRESSION", ["1. ", first, "\n2. ", second], newline=True)
    if ctx.chance(0.5):
        ctx.line("[Findings discussed with|Results called to] {dr:resident} [by telephone|] at "
                 "{time} on {date:note:partial}[, who read back|].")
    ctx.line("[Dictated by|Interpreted by|Reading radiologist]: {drsig:radiologist}")
    ctx.line("[Signed|Electronically signed|Finalized]: {dt:note}")


def rad_portable(ctx: NoteContext) -> None:
    """Short portable film report, MIMIC-like: clip number, reason line, final report."""
    name, region = _exam(ctx)
    ctx.line(f"[{{dt:note}}|{{date:note:iso}} {{time}}]     {name}     [Clip # {{accession}}|"
             "Clip Number {accession}]")
    ctx.line("Reason: [eval for {cc}|? infiltrate|line placement|s/p {anyproc}]")
    ctx.line("Admitting Diagnosis: [{dx}|{cc}]")
    ctx.line(" ______________________________________________________________________________")
    ctx.line("[FINAL REPORT|Final Report]")
    section(ctx, "INDICATION", "[{agephrase} {sex} with {cc}.|{cc}.]")
    section(ctx, "COMPARISON", "[{date:recent1:numeric}|{date:past1:partial}|None]")
    render_body(ctx, _findings(ctx, region, 1, 4))
    ctx.out.text("\n\n")
    ctx.line("IMPRESSION: " + ctx.pick(("[No acute change.|Stable.|Worsening {anydx}.]",
                                        "As above.")))


def rad_letter(ctx: NoteContext) -> None:
    """Outpatient imaging result in prose, addressed to the ordering physician."""
    name, region = _exam(ctx)
    ctx.line("[{clinic}|{hospital}] Imaging")
    ctx.line("[{address:site:oneline}|]")
    ctx.line("Ref: {dr:pcp}   Pt: {pt:full}   {label:mrn}{mrn}   {label:acc}{accession}")
    ctx.out.text("\n")
    ctx.render(f"Procedure: {name.title()} performed on {{date:note:long}}. ")
    render_body(ctx, sentences(ctx, RAD_TECHNIQUE, 0, 2))
    render_body(ctx, _findings(ctx, region, 3, 6))
    ctx.out.text("\n\n")
    ctx.line("Conclusion: " + ctx.pick(IMPRESSIONS))
    ctx.line("[Thank you for this referral.|]")
    ctx.line("{drsig:radiologist}[, {phone:site}|]")


PATH_SITES = (
    ("colon, sigmoid, segmental resection", "Adenocarcinoma, moderately differentiated, invading "
     "into the muscularis propria (pT2). [{num:0:3}|No] of {num:12:24} lymph nodes involved."),
    ("prostate, needle biopsies", "Prostatic adenocarcinoma, Gleason [3+4=7|4+3=7|3+3=6] "
     "(Grade Group [2|3|1]), involving {num:10:60}% of [2|3|4] of 12 cores."),
    ("breast, left, lumpectomy", "Invasive ductal carcinoma, grade [2|3], {dec:0.6:2.9} cm. "
     "Margins negative. ER/PR positive, HER2 [negative|equivocal]."),
    ("gallbladder, cholecystectomy", "Chronic cholecystitis with cholelithiasis."),
    ("skin, right forearm, shave biopsy", "[Basal cell carcinoma, nodular type|Seborrheic "
     "keratosis|Squamous cell carcinoma in situ]; margins [involved|free]."),
    ("lymph node, right cervical, excision", "[Classic Hodgkin lymphoma, nodular sclerosis "
     "type|Reactive follicular hyperplasia|Non-Hodgkin lymphoma, diffuse large B-cell type]."),
    ("appendix, appendectomy", "Acute suppurative appendicitis with periappendicitis."),
    ("endometrium, biopsy", "[Proliferative endometrium|Complex atypical hyperplasia]."),
    ("stomach, antrum, biopsies", "Chronic active gastritis; H. pylori [identified|not "
     "identified] on immunostain."),
)


def path_surgical(ctx: NoteContext) -> None:
    """Surgical pathology report: accession, specimen, gross, microscopic, diagnosis."""
    site, diagnosis = ctx.pick(PATH_SITES)
    ctx.line("[SURGICAL PATHOLOGY REPORT|Surgical Pathology|PATHOLOGY REPORT]")
    ctx.line("{label:acc}{accession}")
    ctx.line("Patient: {pt:last_first_caps}   {label:mrn}{mrn}   {label:dob}{date:dob}[ (Age: "
             "{age})|]   Sex: {M}")
    ctx.line("[Collected|Date of procedure]: {date:surgery}   [Received|Date received]: "
             "{date:surgery}")
    ctx.line("[Submitting physician|Surgeon|Physician(s)]: {dr:surgeon}[; cc: {dr:pcp}|]")
    ctx.out.text("\n")
    section(ctx, "CLINICAL HISTORY", "[{agephrase} {male} with {problem}; {cc}.|{cc}, r/o "
            "malignancy.|{agephrase} {sex} with a history of {problem} ({accession}, "
            "{date:past1:partial}).|{lookalike:history}; {cc}.|{cc}; {lookalike:place}.]")
    section(ctx, "SPECIMEN", f"A. {site}")
    section(ctx, "GROSS DESCRIPTION", "[Received in formalin labeled with the patient's name "
            "[({pt:last_first})|\"{pt:full}\"] and medical record number|The specimen is "
            "received fresh, labeled with the patient's name and \"{num:1:3}\"], consisting of "
            "[a segment of tissue|multiple fragments of tan tissue] measuring {dec:0.3:18.0} x "
            "{dec:0.3:9.0} x {dec:0.2:6.0} cm. [Representative sections are submitted in "
            "cassettes A1-A{num:3:12}.|Entirely submitted in {num:1:6} cassettes.] "
            "[({drinitials:resident})|]", newline=True)
    section(ctx, "MICROSCOPIC DESCRIPTION", "[Sections show the features described in the "
            "diagnosis.|Microscopic examination performed.|Immunostains: CK7 positive, CK20 "
            "negative, TTF-1 negative.] [The lesion is composed of|Sections reveal] [nests and "
            "cords of atypical cells with enlarged nuclei|glands lined by columnar epithelium "
            "with mild atypia|a dense lymphoid infiltrate] [and frequent mitoses (up to "
            "{num:2:20} per 10 HPF)|without necrosis|with focal necrosis].")
    if ctx.chance(0.7):
        section(ctx, "[SYNOPTIC REPORT|CANCER SUMMARY|Synoptic]",
                joined(sentences(ctx, PATH_SYNOPTIC, 5, 10)), newline=True)
    section(ctx, "FINAL DIAGNOSIS", f"{site.upper()}:\n- {diagnosis}", newline=True)
    ctx.line("[I have personally reviewed the slides and|I attest that I have] [examined the "
             "specimen|rendered the diagnosis].")
    ctx.line("{drsig:pathologist}[, Pathologist|]")
    ctx.line("[Electronically signed|Signed out] {dt:note}")


def path_brief(ctx: NoteContext) -> None:
    """Short cytology / flow cytometry report in the HIDE example's style."""
    ctx.line("[CYTOLOGY|FLOW CYTOMETRY|HEMATOPATHOLOGY CONSULTATION] REPORT  {accession}")
    ctx.line("[Name|Pt]: {pt:last_first}  {label:mrn}{mrn}  [Loc|Location]: {unit}")
    ctx.render("CLINICAL HISTORY: {agephrase} {sex} with [a history of B-cell lymphoma "
               "(marginal zone, {accession}, {date:past1:numeric})|{problem}|a {num:1:6} cm "
               "[thyroid|lung|pancreatic] mass]. [Flow cytometry and molecular diagnostics "
               "drawn.|FNA performed by {dr:consultant} on {date:surgery:partial}.]\n")
    ctx.render("SPECIMEN: [Peripheral blood|Bone marrow aspirate|Fine needle aspiration, "
               "{num:2:4} passes|Pleural fluid, {num:50:900} mL]. [Specimen adequate for "
               "evaluation.|Limited cellularity.]\n")
    ctx.render("[RESULTS|FINDINGS]: [CD45-bright lymphocytes comprise {num:10:40}% of events.|"
               "Smears show scattered atypical epithelial cells in a background of blood.|"
               "Kappa:lambda ratio {dec:0.8:4.5}.] [CD19 and CD20 positive B cells are "
               "polytypic.|No blasts identified.|Cell block prepared.|{lookalike:history}.|"
               "{lookalike:place}.]\n")
    ctx.render("INTERPRETATION: [No evidence of a monoclonal B-cell population.|Atypical "
               "cells present, suspicious for carcinoma.|Negative for malignant cells.|"
               "Consistent with involvement by the patient's known lymphoma.]\n")
    ctx.render("[Reviewed by|Pathologist]: {drsig:pathologist}  {date:note}\n")


FAMILIES = (
    Family("rad-formal", RADIOLOGY, rad_formal, "during", RAD_CASES,
           "formal radiology report with header block, accession and comparison"),
    Family("rad-portable", RADIOLOGY, rad_portable, "during", RAD_CASES,
           "short portable film report with clip number"),
    Family("rad-outpatient", RADIOLOGY, rad_letter, "after", MOSTLY_AS_IS,
           "outpatient imaging result in prose", weight=0.7),
    Family("path-surgical", PATHOLOGY, path_surgical, "surgery", MOSTLY_AS_IS,
           "surgical pathology report"),
    Family("path-brief", PATHOLOGY, path_brief, "surgery", MOSTLY_AS_IS,
           "short cytology or flow cytometry report", weight=0.6),
)
