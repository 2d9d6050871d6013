"""Clinical text that is not PHI but often looks like it.

Vitals (``132/84``), murmurs (``2/6``), strength (``5/5``), doses, times (``0800``, ``14:30``),
scores, lab values, codes, drug names (brand names are capitalised like surnames), eponyms
and abbreviations. Everything here returns plain strings and never contains PHI.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

MEDICATIONS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # name, doses, usual route/frequency
    ("metoprolol tartrate", ("12.5 mg", "25 mg", "50 mg"), "PO BID"),
    ("metoprolol succinate", ("25 mg", "50 mg", "100 mg"), "PO daily"),
    ("lisinopril", ("5 mg", "10 mg", "20 mg", "40 mg"), "PO daily"),
    ("amlodipine", ("5 mg", "10 mg"), "PO daily"),
    ("atorvastatin", ("20 mg", "40 mg", "80 mg"), "PO qHS"),
    ("simvastatin", ("20 mg", "40 mg"), "PO qHS"),
    ("aspirin", ("81 mg", "325 mg"), "PO daily"),
    ("clopidogrel", ("75 mg",), "PO daily"),
    ("warfarin", ("2 mg", "2.5 mg", "5 mg", "7.5 mg"), "PO qPM"),
    ("apixaban", ("2.5 mg", "5 mg"), "PO BID"),
    ("furosemide", ("20 mg", "40 mg", "80 mg"), "PO daily"),
    ("furosemide", ("40 mg", "80 mg"), "IV BID"),
    ("spironolactone", ("25 mg", "50 mg"), "PO daily"),
    ("metformin", ("500 mg", "850 mg", "1000 mg"), "PO BID"),
    ("insulin glargine", ("10 units", "22 units", "34 units"), "SC qHS"),
    ("insulin lispro", ("4 units", "6 units"), "SC with meals per sliding scale"),
    ("levothyroxine", ("50 mcg", "75 mcg", "100 mcg", "125 mcg"), "PO daily"),
    ("omeprazole", ("20 mg", "40 mg"), "PO daily"),
    ("pantoprazole", ("40 mg",), "IV q12h"),
    ("acetaminophen", ("500 mg", "650 mg", "1 g"), "PO q6h PRN pain"),
    ("oxycodone", ("5 mg", "10 mg"), "PO q4h PRN pain"),
    ("hydromorphone", ("0.5 mg", "1 mg"), "IV q3h PRN"),
    ("morphine", ("2 mg", "4 mg"), "IV q4h PRN"),
    ("heparin", ("5000 units",), "SC q8h"),
    ("enoxaparin", ("40 mg", "1 mg/kg"), "SC daily"),
    ("vancomycin", ("1 g", "1.25 g", "1.5 g"), "IV q12h"),
    ("piperacillin-tazobactam", ("3.375 g", "4.5 g"), "IV q8h"),
    ("ceftriaxone", ("1 g", "2 g"), "IV q24h"),
    ("cefazolin", ("1 g", "2 g"), "IV q8h"),
    ("azithromycin", ("250 mg", "500 mg"), "PO daily"),
    ("levofloxacin", ("500 mg", "750 mg"), "PO daily"),
    ("ciprofloxacin", ("250 mg", "500 mg"), "PO BID"),
    ("nitrofurantoin", ("100 mg",), "PO BID"),
    ("prednisone", ("5 mg", "20 mg", "40 mg", "60 mg"), "PO daily"),
    ("methylprednisolone", ("40 mg", "125 mg"), "IV q8h"),
    ("albuterol", ("2.5 mg", "2 puffs"), "neb q4h PRN"),
    ("ipratropium", ("0.5 mg",), "neb q6h"),
    ("tiotropium", ("18 mcg",), "inhaled daily"),
    ("gabapentin", ("100 mg", "300 mg", "600 mg"), "PO TID"),
    ("sertraline", ("25 mg", "50 mg", "100 mg"), "PO daily"),
    ("citalopram", ("10 mg", "20 mg"), "PO daily"),
    ("trazodone", ("25 mg", "50 mg"), "PO qHS PRN sleep"),
    ("quetiapine", ("25 mg", "50 mg"), "PO qHS"),
    ("haloperidol", ("0.5 mg", "1 mg", "2 mg"), "IV q6h PRN agitation"),
    ("lorazepam", ("0.5 mg", "1 mg"), "IV q4h PRN"),
    ("docusate", ("100 mg",), "PO BID"),
    ("senna", ("8.6 mg", "2 tabs"), "PO qHS"),
    ("polyethylene glycol", ("17 g",), "PO daily"),
    ("ondansetron", ("4 mg",), "IV q6h PRN nausea"),
    ("tamsulosin", ("0.4 mg",), "PO qHS"),
    ("potassium chloride", ("20 mEq", "40 mEq"), "PO x1"),
    ("magnesium sulfate", ("2 g",), "IV x1"),
    ("allopurinol", ("100 mg", "300 mg"), "PO daily"),
    ("carvedilol", ("3.125 mg", "6.25 mg", "12.5 mg"), "PO BID"),
    ("diltiazem", ("30 mg", "120 mg"), "PO q6h"),
    ("digoxin", ("0.125 mg", "0.25 mg"), "PO daily"),
    ("amiodarone", ("200 mg", "400 mg"), "PO daily"),
    ("hydrochlorothiazide", ("12.5 mg", "25 mg"), "PO daily"),
    ("losartan", ("25 mg", "50 mg", "100 mg"), "PO daily"),
    ("donepezil", ("5 mg", "10 mg"), "PO qHS"),
    ("levetiracetam", ("500 mg", "750 mg", "1000 mg"), "PO BID"),
    ("phenytoin", ("100 mg",), "PO TID"),
    ("thiamine", ("100 mg",), "PO daily"),
    ("folic acid", ("1 mg",), "PO daily"),
    ("multivitamin", ("1 tab",), "PO daily"),
    ("nicotine patch", ("14 mg", "21 mg"), "TD daily"),
    ("propofol", ("20 mcg/kg/min", "40 mcg/kg/min"), "IV gtt"),
    ("fentanyl", ("25 mcg/hr", "50 mcg/hr", "100 mcg/hr"), "IV gtt"),
    ("norepinephrine", ("0.05 mcg/kg/min", "0.1 mcg/kg/min"), "IV gtt"),
    ("heparin", ("1000 units/hr", "1200 units/hr"), "IV gtt"),
    ("insulin regular", ("2 units/hr", "4 units/hr"), "IV gtt"),
)
BRAND_NAMES = (
    "Lasix", "Coumadin", "Tylenol", "Zofran", "Ativan", "Haldol", "Dilaudid", "Percocet",
    "Lopressor", "Toprol XL", "Norvasc", "Lipitor", "Plavix", "Eliquis", "Xarelto", "Keppra",
    "Protonix", "Nexium", "Synthroid", "Lantus", "Humalog", "Zosyn", "Rocephin", "Levaquin",
    "Flagyl", "Bactrim", "Colace", "Senokot", "Miralax", "Seroquel", "Zoloft", "Ambien",
    "Flomax", "Neurontin", "Vancomycin", "Solu-Medrol", "Prednisone", "Albuterol", "Spiriva",
    "Advair", "Klonopin", "Xanax", "Benadryl", "Motrin", "Aleve", "Lovenox", "Sinemet",
    "Aricept", "Namenda", "Entresto", "Jardiance", "Ozempic", "Januvia", "Imdur", "Cozaar",
)
PROBLEMS = (
    "hypertension", "HTN", "hyperlipidemia", "type 2 diabetes mellitus", "DM2", "insulin-"
    "dependent diabetes", "CAD s/p CABG x3", "CAD s/p PCI to the LAD", "CHF with EF 25-30%",
    "HFpEF", "atrial fibrillation on anticoagulation", "paroxysmal AFib", "COPD on 2L home O2",
    "asthma", "OSA on CPAP", "CKD stage 3", "ESRD on HD MWF", "hypothyroidism",
    "GERD", "BPH", "osteoarthritis", "rheumatoid arthritis", "gout", "depression", "anxiety",
    "bipolar disorder", "schizophrenia", "alcohol use disorder", "opioid use disorder on "
    "methadone", "cirrhosis, EtOH-related", "hepatitis C", "HIV on HAART", "prior CVA with "
    "residual L hemiparesis", "TIA", "seizure disorder", "dementia", "peripheral vascular "
    "disease", "DVT", "PE", "anemia of chronic disease", "iron deficiency anemia", "breast "
    "cancer s/p lumpectomy", "prostate cancer s/p XRT", "colon cancer s/p hemicolectomy",
    "lung adenocarcinoma", "multiple myeloma", "CLL", "obesity, BMI 38", "morbid obesity",
    "chronic low back pain", "spinal stenosis", "osteoporosis", "glaucoma", "macular "
    "degeneration", "hearing loss", "diverticulosis", "cholelithiasis", "nephrolithiasis",
    "recurrent UTIs", "pressure injury stage 2 sacrum", "s/p TKA", "s/p THA", "s/p "
    "appendectomy", "s/p cholecystectomy", "s/p TAH/BSO", "neuropathy", "MGUS", "sarcoidosis",
)
CHIEF_COMPLAINTS = (
    "chest pain", "shortness of breath", "abdominal pain", "fever and chills", "syncope",
    "fall", "altered mental status", "weakness", "nausea and vomiting", "cough",
    "palpitations", "headache", "dizziness", "back pain", "leg swelling", "hematemesis",
    "melena", "BRBPR", "dysuria", "hematuria", "confusion", "seizure", "left-sided weakness",
    "slurred speech", "rash", "wound drainage", "lethargy", "decreased PO intake",
    "worsening dyspnea on exertion", "right lower quadrant pain", "flank pain",
)
DIAGNOSES = (
    "community-acquired pneumonia", "CHF exacerbation", "COPD exacerbation", "NSTEMI",
    "STEMI", "sepsis secondary to UTI", "urosepsis", "cellulitis of the left lower extremity",
    "acute kidney injury", "DKA", "hypoglycemia", "upper GI bleed", "lower GI bleed",
    "small bowel obstruction", "acute cholecystitis", "acute appendicitis", "pancreatitis",
    "diverticulitis", "pulmonary embolism", "DVT", "ischemic stroke", "TIA", "syncope, "
    "likely vasovagal", "atrial fibrillation with RVR", "symptomatic bradycardia",
    "hyponatremia", "hyperkalemia", "alcohol withdrawal", "delirium", "hip fracture",
    "C. diff colitis", "aspiration pneumonia", "pyelonephritis", "hypertensive urgency",
    "COVID-19 pneumonia", "influenza A", "failure to thrive", "opioid overdose",
)
PROCEDURES = (
    "cardiac catheterization", "transthoracic echocardiogram", "TEE", "EGD", "colonoscopy",
    "bronchoscopy", "thoracentesis", "paracentesis", "lumbar puncture", "central line "
    "placement", "PICC placement", "intubation", "extubation", "CT-guided biopsy",
    "laparoscopic cholecystectomy", "appendectomy", "ORIF of the hip", "hemiarthroplasty",
    "CABG", "PCI with DES to the RCA", "pacemaker placement", "cardioversion", "dialysis "
    "catheter placement", "I&D of abscess", "wound debridement", "ERCP with stent",
)
LAB_PANELS = (
    ("Na", 128, 146, 0), ("K", 3.1, 5.6, 1), ("Cl", 95, 110, 0), ("HCO3", 18, 30, 0),
    ("BUN", 8, 64, 0), ("Cr", 0.6, 3.4, 1), ("Glu", 70, 320, 0), ("Ca", 7.9, 10.4, 1),
    ("Mg", 1.5, 2.6, 1), ("Phos", 2.1, 5.2, 1), ("WBC", 3.2, 19.8, 1), ("Hgb", 6.9, 15.2, 1),
    ("Hct", 21.0, 45.0, 1), ("Plt", 68, 480, 0), ("INR", 0.9, 3.4, 1), ("PTT", 24, 78, 0),
    ("Trop", 0.01, 2.4, 2), ("BNP", 40, 3200, 0), ("Lactate", 0.8, 5.1, 1), ("AST", 12, 210, 0),
    ("ALT", 9, 180, 0), ("Alk phos", 40, 340, 0), ("T bili", 0.3, 4.8, 1), ("Alb", 2.1, 4.6, 1),
    ("TSH", 0.3, 8.9, 2), ("A1c", 5.4, 11.2, 1), ("CRP", 1, 180, 0), ("Procal", 0.05, 4.2, 2),
)
ANTIBIOTICS = (
    "vancomycin and zosyn", "ceftriaxone", "ceftriaxone and azithromycin", "levofloxacin",
    "cefepime", "IV vancomycin", "cefazolin", "nitrofurantoin", "Bactrim DS", "doxycycline",
    "meropenem", "PO vancomycin", "metronidazole", "cipro", "Augmentin", "amoxicillin",
    "linezolid", "daptomycin", "clindamycin", "a 7-day course of cefpodoxime",
)
EJECTION_FRACTIONS = ("55-60%", "60-65%", "30-35%", "20-25%", "40-45%", ">55%", "of 35%",
                      "50%", "15%")
TIMES = ("0600", "0700", "0800", "1000", "1200", "1400", "1600", "1800", "2000", "2200",
         "0200", "0400", "noon", "midnight")
SCORES = (
    "GCS 15", "GCS 14", "GCS 9T", "RASS 0", "RASS -2", "CAM-ICU negative", "CIWA 8",
    "CIWA 14", "COWS 6", "pain 4/10", "pain 7/10", "pain 0/10", "NIHSS 3", "NIHSS 0",
    "PHQ-9 of 12", "MMSE 24/30", "MoCA 21/30", "ECOG 1", "ECOG 2", "Karnofsky 70%",
    "NYHA class II", "NYHA class III", "CHA2DS2-VASc 4", "HAS-BLED 2", "TIMI 3",
    "Mallampati II", "ASA class III", "FEV1 1.2 L (48% predicted)", "EF 55-60%",
    "EF 30-35%", "BMI 31.4", "qSOFA 2", "CURB-65 of 2", "MELD 18", "Ranson 3",
)
CODES = (
    "ICD-10 I50.9", "ICD-10 J44.1", "ICD-10 N17.9", "ICD-10 E11.65", "CPT 99223",
    "CPT 99232", "CPT 71046", "CPT 93306", "DRG 291", "LOINC 2160-0", "SNOMED 38341003",
)


def fmt_number(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def between(rng: random.Random, low: float, high: float, decimals: int = 0) -> str:
    return fmt_number(rng.uniform(low, high), decimals)


def blood_pressure(rng: random.Random) -> str:
    systolic = rng.randint(88, 182)
    return f"{systolic}/{rng.randint(max(40, systolic // 2 - 15), min(110, systolic - 25))}"


def vitals(rng: random.Random) -> str:
    """A vital-sign line in one of several layouts."""
    t = between(rng, 96.8, 102.6, 1)
    tc = between(rng, 36.1, 39.3, 1)
    bp = blood_pressure(rng)
    hr = rng.randint(48, 132)
    rr = rng.randint(12, 32)
    o2 = rng.randint(86, 100)
    support = rng.choice(("RA", "room air", "2L NC", "4L NC", "NRB", "50% FM", "CPAP"))
    layouts = (
        f"T {t} BP {bp} HR {hr} RR {rr} O2 sat {o2}% on {support}",
        f"VS: {t}, {bp}, {hr}, {rr}, {o2}% {support}",
        f"Tmax {t}, Tc {tc}, BP {bp}, P {hr}, R {rr}, SpO2 {o2}% {support}",
        f"T: {tc} C  HR: {hr}  BP: {bp}  RR: {rr}  SaO2: {o2}%",
        f"afebrile, hr {hr} nsr, bp {bp}, rr {rr}, sats {o2}% on {support}",
        f"Temp {t} F, pulse {hr}, resp {rr}, BP {bp}, pulse ox {o2}%",
        f"BP {bp}, HR {hr}, T {t}, sat {o2}% {support}, wt {rng.randint(48, 140)} kg",
    )
    return rng.choice(layouts)


def labs(rng: random.Random, count: int | None = None) -> str:
    """A run of lab values (``Na 138, K 4.1, Cr 1.2``) or a fishbone-like line."""
    chosen = rng.sample(LAB_PANELS, count or rng.randint(3, 8))
    values = [(name, between(rng, low, high, decimals)) for name, low, high, decimals in chosen]
    style = rng.random()
    if style < 0.5:
        return ", ".join(f"{name} {value}" for name, value in values)
    if style < 0.75:
        return " ".join(f"{name}:{value}" for name, value in values)
    return "; ".join(f"{name} {value}" for name, value in values)


BRAND_OF = {
    "furosemide": "Lasix", "warfarin": "Coumadin", "acetaminophen": "Tylenol",
    "ondansetron": "Zofran", "lorazepam": "Ativan", "haloperidol": "Haldol",
    "hydromorphone": "Dilaudid", "metoprolol tartrate": "Lopressor",
    "metoprolol succinate": "Toprol XL", "amlodipine": "Norvasc", "atorvastatin": "Lipitor",
    "clopidogrel": "Plavix", "apixaban": "Eliquis", "levetiracetam": "Keppra",
    "pantoprazole": "Protonix", "levothyroxine": "Synthroid", "insulin glargine": "Lantus",
    "insulin lispro": "Humalog", "piperacillin-tazobactam": "Zosyn", "ceftriaxone": "Rocephin",
    "levofloxacin": "Levaquin", "docusate": "Colace", "senna": "Senokot",
    "polyethylene glycol": "Miralax", "quetiapine": "Seroquel", "sertraline": "Zoloft",
    "tamsulosin": "Flomax", "gabapentin": "Neurontin", "methylprednisolone": "Solu-Medrol",
    "tiotropium": "Spiriva", "enoxaparin": "Lovenox", "donepezil": "Aricept",
    "losartan": "Cozaar", "oxycodone": "Roxicodone", "omeprazole": "Prilosec",
}


def medication(rng: random.Random) -> str:
    name, doses, usage = rng.choice(MEDICATIONS)
    dose = rng.choice(doses)
    if name in BRAND_OF and rng.random() < 0.25:
        return f"{BRAND_OF[name]} {dose} {usage}"
    return rng.choice((f"{name} {dose} {usage}", f"{name} {dose} {usage.lower()}",
                       f"{name.capitalize()} {dose} {usage}"))


def medication_list(rng: random.Random, count: int, numbered: bool = True) -> str:
    items = [medication(rng) for _ in range(count)]
    if numbered:
        return "\n".join(f"{index}. {item}" for index, item in enumerate(items, 1))
    return "\n".join(f"- {item}" for item in items)


def problem_list(rng: random.Random, count: int, style: str = "numbered") -> str:
    items = rng.sample(PROBLEMS, count)
    if style == "numbered":
        return "\n".join(f"{index}. {item}" for index, item in enumerate(items, 1))
    if style == "dash":
        return "\n".join(f"- {item}" for item in items)
    return ", ".join(items)


def pick(rng: random.Random, values: Sequence[str]) -> str:
    return values[rng.randrange(len(values))]


def murmur(rng: random.Random) -> str:
    grade = rng.choice(("1/6", "2/6", "3/6", "II/VI", "III/VI"))
    kind = rng.choice(("systolic ejection murmur at the RUSB", "holosystolic murmur at apex",
                       "SEM at LSB", "diastolic murmur"))
    return f"{grade} {kind}"


def strength(rng: random.Random) -> str:
    grade = rng.choice(("5/5", "4+/5", "4/5", "3/5"))
    return rng.choice((f"strength {grade} throughout", f"{grade} strength in all extremities",
                       f"motor {grade} bilat UE/LE", f"RUE {grade}, LUE 5/5"))


def io_totals(rng: random.Random) -> str:
    intake, output = rng.randint(600, 3200), rng.randint(300, 2800)
    return rng.choice((f"I/O {intake}/{output}", f"I&O: {intake} in / {output} out",
                       f"24h I/O +{intake - output if intake > output else 0}",
                       f"UOP {rng.randint(15, 120)} cc/hr"))


def vent(rng: random.Random) -> str:
    mode = rng.choice(("AC", "CMV", "PSV", "SIMV", "PRVC", "CPAP/PS"))
    return (f"vent {mode} {rng.choice((400, 450, 500, 550))} x {rng.randint(12, 24)}, "
            f"PEEP {rng.choice((5, 8, 10, 12))}, FiO2 {rng.choice((30, 40, 50, 60, 100))}%")


def abg(rng: random.Random) -> str:
    return (f"ABG {between(rng, 7.18, 7.49, 2)}/{rng.randint(28, 72)}/{rng.randint(55, 190)}")


def time_of_day(rng: random.Random) -> str:
    style = rng.random()
    if style < 0.4:
        return pick(rng, TIMES)
    if style < 0.7:
        return f"{rng.randint(0, 23):02d}{rng.choice(('00', '15', '30', '45'))}"
    if style < 0.9:
        suffix = rng.choice(("am", "pm", "AM", "PM"))
        return f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d} {suffix}"
    return f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
