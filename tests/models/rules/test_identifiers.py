"""Rules ``cued_ids``, ``id_shapes``, ``extensions`` and ``vehicle_units``."""

from __future__ import annotations

import pytest

from deidkit.models.rules import identifiers

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a cue, fillers and markers, then the value (the cue's label)
        ("His member ID is W2281.", {("W2281", "HEALTHPLAN")}),
        ("Policy number is 4471-22", {("4471-22", "HEALTHPLAN")}),
        ("policy XKJ-4471 on file", {("XKJ-4471", "HEALTHPLAN")}),
        ("Policy no. BCX 44821 9", {("BCX 44821 9", "HEALTHPLAN")}),
        ("MBI 1EG4TE5MK72", {("1EG4TE5MK72", "HEALTHPLAN")}),
        ("Medicare 1EG4-TE5-MK72", {("1EG4-TE5-MK72", "HEALTHPLAN")}),
        ("MRN is 1234567", {("1234567", "MEDICALRECORD")}),
        # health and registration numbers outside the US
        ("NHS No: 485 777 3456", {("485 777 3456", "MEDICALRECORD")}),
        ("BC PHN: 9876 543 210   Email", {("9876 543 210", "HEALTHPLAN")}),
        ("IHI: 8003 6081 2345", {("8003 6081 2345", "MEDICALRECORD")}),
        ("MB BCh BAO MRCPI, MCRN 412887", {("412887", "LICENSE")}),
        ("GMC 7012345. Hosp No: RKX0448172", {("7012345", "LICENSE"),
                                              ("RKX0448172", "MEDICALRECORD")}),
        ("NHS trust policy; GMC guidance", set()),
        ("Acct: 7782", {("7782", "ACCOUNT")}),
        ("FIN 44128812", {("44128812", "ACCOUNT")}),
        ("SSN last four 4471", {("4471", "SSN")}),
        ("SS# ***-**-4471", {("***-**-4471", "SSN")}),
        ("SSN xxx-xx-4471", {("xxx-xx-4471", "SSN")}),
        ("SSN 123.45.6789", {("123.45.6789", "SSN")}),
        ("VIN ending in 4352", {("4352", "VEHICLE")}),
        ("HSA card ending 8812; invoice INV-2026-0188", {("8812", "ACCOUNT"),
                                                         ("INV-2026-0188", "ACCOUNT")}),
        # a list after one cue, values of the same shape; gate and lockbox codes
        ("MRN 4471234, 4471235 and 4471236; Case # 2231, 3 of 3; gate code: 7781",
         {("4471234", "MEDICALRECORD"), ("4471235", "MEDICALRECORD"),
          ("4471236", "MEDICALRECORD"), ("2231", "IDNUM"), ("7781", "IDNUM")}),
        ("Plate: 4KRT 229", {("4KRT 229", "VEHICLE")}),
        ("serial number ends in 8812", {("8812", "DEVICE")}),
        ("Device: ICD, serial PZX441", {("PZX441", "DEVICE")}),
        ("RN license 221873", {("221873", "LICENSE")}),
        ("Badge # 4471", {("4471", "IDNUM")}),
        ("Employee #4471", {("4471", "IDNUM")}),
        ("Order # 7781229", {("7781229", "IDNUM")}),
        ("Insurance: Blue Cross, ID XKJ448812001", {("XKJ448812001", "IDNUM")}),
        ("Emp #: ZX-674102 | Supervisor", {("ZX-674102", "IDNUM")}),
        ("Other vehicle registration FCY 2775 fled.", {("FCY 2775", "VEHICLE")}),
        ("EMT cert 0375-573", {("0375-573", "LICENSE")}),
        ("DL New York K056-9185-4297 given", {("K056-9185-4297", "LICENSE")}),
        ("Driver's license PA NR-5842-572 in bag", {("NR-5842-572", "LICENSE")}),
        # weak cues without a marker, words, doses, lab values, dates, times, years
        ("ID consult recommended; ID: Tmax 98.3 po.", set()),
        ("Case discussed with family; order placed for CT.", set()),
        ("Visit on 3/4/2021; visit #: 3.", set()),
        ("Policy reviewed 2021.", set()),
        ("Model: 2019", set()),
        ("Hgb 10.9 (ref 11.0-15.0); RA lead Medtronic 5076-52cm", set()),
        ("Group therapy 3 x weekly; member of the family.", set()),
        ("Acct 4471 mg given.", set()),
        ("Insurance card given; card 2 of 3; invoice sent", set()),
        ("Serial troponins 0.04, serial exams x3.", set()),
        ("Modem IMEI 35-118822-604417-3 paired", {("35-118822-604417-3", "DEVICE")}),
        ("Record 120/80 at 10:22.", set()),
        ("Medicare patient, ID 44 years old.", set()),
        ("Rand # R-5523 | Visit: WEEK 12 (V5)\nNext visit: WK 24 ~Sept", set()),  # periods
        ("Rx: HR 95-115 | RPE 11-14; exercise prescription: HR 100-125", set()),  # a target
        ("Member ID MCI 8812-0457-33   Rx BIN 610014  PCN MEDDPRIME",
         {("MCI 8812-0457-33", "HEALTHPLAN")}),  # a plan's routing codes: no person's
        ("Badge 123-456 issued; Sodium ref: 135-145", {("123-456", "IDNUM")}),  # a range
        ("Home blood pressures run 100-110/64-70; EMS run 24-0113", {("24-0113", "IDNUM")}),
        ("received with seal GT 0081 3372 intact; seal intact", {("GT 0081 3372", "IDNUM")}),
        # a sensor's serial, its own cue left out; a pharmacy's store number
        ("previous sensor 8LM77C; sensor SN 8KM2TQ72; Quorbit Pharmacy store 9917",
         {("8LM77C", "DEVICE"), ("8KM2TQ72", "DEVICE"), ("9917", "IDNUM")}),
        # a weak cue takes a code of capitals and a number without a marker; not a model's
        ("Group KWP-1140; legacy chart QRN-1466", {("KWP-1140", "HEALTHPLAN"),
                                                   ("QRN-1466", "MEDICALRECORD")}),
        ("pacemaker model VX-200; case 2 of 3; Group B-12", set()),
    ],
)
def test_cued_ids_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.CUED_IDS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Card on file 1EG4TE5MK72.", {("1EG4TE5MK72", "IDNUM")}),
        ("Ref A7B9C2D4 noted", {("A7B9C2D4", "IDNUM")}),
        ("Tag 4KRT229 seen", {("4KRT229", "IDNUM")}),
        ("prednisone - 8/22 - 0274292E - LONG", {("0274292E", "IDNUM")}),
        # medical codes and ordinary mixed tokens
        ("s/p L4-L5-S1 fusion, pT2N0M0 tumor, G3P2012.", set()),
        ("SpO2 98%, HbA1c 7.1, COVID-19 negative, BRCA1 carrier.", set()),
        ("Vitamin D 1000000IU; 1234567X; www.ab12cd34ef.com", set()),
        ("afib 90s-110s, sbp 100s-120s overnight", set()),
        ("AF w/ RVR 120-130s (new)", set()),
        ("Sleeps 7:30pm-7am; clinic 9am-5pm; NCT05829114-like trial", set()),  # hours, trials
        ("CFTR panel: F508del x1; CHEK2 p.(Ser428Phe); MYH7 Arg403Gln", set()),  # variants
        ("Plan: SRP x 4 quads (D4341); D2950 core buildup", set()),  # dental procedures
        ("the 4-hour-40-minute level was 212; a 2-week-3-day course", set()),  # phrases
    ],
)
def test_id_shapes_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.ID_SHAPES,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call x5531 with questions.", {("x5531", "PHONE")}),
        ("Call x#5531 or ext 4412.", {("5531", "PHONE"), ("4412", "PHONE")}),
        ("Reach me at extension 5531.", {("5531", "PHONE")}),
        # products, durations and counts
        ("Lesion 3 x 5531 mm.", set()),
        ("Antibiotics x 5 days, x3 attempts, x1000 mg.", set()),
    ],
)
def test_extensions_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.EXTENSIONS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Transported by Medic 14 at 0815.", {("14", "VEHICLE")}),
        ("Ambulance #7 on scene.", {("7", "VEHICLE")}),
        ("Summit Fire Dept. Medic 1. Pt worked", {("1", "VEHICLE")}),
        ("Agency: CLP Ambulance | Vehicle: Unit 6", {("6", "VEHICLE")}),
        ("Agency: Mobile Health\nRig: Unit 72\nRIG: UNIT 16   PCR #", {("72", "VEHICLE"),
                                                                      ("16", "VEHICLE")}),
        ("Unit 6 nurse aware.", set()),
        ("Subject on sled 4 to TH; Snowmobile 2 to base", {("4", "VEHICLE"), ("2", "VEHICLE")}),
        ("Drive: cafeteria + Coach 4 (plate on file); Coach Ramirez", {("4", "VEHICLE")}),
        # a unit's code after its cue, and wherever the code is written again
        ("06:53 Assigned Ambulance A-2, Engine E-1 lift assist.\n07:01 E-1 on scene.\n"
         "07:03 A-2 on scene; HLA-2 typed; E-12 and A-2B elsewhere",
         {("A-2", "VEHICLE"), ("E-1", "VEHICLE")}),
        # a unit's cue's first letter and its number, one code: wherever written as it is
        ("Units: Medic 23 (ALS), Truck 9 (BLS)\nM23 crew: Quorbit\nT9 on scene, M23 1358; "
         "m23 and M-23 and M230 are not", {("23", "VEHICLE"), ("9", "VEHICLE"),
                                            ("M23", "VEHICLE"), ("T9", "VEHICLE")}),
        ("Bus 14 driver informed; Ladder 7 on scene; the bus 2 late", {("14", "VEHICLE"),
                                                                        ("7", "VEHICLE")}),
        ("Rescue 2 mg of naloxone; rescue 3 inhaler.", set()),
        # "rig" and "van" in lower case too; a code of three capitals
        ("Transport rig ACA-212 booked; 4 E-tanks on van 12; van 2 mg", {("ACA-212", "VEHICLE"),
                                                                        ("12", "VEHICLE")}),
        # an aircraft's registration; no N-number, or one with I or O, or a pancreas's tail
        ("Aircraft: A321neo, reg N817QA   Seat 31C", {("N817QA", "VEHICLE")}),
        ("S-92 (tail N92GW) diverted; Tail #: N4471", {("N92GW", "VEHICLE"),
                                                       ("N4471", "VEHICLE")}),
        ("tail of pancreas N2 nodes; Reg: N4IO; reg N0123", set()),
        # a US registration of two digits or more and letters needs no cue; no mask or stage
        ("LifeFlight N22LF launched; our rotor N614MA committed", {("N22LF", "VEHICLE"),
                                                                   ("N614MA", "VEHICLE")}),
        ("N95 mask, T2N1M0, N2O; Guelph N1H 2K5; N12AB 3C4", set()),
        # a unit's code after "vehicle", a cue's colon; not a crash's vehicle or a year
        ("Vehicle: LRY-2\nRoute/Van: 7", {("LRY-2", "VEHICLE"), ("7", "VEHICLE")}),
        ("MVC, Vehicle 2 rolled; Vehicle: 2016 sedan", set()),
        # another country's: a prefix, a hyphen, letters in capitals
        ("air ambulance (tail XA-VMD); reg. no. C-GXYZ; reg ab-cde; tail T-12",
         {("XA-VMD", "VEHICLE"), ("C-GXYZ", "VEHICLE")}),
        # a paramedic's car; its letter and number are a spine's level, no unit's code
        ("CP visit by I. Quorbit, Car 7; MRI: C7 radiculopathy; car seat; car 2 blocks away",
         {("7", "VEHICLE")}),
    ],
)
def test_vehicle_units_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.VEHICLE_UNITS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MORROW, ILSABET K | 448812 | DOB 3/4/1950", {("448812", "IDNUM")}),
        ("Clinic | A4471B | 10:22", {("A4471B", "IDNUM")}),
        # ages, rooms, dates, times, short numbers, doses; a line without pipes
        ("XYLOR, QUIMBA | 55yoM | Rm 373 | Adm 2016-02-08 | 2020 | 120/80 | 4471 |", set()),
        ("Dose | 12345 mg | daily", set()),
        ("No pipes 448812", set()),
        ("Sodium |138 |mmol/L |135-145 |B25155-0211", {("B25155-0211", "IDNUM")}),  # a range
        ("OBX|4|NM|777-3^PLT^LN||231|10*3/uL|150-400|N|||F", set()),  # HL7: its own rule
        ("Shift Report | June 12, 2025 | 0700-1500\n| 1900-0730 |", set()),  # a shift's hours
        # a HCPCS code in a note naming HCPCS; the same shape elsewhere an identifier
        ("| Item | HCPCS | Decision |\n| Rigid wheelchair | K0005 | APPROVED |", set()),
        ("| Unit | K0005 | issued |", {("K0005", "IDNUM")}),
    ],
)
def test_header_ids_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.HEADER_IDS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Club roster #: WR-19", {("WR-19", "IDNUM")}),
        ("guarantee letter #KHO/US/2025/1187, case officer", {("KHO/US/2025/1187", "IDNUM")}),
        # numbers alone after "#" are counts and teeth; words are no codes
        ("oxycodone #12; tooth #19 MOD; #3 given", set()),
        ("issue #abc and #Wed", set()),
        ("plan:\n# DM2: FS QID\n#COVID-19 pneumonia; hx #DM2 well controlled", set()),
        # a weight in pounds before an exercise's sets and repetitions
        ("SAQ 1#        2x10    2x15\nbands #  3x12", set()),
    ],
)
def test_numbered_code_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((identifiers.NUMBERED_CODES,), text) == expected
