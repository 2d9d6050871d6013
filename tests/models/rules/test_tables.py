"""Rules ``table_ages``, ``table_staff`` and ``table_rooms``: the cells of a table's age column
are ages, those of its staff column people or log-ins, those of its column of rooms rooms."""

from __future__ import annotations

import pytest

from deidkit.models.rules import run_rules, tables

from .helpers import ALL_SWITCHES, found_by, scan_of

RULES = (tables.RULE,)

PIPES = """ID  | name                 | age | sex | town
--- | -------------------- | --- | --- | ------
01  | Quarrel, Benedetta   | 62  | F   | Elmira
02  | Quarrel, Osric       | ~71 | M   | Elmira
03  | Vandermolen, Tibby   | 6   | M   | Corning
04  | household contact    | --  | F   | Corning

Notes: 3 of 4 ill; 12 tested.
"""

CSV = '''"RecType","HospNo","PatName","Sex","Age","Ward"
"D","H0091","ZYLSTRA, PRUDENCE MAE","F","93","47"
"D","H0092","OKONJO, TEMPERANCE","F","81 y","12"
'''

THEATRE = """THEATRE|SLOT|PATIENT|AGE/SEX|PROCEDURE
TH3|08:00|QUILLFEATHER, ABIODUN|7/M|ORCHIDOPEXY
TH3|13:30|DANSWORTH, HALIMA|45/F|TURP
"""


PRINTOUT = (
    "Vaccine            Date given    Age at dose       Lot\n"
    "HepB-peds          02-02-2026    30 days          EN93K   QUORBIT RMC\n"
    "Hib (PRP-T)        03-03-2026    2 mo            UJ518AA QUORBIT PEDS\n"
    "PCV20              05-05-2026    95 days         LX0941\n"
    "Next dose due  at 6 months.  Seen  2 times\n"
)
"""A registry printout in columns (its last line no row: its age cell holds no age)."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PIPES, {("62", "AGE"), ("71", "AGE"), ("6", "AGE")}),
        (CSV, {("93", "AGE"), ("81", "AGE")}),  # quoted cells hold commas
        (THEATRE, {("7", "AGE"), ("45", "AGE")}),
        ("Name\tAge\tBed\nRhoswen Tarrant\t58\t4\n", {("58", "AGE")}),
        # a printout's columns: gaps of two spaces or more; an infant's age in months or days
        (PRINTOUT, {("30", "AGE"), ("2", "AGE"), ("95", "AGE")}),
        # "PT AGE" over ages with a unit's full stop or "dys"
        ("Vaccine\tGiven\tPT AGE\tLot\nIPV\t1975-02-25\t2 mo.\tUNK\n"
         "HepB\t1974-12-19\t1 dys\tX1\n", {("2", "AGE"), ("1", "AGE")}),
        # no age header, two of them, a header word inside a sentence, a table ended
        ("Bed | Dose | Qty\n4 | 5 | 6\n", set()),
        ("age | Age | sex\n40 | 31 | F\n", set()),
        ("age | age at onset | sex\n40 | 31 | F\n", {("40", "AGE")}),
        ("Average age 52, range 30, 70\nSeen 12, 14, 19 today", set()),
        ("name | age | sex\nIdony Pask | 33 | F\n\nroom | 12 | 4\n", {("33", "AGE")}),
        # a number that is not an age alone in its cell, or out of range
        ("name | age | sex\nA. Rinch | 33 mg | F\nB. Lusk | 0 | M\nC. Wray | 140 | F\n", set()),
        ("", set()),
    ],
)
def test_table_ages_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


def test_only_ages_over_89_under_safe_harbor() -> None:
    assert found_by(RULES, CSV, ages="over_89") == {("93", "AGE")}
    assert found_by(RULES, PRINTOUT, ages="over_89") == set()  # 95 days, not years


def test_a_language_without_age_headers_finds_none() -> None:
    assert found_by(RULES, "nombre | edad\nRosa Lis | 40\n", lang="es") == set()


ROUNDING = """Rounding list 9/30
    Room | Patient | Age | Dx | RN
    28-2 | Zorbit | 38 | stroke w/u, neuro checks q4 | AN
    1-1 | QUORBIT, RULOM | 82 | Blake drain x2 | AN
    14-1 | Skaeceind, S | 41 | TIA w/u | Quorlyn
    21-2 | Zorbal | 97 | bilirubin 18.0 | A.N.
    22-2 | Zorbal | 90 | falls risk | UNK
    23-2 | Zorbal | 91 | dc pending | --
    24-2 | Zorbal | 92 | dc pending | charge nurse
"""

VACCINES = (
    "  VACCINE\tADMIN DATE\tAGE\tMFR\tLOT\tPROVIDER\n"
    "  Hep B\t21-OCT-1953\t1 d\tPMC\t\tquorbma\n"
    "  Hep B\t11/21/1953\t31d\tPFR\tUNK\tZORBIT, GENE R.\n"
    "  Hep B\t11/21/1953\t31d\tPFR\tUNK\tHISTORICAL\n"
    "  Flu\t1/2/1954\t2 mo\tPFR\tUNK\tDQUORB5\n"
)

EXPORT = """timestamp,event_code,detail,ack_by
09.12.2012 06:52:09,APNEA,backup on,quorbma
09.12.2012 06:53:45,ALARM_LO_VTE,VTe 261 mL,ys
09.12.2012 06:54:00,SILENCE,2 min,--
"""

PRINTOUT = "".join(  # "Seq" and "Date/Time" two headers over one cell: columns by offset
    "".join(cell.ljust(width) for cell, width in zip(row, (22, 15, 8, 16, 9), strict=True))
    + "\n"
    for row in (
        ("Seq  Date/Time", "Pt ID", "Result", "Operator", "Strip lot"),
        ("0412 05JAN2026 07:48", "NSH-3318804", "342", "QUORBIT, J", "STX5541"),
        ("0413 05JAN2026 08:51", "NSH-3318804", "128", "ZB", "STX5541"),
    )
)

TWO_STAFF_COLUMNS = """| Date | Operator | RN | Albumin 25% |
|------|----------|----|-------------|
| 1/19 | Quorbit Zell, MD | RD | 50 g |
| 1/26 | Zorbal, Q NP | TK | 50 g |
"""

LOG_ROWS = """2025-10-16 11:40  rquorbit        MD          MICU-WOW-03        NOTE_SIGN
2025-10-18 16:02  svaldez-zorb    UC          4N-REG-01          VIEW
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a staff column's initials (words too), names and log-ins; no chart's words
        (ROUNDING, {("AN", "DOCTOR"), ("Quorlyn", "DOCTOR"), ("A.N.", "DOCTOR")}),
        (VACCINES, {("quorbma", "USERNAME"), ("ZORBIT, GENE R.", "DOCTOR"),
                    ("DQUORB5", "USERNAME")}),
        # an export's header without blanks; a printout's cells under their header only
        (EXPORT, {("quorbma", "USERNAME"), ("ys", "DOCTOR")}),
        (PRINTOUT, {("QUORBIT, J", "DOCTOR"), ("ZB", "DOCTOR")}),
        # a log's row holding "MD" is no header; a list parted by commas is no table
        (LOG_ROWS, set()),
        ("Staff, attending, resident\nbleeding, infection, Quorbit", set()),
        # two staff columns; a header with a digit under its rule; credentials after a name
        (TWO_STAFF_COLUMNS, {("Quorbit Zell", "DOCTOR"), ("RD", "DOCTOR"),
                             ("Zorbal, Q", "DOCTOR"), ("TK", "DOCTOR")}),
        # a watch's observer, a medicine's giver and witness
        ("Time  | Code | Observer | Notes\n0600  | 1    | LQ       | asleep\n"
         "0615  | 2    | PZ       |\n", {("LQ", "DOCTOR"), ("PZ", "DOCTOR")}),
        ("| Date | Dose | Given | Witness |\n|---|---|---|---|\n| 7/15 | 8.5 mL | KAS | WG |\n",
         {("KAS", "DOCTOR"), ("WG", "DOCTOR")}),
        # a meeting's action owners
        ("| Client | Update | Owner | By |\n|---|---|---|---|\n| Quorb, T. | visit | YAC | 3/7 |\n",
         {("YAC", "DOCTOR")}),
        # a role alone in a cell names no one, nor does a role's word before a credential
        ("Role | Staff | Shift\n--|--|--\nnight | MD | 7p\nday | Meds RN | 7a\n", set()),
    ],
)
def test_table_staff_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((tables.STAFF,), text) == expected


CENSUS = """Signout 05/26
 Bed | Name | Age/Sex | Plan
 19-1 | Quorbit | 95M | TIA w/u
 26-2 | ZORBLE, ANNA | 69F | dc today
 17 | Quillan, Bea | 51 F | stroke w/u

Isolation: 17 (C diff). Gave 17 mg. 9 boarders.
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a column of beds; with three rows, the same rooms standing alone elsewhere (not
        # a quantity: "7 mg")
        (CENSUS, {("19-1", "ROOM"), ("26-2", "ROOM"), ("17", "ROOM")}),
        ("Rm\tName\tIssue\n815A\tQuorbit\tfall risk\n\nFalls: 815A\n", {("815A", "ROOM")}),
        # a header holding a digit is none; a cell that is no room alone
        ("Rm 4 | Name\n12 | Quorbit\n", set()),
        ("Bed | Name\nwaiting room | Quorbit\n", set()),
    ],
)
def test_table_rooms_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((tables.ROOMS,), text) == expected


def test_table_rooms_leave_quantities() -> None:
    """A room's number before a unit elsewhere in the note is a quantity ("Gave 17 mg")."""
    spans = run_rules((tables.ROOMS,), scan_of(CENSUS), ALL_SWITCHES)
    assert [CENSUS[s.start : s.end + 3] for s in spans if CENSUS[s.start : s.end] == "17"] == [
        "17 | ", "17 (C"
    ]
