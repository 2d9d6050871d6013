"""English data for the PHI patterns (``deidkit.patterns``): month names, holidays, cue words."""

from __future__ import annotations

from deidkit.lang.patterns import CueWords, PatternLanguage, words

PATTERNS = PatternLanguage(
    months=(
        "january|february|march|april|may|june|july|august|september|october|november|december|"
        "(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?"
    ),
    holidays=(
        r"christmas(?:\s+(?:eve|day))?|xmas|thanksgiving(?:\s+day)?|easter(?:\s+sunday)?|"
        r"new\s+year(?:['’]?s(?:\s+(?:eve|day))?)?|independence\s+day|fourth\s+of\s+july|"
        r"memorial\s+day|labou?r\s+day|boxing\s+day|ash\s+wednesday|palm\s+sunday|"
        r"canada\s+day|remembrance\s+day|chinese\s+new\s+year|veterans['’]?\s+day|halloween|hanukkah|chanukah|"
        r"valentine['’]?s\s+day|mother['’]?s\s+day|father['’]?s\s+day|mlk(?:\s+day)?|"
        r"martin\s+luther\s+king(?:\s+jr\.?)?\s+day|ramadan|yom\s+kippur|rosh\s+hashanah|passover|"
        r"vets['’]?\s+day|juneteenth|presidents['’]?\s+day|st\.?\s+patrick['’]?s\s+day|"
        r"good\s+friday|columbus\s+day|indigenous\s+peoples['’]?\s+day|lunar\s+new\s+year|"
        r"diwali|kwanzaa|eid\s+al[-\s](?:fitr|adha)|mardi\s+gras|cinco\s+de\s+mayo|"
        r"three\s+kings['’]?\s+day|tết"
    ),
    holiday_anchors=(
        "christmas", "xmas", "thanksgiving", "easter", "new", "independence", "fourth",
        "memorial", "labor", "veterans", "veteran's", "halloween", "hanukkah", "chanukah",
        "valentine's", "valentines", "mother's", "father's", "mlk", "martin", "ramadan", "yom",
        "rosh", "passover", "vets", "vet's", "juneteenth", "presidents", "presidents'",
        "president's", "st", "st.", "good", "columbus", "indigenous", "lunar", "diwali", "kwanzaa",
        "eid", "labour", "boxing", "ash", "palm", "canada", "remembrance", "chinese", "mardi",
        "cinco", "three", "tết",
    ),
    units=words(
        """mg mgs mcg ug µg g gm gms gram grams kg kgs lb lbs oz ml mls cc ccs l dl liter liters
        litre litres meq mmol mol mosm iu u unit units cal kcal mm cm m km mmhg cmh2o bpm hr hrs
        h min mins sec secs % tab tabs tablet tablets cap caps capsule capsules pill pills puff
        puffs drop drops gtt gtts dose doses times x cells copies ng pg µl ul mcl k/ul iu/l u/l
        mg/dl g/dl ml/hr ml/h mcg/kg/min mg/kg mg/h units/hr degrees deg mgs/dl hz khz db"""
    ),
    score_cues=words(
        """day days cycle cycles week weeks involved positive nodes node dose doses murmur
        murmurs holosystolic systolic diastolic ejection grade graded strength power motor reflex
        reflexes dtr dtrs pain painscale scale score scored rated rating rate gcs apgar apgars ps
        peep cpap bipap vent vents settings fio2 ie i:e ratio sensation tone tenderness
        bilaterally throughout extremities quadrants lobes vision acuity od os ou hearing effort
        dyspnea nausea itch pruritus strengths pulses pulse edema bruit rub gallop x beats sats
        tab tabs tablet tablets pill pills cup cups inch inches balance recall recalled naming
        commands cultures culture bottles bcx urge moca mmse slums phq gad sln slns"""
    ),
    date_cues=words(
        """on since from until till to dated date dob born admitted admit admission discharged
        discharge d/c seen visit visited before after by of last next"""
    ),
    strong_date_cues=words(
        """on since dated date dob born admitted admission discharged discharge seen visited
        until till"""
    ),
    year_cues=words(
        """in since from until till to of during year years circa c. born by early late mid
        summer winter spring fall autumn and between"""
    ),
    time_cues=words(
        """at @ around approx approximately about ~ from to until till by before after between
        since hrs hours hr h am pm shift start end"""
    ),
    titre_cues=words(
        """positive negative ratio dilution i:e ie titer titers titre titres igg igm iga ana
        asma anca ≤ ≥ < > ="""
    ),
    number_cues=words("# x no number at @"),
    hour_words=words("hours hrs hr h"),
    duration_cues=words(
        "for over past last x after within next every each another additional complete "
        "completed taught worked served spent lasted"
    ),
    cues={
        "ssn": CueWords(
            r"ssn|ss\s?#|soc(?:ial)?\.?\s+sec(?:urity)?\.?(?:\s+(?:no|num|number|#))?",
            ("ssn", "ss", "soc", "social"),
        ),
        "vehicle": CueWords(
            r"(?:license|licence)\s+plate|plate|vin", ("license", "licence", "plate", "vin")
        ),
        "license": CueWords(r"dea|npi", ("dea", "npi")),
        "license_weak": CueWords(r"licen[cs]e|certificate", ("license", "licence", "certificate")),
        "healthplan_weak": CueWords(
            r"insurance|policy|member|subscriber|medicare|medicaid|health\s+plan|group",
            ("insurance", "policy", "member", "subscriber", "medicare", "medicaid", "health",
             "group"),
        ),
        "account": CueWords(r"acct|account", ("acct", "account")),
        "account_weak": CueWords(r"billing|encounter|visit", ("billing", "encounter", "visit")),
        "mrn": CueWords(
            r"mrn|mr\s?#|med(?:ical)?\.?\s+rec(?:ord)?s?\.?", ("mrn", "mr", "med", "medical")
        ),
        "mrn_weak": CueWords(
            r"mr|unit|hospital|patient|pt\.?|chart",
            ("mr", "unit", "hospital", "patient", "pt", "chart"),
        ),
        "accession_weak": CueWords(
            r"accession|acc\.?|specimen|case|surgical\s+path(?:ology)?|path(?:ology)?|order|"
            r"requisition|lab",
            ("accession", "acc", "acc.", "specimen", "case", "surgical", "path", "pathology",
             "order", "requisition", "lab"),
        ),
        "device": CueWords(r"serial|s/n|device\s+id", ("serial", "s/n", "device")),
        "device_weak": CueWords(r"sn|model", ("sn", "model")),
        "other_id": CueWords(r"passport", ("passport",)),
        "other_id_weak": CueWords(  # No., Nº
            r"id|identifier|identification|record|file|job|ref|reference|n[º°o]\.?",
            ("id", "identifier", "identification", "record", "file", "job", "ref", "reference",
             "nº", "n°", "no"),
        ),
        "room": CueWords(
            r"room|rm\.?|bed|bay|cubicle|homeroom|booth|chair|operatory|vault|isolette",
            ("room", "rm", "rm.", "bed", "bay", "cubicle", "homeroom", "booth", "chair",
             "operatory", "vault", "isolette"),  # not "pod": a post-operative day
        ),
        "pager": CueWords(r"pager|beeper|pgr|pg", ("pager", "beeper", "pgr", "pg")),
        "phone": CueWords(
            r"phone|telephone|tel|fax|mobile|cell(?:ular)?",
            ("phone", "telephone", "tel", "fax", "mobile", "cell"),
        ),
        "phone_weak": CueWords(
            r"ph|home|work|contact|call", ("ph", "home", "work", "contact", "call")
        ),
        "zip": CueWords(r"zip(?:\s*code)?|postal\s+code", ("zip", "postal")),
        "age_en": CueWords(
            r"age[ds]?(?:\s*/\s*(?:sex|gender))?(?:\s*\((?:years|yrs|y)\))?|aged",
            ("age", "ages", "aged"),
        ),
    },
    short_dates_need_cue=False,
)
