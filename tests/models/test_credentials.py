"""A name starts after its title and ends before its credential and the next line
(deidkit.models.credentials)."""

from __future__ import annotations

import pytest

from deidkit.models.credentials import without_credentials

from .crafted import found_in


def _kept(text: str, found: list[tuple[str, str]], lang: str = "en") -> list[str]:
    (done,) = without_credentials([found_in(text, found, source="crf", score=0.99)], lang)
    return [text[s.start : s.end] for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # a credential after a comma or two words, in capitals or with dots: cut
        ("Signed: TEFERA, CLINT MD", [("TEFERA, CLINT MD", "DOCTOR")], ["TEFERA, CLINT"]),
        ("Zhecuol, DO\n", [("Zhecuol, DO", "DOCTOR")], ["Zhecuol"]),
        ("Tess Achane M.D. saw", [("Tess Achane M.D.", "DOCTOR")], ["Tess Achane"]),
        ("Amy Lo, PA-C", [("Amy Lo, PA-C", "DOCTOR")], ["Amy Lo"]),
        # a job title on the next line: cut
        ("Baljiwan Dua\nAssistant", [("Baljiwan Dua\nAssistant", "DOCTOR")], ["Baljiwan Dua"]),
        ("Guarantor: HYLAND, BARBARA  Guarantor Acct: 562",
         [("HYLAND, BARBARA  Guarantor", "PATIENT")], ["HYLAND, BARBARA"]),
        ("Pt: ANA  DELGADO", [("ANA  DELGADO", "PATIENT")], ["ANA  DELGADO"]),
        # a surname that is a credential too, one word before, lower case, not a name: whole
        ("visited by NHUNG DO today", [("NHUNG DO", "RELATIVE")], ["NHUNG DO"]),
        ("KELLY ANN DO", [("KELLY ANN DO", "PATIENT")], ["KELLY ANN DO"]),
        ("Kelly Ann Md", [("Kelly Ann Md", "PATIENT")], ["Kelly Ann Md"]),
        ("Amy Rn", [("Amy Rn", "PATIENT")], ["Amy Rn"]),
        ("Dr. Lo MD", [("Lo MD", "DOCTOR")], ["Lo MD"]),
        ("Mercy Hospital MD", [("Mercy Hospital MD", "HOSPITAL")], ["Mercy Hospital MD"]),
        # a role before the name: cut
        ("Return to ED Educator Ingrid Solberg", [("Educator Ingrid Solberg", "DOCTOR")],
         ["Ingrid Solberg"]),
        ("per Caller Trudy Van Wyk", [("Caller Trudy Van Wyk", "RELATIVE")], ["Trudy Van Wyk"]),
        # ordinary lower-case words ending a capitalised name: cut; names and initials stay
        ("Tomas and Lupe bilingual.", [("Lupe bilingual", "RELATIVE")], ["Lupe"]),
        ("| BEN normal |", [("BEN normal", "DOCTOR")], ["BEN"]),
        ("Calloway unable to come", [("Calloway unable", "DOCTOR")], ["Calloway"]),
        ("seen by Dan rose", [("Dan rose", "DOCTOR")], ["Dan rose"]),
        ("D. Whitebird, jules p.", [("D. Whitebird, jules p.", "DOCTOR")],
         ["D. Whitebird, jules p."]),
        ("pt jolene done", [("jolene done", "PATIENT")], ["jolene done"]),
        ("job V as in victor, six, two", [("V as in victor, six, two", "PATIENT")],
         ["V as in victor, six, two"]),
        ("user Jdoe made", [("Jdoe made", "USERNAME")], ["Jdoe made"]),
        # a name over two lines that goes on with a name
        ("Ana\nDelgado-Marin", [("Ana\nDelgado-Marin", "PATIENT")], ["Ana\nDelgado-Marin"]),
        # a title in no name list before the name: cut
        ("handed to Sgt. Bajwa", [("Sgt. Bajwa", "DOCTOR")], ["Bajwa"]),
        ("Surgeon: Dr Vuong. LOS 6", [("Dr Vuong", "DOCTOR")], ["Vuong"]),
        # ... not an initial, an ordinary word, a name, a title alone or on another line
        ("I. Harutyunyan, R. Mbatha", [("I. Harutyunyan", "DOCTOR"), ("R. Mbatha", "DOCTOR")],
         ["I. Harutyunyan", "R. Mbatha"]),
        ("Temperance Ogundipe-Lowe", [("Temperance Ogundipe-Lowe", "DOCTOR")],
         ["Temperance Ogundipe-Lowe"]),
        ("Will Ostrowski", [("Will Ostrowski", "DOCTOR")], ["Will Ostrowski"]),
        ("Officer Bajwa", [("Officer Bajwa", "DOCTOR")], ["Officer Bajwa"]),  # a surname too
        ("seen by Mr", [("Mr", "DOCTOR")], ["Mr"]),
        ("Dr.\nBajwa", [("Dr.\nBajwa", "DOCTOR")], ["Dr.\nBajwa"]),
        # a role before the name: cut (one or two words, the care team's cues, a credential
        # in capitals, a form of address; then a title)
        ("cc ward clerk Priya Osei", [("ward clerk Priya Osei", "DOCTOR")], ["Priya Osei"]),
        ("roomed by MA Juliet", [("MA Juliet", "DOCTOR")], ["Juliet"]),
        ("PCP Ana Lind", [("PCP Ana Lind", "DOCTOR")], ["Ana Lind"]),
        ("RN T. Quorbit", [("RN T. Quorbit", "DOCTOR")], ["T. Quorbit"]),
        ("Doña Inés Varga", [("Doña Inés Varga", "RELATIVE")], ["Inés Varga"]),
        ("Coach Mr Lind", [("Coach Mr Lind", "RELATIVE")], ["Lind"]),
        ("DON Smith", [("DON Smith", "DOCTOR")], ["Smith"]),
        # ... not a role that is a name too unless set apart in capitals, not kinship, not in
        # quotes, not a role alone or before a line break
        ("Don Smith", [("Don Smith", "PATIENT")], ["Don Smith"]),
        ("DON SMITH", [("DON SMITH", "PATIENT")], ["DON SMITH"]),
        ('aka "Coach Lind"', [("Coach Lind", "RELATIVE")], ["Coach Lind"]),
        ("seen by PCP", [("PCP", "DOCTOR")], ["PCP"]),
        ("MA\nJuliet", [("MA\nJuliet", "DOCTOR")], ["MA\nJuliet"]),
    ],
)
def test_names_are_cut_before_credentials_and_line_breaks(
    text: str, found: list[tuple[str, str]], kept: list[str]
) -> None:
    assert _kept(text, found) == kept


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # credentials alone after a signer, whatever a detector called them: dropped
        ("Ioana Ward, MD, FAASM   02/20/2026", [("FAASM", "DOCTOR")], []),
        ("Kofi Ade, MD FHRS\nCardiology", [("FHRS", "HOSPITAL")], []),
        ("Cora Greer, MSN, AGNP-C  |  cgreer3", [("AGNP-C", "PATIENT")], []),
        ("Jana Sklar, RN/CCRN", [("CCRN", "CITY")], []),
        ("Ilse Toki, RN, CCM", [("RN, CCM", "DOCTOR")], []),
        ("Kwabena Osei, PharmD", [(", PharmD", "PATIENT")], []),
        # ... not a job, a state's code, a name, lower case, or more than credentials
        ("works nights as a CNA at the home", [("CNA", "PROFESSION")], ["CNA"]),
        ("Jackson, MS 39201", [("MS", "STATE")], ["MS"]),
        ("Baltimore, MD", [("MD", "STATE")], ["MD"]),
        ("seen with rn today", [("rn", "DOCTOR")], ["rn"]),
        ("Ward FAASM", [("Ward FAASM", "DOCTOR")], ["Ward FAASM"]),
        # a state's code where a signer's credential stands: dropped
        ("-- T. Vanterpool, MA   (user tvanterpool)",
         [("T. Vanterpool", "DOCTOR"), ("MA", "STATE")], ["T. Vanterpool"]),
        ("spoke w/ Jolisa (MA), callback later", [("Jolisa", "DOCTOR"), ("MA", "STATE")],
         ["Jolisa"]),
        ("Henrike Obasi-Brandt, MS, RDN, LDN", [("MS", "STATE")], []),
        # ... not after a city, before a ZIP code or a plate, nor in lower case
        ("Quarryville, MA", [("Quarryville", "CITY"), ("MA", "STATE")], ["Quarryville", "MA"]),
        ("Ellery Tamsworth, MD 21254", [("Ellery Tamsworth", "PATIENT"), ("MD", "STATE")],
         ["Ellery Tamsworth", "MD"]),
        ("grey sedan, PA plate KLM-4471", [("sedan", "PATIENT"), ("PA", "STATE")],
         ["sedan", "PA"]),
        ("moved from PA, RN license lapsed", [("PA", "STATE")], ["PA"]),
        # two or three capitals naming no role away from a signer's name: initials, kept
        ("Plan reviewed.\nRD / rdquorbit", [("RD", "DOCTOR"), ("rdquorbit", "USERNAME")],
         ["RD", "rdquorbit"]),
        ("bx RUL   Mod   ISV     RD", [("ISV", "DOCTOR"), ("RD", "DOCTOR")], ["ISV", "RD"]),
        ("Lo Quorbit, RN, RD", [("Lo Quorbit", "DOCTOR"), ("RD", "DOCTOR")], ["Lo Quorbit"]),
        ("Plan reviewed, RN / night shift", [("RN", "DOCTOR")], []),
        # a role's credential a legend spells out by a name: someone's initials, kept
        ("Given by NP.\nInitials: SM = S. Marquorb, LPN; NP = N. Pquorb, LPN",
         [("NP", "DOCTOR")], ["NP"]),
        ("Given by NP.\nInitials: SM = S. Marquorb, LPN; NP = Dr Pquorb", [("NP", "DOCTOR")],
         []),
        # ... or signs a line after a dash
        ("Photos in the shared drive.\n-- NP\n", [("NP", "DOCTOR")], ["NP"]),
        ("PMH:\n- NP\n", [("NP", "DOCTOR")], []),
    ],
)
def test_spans_of_credentials_alone_are_dropped(
    text: str, found: list[tuple[str, str]], kept: list[str]
) -> None:
    assert _kept(text, found) == kept


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # a newborn's registration: the family name alone (the annotation guideline)
        ("Baby Boy Lind", [("Baby Boy Lind", "PATIENT")], ["Lind"]),
        ("Twin B: Baby Girl Okin-Tam 2 to NICU", [("Baby Girl Okin-Tam 2", "PATIENT")],
         ["Okin-Tam"]),
        ("baby girl quorbit - newborn check", [("baby girl quorbit", "PATIENT")], ["quorbit"]),
        ("Infant: TUPAKI, BABY BOY A", [("TUPAKI, BABY BOY A", "PATIENT")], ["TUPAKI"]),
        ("Zorb, girl 2 in bed 4", [("Zorb, girl 2", "PATIENT")], ["Zorb"]),
        ('Baby Girl Lind ("Mia")', [("Baby Girl", "PATIENT"), ("Lind", "PATIENT"),
                                     ("Mia", "PATIENT")], ["Lind", "Mia"]),
        # ... not a name that holds "boy" or "girl", nor a first name after the comma
        ("Pt Boyd, Girlie", [("Boyd, Girlie", "PATIENT")], ["Boyd, Girlie"]),
        ("Sister: Boy George Lind", [("Boy George Lind", "RELATIVE")], ["Boy George Lind"]),
        ("BABY, JANE", [("BABY, JANE", "PATIENT")], ["BABY, JANE"]),
    ],
)
def test_a_newborns_registration_keeps_the_family_name_alone(
    text: str, found: list[tuple[str, str]], kept: list[str]
) -> None:
    assert _kept(text, found) == kept


