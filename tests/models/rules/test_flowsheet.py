"""Rule ``flowsheet_initials``: the initials column of a nursing flowsheet."""

from __future__ import annotations

import pytest

from deidkit.models.rules import flowsheet, run_rules

from .helpers import ALL_SWITCHES, found_by, scan_of

RULES = (flowsheet.FLOWSHEET_INITIALS,)

MIXED = (
    "Flowsheet 3/4\n"
    "0800  Repositioned L side, skin intact  QV\n"
    "0930  Pain 4/10, acetaminophen given  QV\n"
    "1/22 1100  I/O 850/1200  TG\n"
    "2:15 PM  Family at bedside  TG\n"
    "Notes: labs sent per TG; QV aware.\n"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a column of initials, and their other mentions in the note
        (MIXED, {("QV", "DOCTOR"), ("TG", "DOCTOR")}),
        (MIXED.lower(), {("qv", "DOCTOR"), ("tg", "DOCTOR")}),
        (MIXED.upper(), {("QV", "DOCTOR"), ("TG", "DOCTOR")}),
        # dotted initials, a date before the time, midnight and noon, a common word ("at")
        # in a column of initials
        ("midnight  pt resting  w.k.\n0200  turned, skin intact  at\n"
         "noon  fsbg 140  w.k.\n5/30 0945  i/o +580  zb\n",
         {("w.k.", "DOCTOR"), ("at", "DOCTOR"), ("zb", "DOCTOR")}),
        # state codes and clinical abbreviations are someone's initials in such a column
        ("0800  vitals stable  MA\n0900  meds given  AP\n1000  resting  MA\n",
         {("MA", "DOCTOR"), ("AP", "DOCTOR")}),
        # charted values and credentials are not initials
        ("0800  vitals stable  OK\n0900  meds given  PRN\n1000  O2 2L  NC\n1100  resting  RN\n",
         set()),
        # rows ending mostly in words: not a column of initials
        ("0800  bed alarm  on\n0900  lights  off\n1000  head of bed  up\n1100  resting  KL\n",
         set()),
        # fewer than three signed rows, no time at the start, one blank before the initials
        ("0800  vitals stable  KL\n0900  meds given  KL\n", set()),
        ("Bed alarm  KL\nLights  KL\nHead of bed  KL\n", set()),
        ("0800 vitals stable KL\n0900 meds given KL\n1000 resting KL\n", set()),
        # initials in parentheses ending timed rows; a rhythm in parentheses is none
        ("02:24 bladder scan 800 mL (ab)\n02:26 ECG: AF 124 (QV)\n02:31 CXR portable (QV)\n",
         {("ab", "DOCTOR"), ("QV", "DOCTOR")}),
        ("0800 HR 88 (NSR)\n0900 HR 92 (NSR)\n1000 HR 90 (SR)\n", set()),
        # dated rows of a log or a table, signed after a wide gap or a table's bar
        ("Date    INR   Dose     Next    by\n10/06   2.4   20 mg    10/20   QMS\n"
         "10/20   3.6   hold     10/27   QMS\n10/27   2.9   17.5 mg  11/03   dqo\n",
         {("QMS", "DOCTOR"), ("dqo", "DOCTOR")}),
        ("08/21/23 | OS | 1.25 mg | 20/100 | QV\n09/19/23 | OS | 1.25 mg | 20/80 | QV\n"
         "10/17/23 | OD | 2 mg | 20/50 | TG\n", {("QV", "DOCTOR"), ("TG", "DOCTOR")}),
        # a date followed by one blank starts no row of a table: prose
        ("10/06 seen in clinic KL\n10/20 seen again KL\n10/27 labs drawn KL\n", set()),
    ],
)
def test_flowsheet_initials(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


def test_mentions_take_the_initials_as_written_only() -> None:
    text = MIXED + "Tg level pending.\n"
    found = found_by(RULES, text)
    assert ("TG", "DOCTOR") in found
    spans = {s for s in found if s[0] == "Tg"}
    assert not spans


def test_a_legends_word_initials_sign_lines_not_sentences() -> None:
    text = ("11/04  shipped. Under warranty. me\n11/05  box mailed; call me back\n\n"
            "Initials: me = Marcus Ellquorb, CI coord; kd = Kaylee Dunquorb")
    spans = run_rules(RULES, scan_of(text), ALL_SWITCHES)
    starts = {span.start for span in spans if text[span.start : span.end] == "me"}
    assert starts == {text.index("me\n"), text.index("me =")}


def test_a_listed_abbreviation_counts_in_the_list_only() -> None:
    text = "In: MQ, AO, RCW, BN, ED\nPlan: RCW + BN visit; seen in the ED"
    spans = run_rules(RULES, scan_of(text), ALL_SWITCHES)
    starts = {span.start for span in spans}
    assert starts == {text.index(i) for i in ("MQ", "AO", "RCW", "BN", "ED")} | {
        text.index("RCW +"), text.index("BN visit")
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a legend under its heading names the initials; it confirms a column of words
        ("0800  TURNED, SKIN INTACT  OL\n0900  FSBG 153  OL\n1000  RESTING  OL\n\n"
         "INITIALS:\nOL = ODETTE LUNDQVIST\n",
         {("OL", "DOCTOR"), ("ODETTE LUNDQVIST", "DOCTOR")}),
        # ... and the names it gives them, their credentials left out
        ("Signature legend:\nqv  varga, quilla\nzb = Zora Bakken, PCA\n",
         {("qv", "DOCTOR"), ("zb", "DOCTOR"), ("varga, quilla", "DOCTOR"),
          ("Zora Bakken", "DOCTOR")}),
        ("KEY:\nMB  BLACK, MARCUS\nTH = TRAVIS QUORBIT, RN, BSN\n",
         {("MB", "DOCTOR"), ("BLACK, MARCUS", "DOCTOR"), ("TH", "DOCTOR"),
          ("TRAVIS QUORBIT", "DOCTOR")}),
        # initials that are a charted value do not end a legend, their names are names; a
        # key of abbreviations names no one
        ("KEY:\nPM = PATRICK QUORBIT, RN\nBBC = BETTY ZORB, RN\n",
         {("PATRICK QUORBIT", "DOCTOR"), ("BBC", "DOCTOR"), ("BETTY ZORB", "DOCTOR")}),
        ("Key:\nBP = blood pressure\nHR = heart rate\nPRN = as needed\n", set()),
        # without a heading (initials the name does not spell), or with a value after the
        # initials, no legend
        ("Notes:\nQL = Quilla Varga\n", set()),
        ("Key:\nBP = 120 80\nHR  88 bpm\n", set()),
        ("NOON  HR 84  EH\n3:20 PM  BED ALARM ON  EH\n2200  PT AMB  TH\n4:16 PM  FSBG 127  EH\n"
         "2345  SITTER CHECK  EH\n\nKEY:\nTH = TRAVIS QUORBIT, RN\nELI HALVORB (E.H.)\n",
         {("EH", "DOCTOR"), ("TH", "DOCTOR"), ("TRAVIS QUORBIT", "DOCTOR"), ("E.H.", "DOCTOR")}),
        ("0800  bed alarm  on\n0900  lights  on\n1000  resting  on\n\nKey:\nOL = O Lund\n",
         {("OL", "DOCTOR"), ("O Lund", "DOCTOR")}),
        # initials after the name they are made of, anywhere; the legend goes on after them
        ("Signature legend:\nAlastair Pope (AP)\nwa = Will Arnspiger, PCA\nMallory Rappa (MR)\n"
         "Seen by Taoscedp Qvtwip (T.G.Q.); klaegu haansmika (kh); Tamsin Rquorb (TER)\n"
         "RN: Priya Quorbit-Swift (PQS)",
         {("AP", "DOCTOR"), ("wa", "DOCTOR"), ("MR", "DOCTOR"), ("T.G.Q.", "DOCTOR"),
          ("kh", "DOCTOR"), ("Will Arnspiger", "DOCTOR"), ("TER", "DOCTOR"), ("PQS", "DOCTOR")}),
        # ... a credential between them; every mention of such initials in the note
        ("Navigator: T. Oake-Quorbit RN (TOQ)   Backup: Hao Lin-Petrakis RN (HLP)\n"
         "01/16/25 09:12 TOQ -- Outgoing.\n03/28/25 11:20 HLP -- Reminder call",
         {("TOQ", "DOCTOR"), ("HLP", "DOCTOR")}),
        # ... three letters that are a credential where the name spells them all; no role's
        ("MW A. Nquorbit-Pierce CNM (ANP) | SMW L. Quorbvold (LQ)\n04:20 Tub filling. ANP\n"
         "Seen by Rob Nolan (RN); RN aware", {("ANP", "DOCTOR"), ("LQ", "DOCTOR")}),
        # a legend on one line: two pairs or more, each name beginning with its initials'
        # first letter; every other mention of those initials in the note
        ("Givers: LPQ = Lorna / IQ = Ike / RK = Rosalind Quorbit\n"
         "donepezil 5mg | + LPQ | + IQ | + RK |",
         {("LPQ", "DOCTOR"), ("IQ", "DOCTOR"), ("RK", "DOCTOR")}),
        ("jq = Jenna Quorbit, PharmD; RA = Rafael Abiodun, PharmD\n2/19  MG / RA  started",
         {("jq", "DOCTOR"), ("RA", "DOCTOR")}),
        # ... written with "is", the names in lower case after initials in lower case
        ("Caregivers TB is Tim Quorbit | bg is Benoit (wife)\n| prednisone | bg | +TB |",
         {("TB", "DOCTOR"), ("bg", "DOCTOR")}),
        ("who gave - nh is nnaid, qc is quemum zorbit\n| lasix | +nh | qc |",
         {("nh", "DOCTOR"), ("qc", "DOCTOR")}),
        # ... or with "-"; initials that are words count in a table's cells only
        ("Key: MT - Melodi | er - Elvis Quorbit (wife)\n| Aricept | ✓ MT | held (er) | er |\n"
         "er: gave him extra tylenol; sent to the ER",
         {("MT", "DOCTOR"), ("er", "DOCTOR")}),
        # ... a digit telling two people's initials apart; a first name that is a word
        # before a surname
        ("Who: BW - Brian / FG4 - Frank Quorbit, PharmD\n| heparin | +BW | FG4 6:50 pm |",
         {("BW", "DOCTOR"), ("FG4", "DOCTOR")}),
        # one pair, abbreviations spelled out in words, letters not the name's
        ("Given by: LPQ = Lorna\nHR = Heart rate, RR = Resp rate\nAB = Lorna / CD = Ike",
         set()),
        ("bp is borderline, hr is high; Mom is Maria, Dad is Dmitri", set()),
        # ... or with ":"; fields with a colon are no legend
        ("Legend - PQ: Pete / THV: Thanh (LPN) / TL: Thomas",
         {("PQ", "DOCTOR"), ("THV", "DOCTOR"), ("TL", "DOCTOR")}),
        ("PT: Patient tolerated. OT: Occupational therapy seen. HR: Heart rate 80", set()),
        ("BP - 120/80, HR - Heart rate, CT - Chest", set()),
        # initials followed by the name they spell, where an entry starts, are that person's
        # anywhere: also those spelling a credential or an abbreviation ("DO", "PD"), several
        # on a line, after a title or a rank, each part of a double name
        ("Observer signatures:\n  LE Lamar Equorb #C-1980     PD Pavla Dvorzak #C-2402\n"
         "  YP Sgt Yolanda Pecorb\nClinical entries: SM = S. Marquorb LPN; DO = D. Ostrowb LPN\n"
         "TL = CO T. Leibquorb      KAS = Kathleen Abernquorb-Sloane, RN\n"
         "| 0800 | 1 | PD | resting |\n| 2100 | 8 | DO | med pass |\nsertraline given by DO",
         {("LE", "DOCTOR"), ("PD", "DOCTOR"), ("YP", "DOCTOR"), ("SM", "DOCTOR"),
          ("DO", "DOCTOR"), ("TL", "DOCTOR"), ("KAS", "DOCTOR")}),
        ("Initials: ME M. Etxequorb RN | DO D. Ostrowb LPN\n8/6  0700  sertraline  R     ME",
         {("ME", "DOCTOR"), ("DO", "DOCTOR")}),
        # a legend's initials that are a word sign a line after a sentence, not a sentence
        ("11/04  processor shipped. Under warranty. me\n11/05  box mailed; call me back\n\n"
         "Initials: me = Marcus Ellquorb, CI coord; kd = Kaylee Dunquorb",
         {("me", "DOCTOR"), ("kd", "DOCTOR")}),
        # a list of four initials or more, fewer than half of them abbreviations or words: a
        # meeting's attendees; the other mentions of those that are no abbreviation
        ("In: MQ, AO, PR (covering psych), KL, BN, RCW, ED\nPlan: RCW + BN visit; PR covering; "
         "seen in the ED\nLabs: CBC, BMP, ESR, CRP; HIV, RPR, HCV, GC",
         {("MQ", "DOCTOR"), ("AO", "DOCTOR"), ("PR", "DOCTOR"), ("KL", "DOCTOR"),
          ("BN", "DOCTOR"), ("RCW", "DOCTOR"), ("ED", "DOCTOR")}),
        # ... not a role before a name alone on its line, one double name's parts, words of
        # a list or no entry's start
        ("Visit 08:15, RT Raelynn Thibquorb + branch manager; next RT visit\n"
         "PT: Pennington-Tuhiquorb, Aroha\nMGH Massachusetts General Hospital; "
         "ED Emergency Department\nAA Alcoholics Anonymous\nsaw the DO D. Ostrowb today",
         set()),
        # an abbreviation spelled out, one word, other letters, a charted value: no one
        ("Atrial Fibrillation (AF), Blood Pressure (BP); d/w gilbert (gh); Anna Bell (AC); "
         "Room Air (RA); wife Halyna Petrenko (HCP)", set()),
        ("FORM: VITAL SIGNS (VS) - Visit 2", set()),  # common words spell an abbreviation
    ],
)
def test_legend_of_initials(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


@pytest.mark.parametrize("text", ["", "   ", "\n\n"])
def test_empty_and_blank_notes(text: str) -> None:
    assert found_by(RULES, text) == set()


def test_a_legends_initials_that_are_words_count_in_table_cells_only() -> None:
    text = ("Key: MT - Melodi | er - Elvis Quorbit (wife)\n| Aricept | ✓ MT | held (er) | er |\n"
            "er: gave him extra tylenol; sent to the er")
    spans = run_rules(RULES, scan_of(text), ALL_SWITCHES)
    found = sorted(s.start for s in spans if text[s.start : s.end] == "er")
    assert found == [text.index("er - "), text.index("(er)") + 1, text.index("| er |") + 2]
