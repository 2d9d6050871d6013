"""Word lists for the clinical non-PHI bank (``deidkit.corpus.clinical``).

Written for deidkit by hand (no downloaded data): generic drug names, gene symbols, clinical
abbreviations, trial acronyms, device and product names, short department names, ICD-10-style
codes, section words and letter phrases. None is PHI: no person, date, place or identifier.
A template of ``deidkit.corpus.clinical`` names a list as ``<drug>``, ``<gene>``, ...; each
becomes a ``[a|b|...]`` choice when the bank is built.
"""

from __future__ import annotations

DRUGS: tuple[str, ...] = (
    # cardiology, heart failure, anticoagulation
    "sacubitril/valsartan", "empagliflozin", "dapagliflozin", "spironolactone", "eplerenone",
    "carvedilol", "metoprolol succinate", "bisoprolol", "ivabradine", "digoxin", "amiodarone",
    "dofetilide", "sotalol", "dronedarone", "flecainide", "apixaban", "rivaroxaban",
    "dabigatran", "edoxaban", "warfarin", "enoxaparin", "heparin", "fondaparinux",
    "bivalirudin", "clopidogrel", "ticagrelor", "prasugrel", "aspirin", "atorvastatin",
    "rosuvastatin", "ezetimibe", "evolocumab", "alirocumab", "inclisiran", "bempedoic acid",
    "icosapent ethyl", "hydralazine", "isosorbide mononitrate", "isosorbide dinitrate",
    "furosemide", "torsemide", "bumetanide", "metolazone", "chlorthalidone",
    "hydrochlorothiazide", "lisinopril", "losartan", "valsartan", "amlodipine", "diltiazem",
    "verapamil", "nifedipine", "milrinone", "dobutamine", "norepinephrine", "vasopressin",
    "phenylephrine", "epinephrine", "nitroglycerin", "mavacamten", "tafamidis", "ranolazine",
    # oncology and haematology
    "olaparib", "niraparib", "talazoparib", "pembrolizumab", "nivolumab", "ipilimumab",
    "atezolizumab", "durvalumab", "cemiplimab", "dostarlimab", "trastuzumab", "pertuzumab",
    "trastuzumab deruxtecan", "ado-trastuzumab emtansine", "tucatinib", "capecitabine",
    "oxaliplatin", "fluorouracil", "leucovorin", "irinotecan", "bevacizumab", "cetuximab",
    "panitumumab", "encorafenib", "regorafenib", "trifluridine/tipiracil", "gemcitabine",
    "nab-paclitaxel", "paclitaxel", "docetaxel", "carboplatin", "cisplatin", "etoposide",
    "pemetrexed", "osimertinib", "alectinib", "lorlatinib", "sotorasib", "adagrasib",
    "cyclophosphamide", "doxorubicin", "epirubicin", "tamoxifen", "letrozole", "anastrozole",
    "exemestane", "fulvestrant", "palbociclib", "ribociclib", "abemaciclib", "alpelisib",
    "sacituzumab govitecan", "enzalutamide", "abiraterone", "leuprolide", "degarelix",
    "rituximab", "bendamustine", "ibrutinib", "acalabrutinib", "zanubrutinib", "venetoclax",
    "lenalidomide", "pomalidomide", "bortezomib", "carfilzomib", "daratumumab",
    "azacitidine", "decitabine", "cytarabine", "imatinib", "dasatinib", "nilotinib",
    "hydroxyurea", "ruxolitinib", "filgrastim", "pegfilgrastim", "ondansetron",
    "olanzapine", "fosaprepitant", "dexamethasone", "denosumab", "zoledronic acid",
    # infection
    "cefazolin", "ceftriaxone", "cefepime", "ceftazidime-avibactam", "piperacillin-tazobactam",
    "meropenem", "ertapenem", "vancomycin", "daptomycin", "linezolid", "doxycycline",
    "azithromycin", "levofloxacin", "ciprofloxacin", "metronidazole", "nitrofurantoin",
    "trimethoprim-sulfamethoxazole", "clindamycin", "amoxicillin-clavulanate", "ampicillin",
    "nafcillin", "rifampin", "fidaxomicin", "micafungin", "fluconazole", "voriconazole",
    "posaconazole", "amphotericin B", "valganciclovir", "acyclovir", "remdesivir",
    "nirmatrelvir/ritonavir", "bictegravir/emtricitabine/tenofovir alafenamide",
    # endocrine, renal, GI, respiratory
    "semaglutide", "tirzepatide", "dulaglutide", "liraglutide", "insulin glargine",
    "insulin lispro", "insulin aspart", "insulin degludec", "metformin", "sitagliptin",
    "glipizide", "pioglitazone", "levothyroxine", "methimazole", "hydrocortisone",
    "fludrocortisone", "cinacalcet", "sevelamer", "calcium acetate", "patiromer",
    "sodium zirconium cyclosilicate", "epoetin alfa", "darbepoetin", "iron sucrose",
    "ferric carboxymaltose", "calcitriol", "tacrolimus", "mycophenolate mofetil",
    "prednisone", "budesonide", "mesalamine", "infliximab", "vedolizumab", "ustekinumab",
    "adalimumab", "pantoprazole", "famotidine", "lactulose", "rifaximin", "polyethylene glycol",
    "senna", "tiotropium", "fluticasone/salmeterol", "budesonide/formoterol", "albuterol",
    "ipratropium", "roflumilast", "montelukast", "dupilumab",
    # neuro, psych, pain
    "levetiracetam", "lacosamide", "lamotrigine", "valproate", "gabapentin", "pregabalin",
    "duloxetine", "sertraline", "escitalopram", "fluoxetine", "bupropion", "mirtazapine",
    "trazodone", "quetiapine", "aripiprazole", "risperidone", "haloperidol", "lithium",
    "clozapine", "buprenorphine/naloxone", "methadone", "naltrexone", "naloxone",
    "hydromorphone", "oxycodone", "morphine", "fentanyl", "acetaminophen", "ketorolac",
    "donepezil", "memantine", "carbidopa/levodopa", "sumatriptan", "propofol",
    "dexmedetomidine", "midazolam", "ketamine", "rocuronium", "sugammadex", "tamsulosin",
    "finasteride", "oxybutynin", "oxytocin", "magnesium sulfate", "misoprostol",
    "methylergonovine", "terbutaline", "betamethasone", "Rho(D) immune globulin",
)
"""About two hundred generic drug names, lower case as pharmacists write them."""
LEVEL_DRUGS: tuple[str, ...] = (
    "vancomycin", "tacrolimus", "digoxin", "lithium", "valproate", "phenytoin", "gentamicin",
)
"""Drugs whose blood level is checked."""
POTASSIUM_DRUGS: tuple[str, ...] = (
    "spironolactone", "eplerenone", "sacubitril/valsartan", "lisinopril", "losartan",
    "trimethoprim-sulfamethoxazole",
)
"""Drugs that raise potassium."""

BRANDS: tuple[str, ...] = (
    "Entresto", "Jardiance", "Farxiga", "Eliquis", "Xarelto", "Brilinta", "Repatha",
    "Lynparza", "Keytruda", "Opdivo", "Herceptin", "Enhertu", "Xeloda", "Tagrisso",
    "Ibrance", "Kisqali", "Verzenio", "Revlimid", "Darzalex", "Imbruvica", "Venclexta",
    "Neulasta", "Zofran", "Xgeva", "Ozempic", "Mounjaro", "Trulicity", "Lantus", "Humalog",
    "Synthroid", "Sensipar", "Renvela", "Lokelma", "Veltassa", "Prograf", "CellCept",
    "Entyvio", "Stelara", "Humira", "Remicade", "Xifaxan", "Spiriva", "Trelegy", "Dupixent",
    "Keppra", "Vimpat", "Suboxone", "Narcan", "Paxlovid", "Biktarvy", "Dificid", "Zyvox",
)
"""Brand names, capitalised like surnames."""

GENES: tuple[str, ...] = (
    "MLH1", "MSH2", "MSH6", "PMS2", "EPCAM", "APC", "MUTYH", "BRCA1", "BRCA2", "PALB2",
    "CHEK2", "ATM", "BARD1", "BRIP1", "RAD51C", "RAD51D", "TP53", "PTEN", "CDH1", "STK11",
    "CDKN2A", "SMAD4", "BMPR1A", "POLE", "POLD1", "NTHL1", "KRAS", "NRAS", "HRAS", "BRAF",
    "EGFR", "ALK", "ROS1", "RET", "MET", "ERBB2", "HER2", "PIK3CA", "AKT1", "ESR1", "FGFR2",
    "FGFR3", "IDH1", "IDH2", "NTRK1", "KIT", "PDGFRA", "NF1", "NF2", "VHL", "MEN1", "SDHB",
    "SDHD", "FLT3", "NPM1", "DNMT3A", "TET2", "ASXL1", "JAK2", "CALR", "MPL", "SF3B1",
    "TP63", "KMT2A", "BCR-ABL1", "CFTR", "HBB", "HFE", "F5", "F2", "LDLR", "APOB", "PCSK9",
    "MYH7", "MYBPC3", "TTN", "LMNA", "SCN5A", "KCNQ1", "KCNH2", "TTR", "DMD", "SMN1", "FMR1",
    "GJB2", "G6PD", "DPYD", "TPMT", "NUDT15", "UGT1A1", "CYP2C19", "CYP2D6", "HLA-B*57:01",
)
"""Gene symbols (and a few pharmacogenes and alleles)."""

AMINO_ACIDS: tuple[str, ...] = (
    "Ala", "Arg", "Asn", "Asp", "Cys", "Gln", "Glu", "Gly", "His", "Ile", "Leu", "Lys", "Met",
    "Phe", "Pro", "Ser", "Thr", "Trp", "Tyr", "Val",
)
"""Three-letter amino-acid codes for protein variant notation (``p.Glu23fs``)."""

ABBREVIATIONS: tuple[str, ...] = (
    # procedures
    "CABG", "PCI", "TAVR", "TEER", "SAVR", "TKA", "THA", "TSA", "ORIF", "ACDF", "EGD", "ERCP",
    "EUS", "TURP", "TURBT", "LAR", "APR", "VATS", "EBUS", "PEG", "TIPS", "ECT", "LP", "BMBx",
    "CVVH", "CRRT", "ECMO", "IABP", "LVAD", "PFO closure", "LAAO", "PVI", "DCCV", "ICD",
    "CRT-D", "CRT-P", "PPM", "SLNB", "ALND", "BCT", "NAC", "IMRT", "SBRT", "SRS", "HIPEC",
    # conditions
    "AF", "AFL", "SVT", "VT", "VF", "NSVT", "MI", "NSTEMI", "STEMI", "HF", "HFrEF", "HFpEF",
    "HFimpEF", "CAD", "PAD", "AS", "MR", "TR", "PE", "DVT", "VTE", "CKD", "AKI", "ESRD",
    "COPD", "OSA", "OHS", "ILD", "DKA", "HHS", "UTI", "CAP", "HAP", "VAP", "SBP", "GIB",
    "UGIB", "NASH", "MASLD", "IBD", "GERD", "BPH", "TIA", "CVA", "SAH", "ICH", "TBI", "MCI",
    "PTSD", "GAD", "MDD", "OUD", "AUD", "PPROM", "PIH", "GDM", "IUGR", "FN", "TLS", "GVHD",
    "CRS", "ICANS", "DCIS", "LCIS", "IDC", "ILC", "NSCLC", "SCLC", "CRC", "HCC", "RCC",
    "CLL", "AML", "MDS", "DLBCL", "MGUS",
    # tests, results, genetics
    "VUS", "NGS", "TMB", "MSI-H", "MSS", "dMMR", "pMMR", "IHC", "FISH", "PCR", "ctDNA",
    "LOH", "HRD", "PD-L1 TPS", "CPS", "ER/PR", "Ki-67", "CEA", "CA 19-9", "CA-125", "PSA",
    "AFP", "BNP", "NT-proBNP", "hs-TnT", "TSH", "HbA1c", "eGFR", "UACR", "UPCR", "ABG",
    "VBG", "LFTs", "INR", "aPTT", "ANC", "MCV", "LDH", "CRP", "ESR", "TTE", "TEE", "CTA",
    "MRCP", "PET/CT", "DEXA", "EMG", "EEG", "PFTs", "6MWT", "VQ scan",
    # services, settings, equipment, orders
    "SNF", "IRF", "LTACH", "ALF", "HH", "VNA", "DME", "PT", "OT", "SLP", "RT", "RD", "SW",
    "CM", "RW", "FWW", "SPC", "WC", "BSC", "TTWB", "WBAT", "NWB", "PWB", "ROM", "AROM",
    "PROM", "ADLs", "IADLs", "MAC", "GETA", "PACU", "OR", "EBL", "UOP", "I/O", "NPO",
    "DNR/DNI", "POLST", "MOLST", "HCP", "GOC", "PRN", "BID", "TID", "QID", "qHS", "HFNC",
    "NIV", "BiPAP", "CPAP", "SBT", "RSBI", "PEEP", "FiO2", "MAP", "CVP", "SVR", "CO/CI",
)
"""Clinical abbreviations (procedures, conditions, tests, services, orders)."""

TRIALS: tuple[str, ...] = (
    "OlympiA", "CREATE-X", "IDEA", "CAPP2", "KATHERINE", "KEYNOTE-522", "KEYNOTE-189",
    "monarchE", "NATALEE", "APHINITY", "CLEOPATRA", "DESTINY-Breast04", "SOFT/TEXT",
    "TAILORx", "RxPONDER", "MINDACT", "ADAURA", "CheckMate 816", "PACIFIC", "MOSAIC",
    "PRODIGE", "RAPIDO", "PROSPECT", "DAPA-HF", "EMPEROR-Reduced", "EMPEROR-Preserved",
    "PARADIGM-HF", "PARAGON-HF", "DELIVER", "STRONG-HF", "COAPT", "MITRA-FR", "CASTLE-AF",
    "EAST-AFNET 4", "ISCHEMIA", "SPRINT", "ACCORD", "CREDENCE", "FIDELIO-DKD", "SELECT",
    "STEP", "SURMOUNT", "RECOVERY", "NLST", "NELSON", "PLCO",
)
"""Trial acronyms written in notes (some are also English words or names)."""

DEVICES: tuple[str, ...] = (
    "Medtronic Sprint Quattro Secure 6935M", "Cobalt XT HF Quad CRT-D", "Azure XT DR MRI",
    "Micra AV", "Evera MRI XT VR", "CareLink", "LATITUDE", "Merlin.net", "MitraClip",
    "PASCAL", "Watchman FLX", "Amulet", "Impella CP", "HeartMate 3", "CardioMEMS",
    "LifeVest", "Zio patch", "Loop recorder LINQ II", "Sapien 3", "Evolut PRO+",
    "Dermabond", "Blake drain", "Jackson-Pratt drain", "Savi Scout", "Magseed", "Port-a-Cath",
    "PowerPICC", "Mediport", "Wound VAC", "Prevena", "Exparel", "Tisseel", "Surgicel",
    "Arista", "Vicryl", "Monocryl", "PDS", "Prolene", "Ethibond", "Mersilene", "Ligasure",
    "Harmonic scalpel", "da Vinci Xi", "Endo GIA", "EEA stapler", "Dexcom G7",
    "FreeStyle Libre 3", "Omnipod 5", "Tandem t:slim X2", "Optiflow", "AirVo", "Trilogy",
    "ResMed AirSense 11", "Inspire", "Pleurx", "Aspira", "Alaris", "Sage wipes",
    "Mepilex Border", "Allevyn", "Kendall SCDs", "Rollator", "Hoyer", "Sara Stedy",
)
"""Device, implant and product names (model numbers included)."""

DEPARTMENTS: tuple[str, ...] = (
    "Rad Onc", "Med Onc", "Gyn Onc", "Surg Onc", "Heme/Onc", "Hematology/Oncology", "GI",
    "EP", "IR", "CT Surgery", "Vascular", "Nephro", "Renal", "Endo", "ID", "Pulm", "Rheum",
    "Neuro", "Neurosurg", "Ortho", "Uro", "ENT", "Ophtho", "Derm", "Psych", "C-L Psych",
    "Palliative", "PM&R", "Genetics", "Cardio-Onc", "Transplant", "Wound care", "Nutrition",
    "Pharmacy", "Case Management", "Social Work", "Chaplaincy", "Anesthesia", "Peds", "NICU",
    "L&D", "MFM", "Tumor Board", "Breast Clinic", "Device Clinic", "HF Clinic",
    "Anticoag Clinic", "Infusion", "Pre-op Clinic", "Sleep Lab", "Echo Lab", "Cath Lab",
)
"""Short names of departments, services and clinics (none is a named place)."""

ICD_CODES: tuple[str, ...] = (
    "I50.23", "I50.22", "I50.32", "I48.91", "I48.0", "I25.10", "I21.4", "I10", "I44.2",
    "I63.9", "E11.9", "E11.65", "E03.9", "E66.01", "E87.1", "N18.4", "N17.9", "J44.1",
    "J18.9", "J96.01", "C18.2", "C50.911", "C34.90", "C61", "C25.9", "D63.1", "D50.9",
    "Z15.01", "Z80.0", "Z85.038", "Z95.0", "Z79.01", "F32.1", "F41.1", "F10.20", "O24.419",
    "O13.3", "K21.9", "K57.30", "M17.11", "R55", "R07.9", "A41.9", "B96.20", "G47.33",
)
"""ICD-10-CM-shaped codes (numbers with a letter and a dot, not identifiers)."""

SECTION_WORDS: tuple[str, ...] = (
    "Lymphovascular invasion", "Perineural invasion", "Ileum", "Terminal ileum", "Cecum",
    "Appendix", "Margins", "Tumor budding", "Treatment effect", "Microsatellite status",
    "Hematology/Oncology", "Interval history", "Impression", "Recommendations", "Disposition",
    "Hospital course", "Functional status", "Goals of care", "Code status", "Pertinent labs",
    "Procedure note", "Specimen", "Gross description", "Microscopic description",
    "Synoptic report", "Addendum", "Estimated blood loss", "Drains", "Implants",
    "Anesthesia", "Complications", "Findings", "Indication", "Technique", "Comparison",
)
"""Section words and report headings, capitalised at the start of a line."""

SCORES: tuple[tuple[str, int], ...] = (
    ("AM-PAC", 24), ("MoCA", 30), ("SLUMS", 30), ("MMSE", 30), ("PHQ-9", 27), ("GAD-7", 21),
    ("AUDIT-C", 12), ("Berg", 56), ("Tinetti", 28), ("FIM motor", 91), ("Barthel", 100),
    ("CPOT", 8), ("NIHSS", 42), ("EPDS", 30), ("Edinburgh", 30),
    ("CHA2DS2-VASc", 9), ("HAS-BLED", 9), ("TIMI", 7), ("HEART", 10), ("CURB-65", 5),
    ("qSOFA", 3), ("FRAIL", 5), ("ECOG", 4), ("KPS", 100), ("IPSS", 35), ("BPI", 10),
)
"""Scores with their maximum, written as ``score n/max``."""
