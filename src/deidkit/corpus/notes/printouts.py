"""Printouts, machine logs, care grids and boards (issue 17, item 3): layouts notes from
elsewhere use and no earlier family wrote.

- printouts in fixed-width columns: an immunization registry report (ages at a dose in days,
  weeks and months, sites in capitals, lots that are not PHI) and a lab, medication or
  problem history printed from an EHR;
- machine and audit exports: a device or ventilator event log and an EHR access audit, with
  time stamps of many layouts (``13.10.2025 21:06:40``), system log-ins (``RT_mdesrosiers``,
  ``intfc_svc``), workstation and asset names, IP addresses; action codes (``CHART_OPEN``)
  and column names (``ack_by``) are not PHI;
- a medication log kept by a family or aides: a legend of who gave what, then a grid of the
  givers' initials;
- registrations before a name is known: newborns (``OKAFOR, BABY GIRL 2``) in NICU and L&D
  notes, unidentified patients' aliases (``TRAUMA, HERON``) on ED boards and casualty logs;
- census and huddle tables of a unit's patients, their rooms named again below.

Columns are padded to the width of what was written, so every value is the slots'
(``deidkit.corpus.slots_logs``); each context has several phrasings, drawn independently.
"""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import (
    AS_IS,
    ED,
    MOSTLY_AS_IS,
    NURSING,
    PROGRESS,
    Family,
    sentences,
)

Row = tuple[str, ...]
CARE_CASES = ((Case.AS_IS, 0.7), (Case.LOWER, 0.3))


def _table(ctx: NoteContext, header: Row, rows: list[Row], *, style: str = "",
           least: tuple[int, ...] = ()) -> None:
    """A header of column names and rows under it: padded to fixed widths with runs of
    spaces (the widths of the header's names, or wider; ``least`` the widest values a
    column is known to hold), separated by pipes or tabs."""
    style = style or ctx.pick(("fixed", "fixed", "fixed", "pipe", "tab"))
    widths = [max(len(name) + ctx.rng.randint(2, 5), ctx.rng.randint(10, 18),
                  least[index] if index < len(least) else 0)
              for index, name in enumerate(header)]
    indent = " " * ctx.pick((0, 0, 0, 1, 2, 4))
    for line in (header, *rows):
        ctx.out.text(indent)
        for index, cell in enumerate(line):
            start = ctx.out.size
            if style == "pipe" and index == 0 and ctx.memo.get("outer_pipes"):
                ctx.render("\\| ")
            if line is header:
                ctx.out.text(cell)
            else:
                ctx.render(cell)
            if index == len(line) - 1:
                break
            if style == "fixed":
                ctx.out.text(" " * max(2, widths[index] - (ctx.out.size - start)))
            else:
                ctx.render(" \\| " if style == "pipe" else "\t")
        if style == "pipe" and ctx.memo.get("outer_pipes"):
            ctx.render(" \\|")
        ctx.out.text("\n")
        if line is header and ctx.chance(0.4):
            ctx.out.text(ctx.pick(("-", "=")) * min(100, sum(widths)) + "\n")


def _lines(ctx: NoteContext, bank: tuple[str, ...], low: int, high: int) -> None:
    for line in sentences(ctx, bank, low, high):
        ctx.line(line)


# --- immunization registry report -------------------------------------------------------------

SCHEDULE: tuple[tuple[str, int], ...] = (
    ("[HepB|Hep B|HEPATITIS B|HepB-Peds]", 0), ("[HepB|Hep B|HEPATITIS B]", 30),
    ("[DTaP|DTAP|DTaP-IPV-Hib|Pediarix]", 60), ("[Hib|HIB (PRP-T)|ActHIB]", 61),
    ("[PCV13|PCV15|Pneumococcal conj|PCV20]", 62), ("[Rotavirus|RV5|ROTA]", 63),
    ("[IPV|Polio (IPV)|POLIO]", 64), ("[DTaP|DTAP|DTaP-IPV-Hib]", 120),
    ("[PCV13|PCV15|Pneumococcal conj]", 121), ("[Rotavirus|RV5]", 122),
    ("[DTaP|DTAP|Pediarix]", 180), ("[Influenza|Flu (IIV4)|INFLUENZA, PEDS]", 200),
    ("[MMR|M-M-R II|MMR (live)]", 366), ("[Varicella|VAR|VARIVAX]", 367),
    ("[HepA|Hep A|HEPATITIS A]", 368), ("[Hib|HIB]", 450), ("[DTaP|DTAP]", 470),
    ("[HepA|Hep A]", 550), ("[DTaP|Kinrix|DTaP-IPV]", 1500), ("[MMR|ProQuad (MMRV)]", 1510),
    ("[Tdap|TDAP|Boostrix]", 4050), ("[HPV|HPV9|Gardasil 9]", 4060),
    ("[MenACWY|MCV4|Menquadfi]", 4070), ("[MenACWY|MCV4]", 5850), ("[MenB|Bexsero]", 5860),
    ("[Td|Tdap|TENIVAC]", 9500), ("[COVID-19|COVID-19 (2024-25)|SARS-CoV-2 mRNA]", 15000),
)
IMM_HEADERS: tuple[Row, ...] = (
    ("Vaccine", "Date given", "Age at dose", "Lot", "Provider/Site"),
    ("Vaccine Group", "Date Admin", "Age", "Series", "Lot #", "Site"),
    ("Antigen", "Date", "Dose", "Age", "Administered by", "Clinic"),
    ("VACCINE", "ADMIN DATE", "AGE", "MFR", "LOT", "PROVIDER"),
    ("Vaccine", "Given", "Pt age", "Lot number", "Given by", "Location"),
)
IMM_TITLES = (
    "[{state:pt:long}|State] [Immunization Information System|Immunization Registry|IIS] - "
    "[Patient|Client] [Report|Record|History]",
    "[OFFICIAL IMMUNIZATION RECORD|Immunization History Report|Certificate of Immunization|"
    "VACCINE ADMINISTRATION RECORD]",
    "[Registry printout|IIS query result|Immunization forecast and history][ ({hospabbr})|]",
)
IMM_HEADER_LINES = (
    "[Client|Patient|Name]: {ptname:caps}[   |  ][DOB|Birth date|D.O.B.]: {date:dob:numeric}",
    "[Client ID|Registry ID|IIS ID|State ID]: {idval:IDNUM}[   MRN: {mrn}|]",
    "[Parent/Guardian|Mother|Responsible party]: {relfull}[   Phone: {relphone}|]",
    "[Address|Addr]: {address:pt:line}",
    "[Printed|Run date|Report date]: {dt:note}[   [By|User]: {syslogin}|   {login}|]",
    "[Current age|Age]: {ptage}[ yrs| years|]   [Sex|Gender]: {M}",
    "[Requested by|Sent to]: {capsite}[, fax {fax}|]",
    "[Medical home|PCP|Primary provider]: {staff:pcp:last_first_caps}[, {capsite}|]",
)
IMM_FOOTERS = (
    "[Forecast|Next due|Recommended]: [Tdap|Influenza|MenB|HPV dose 2] [due|on or after] "
    "{pdate:followup1:slash}",
    "[Contraindications|Precautions]: [none on file|egg allergy (historical)|none]",
    "[Historical doses|Doses marked HX] [reported by|transcribed from records of] "
    "[{capsite}|{otherhosp}|parent card]",
    "[Exemption|Exemptions]: [none|medical - see file]",
    "[This record|Record] [is valid|valid] [for school and daycare entry|for camp and "
    "school][ as of {date:note:numeric}|]",
    "[Lot numbers|Lots] [from VIS|per manufacturer] [are not|not] patient identifiers[; "
    "{lookalike:number}|]",
    "[Questions|Registry help desk]: {phone:site}[ {ext}|]",
    "[Verified|Reviewed] by {staff:nurse:full}[, RN|] ({inits:nurse})",
    "[Comments|Notes|Remarks]: {lookalike:clinical}",
    "{lookalike:clinical}",
)


def _immunization_rows(ctx: NoteContext, header: Row) -> list[Row]:
    days_lived = (ctx.note_date - ctx.patient.dob).days
    given = [(name, days) for name, days in SCHEDULE if days < days_lived and ctx.chance(0.75)]
    rows: list[Row] = []
    for name, days in given[: ctx.rng.randint(6, 18)]:
        row: list[str] = []
        for column in header:
            key = column.casefold()
            if key.startswith(("vaccine", "antigen")):
                row.append(name)
            elif "date" in key or key == "given":
                row.append("{dosedate:@d}".replace("@d", str(days)))
            elif "age" in key:
                row.append("{doseage}")
            elif key.startswith("lot"):
                row.append("[{nonid:lot}|{nonid:lot}|UNK|]")
            elif key == "series" or key == "dose":
                row.append("[@a of @b|@a|Complete|Booster]".replace(
                    "@a", str(ctx.rng.randint(1, 4))).replace("@b", str(ctx.rng.randint(2, 4))))
            elif key == "mfr":
                row.append("[MSD|PMC|SKB|PFR|MOD|SEQ]")
            elif "by" in key or key == "provider":
                row.append("[{inits:nurse}|{staff:nurse:last_first_caps}|{capsite}|HISTORICAL"
                           "|{syslogin}]")
            else:
                row.append("[{capsite}|{capsite}|HISTORICAL|OUT OF STATE|{hospabbr} PEDS]")
        rows.append(tuple(row))
    return rows


def immunization(ctx: NoteContext) -> None:
    """An immunization registry report: a header block, doses in fixed-width columns."""
    ctx.line(ctx.pick(IMM_TITLES))
    _lines(ctx, IMM_HEADER_LINES, 3, 6)
    ctx.out.text("\n")
    header = ctx.pick(IMM_HEADERS)
    if ctx.chance(0.3):
        header = tuple(name.upper() for name in header)
    ctx.memo["outer_pipes"] = ctx.chance(0.5)
    _table(ctx, header, _immunization_rows(ctx, header), least=(19, 13))
    ctx.out.text("\n")
    _lines(ctx, IMM_FOOTERS, 1, 4)


# --- lab, medication and problem history printed from an EHR -----------------------------------

HX_TITLES = (
    "[LAB RESULTS HISTORY|Lab Results - Cumulative|Results Review (printed)|Cumulative "
    "Report]",
    "[MEDICATION HISTORY|Medication Administration History|Outpatient Med History|Med list "
    "(printed from {hospabbr})]",
    "[PROBLEM LIST|Problem List History|Diagnosis History] - [printed|print view]",
)
HX_PATIENT_LINES = (
    "{ptname:caps}[   |  ]{mrn}[   |  ]{date:dob:numeric}[ ({ptage} y)| {agesex}|]",
    "[Patient|Pt|Name]: {ptname:caps}   [MRN|MR#]: {mrn}   [DOB|Born]: {date:dob:numeric}",
    "[Patient|Name]: {ptname:mixed}  [Age/Sex|Age]: {agesex}  [Acct|FIN]: {acct}",
    "{ptname:caps} \\| {mrn} \\| {agesex} \\| {dept} {room2}",
)
HX_META = (
    "[Printed|Printed on|Print date]: {dt:note}[ by {syslogin}| by {login}| ({asset})|]",
    "[Location|Loc|Unit]: {dept}[ / {room2}|]",
    "[Ordering|Attending|PCP]: {staff:attending:last_first_caps}[ MD|, MD|]",
    "[Source|Performed at|Performing lab]: [{org2:lab}|{hospital}|{capsite}]",
    "[Range|Date range|From]: {date:past1:numeric} [to|-|through] {date:note:numeric}",
    "[Page|Pg] {num:1:3} of {num:3:6}   [CONFIDENTIAL|Contains PHI]",
)
LAB_HEADERS: tuple[Row, ...] = (
    ("Collected", "Test", "Result", "Units", "Ref range", "Flag"),
    ("Date/Time", "Component", "Value", "Ref", "Ordered by"),
    ("Coll Date", "Test Name", "Result", "Flag", "Resulted by"),
)
LAB_TESTS = (
    ("[Sodium|NA|Na]", "{num:128:146}", "mmol/L", "135-145"),
    ("[Potassium|K|POTASSIUM]", "{dec:2.9:5.8}", "mmol/L", "3.5-5.1"),
    ("[Creatinine|CREAT|Cr]", "{dec:0.5:3.9:2}", "mg/dL", "0.6-1.2"),
    ("[Hemoglobin|HGB|Hgb]", "{dec:6.9:15.9}", "g/dL", "12.0-16.0"),
    ("[WBC|White count]", "{dec:2.1:21.4}", "K/uL", "4.0-11.0"),
    ("[Hemoglobin A1c|HbA1c|A1C]", "{dec:5.1:12.4}", "%", "<5.7"),
    ("[TSH|Thyrotropin]", "{dec:0.1:9.8:2}", "uIU/mL", "0.4-4.5"),
    ("[INR|PT/INR]", "{dec:0.9:4.2}", "", "0.9-1.1"),
    ("[Troponin I|TROP-I|hs-Trop]", "{num:2:480}", "ng/L", "<14"),
    ("[Lactate|LACTIC ACID]", "{dec:0.6:6.1}", "mmol/L", "0.5-2.0"),
)
MED_HEADERS: tuple[Row, ...] = (
    ("Medication", "Sig", "Start", "Stop", "Prescriber", "Pharmacy"),
    ("Drug", "Dose/Route/Freq", "Started", "Status", "Ordered by"),
    ("Medication", "Last fill", "Qty", "Prescriber", "Dispensed at"),
)
PROBLEM_HEADERS: tuple[Row, ...] = (
    ("Problem", "Onset", "Age at dx", "Status", "Noted by"),
    ("Diagnosis", "Date noted", "Age at onset", "Resolved"),
)


def _history_cell(ctx: NoteContext, column: str, test: tuple[str, str, str, str]) -> str:
    key = column.casefold()
    if key in ("collected", "date/time", "coll date"):
        return "[{date:recent1:numeric}|{date:recent2:numeric}|{date:past1:numeric}] {time}"
    if key in ("start", "started", "last fill", "date noted", "onset"):
        return "[{date:past1:numeric}|{date:past2:numeric}|{pdate:recent1:slash}|{year:past}]"
    if key in ("stop", "resolved"):
        return "[{date:recent1:numeric}|active|--|{pdate:recent2:slash}]"
    if key.startswith("age at"):
        return "{dosedate:any:iso} / {doseage}" if ctx.chance(0.2) else "{ptage}"
    if key in ("test", "component", "test name"):
        return test[0]
    if key in ("result", "value"):
        return test[1] + (" " + test[2] if key == "value" and test[2] else "")
    if key == "units":
        return test[2] or "--"
    if key in ("ref range", "ref"):
        return test[3]
    if key == "flag":
        return "[H|L|N||*|HH]"
    if key in ("prescriber", "ordered by", "noted by", "resulted by"):
        return ("[{staff:pcp:last_first_caps}|{staff:attending:last_first_caps}|"
                "{inits:resident}|{syslogin}|{staff:consultant:initial_last}]")
    if key in ("pharmacy", "dispensed at"):
        return "[{capsite}|{org2:pharmacy}|{place:pharmacy}]"
    if key in ("medication", "drug"):
        return "{med}"
    if key in ("sig", "dose/route/freq"):
        return "[1 tab PO daily|BID|q8h PRN|2 puffs q4h|10 units SC qHS|as directed]"
    if key == "qty":
        return "{num:14:90}"
    if key == "status":
        return "[Active|Discontinued|Completed|ACTIVE|Chronic]"
    return "[{problem}|{anydx}]"


def history_printout(ctx: NoteContext) -> None:
    """A lab, medication or problem history printed from an EHR: identity lines, then
    columns padded to fixed widths."""
    kind = ctx.rng.randrange(3)
    ctx.line(HX_TITLES[kind])
    ctx.line(ctx.pick(HX_PATIENT_LINES))
    _lines(ctx, HX_META, 1, 3)
    ctx.out.text("\n")
    header = ctx.pick((LAB_HEADERS, MED_HEADERS, PROBLEM_HEADERS)[kind])
    ctx.memo["outer_pipes"] = ctx.chance(0.3)
    rows = []
    for _ in range(ctx.rng.randint(4, 12)):
        test = ctx.pick(LAB_TESTS)
        rows.append(tuple(_history_cell(ctx, column, test) for column in header))
    _table(ctx, header, rows)
    if ctx.chance(0.6):
        ctx.out.text("\n")
        _lines(ctx, (*HX_META[2:], "[Reviewed|Seen] by {inits:attending} {pdate:note:slash}",
                     "{lookalike:clinical}"), 1, 2)


# --- device and ventilator event log ------------------------------------------------------------

DEVICE_TITLES = (
    "[Ventilator|VENT|Infusion pump|Monitor] [event log|alarm history|EVENT EXPORT|audit "
    "trail][ - {dept}|]",
    "[PB980|Servo-u|Hamilton C6|Alaris 8015|IntelliVue MX800|Trilogy Evo] [event log|log "
    "export] ([firmware|sw] {nonid:version})",
    "[Device|Biomed] [download|export] [{date:note:numeric}|{pdate:note:slash}]",
)
DEVICE_HEADER_LINES = (
    "[Asset|Asset tag|Device ID|Unit]: {asset:tag}",
    "[Location|Bed|Loc]: {dept} {room2}[  ({asset})|]",
    "[Patient|Pt|Assoc. patient]: {ptname:caps}[ ({mrn})|  MRN {mrn}|]",
    "[Exported by|Downloaded by|User]: {syslogin:rt}[ on {asset}|]",
    "[Protocol|Weaning protocol|Order set] {nonid:protocol}",
    "[Serial|S/N|SN]: {device}",
)
DEVICE_COLUMNS: tuple[Row, ...] = (
    ("timestamp", "event_code", "detail", "ack_by"),
    ("event_ts", "code", "value", "user_id", "station"),
    ("Time", "Event", "Detail", "Acknowledged"),
)
DEVICE_EVENTS = (
    ("[ALARM_HI_PRES|HIGH_PRESSURE|HI PEAK]", "[Ppeak {num:38:55} cmH2O|limit {num:35:45}]"),
    ("[ALARM_LO_VTE|LOW_VT|LOW EXH VOL]", "VTe {num:180:320} mL"),
    ("[SETTING_CHG|SET_CHANGE|SETTING]", "[FiO2 {num:30:60}->{num:40:100}|PEEP {num:5:8}->"
     "{num:8:14}|RR {num:12:18}->{num:18:28}]"),
    ("[APNEA|APNEA_ALARM]", "[{num:20:40} s|backup on]"),
    ("[DISCONNECT|CIRCUIT_DISC]", "[circuit|patient] disconnect"),
    ("[SBT_START|SBT_END]", "[PS {num:5:10}/PEEP {num:5:8}|RSBI {num:40:120}]"),
    ("[OCCLUSION_DN|AIR_IN_LINE|INFUSION_COMPLETE]", "[channel {num:1:4}|{med}]"),
    ("[SPO2_LOW|HR_HIGH|ARRHYTHMIA]", "[SpO2 {num:78:88}|HR {num:130:170}|VT run]"),
    ("[SILENCE|ALARM_SILENCED|ALM_RESET]", "[120 s|2 min|--]"),
    ("[POWER_BATT|AC_LOSS|SELF_TEST_OK]", "[battery {num:10:95}%|--]"),
)


def _device_row(ctx: NoteContext, header: Row) -> Row:
    code, detail = ctx.pick(DEVICE_EVENTS)
    cells: list[str] = []
    for column in header:
        key = column.casefold()
        if key in ("timestamp", "event_ts", "time"):
            cells.append("{logstamp}")
        elif key in ("event_code", "code", "event"):
            cells.append(code)
        elif key in ("detail", "value"):
            cells.append(detail)
        elif key == "station":
            cells.append("[{asset}|{asset}|--]")
        else:
            cells.append("[{syslogin:rt}|{syslogin:nurse}|{syslogin}|--|{svclogin}|"
                         "{inits:nurse}]")
    return tuple(cells)


DEVICE_NOTES = (
    "[RT|RN|Note]: {staff:rt:first} [at bedside|notified], [suctioned|circuit changed|tube "
    "repositioned][ per {inits:rt}|]",
    "[Alarm limits|Limits] [verified|reviewed] by {syslogin:rt} [and|/] {syslogin:nurse}",
    "[Device|Vent|Pump] swapped to {asset:tag} [at|@] {time}[ by biomed ({svclogin})|]",
    "[Events|Log] [sent to|forwarded to] [{dr:attending}|MD|the RT lead] [for review|per "
    "policy]",
    "[Column|Field] [ack_by|user_id|station] is the [user who silenced|log-in of|workstation "
    "of] the alarm",
    "[Clinical|Context|RT note]: {lookalike:clinical}",
    "{lookalike:clinical}",
)


def device_log(ctx: NoteContext) -> None:
    """A ventilator, pump or monitor event log: a header block, then a line per event with
    its stamp, code, detail and who acknowledged it."""
    ctx.line(ctx.pick(DEVICE_TITLES))
    _lines(ctx, DEVICE_HEADER_LINES, 2, 5)
    ctx.out.text("\n")
    header = ctx.pick(DEVICE_COLUMNS)
    ctx.memo["outer_pipes"] = False
    rows = [_device_row(ctx, header) for _ in range(ctx.rng.randint(5, 14))]
    if ctx.chance(0.3):  # a comma-separated export
        ctx.line(",".join(header))
        for row in rows:
            for index, cell in enumerate(row):
                ctx.render(("," if index else "") + cell)
            ctx.out.text("\n")
    else:
        _table(ctx, header, rows)
    ctx.out.text("\n")
    _lines(ctx, DEVICE_NOTES, 1, 3)


# --- EHR access audit --------------------------------------------------------------------------

AUDIT_TITLES = (
    "[Access Audit Report|ACCESS LOG|Chart access audit|Privacy audit - record access]",
    "[Break-the-glass review|BTG report|Emergency access review][ - {hospabbr}|]",
    "[Audit trail|User activity report] for [MRN {mrn}|{ptname:caps}]",
)
AUDIT_HEADER_LINES = (
    "[Patient|Subject|Record of]: {ptname:caps}[   MRN {mrn}|  ({mrn})]",
    "[Requested by|Requestor|Reviewer]: {staff:privacy:full}, [Privacy Office|Compliance|HIM]"
    "[ {ext}|]",
    "[Period|Date range|Dates]: {date:past1:numeric} [-|to|through] {date:note:numeric}",
    "[Reason|Trigger]: [patient complaint|VIP flag|employee-patient|random audit|BTG "
    "override]",
    "[Report run by|Run by|Generated by] {syslogin}[ on {asset}|] {dt:note}",
)
AUDIT_COLUMNS: tuple[Row, ...] = (
    ("event_ts", "user_id", "user_name", "action", "workstation", "ip_addr"),
    ("Date/Time", "User", "Name", "Activity", "Device", "IP"),
    ("access_dt", "login", "action_cd", "src_ip", "reason_cd"),
    ("Time", "User ID", "Role", "Action", "Workstation"),
)
ACTIONS = ("CHART_OPEN", "CHART_OPEN", "BTG_OV", "NOTE_VIEW", "RSLT_VIEW", "RX_PRINT",
           "DEMOG_EDIT", "PRINT_FACESHEET", "ADT_UPD", "LOGIN_OK", "LOGOUT", "MAR_VIEW",
           "ORDER_SIGN", "IMG_VIEW", "SEARCH_PT", "EXPORT_CCD")


def _audit_row(ctx: NoteContext, header: Row) -> Row:
    cells: list[str] = []
    role = ctx.pick(("nurse", "resident", "attending", "clerk", "sw", "np", "consultant"))
    for column in header:
        key = column.casefold()
        if key in ("event_ts", "date/time", "access_dt", "time"):
            cells.append("{logstamp:9000}")
        elif key in ("user_id", "user", "login"):
            cells.append("[{syslogin:@r}|{syslogin:@r}|{login:@r}|{svclogin}]"
                         .replace("@r", role))
        elif key in ("user_name", "name"):
            cells.append("[{staff:@r:last_first_caps}|{staff:@r:full}]".replace("@r", role))
        elif key in ("action", "activity", "action_cd"):
            cells.append(ctx.pick(ACTIONS))
        elif key in ("workstation", "device"):
            cells.append("[{asset}|{asset}|REMOTE|VPN]")
        elif key in ("ip_addr", "ip", "src_ip"):
            cells.append("{ip}")
        elif key == "role":
            cells.append("[RN|MD|REG|SW|PHARM|HIM|NP]")
        else:
            cells.append("[TX|TREAT|BTG_EMERG|OPS|PAY|--]")
    return tuple(cells)


AUDIT_FINDINGS = (
    "[Finding|Result]: [access by|all access by] {staff:nurse:full} [appropriate|within "
    "treatment relationship]",
    "{staff:clerk:last_first_caps} ({syslogin:clerk}) [has no treatment relationship|not on "
    "care team]; [referred to manager|education given]",
    "[Interface|System] entries ({svclogin}) [excluded|not reviewed] [from review|]",
    "BTG_OV [by|from] {syslogin:ed} [on|at] {asset} [justified: emergency care|reviewed]",
    "[Column|Field] [user_id|action_cd] [values|codes] are [system log-ins|activity codes]",
    "[Closed|Reviewed] by {staff:privacy:full} {date:note:numeric}",
    "[Clinical context|Context of admission|Encounter]: {lookalike:clinical}",
)


def access_audit(ctx: NoteContext) -> None:
    """An EHR access audit: header lines, an access a row (stamp, log-in, name, action code,
    workstation, IP), then the reviewer's findings."""
    ctx.line(ctx.pick(AUDIT_TITLES))
    _lines(ctx, AUDIT_HEADER_LINES, 2, 5)
    ctx.out.text("\n")
    header = ctx.pick(AUDIT_COLUMNS)
    ctx.memo["outer_pipes"] = ctx.chance(0.5)
    _table(ctx, header, [_audit_row(ctx, header) for _ in range(ctx.rng.randint(5, 14))])
    ctx.out.text("\n")
    _lines(ctx, AUDIT_FINDINGS, 1, 3)


# --- medication and care log kept by a family or aides ---------------------------------------

CARE_TITLES = (
    "[MOM'S MEDS|Dad's pill chart|Medication log|Med sheet|Care log] - [week of|from] "
    "{pdate:recent1:slash}",
    "[Home medication record|Daily med log|Pill log] for {pt:first}[ ({ptage})|]",
    "{pt:full} [medicine|meds] [chart|record][ - {pdate:recent1:month}|]",
)
LEGEND_CUES = ("Givers", "Key", "Who gave", "Initials", "Legend", "Caregivers", "Who")
SLOTS_OF_DAY: tuple[Row, ...] = (
    ("8am", "noon", "5pm", "bedtime"), ("AM", "PM", "HS"), ("0800", "1200", "1700", "2100"),
    ("breakfast", "lunch", "supper", "bed"),
)
CARE_CELLS = ("+ {gave}", "+{gave}", "{gave}", "\u2713 {gave}", "{gave} {time}", "x {gave}",
              "held ({gave})", "refused", "--", "[{gave} / {gave}|{gave}, {gave}|{gave} & {gave}]",
              "+ {gave}", "spit out - {gave}")
"""A grid cell: the givers' initials, one or two (``JT/MK`` would be one token, so two
givers are written apart), or what happened instead."""
CARE_NOTES = (
    "{gave}: [gave|gave her|gave him] extra [tylenol|lasix|oxy] at [3am|{time}], "
    "[slept after|settled]",
    "[BP|bp] {bp} [at|@] {time} - {gave}",
    "{gave} [called|phoned] {dr:pcp} [office|] re [swelling|the rash|dizziness]",
    "{relname:0:first} [to pick up|picking up] refill at [{org2:pharmacy}|{place:pharmacy}]",
    "[{gave}|{gave} and {gave}] [out of town|away] {pdate:followup1:slash} - "
    "{staff:aide:first} covering",
    "[Nurse|VNA nurse] {staff:nurse:first} [from|of] {org2:agency} [came|visited] "
    "{pdate:recent2:weekday}",
    "[Missed|missed] [noon|PM] dose [Tues|{pdate:recent2:weekday}] - {gave}",
    "{gave} [counted pills|filled pillbox], [{num:2:30} left|enough til {pdate:followup1:slash}]",
    "{lookalike:number}",
    "[weight|wt] {num:100:220} lb {gave}",
    "{lookalike:clinical} - {gave}",
    "[doctor said|per MD|note]: {lookalike:clinical}",
)


def care_log(ctx: NoteContext) -> None:
    """A medication log kept at home: a legend of the givers, a grid of their initials for
    each medicine and time, a few lines of notes."""
    ctx.line(ctx.pick(CARE_TITLES))
    ctx.render(ctx.pick(LEGEND_CUES) + ctx.pick((": ", " - ", ": ", " ")))
    ctx.slots["legend"](ctx)
    ctx.out.text("\n\n")
    times = ctx.pick(SLOTS_OF_DAY)
    ctx.memo["outer_pipes"] = ctx.chance(0.7)
    style = ctx.pick(("pipe", "pipe", "fixed"))
    for day in sentences(ctx, ("yesterday", "recent1", "note"), 1, 2):
        ctx.line("[{pdate:@d:weekday}|{pdate:@d:slash}|{pdate:@d:month}][:|]"
                 .replace("@d", day))
        rows = [("{med}" if ctx.chance(0.7) else "[{brand}|{abx}]",
                 *(ctx.pick(CARE_CELLS) for _ in times))
                for _ in range(ctx.rng.randint(2, 5))]
        _table(ctx, (ctx.pick(("Med", "Medicine", "Drug", "What")), *times), rows, style=style)
        ctx.out.text("\n")
    _lines(ctx, CARE_NOTES, 1, 4)


# --- newborns: NICU and L&D ------------------------------------------------------------------

NICU_TITLES = (
    "[NICU Admission Note|NICU admit|L&D Delivery Note|Delivery summary|Newborn nursery "
    "admission|NICU nursing note] {dt:note}",
    "[MULTIPLE BIRTH|Twin|Triplet] [delivery|admission] [- {dept}|- NICU {room2}|]",
    "[L&D|LABOR AND DELIVERY] [to|->] NICU [handoff|transfer note]",
)
NICU_LINES = (
    "[Mother|MOB|Mom]: {ptname:caps}[, {ptage} y| ({ptage} yo)|][, MRN {mrn}|] "
    "[G{num:1:5}P{num:0:4}|]",
    "[Infant|Baby|Pt] @n: {regname:newborn:@i:@c}[, MRN {idval:MEDICALRECORD}|]"
    "[, bed {room2}|, NICU {room2}|]",
    "{regname:newborn:@i:@c} [born|delivered] {dt:note}, [GA|EGA] "
    "[{num:28:39} {num:0:6}/7|{num:28:39}+{num:0:6}] [wks|weeks|], [Apgars|APGAR] "
    "{num:2:8}/{num:6:9}",
    "{regname:newborn:@i:@c}: [now|] {kidage:1:12} [old|of life], [on CPAP|in room air|"
    "on HFNC {num:2:6} L|under phototherapy]",
    "[Twin|Triplet|Baby] [@l|@n] ({regname:newborn:@i:@c}) [to NICU for|admitted "
    "for|observed for] [RDS|hypoglycemia|prematurity|TTN|sepsis eval]",
    "[Wt|BW|Birth weight] {num:900:3900} g[ - {regname:newborn:@i:@c}|]",
)
NICU_FAMILY = (
    "[Father|FOB|Dad]: {relfull}[, {relphone}|][ at bedside|, updated by phone]",
    "[Siblings|Sibling] at home: [brother|sister] {kidage:300:3000}[, {kidage:300:4000}|]",
    "[Peds|Neonatology|NNP] {dr:peds} [at delivery|present|notified]",
    "[Mother|MOB] [to|on] {dept}[, room {room2}|]; [breast pump provided|plans to "
    "breastfeed|formula]",
    "[Social work|SW] {staff:sw:first} [to see family|consult placed][ {ext}|]",
    "[Pediatrician|Peds follow-up] [after discharge|]: {dr:pcp} at {clinic}",
    "[Maternal|Mom's] [history|hx]: {lookalike:clinical}",
    "{lookalike:clinical}",
    "[Registered as|Armbands read] [{regname:newborn:0:@c}|the babies' names] [until named|"
    "per policy][, names to be changed when chosen|]",
)


def _baby(line: str, index: int, count: int) -> str:
    """A line about newborn ``index`` of ``count``: ``@i``, ``@c``, ``@n`` (its number) and
    ``@l`` (its letter) filled in."""
    line = line.replace("[Twin|Triplet|Baby]", ("[Baby|Infant]", "[Twin|Baby]",
                                                  "[Triplet|Baby]")[count - 1])
    return (line.replace("@i", str(index)).replace("@c", str(count))
            .replace("@n", str(index + 1)).replace("@l", "ABC"[index]))


def _parents(ctx: NoteContext, line: str) -> str:
    """The note's patient is the mother, or the father when he is a man (the other parent
    is the relative): a line's parents swapped to fit."""
    if not ctx.male:
        return line
    mother, father = "[Mother|MOB|Mom]", "[Father|FOB|Dad]"
    return line.replace(mother, "@p").replace(father, mother).replace("@p", father)


def nicu_newborns(ctx: NoteContext) -> None:
    """An L&D or NICU note about one to three newborns, each registered under the family
    name before being named (``OKAFOR, BABY GIRL 2``), with ages in days."""
    count = ctx.pick((1, 2, 2, 2, 3))
    ctx.line(ctx.pick(NICU_TITLES))
    ctx.line(_parents(ctx, NICU_LINES[0]))
    for index in range(count):
        ctx.out.text("\n")
        picks = sentences(ctx, NICU_LINES[1:], 2, 4)
        for line in picks:
            ctx.line(_baby(line, index, count))
    ctx.out.text("\n")
    for line in sentences(ctx, NICU_FAMILY, 2, 4):
        ctx.line(_parents(ctx, _baby(line, 0, count)))
    if ctx.chance(0.5):
        ctx.line("[{staff:nurse:full}, RN|{inits:nurse}|{staff:nurse:last_first_caps} RN] "
                 "{time}")


# --- ED tracking board and casualty log ----------------------------------------------------------

BOARD_TITLES = (
    "[ED TRACKING BOARD|Tracking board (printed)|ED board snapshot|Department census] "
    "{dt:note}",
    "[MCI LOG|Mass casualty log|Disaster log|MCI tracking] - [{org2:ems}|{landmark2}|bus "
    "crash] {pdate:note:slash}",
    "[Trauma bay|Resus|Pod {num:1:4}] [board|list] {pdate:note:slash} {time}",
)
BOARD_COLUMNS: tuple[Row, ...] = (
    ("Rm", "Patient", "Age/Sex", "CC", "ESI", "RN", "MD"),
    ("Bed", "Name", "Age", "Complaint", "Dispo"),
    ("Tag #", "Alias", "Triage", "Dest", "Time"),
    ("Loc", "Pt", "Ag", "Reason", "Nurse", "LOS"),
)


def _board_row(ctx: NoteContext, header: Row, index: int) -> Row:
    cells: list[str] = []
    own = index == 0
    for column in header:
        key = column.casefold()
        if key in ("rm", "bed", "loc"):
            cells.append("[{censusroom}|{censusroom}|T{num:1:6}|HALL {num:1:9}|WR]")
        elif key in ("patient", "name", "pt", "alias"):
            cells.append("{ptname:caps}" if own and key != "alias" and ctx.chance(0.5) else
                         "[{regname:alias:@i}|{regname:alias:@i}|{otherpt}]"
                         .replace("@i", str(index)))
        elif key == "age/sex":
            cells.append("{agesex}" if own else "[{oldage:18:95}|~{oldage:20:80}|??] [M|F|U]")
        elif key in ("age", "ag"):
            cells.append("[{oldage:16:98}|~{oldage:20:60}|unk]")
        elif key in ("cc", "complaint", "reason"):
            cells.append("[{cc}|MVC|GSW|fall|found down|burns|SOB|CP]")
        elif key == "esi":
            cells.append("{num:1:5}")
        elif key == "triage":
            cells.append("[RED|YELLOW|GREEN|BLACK|IMMEDIATE|DELAYED]")
        elif key == "tag #":
            cells.append("[{idval:IDNUM}|{num:1:60}]")
        elif key in ("rn", "nurse"):
            cells.append("[{inits:nurse}|{staff:nurse:first}|--]")
        elif key == "md":
            cells.append("[{inits:ed}|{staff:ed:last}|--]")
        elif key == "dest":
            cells.append("[{hospabbr:other}|{otherhosp}|OR|CT|ICU|morgue]")
        elif key == "dispo":
            cells.append("[adm {dept}|dc|OR|xfer {hospabbr:other}|pending]")
        elif key == "los":
            cells.append("{num:0:19}h{num:10:59}")
        else:
            cells.append("{time}")
    return tuple(cells)


BOARD_NOTES = (
    "{regname:alias:1} [now identified as|= ] {otherpt:caps}[ per {relfull:first}|; "
    "registration updated|]",
    "[Aliases|Alias names] [assigned by|from] [registration|reg] ({syslogin:clerk})"
    "[, {svclogin}|]",
    "[Holding|Boarders]: {roomagain}, {roomagain}[ - awaiting {dept}|]",
    "[Charge|Charge RN]: {staff:nurse:first}[ {ext}|]; [Doc|MD in charge]: {dr:ed}",
    "[Family|Families] of {regname:alias:2} [in|at] [the family room|triage][, "
    "{relphone}|]",
    "[Transfers|Xfers] [to|->] {otherhosp} [via|by] {org2:ems}",
    "{lookalike:generic}",
    "{lookalike:clinical}",
    "[Trauma|Resus] [bay|team]: {lookalike:clinical}",
)


def tracking_board(ctx: NoteContext) -> None:
    """An ED tracking board or a mass-casualty log: unidentified patients under aliases
    (``TRAUMA, HERON``), the note's patient among them, rooms named again below."""
    ctx.line(ctx.pick(BOARD_TITLES))
    ctx.out.text("\n")
    header = ctx.pick(BOARD_COLUMNS)
    ctx.memo["outer_pipes"] = ctx.chance(0.4)
    count = ctx.rng.randint(4, 10)
    rows = [_board_row(ctx, header, index) for index in range(count)]
    ctx.rng.shuffle(rows)
    _table(ctx, header, rows)
    ctx.out.text("\n")
    _lines(ctx, BOARD_NOTES, 1, 3)


# --- unit census and safety huddle ---------------------------------------------------------------

CENSUS_TITLES = (
    "[Safety huddle|HUDDLE|Unit huddle|Charge RN census|Bed board] [- {dept}|{dept}|] "
    "[{pdate:note:slash}|{date:note:numeric}|{pdate:note:weekday}] [{time}|days|nights|]",
    "[{dept} census|CENSUS {dept}|Census] [{pdate:note:slash}|] [- charge {staff:nurse:first}|]",
    "[Rounding list|Team list|Pt list] [{dept}|team {num:1:4}] {pdate:note:slash}",
)
CENSUS_COLUMNS: tuple[Row, ...] = (
    ("Rm", "pt", "age", "issue"),
    ("Room", "Patient", "Age", "Dx", "RN"),
    ("Bed", "Name", "Age/Sex", "Plan", "Code"),
    ("rm", "name", "age", "notes"),
)
ISSUES = ("DKA resolved, [to floor|off drip]", "CHF, [diuresing|net -{num:1:3} L]",
          "[COPD|PNA] on [{num:2:4} L|HFNC]", "post-op day {num:1:4} [lap chole|TKA|CABG]",
          "[CIWA|CIWA {num:4:18}]", "[sepsis|UTI], [abx day {num:1:7}|cx pending]",
          "[GI bleed|melena], Hgb [7.2|8.1|6.9]", "[stroke|TIA] w/u, [MRI today|neuro checks q4]",
          "[dc today|dc pending ride|awaiting SNF]", "[fall|falls] risk, [bed alarm|sitter]",
          "{problem}", "{anydx}", "{lookalike:clinical}")
CENSUS_BELOW = (
    "[Falls risk|Fall risk|High fall risk]: {roomagain}, {roomagain}[, {roomagain}|]",
    "[Isolation|Contact precautions|ISO]: {roomagain}[ (C diff)| (MRSA)| (flu)|]",
    "[Discharges|DC today|Likely dc]: {roomagain}[, {roomagain}|][ - {roomagain} needs ride|]",
    "[Sitters|1:1]: {roomagain}[ ({staff:aide:first})|]",
    "[Admits|Pending admits]: [{num:1:3} from ED|{otherpt} to {roomagain}]",
    "[Restraints|Soft restraints]: {roomagain}[ - order renewed by {inits:resident}|]",
    "[Staffing|Staff]: [{staff:nurse:first}, {staff:resident:first} and "
    "{staff:aide:first}|short {num:1:2} RN][; float from {dept}|]",
    "[Code status|DNR]: {roomagain} [DNR/DNI|comfort care]",
    "{roomagain} [family|{relation:0}] [wants update|upset, call {relphone}]",
    "{lookalike:generic}",
    "{roomagain}: {lookalike:clinical}",
    "[Watch|Concern|Update]: {lookalike:clinical}",
)


def _census_row(ctx: NoteContext, header: Row, own: bool) -> Row:
    cells: list[str] = []
    for column in header:
        key = column.casefold()
        if key in ("rm", "room", "bed"):
            cells.append("{censusroom}")
        elif key in ("pt", "patient", "name"):
            cells.append("[{ptname:caps}|{ptname:mixed}|{pt:last}]" if own else "{otherpt}")
        elif key == "age":
            cells.append("{ptage}" if own else "{oldage:18:99}")
        elif key == "age/sex":
            cells.append("{agesex}" if own else "{oldage:18:99}[F|M| F| M]")
        elif key == "rn":
            cells.append("[{inits:nurse}|{staff:nurse:first}]")
        elif key == "code":
            cells.append("[FC|DNR|DNR/DNI|full]")
        else:
            cells.append(ctx.pick(ISSUES))
    return tuple(cells)


def census(ctx: NoteContext) -> None:
    """A unit census or safety huddle: a row a patient (room, name, age, issue), then lists
    that name the rooms again (falls risk, isolation, discharges)."""
    ctx.line(ctx.pick(CENSUS_TITLES))
    header = ctx.pick(CENSUS_COLUMNS)
    ctx.memo["outer_pipes"] = ctx.chance(0.3)
    count = ctx.rng.randint(4, 12)
    own = ctx.rng.randrange(count)
    _table(ctx, header, [_census_row(ctx, header, index == own) for index in range(count)],
           style=ctx.pick(("pipe", "pipe", "fixed")))
    ctx.out.text("\n")
    _lines(ctx, CENSUS_BELOW, 2, 5)


FAMILIES = (
    Family("print-immreg", PROGRESS, immunization, "after", weight=0.8, cases=MOSTLY_AS_IS,
           description="immunization registry printout: fixed-width columns, ages at dose"),
    Family("print-ehrhx", PROGRESS, history_printout, "during", weight=0.8, cases=AS_IS,
           description="lab / medication / problem history printed from an EHR, in columns"),
    Family("log-device", NURSING, device_log, "during", weight=0.8, cases=AS_IS,
           description="ventilator or pump event log: stamps, codes, log-ins, asset names"),
    Family("log-access", PROGRESS, access_audit, "after", weight=0.7, cases=AS_IS,
           description="EHR access audit: log-ins, workstations, IPs, action codes"),
    Family("nurse-carelog", NURSING, care_log, "after", weight=0.8, cases=CARE_CASES,
           description="family or aide medication log: a legend of givers, initials in a grid",
           typos=0.02),
    Family("nurse-nicu", NURSING, nicu_newborns, "during", weight=0.7, cases=MOSTLY_AS_IS,
           description="NICU / L&D note: newborns registered as LAST, BABY GIRL 2; ages in days"),
    Family("ed-board", ED, tracking_board, "before", weight=0.8, cases=AS_IS,
           description="ED tracking board or casualty log: aliases, rooms, other patients"),
    Family("nurse-census", NURSING, census, "during", weight=0.8, cases=MOSTLY_AS_IS,
           description="unit census / safety huddle table: rooms, patients, ages, rooms again"),
)

__all__ = ["FAMILIES"]
