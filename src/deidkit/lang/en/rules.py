"""English data for the rules detector (:class:`deidkit.lang.rules.RuleLanguage`)."""

from __future__ import annotations

from deidkit.lang.en.brands import BRAND_NAMES, BRAND_PHRASES
from deidkit.lang.en.occupations import CUES as PROFESSION_CUES
from deidkit.lang.en.occupations import OCCUPATIONS
from deidkit.lang.en.occupations import STOPS as PROFESSION_STOPS
from deidkit.lang.rules import RuleLanguage

# Short words in capitals that are never a member of staff's initials or a user name.
CLINICAL_ABBREVIATIONS = frozenset(
    str.split(
        """rn md do np pa pt ot st slp rt sw cm cna lpn lvn pharmd phd dds dpm crna aprn pa-c
    mph msw lcsw emt ma cnm fnp dnp bsn msn mba ed er icu ccu micu sicu cvicu nicu picu pacu
    or gi id ent cv heent rrr nad sob cp abd ext neuro psych gu ob gyn obgyn ekg ecg cxr ct
    geri onc heme pulm nephro neph ortho uro derm rheum peds surg vasc
    mri mra us ua cbc bmp cmp lft lfts inr ptt pt/inr abg vbg bp hr rr o2 iv im po pr sl sq
    sc subq prn bid tid qid qd qod qhs hs ac pc npo dnr dni dnar ama cpr ams aox cva tia mi
    stemi nstemi chf hf copd dm dm2 htn hld ckd esrd aki uti urti ha bm lmp hiv hcv hbv tb
    pe dvt sbp dbp map cvp peep cpap bipap ett ng og ngt peg picc cvc art aline foley
    tpn ppn gcs rom rue lue rle lle bue ble wnl nl neg pos hpi ros pmh psh fh sh pe rx dx tx
    hx sx fx cc a/p ap a&p plan assessment imp vs tmax wbc rbc hgb hct plt na cl co2
    bun cr glu ca mg phos alb ast alt alp tbili dbili ldh ck bnp trop tsh hba1c ldl hdl tg
    esr crp pcr rsv ivf ns lr d5w kcl ppi nsaid asa apap abx vanc zosyn ctx npn nkda nka
    mtg mtgs mbr mbrs conf ao rm ok yes no na n/a tbd fyi asap stat eta ooo am pm est edt
    cst pst utc dob mrn ssn ins
    acct fin csn id vin sn dl dea npi lic epic cerner fax ph tel pgr ext cell home work
    us uk usa eu nyc la sf dc va vamc snf ltac ltach alf nh vna hha ems als bls osh er
    ir ip op or cath lab echo tte tee eeg emg ncs pft pfts dexa mammo colo egd ercp eus
    covid sars mrsa vre cdiff c.diff esbl hsv cmv ebv hpv rsv flu strep staph gbs gas
    left right bilat bil lt rt l r ant post sup inf med lat prox dist
    pca pct uap vap ss iss dka hhs ards sirs afib svt vt vf pea rvr nsr cabg pci tavr avr mvr
    ppm icd aicd lvad crrt cvvh hd rrt ivc svc ra lv rv ef tr mr ar as ms ps nt nd si hi ue
    le fs bs is io uo gtt ac sq wt ht bmi kvo tko dc d/c fu f/u ct/a pet spect nm ir vir
    hco3 spo2 sao2 fio2 pao2 pco2 paco2 etco2 h2o o2sat ng ngt ogt gj jp ic pic ptc pcn
    aaa cad pvd pad gerd ibs ibd ra sle ms als osa bph ed gad ptsd adhd mdd bpd sud etoh
    iii ii iv vi vii viii ix xi xii xiii
    rw fww spc cga sba bsc mod max ngs tmb vis od ou mar emar aap ioc geta rsi ardsnet res dest
    ibclc sgt cpt don abp nyha hcp him eod crl aps tvp pcc iu ihc sim da vpn li lang bal af afl mh
    gp pod anes yel grn igra sr reg abdo sop pacs biomed mfr ur occ chw pd imm dispo emr
    ehr cgm icf moh qi fes feno mmr ssi rei acr aua mou hrs isf pert soi hh os dme um vm rll hgd
    cvr mtp cno mdu mds opo tmp smx tcm atp svd dol xr hvf atm mlt poa hcpoa dpoa mfm imc nsicu
    aoc cta ctp ncct nchct nok dos pi spi crc cra sdv aesi sae irb csr ib rec recs chr mnt sar
    ctl loc tts rul lul lll rml ldct vat hpn brp abhr evs papr ppe uds mtd outpt cht"""
    )
)

# Cue -> (label, strong) before an identifier: a strong cue takes a value without a marker
# ("VIN 1HGCM8..."), a weak one needs "#", ":", "no." or "number" ("Order #: 7781229").
ID_CUES: dict[str, tuple[str, bool]] = {
    "ssn": ("SSN", True),
    "ss#": ("SSN", True),
    "ss #": ("SSN", True),
    "social security": ("SSN", True),
    "social security number": ("SSN", True),
    "soc sec": ("SSN", True),
    "mrn": ("MEDICALRECORD", True),
    "mr#": ("MEDICALRECORD", True),
    "mr #": ("MEDICALRECORD", True),
    "medical record": ("MEDICALRECORD", True),
    "medical record number": ("MEDICALRECORD", True),
    "med rec": ("MEDICALRECORD", True),
    "chart": ("MEDICALRECORD", False),
    "unit number": ("MEDICALRECORD", False),
    "policy": ("HEALTHPLAN", True),
    "policy number": ("HEALTHPLAN", True),
    "member": ("HEALTHPLAN", False),
    "member id": ("HEALTHPLAN", True),
    "member number": ("HEALTHPLAN", True),
    "subscriber": ("HEALTHPLAN", False),
    "subscriber id": ("HEALTHPLAN", True),
    "group": ("HEALTHPLAN", False),
    "group number": ("HEALTHPLAN", True),
    "medicare": ("HEALTHPLAN", True),
    "medicaid": ("HEALTHPLAN", True),
    "mbi": ("HEALTHPLAN", True),
    "insurance id": ("HEALTHPLAN", True),
    "ins id": ("HEALTHPLAN", True),
    "plan id": ("HEALTHPLAN", True),
    "acct": ("ACCOUNT", True),
    "account": ("ACCOUNT", True),
    "account number": ("ACCOUNT", True),
    "billing": ("ACCOUNT", False),
    "card": ("ACCOUNT", False),
    "invoice": ("ACCOUNT", False),
    "encounter": ("ACCOUNT", False),
    "visit": ("ACCOUNT", False),
    "fin": ("ACCOUNT", True),
    "csn": ("ACCOUNT", True),
    "har": ("ACCOUNT", True),
    "license": ("LICENSE", True),
    "licence": ("LICENSE", True),
    "license number": ("LICENSE", True),
    "lic": ("LICENSE", False),
    "dl": ("LICENSE", True),
    "dl#": ("LICENSE", True),
    "driver's license": ("LICENSE", True),
    "drivers license": ("LICENSE", True),
    "dea": ("LICENSE", True),
    "npi": ("LICENSE", True),
    "certificate": ("LICENSE", False),
    "plate": ("VEHICLE", True),
    "license plate": ("VEHICLE", True),
    "plate number": ("VEHICLE", True),
    "tag": ("VEHICLE", False),
    "vin": ("VEHICLE", True),
    "vehicle": ("VEHICLE", False),
    "serial": ("DEVICE", True),
    "imei": ("DEVICE", True),
    "serial number": ("DEVICE", True),
    "s/n": ("DEVICE", True),
    "sn": ("DEVICE", False),
    "device": ("DEVICE", False),
    "device id": ("DEVICE", True),
    "sensor": ("DEVICE", True),
    "model": ("DEVICE", False),
    "id": ("IDNUM", False),
    "identifier": ("IDNUM", False),
    "patient id": ("MEDICALRECORD", True),
    "pt id": ("MEDICALRECORD", True),
    "employee": ("IDNUM", True),
    "employee id": ("IDNUM", True),
    "badge": ("IDNUM", True),
    # research subjects ("subj 0056", "Subject ID: 112-0007")
    "subj": ("IDNUM", True),
    "subject": ("IDNUM", False),
    "subject id": ("IDNUM", True),
    "subject number": ("IDNUM", True),
    "participant id": ("IDNUM", True),
    "study id": ("IDNUM", True),
    "screening number": ("IDNUM", True),
    "randomization number": ("IDNUM", True),
    "passport": ("IDNUM", True),
    "claim": ("IDNUM", False),
    "case": ("IDNUM", False),
    "seal": ("IDNUM", False),
    "docket": ("IDNUM", True),
    "store": ("IDNUM", True),
    "docket number": ("IDNUM", True),
    "order": ("IDNUM", False),
    "accession": ("IDNUM", True),
    "specimen": ("IDNUM", False),
    "requisition": ("IDNUM", False),
    "rx": ("IDNUM", False),
    "prescription": ("IDNUM", False),
    "ref": ("IDNUM", False),
    "reference": ("IDNUM", False),
    "confirmation": ("IDNUM", False),
    "authorization": ("IDNUM", False),
    "auth": ("IDNUM", False),
    "tax id": ("IDNUM", True),
    "gate code": ("IDNUM", True),
    "door code": ("IDNUM", True),
    "access code": ("IDNUM", True),
    "lockbox": ("IDNUM", False),
    "lockbox code": ("IDNUM", True),
    "keypad code": ("IDNUM", True),
    # health and registration numbers outside the US (UK, Ireland, Canada, Australia, India)
    "nhs": ("MEDICALRECORD", True),
    "nhs number": ("MEDICALRECORD", True),
    "nhs no": ("MEDICALRECORD", True),
    "chi number": ("MEDICALRECORD", True),
    "hosp no": ("MEDICALRECORD", True),
    "hospital number": ("MEDICALRECORD", True),
    "uhid": ("MEDICALRECORD", True),
    "ihi": ("MEDICALRECORD", True),
    "phn": ("HEALTHPLAN", True),
    "health card": ("HEALTHPLAN", True),
    "ohip": ("HEALTHPLAN", True),
    "ppsn": ("IDNUM", True),
    "aadhaar": ("IDNUM", True),
    "gmc": ("LICENSE", True),
    "mcrn": ("LICENSE", True),
    "ahpra": ("LICENSE", True),
    "ein": ("IDNUM", True),
    "job": ("IDNUM", False),
    "doc id": ("IDNUM", True),
    "document id": ("IDNUM", True),
    "record": ("IDNUM", False),
    "file": ("IDNUM", False),
    "ticket": ("IDNUM", False),
    "incident": ("IDNUM", False),
    "run": ("IDNUM", False),
    "pcr": ("IDNUM", False),
    "emp": ("IDNUM", False),
    "workers comp": ("IDNUM", False),
    "workers' comp": ("IDNUM", False),
    "comp": ("IDNUM", False),
    "cert": ("LICENSE", True),
    "certification": ("LICENSE", True),
    "board cert": ("LICENSE", True),
    "registration": ("VEHICLE", True),
    "reg": ("VEHICLE", False),
}

# Last words of an organisation's or facility's name -> its label (i2b2 2014: nursing homes,
# rehabilitation centres and hospices are hospitals; agencies, firms, pharmacies are not); a
# label ending in "?" marks a generic head ("Services", "School").
ORGANIZATION_HEADS: dict[str, str] = {
    **dict.fromkeys(
        (
            "Nursing Home", "Nursing Center", "Nursing Facility", "Nursing and Rehabilitation",
            "Nursing & Rehabilitation", "Rehabilitation Center", "Rehabilitation Hospital",
            "Rehab Center", "Rehab Hospital", "Rehabilitation", "Skilled Nursing",
            "Skilled Nursing Facility", "Care Center", "Health Center", "Healthcare Center",
            "Assisted Living", "Senior Living", "Retirement Home", "Retirement Community",
            "Hospice", "Manor", "Dialysis", "Dialysis Center", "Kidney Center", "Surgery Center",
            "Clinic", "Medical Clinic", "Family Medicine", "Family Practice", "Pediatrics",
            "Hospital", "Medical Center", "Infirmary", "Convalescent Center", "Care Home",
            "Extended Care", "Long Term Care", "Urgent Care", "Health Clinic", "Med Ctr",
            "Memorial",
        ),
        "HOSPITAL",
    ),
    **dict.fromkeys(
        (
            "Visiting Nurse Association", "Visiting Nurses", "Visiting Nurse Service", "VNA",
            "Home Health", "Home Health Services", "Home Health Agency", "Home Care",
            "Home Care Services", "Homecare", "Home Infusion", "Ambulance",
            "Ambulance Service", "EMS", "Fire Department", "Fire Rescue", "Rescue Squad",
            "Pharmacy", "Mail Pharmacy", "Mail Order Pharmacy", "Mail-Order Pharmacy",
            "Pharmacies", "Drugs", "Drug Store", "Apothecary", "Associates", "& Associates",
            "& Partners", "and Partners", "Partners", "LLC", "L.L.C.", "LLP", "Inc", "Inc.",
            "Incorporated", "Corp", "Corp.", "Corporation", "Co.", "Medical Supply",
            "Home Medical", "Durable Medical",
        ),
        "ORGANIZATION",
    ),
    # generic heads: the name before them must hold a word that is not an ordinary word
    **dict.fromkeys(
        (
            "Company", "Group", "Industries", "Enterprises", "Services", "Solutions",
            "Systems", "Logistics", "Foundation", "Institute", "University", "College",
            "Academy", "School", "Elementary", "Elementary School", "High School",
            "Middle School", "Church", "Temple", "Synagogue", "Mosque", "Bank", "Insurance",
            "Mutual", "Construction", "Manufacturing", "Motors", "Farms", "Dairy", "Shelter",
            "Restaurant", "Diner", "Bakery", "Market", "Supermarket", "Hardware", "Landscaping",
            "Plumbing", "Electric", "Trucking", "Transport", "Transit", "Law Firm", "Realty",
            "Properties", "Laboratories", "Labs", "Staffing", "Department of Corrections",
            "Credit Union", "Genetics", "Diagnostics", "Attorneys", "Attorneys at Law",
            "Law Office", "Law Offices", "Law Group", "CPAs", "Accountants", "Mining",
            "Pharmaceuticals", "Technologies", "Consulting", "Interpreting", "Interpreters",
            "Translations",
        ),
        "ORGANIZATION?",
    ),
}

# Words of generic departments and services (deidkit.models.departments): specialties, offices,
# courts; facility types ("nursing home", "hospice") are names' heads, not here.
DEPARTMENT_WORDS = frozenset(
    str.split(
        """department dept division section service services unit program office team lab labs
    laboratory laboratories suite medicine internal family physical radiology neuroradiology
    pathology cardiology oncology hematology nephrology neurology urology dermatology
    gastroenterology pulmonology pulmonary rheumatology endocrinology ophthalmology
    otolaryngology orthopedics orthopaedics pediatrics paediatrics obstetrics gynecology
    psychiatry psychology surgery surgical anesthesia anesthesiology emergency critical
    intensive care primary urgent geriatrics gerontology genetics genomics cancer heart vascular
    cardiac cardiovascular interventional neurointerventional maternal fetal maternal-fetal
    neonatal perinatal palliative infectious disease diseases sleep pain wound imaging nuclear
    diagnostic diagnostics molecular clinical health human resources appeals grievances billing
    registration admissions admitting records information management financial compliance
    quality risk social work case pharmacy nutrition chaplaincy spiritual interpreter
    interpreters language provider providers court courts trial probate juvenile judicial
    abuse catheterization rehabilitation rehab behavioral behavioural mental audiology
    optometry podiatry dental dentistry speech occupational respiratory therapy physiotherapy
    endoscopy dialysis infusion transplant hepatology allergy immunology cath admission
    preadmission pre-admission testing electrophysiology ep preoperative anticoagulation
    outpatient inpatient"""
    )
)
DEPARTMENT_HEADS = frozenset({"hospital", "clinic", "clinics", "center", "centre", "medical"})
# Words heading a job's title: "Director of Pharmacy", "Dean of Students", "Medical Director",
# "Probation Officer" name a job (none marked as a place or an organisation in the development
# batches' gold).
JOB_TITLES = frozenset(
    str.split(
        """director manager chief head chair dean supervisor coordinator administrator president
    officer liaison advocate counselor counsellor analyst specialist navigator secretary
    superintendent"""
    )
)

RULES = RuleLanguage(
    first_names=("first_names",),
    last_names=("last_names",),
    common_words=("common_words",),
    medical_words=("medical_words",),
    cities=("us_cities", "us_counties"),
    regions=("us_states",),
    countries=("countries",),
    hospitals=("hospitals",),
    not_names=("weekdays", "months", "nationalities"),
    extra_not_names=frozenset(
        str.split(  # in the surname lists, never names in notes ("Temp | HR", "Dari interpreter")
            """dari tagalog basque catalan catholic baptist muslim mormon quaker temp rad co aud
        fam sharps mini hepa peth senna info medi eval stepdad stepmom stepson stepdaughter
        passcode password abuela abuelo amma baba babcia bubbe dziadek nonna paati papi"""
        )
    ),
    street_types=(),
    street_suffixes=("street_suffixes",),
    address_units=("address_units",),
    state_codes=("us_state_abbreviations", "usps"),
    credentials=("name_suffixes", "credential"),
    titles=("titles",),
    extra_titles={"mme": "courtesy", "mlle": "courtesy"},  # "Mme D", "Mlle Roux"
    name_indicators=("name_indicators",),
    extra_name_indicators=(
        ("dtr", "family"), ("dau", "family"), ("fam", "family"), ("family in", "family"),
        ("gd", "family"), ("gs", "family"), ("kids", "family"), ("sitter", "care_team"),
        ("gm", "family"), ("gf", "family"), ("mgm", "family"), ("mgf", "family"),
        ("hca", "care_team"), ("counsellor", "care_team"), ("counselor", "care_team"),
        ("pgm", "family"), ("pgf", "family"), ("fob", "family"), ("father of baby", "family"),
        ("father of the baby", "family"), ("peer", "care_team"), ("peer specialist", "care_team"),
        ("peer support", "care_team"), ("peer recovery coach", "care_team"),
        ("peer mentor", "care_team"),
    ),
    location_indicators=("location_indicators",),
    extra_location_indicators=(),
    too_general_place_cues=frozenset(
        {"from", "address", "visited", "visiting", "transfer", "transferred"}
    ),
    hospital_indicators=("hospital_indicators",),
    fields={
        "patient name": ("PATIENT", "names"),
        "name": ("PATIENT", "names"),
        "patient": ("PATIENT", "names"),
        "attending": ("DOCTOR", "names"),
        "pcp": ("DOCTOR", "names"),
        "physician": ("DOCTOR", "names"),
        "provider": ("DOCTOR", "names"),
        "dictated by": ("DOCTOR", "names"),
        "signed by": ("DOCTOR", "names"),
        "surgeon": ("DOCTOR", "names"),
        "address": ("STREET", "clause"),
        "street": ("STREET", "clause"),
        "city": ("CITY", "clause"),
        "hospital": ("HOSPITAL", "clause"),
        "facility": ("HOSPITAL", "clause"),
        "employer": ("ORGANIZATION", "clause"),
        "occupation": ("PROFESSION", "clause"),
        "usual occupation": ("PROFESSION", "clause"),
        "occ": ("PROFESSION", "clause"),
        "job title": ("PROFESSION", "clause"),
        "profession": ("PROFESSION", "clause"),
        "caller": ("RELATIVE", "names"),
        "goes by": ("PATIENT", "names"),
        "preferred name": ("PATIENT", "names"),
        "nickname": ("PATIENT", "names"),
        "known as": ("PATIENT", "names"),
        "aka": ("PATIENT", "names"),
        "alias": ("PATIENT", "names"),
    },
    hospital_name_first=True,
    hospital_cues=frozenset({"at", "to", "from", "in", "@", "the", "and"}),
    wordlike_state_codes=frozenset(
        {"IN", "OR", "ME", "OK", "HI", "OH", "AS", "AL", "DE", "LA", "MA", "PA", "GA", "CO", "ID",
         "MD"}
    ),
    eponym_heads=frozenset(
        str.split(
            """disease syndrome sign signs test fracture cyst catheter tube reflex phenomenon
        procedure operation maneuver manoeuvre drain drains position criteria classification
        scale technique incision approach method retractor clamp forceps needle score law node
        nodes palsy disorder lymphoma sarcoma tumor tumour ulcer pouch hernia triad solution
        stockings stocking bag monitor monitoring point scores grade grading fall stand cuff
        view views repair splint collar shunt stent bundle sheath equivocal rules
        definition blade protocol defect laryngoscope microscope adl adls iadl iadls
        balance figure naming bowel scientific suicide system"""
        )
    ),
    link_words=frozenset({"of", "'s", "’s", "and"}),
    cue_fillers=frozenset({"is", "was", "named", "'s", "’s", "d/w", "by", "the"}),
    articles=frozenset({"the"}),
    clinical_abbreviations=CLINICAL_ABBREVIATIONS,
    chart_values=frozenset(
        str.split(
            """ok prn po iv im sq sc sl pr ng nc ra fm nrb wnl nl neg pos yes no na n/a am pm
        npo nka nkda dc d/c qd bid tid qid qhs hs stat off on in out up low med high min max
        mod abn nml ivp ivpb gtt prb ndb ns lr ivf mg mcg ml cc hr hrs min kg lb"""
        )
    ),
    legend_headings=frozenset({"initials", "legend", "key", "signatures", "signers"}),
    initials_cues=(
        "per", "by", "cc", "cc:", "d/w", "discussed with", "spoke with", "paged", "notified",
        "informed", "reviewed with", "endorsed to", "report to", "report from", "initials",
        "transcribed by", "dictated by", "signed by", "co-signed by", "cosigned by",
        "co-signed", "cosigned", "cosign", "co-sign", "countersigned", "counter-signed",
        "seen by", "w/",
        "verified w/", "verified with", "verified", "verified by", "checked with",
        "double checked with",
        "double-checked with", "per nursing", "per nurse", "per rn", "rec'd by", "recd by",
        "received by", "taken by", "message taken by", "coordinator", "investigator",
        "witness", "recorder", "scribe", "compressions", "dict", "tech", "technologist",
        "sonographer", "read back", "read-back", "attendees", "participants",
        "present:", "also present", "attending present", "in attendance", "initialed",
        "initialled", "sgd", "charge", "reviewed", "approved", "staff:", "dictated",
    ),
    username_cues=(
        "edited by", "last edited by", "entered by", "created by", "modified by", "updated by",
        "authored by", "author", "filed by", "signed by", "cosigned by", "co-signed by",
        "cosigned", "co-signed", "verified by", "user", "user id", "userid", "user name",
        "username", "login",
        "logged in as", "logged by", "printed by", "accessed by", "reviewed by", "from", "to",
        "clerk", "reg clerk", "sent by", "scheduled by", "registered by", "cc", "access log",
        "viewed by", "amended by", "scribe:", "e-signed", "esigned", "electronically signed",
        "recipient", "recipients", "sender", "covering",
    ),
    signature_words=frozenset(
        str.split(
            """signed electronically edited authored author cosigned co-signed verified user
        login printed accessed transcribed dictated attested e-signed esigned amended viewed
        access job conf"""
        )
    ),
    name_roles=frozenset(
        {
            # staff roles (abbreviations in capitals: they count in capitals only)
            "ward clerk", "unit clerk", "circulator", "scrub", "coach", "deputy", "ofc", "MA",
            "HK", "NM", "PI", "PCT", "CNA", "PO", "DON", "CDCES", "purser", "radiologist",
            "lab director", "charge nurse", "nurse manager", "housekeeper", "caller",
            "counselor", "counsellor", "educator", "preceptor", "orientee", "recorder", "team",
            # forms of address from other languages ("Doña Inés")
            "doña", "DONA", "señora", "señor", "sra", "mzee", "tita", "tito", "tutu", "bà",
            "ông", "abuela", "abuelo", "tía", "tío",
        }
    ),
    id_cues=ID_CUES,
    vehicle_cues=frozenset(
        {"medic", "ambulance", "rescue", "engine", "squad", "truck", "ladder", "bus", "rig", "van",
         "car", "sled", "sleds", "snowmobile", "snowcat", "coach"}
    ),
    organization_heads=ORGANIZATION_HEADS,
    organization_cues={
        "works at": "ORGANIZATION",
        "works for": "ORGANIZATION",
        "worked at": "ORGANIZATION",
        "worked for": "ORGANIZATION",
        "working at": "ORGANIZATION",
        "employed by": "ORGANIZATION",
        "employed at": "ORGANIZATION",
        "employee of": "ORGANIZATION",
        "retired from": "ORGANIZATION",
        "job at": "ORGANIZATION",
        "attends": "ORGANIZATION",
        "student at": "ORGANIZATION",
        "insured by": "ORGANIZATION",
        "discharged to": "HOSPITAL",
        "discharge to": "HOSPITAL",
        "d/c to": "HOSPITAL",
        "transferred from": "HOSPITAL",
        "transferred to": "HOSPITAL",
        "transfer from": "HOSPITAL",
        "admitted from": "HOSPITAL",
        "resides at": "HOSPITAL",
        "resident at": "HOSPITAL",
        "sent from": "HOSPITAL",
        "arrived from": "HOSPITAL",
    },
    eponyms=frozenset(
        str.split(
            """babinski apgar holter homans homan mcburney blake hess fowler morse simpson pugh
        glasgow braden trendelenburg kernig brudzinski rovsing romberg tinel phalen lachman
        spurling moro allis hickman groshong swan ganz sengstaken killip ranson caprini
        waterlow gleason breslow hartmann whipple nissen roux billroth heimlich valsalva
        korotkoff bovie murphy roth pfannenstiel amsler janeway osler fitzpatrick rinne mohs
        ortolani epworth ottawa berlin foley hoyer seidel bruner barlow ishihara lawton neer
        leopold alvarado conners huber jamar katz snellen goldmann schirmer finkelstein
        mcmurray apley wada mcdonald fleischner aldrete rutherford mallampati berg rey
        barthel tinetti karnofsky lansky charlson folstein wechsler stroop forrest bethesda
        canadian hasson nyhus scarpa whitacre exeter zimmer dix hallpike cockcroft gault
        parkland borg kussmaul philips siemens toyota honda subaru nissan hyundai zoll shiley
        bivona stryker masimo baxter abbott tanner hoffmann hoffman"""
        )
    ),
    handoff_cues=(
        "handoff from", "handoff to", "hand off to", "hand off from", "handed off to",
        "hand-off to", "hand-off from", "report to", "report from", "report given to",
        "gave report to", "received report from", "sitter", "endorsed to",
        "oob with", "up to chair with", "ambulated with", "ambulating with", "walked with",
        "rec'd from", "received from", "care assumed from", "assumed care from", "signout to",
        "sign out to", "signed out to", "covering rn", "covering", "charge rn", "charge nurse",
        "primary rn", "primary nurse", "bedside rn", "1:1", "by rn", "by cna", "by lpn",
        "by lvn", "by pct", "by tech",
    ),
    not_after_handoff=frozenset(
        str.split(
            """at for needed be the a an to in on of by with and or is was max min mod
        moderate minimal maximal maximum minimum standby stand contact assist assistance help
        helper walker cane rolling staff night day evening days nights oncoming incoming
        family wife husband son daughter mother father pt patient him her them me us no rn
        md np nurse nursing charge team floor unit icu ed pacu pt/ot therapy therapist pt's
        sitter sitters one two 1:1 x1 x2 same all both each check checks checked present
        requested ordered placed remains continues continued d/c discontinued paged page
        notified notify called call informed aware updated made spoke texted messaged per mom
        mum dad parent parents grandma grandpa grandmother grandfather"""
        )
    ),
    occupations=OCCUPATIONS,
    profession_cues=PROFESSION_CUES,
    profession_stops=PROFESSION_STOPS,
    profession_owners=frozenset({"my", "his", "her", "our", "their", "your", "the", "mandated"}),
    age_cues=(
        "died at", "passed away at", "passed at", "deceased at", "died at age", "expired at",
        "lived to", "lived to be", "aged", "died aged", "at the age of", "died at the age of",
        "age at death", "age at diagnosis", "age at dx", "age at onset", "age of onset",
        "diagnosed at age", "onset at age", "turned", "menarche", "menarche at",
        "menarche at age", "i am", "i'm",
    ),
    department_words=DEPARTMENT_WORDS,
    department_heads=DEPARTMENT_HEADS,
    job_titles=JOB_TITLES,
    brand_names=BRAND_NAMES,
    brand_phrases=BRAND_PHRASES,
    schedule_days=frozenset(
        str.split("M T W R F S Mo Tu We Th Fr Sa Su Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun")
    ),
    seasons=frozenset(str.split("spring summer winter autumn springs summers winters autumns")),
    cued_seasons=frozenset({"fall"}),
    season_cues=frozenset(
        str.split("last this next since until till early late mid past coming previous every")
    ),
    season_times=frozenset(str.split("in over until till through by")),
    season_terms=frozenset(str.split("term semester quarter session break season")),
    age_headers=frozenset({
        "age", "age (y)", "age (yr)", "age (yrs)", "age (years)", "age, y", "age y", "age yrs",
        "age/sex", "age/gender", "age-sex", "age / sex", "age/sx", "age at dose",
        "age at visit", "age at dx", "age at diagnosis", "age at death", "age given",
        "age (mo)", "age (months)",
    }),
    staff_headers=frozenset({
        "rn", "nurse", "assigned rn", "primary rn", "md", "provider", "attending", "resident",
        "given by", "admin by", "administered by", "vaccinator", "prescriber", "prescribed by",
        "ordered by", "ordering provider", "signed by", "entered by", "initials", "staff",
        "user", "user_id", "userid", "user id", "ack_by", "ack by", "acknowledged",
        "acknowledged by", "operator", "observer", "witness", "given", "init", "owner",
    }),
    room_headers=frozenset({
        "bed", "rm", "room", "rm/bed", "room/bed", "bed/rm", "rm #", "room #", "bed #", "rm#",
        "bay", "chair", "chr", "chair #", "cot", "stretcher",
    }),
)
