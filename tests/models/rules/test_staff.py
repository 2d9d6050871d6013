"""Rules ``initials`` and ``usernames``: staff in signature blocks and audit lines."""

from __future__ import annotations

import pytest

from deidkit.models.rules import staff, usernames

from .helpers import found_by

RULES = (staff.INITIALS_RULE, usernames.USERNAMES)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a transcriptionist's code, initials after a cue, a line of initials, "... -KL"
        ("Dictated by Philippa Adebayo, MD\nJT/mk\nD: 3/4 T: 3/5", {("JT/mk", "DOCTOR")}),
        ("Plan per RB and KL.", {("RB", "DOCTOR"), ("KL", "DOCTOR")}),
        ("Written 2/20/26 22:40. Reviewed FNB 2/21.\nreviewed CXR, EMR; approved PA request",
         {("FNB", "DOCTOR")}),
        ("O. Eze, PT, DPT   -- co-signed REL\nHH referral", {("REL", "DOCTOR")}),
        ("Note countersigned JT at 1400; cosigned MD.", {("JT", "DOCTOR")}),
        ("cc: RB, KL", {("RB", "DOCTOR"), ("KL", "DOCTOR")}),
        ("Dose held, d/w TQ at 1400.", {("TQ", "DOCTOR")}),
        ("Staff: RAG (palliative NP), chaplain.\nDictated CHA/typed vmn  3/26/26",
         {("RAG", "DOCTOR"), ("CHA", "DOCTOR")}),
        # initials beside the log-in or the name they abbreviate, abbreviations or not
        ("Next review after dive 40.\n- MOS / mokonkwosallis\n— TB (tbaptiste)\n"
         "BOG / Beatriz Oyelowo-Grant OTR/L", {("MOS", "DOCTOR"), ("TB", "DOCTOR"),
                                              ("BOG", "DOCTOR")}),
        ("on IHP (Individualized Healthcare Plan); then 1 tab TID (titration schedule); IO /"
         " Individual Options; MRI (mri_scanner); RN (rnguyen)", set()),
        # before the name they abbreviate ending a legend's item, and wherever else so written
        ("Sertraline 50 mg PO 0800     AK   LR\nEntries by: TQ Tobias Quorbit; LR  Lourdes"
         " Ramírez, Asst. House Manager   cert 0977\nCalcium 600 mg PO 0800     LR",
         {("TQ", "DOCTOR"), ("LR", "DOCTOR")}),
        ("MS Multiple Sclerosis, CHF Congestive Heart Failure; ED Emergency Department", set()),
        # initials spelling a credential beside their log-in: there only, a role's never
        ("Seen by the RD today.\nRD / rdzorbal\nRN (rnquorbit)", {("RD", "DOCTOR")}),
        # in brackets after the name they abbreviate, and wherever else so written
        ("Lead: D. Lorbit (DL)   runner: B. Azorbal (BA)\n02:19  C1  O POS  DL\nmerge by BA",
         {("DL", "DOCTOR"), ("BA", "DOCTOR")}),
        ("the Emergency Department (ED); Genetic Information Nondiscrimination Act (GINA)",
         set()),
        # ending a line that names their owner, and wherever else so written
        ("Handoff to Tomas Azorbal, RN in Lee 19 0115; TA\nTA called back", {("TA", "DOCTOR")}),
        ("Seen in the Emergency Department today; ED", set()),
        # after "initials", even initials spelling a credential, but not a role's
        ("Confirmed with the MAR (initials RD); witnessed (initials RN).", {("RD", "DOCTOR")}),
        # a legend's initials before "=" and a name with its first initial and a credential
        ("Suction | 9/2 PNS ok | 9/3 PNS ok\nEducators: PNS = P. Nwankwo-Sorbit RN; LR:"
         " Lourdes Ramírez", {("PNS", "DOCTOR"), ("LR", "DOCTOR")}),
        ("PNS = peripheral nervous system; CNS = Central Nervous System", set()),
        # abbreviations after a cue are no initials
        ("FSBG 212, covered per SSI; induction per ACR 2024; per MOU; terminated by ATP x1",
         set()),
        # the note's last word: capitals after a sentence or a date, or alone, not a heading's
        ("Copy faxed under the consent of 5/6. RM\n", {("RM", "DOCTOR")}),
        ("Query due.\n\nReviewed 2/4 IR\n", {("IR", "DOCTOR")}),
        ("Imaging:\nMRI\n", set()),
        ("Transfer to ICU\n", set()),
        # lower-case initials after a dash, alone on the note's last line
        ("Handout given.\n-me\n", {("me", "DOCTOR")}),
        ("-me\nHandout given; -ok\n-prn", set()),
        # a word signing two lines or more after a dash; a typist after a signature's slash
        ("0845 in room, declined -iggy\n0900 in room -iggy\n1045 group -quo\nBP ok -ok\n",
         {("iggy", "DOCTOR")}),
        ("Call with fever.\n\nA. Marcel Quorbit, M.D.  / cjb\nOrders: PT / ot",
         {("cjb", "DOCTOR")}),
        # a typist's initials that are an abbreviation, at a line's end; not "PT/OT"
        ("Letter ref. RHL-2025-0908-114 / MSA:ck\nOrders: PT/OT", {("MSA", "DOCTOR"),
                                                                  ("ck", "DOCTOR")}),
        ("Likely discharge Saturday.\nSgd HPM   e-signed: hquorbit", {("HPM", "DOCTOR")}),
        ("Endorsed to KL at 1900.", {("KL", "DOCTOR")}),
        ("Heparin rate verified w/ TQ.", {("TQ", "DOCTOR")}),
        ("Per nursing (JT), slept well. Rec'd by: KW", {("JT", "DOCTOR"), ("KW", "DOCTOR")}),
        ("Per nursing (SF), ate 50%. Per nursing (mb), slept. Per nursing (ICU) note; per "
         "nurse (RN) ok", {("SF", "DOCTOR"), ("mb", "DOCTOR")}),
        ("EVENTS: RRT CALLED. PER NURSING (ZI), ATE 50%. PT REMAINS ON 2L NC, DENIES PAIN. "
         "PLAN PER TEAM, LABS IN AM. SEEN BY MD.", {("ZI", "DOCTOR")}),
        ("PER ICU (CCU) TEAM. LABS PER PROTOCOL (ICU) AND NURSING CARE FOR THE PATIENT WHO "
         "REMAINS ON THE FLOOR WITH FAMILY.", set()),
        ("Insulin double checked with KL and RB", {("KL", "DOCTOR"), ("RB", "DOCTOR")}),
        ("Ambulating w/ PT; discharged w/ VNA and w/ IV abx.", set()),
        ("Gait 80 ft w/ RW, SBA; transfers w/ CGA to BSC.", set()),
        ("Resting comfortably.\nSigned: Philippa Adebayo RN\nKL", {("KL", "DOCTOR")}),
        ("Pt tolerated well. -KL", {("KL", "DOCTOR")}),
        # a line's sign-off after a dash, even initials that spell a word or an abbreviation;
        # not a list's item opening a line
        ("Keep Tue visit. Nice work! -- PR CWCN\nCompleted. - MY / rh\n-- NP\nThanks!! - L.\n",
         {("PR", "DOCTOR"), ("MY", "DOCTOR"), ("rh", "DOCTOR"), ("NP", "DOCTOR"),
          ("L.", "DOCTOR")}),
        ("Reviewed. Agree. - RT NP  6/20 12:05\n", {("RT", "DOCTOR")}),  # a date, a time after
        ("PMH:\n- HTN\n- PE\n- DVT / PE\n- CAD 2019\n", set()),
        ("Question log\n  [Yes, fine with insulin. - CAR]\n  (see the plan - PRN)\n(review / QI)",
         {("CAR", "DOCTOR")}),
        ("Plan: labs.\nRTC 3 mo or sooner. SAW\nLast edited 3/4", {("SAW", "DOCTOR")}),
        ("He is well. OK\nFollow up. PRN", set()),
        ("Reviewed. Agree w/ plan. HOS 2/3\n", {("HOS", "DOCTOR")}),  # a date after the initials
        ("Repeat in 3 mo. TSH 6/18\nBP 120/80 today. OK 3/4", set()),
        ("Pt tolerated well - R.B.", {("R.B.", "DOCTOR")}),
        ("wt 132 kg. per AT, hold pantoprazole", {("AT", "DOCTOR")}),  # "at" in capitals
        ("Resting.\nUser: mark.alltop\n-AT\n", {("AT", "DOCTOR")}),
        ("Ref.\n\nKL / AH\nRef # JC5", {("KL", "DOCTOR"), ("AH", "DOCTOR")}),
        ("Dressing changed.\n\nGOS/ML   Total time 45 min", {("GOS", "DOCTOR"), ("ML", "DOCTOR")}),
        ("Faxed to the surgeon.\nRAM RN\n", {("RAM", "DOCTOR")}),
        ("Plan: labs.\nICU RN\n", set()),
        ("1230  Cozaar 50 mg PO daily given  DR\n1300  pt resting", {("DR", "DOCTOR")}),
        ("Pamela Larranaga, MD PJL\nAddendum", {("PJL", "DOCTOR")}),
        ("Signed 3/9.\nDict: IHN\nTech: RJB  Sonographer: KLM", {("IHN", "DOCTOR"),
                                                              ("RJB", "DOCTOR"),
                                                              ("KLM", "DOCTOR")}),
        ("Result called to the ward, read back (FLA).", {("FLA", "DOCTOR")}),
        ("Tech: CT and MRI reviewed; read back: MD.", set()),
        ("Attendees: AD-H, IH, TTW\nDiscussed.", {("AD-H", "DOCTOR"), ("IH", "DOCTOR"),
                                                 ("TTW", "DOCTOR")}),
        ("Discussed with PA-C; per AB-CD5 protocol; CrCl by C-G", set()),
        # a typist's code before the dictation's date; in lower case alone ending a line
        ("Medical Director\nLIM/kw d:01/29/26 t:01/29/26", {("LIM", "DOCTOR"),
                                                           ("kw", "DOCTOR")}),
        ("Harriet Wolcott, DO, PM&R       hew/dt", {("hew", "DOCTOR"), ("dt", "DOCTOR")}),
        ("Plan: and/or PT\nyes/no\nunder/over\nbp/hr\nrisk/benefit", set()),
        # clinical abbreviations, credentials, units and doses are no initials
        ("Plan per RN.", set()),
        ("Take 500 mg per day.", set()),
        ("Dose per PT/OT and per MD.", set()),
        ("Switch IV/PO tomorrow; NT/ND abdomen; SI/HI denied.", set()),
        ("Mouth care done per VAP protocol.", set()),
        ("Eligible per PI Dr. Quorbit; expected per IB v7.\n08:22  REC: hold digoxin", set()),
        ("SMR maintained per SAR. Product ready per CTL (x6130).", set()),
        ("PN order by Mbatha NP, verified AD 13:15; verified ID (card), verified OK",
         {("AD", "DOCTOR")}),
        ("BS 234, covered per SS scale.", set()),
        ("Seen by CT surgery, discussed with OT.", set()),
        ("A/P:\nCV: stable\nGI\nneuro intact", set()),
        ("Diagnosis:\nDKA\n\nDisposition: home", set()),
        ("ID consult recommended.", set()),
        # author and typist ending a line as three tokens; abbreviations are neither
        ("transcribed 1/21/2025 NAW/lmc", {("NAW", "DOCTOR"), ("lmc", "DOCTOR")}),
        ("Kwabena Asante, MD\nKAR:jt\nD: 03/04/2026", {("KAR", "DOCTOR"), ("jt", "DOCTOR")}),
        ("Plan: HR:bpm\nlabs: BMP/inr", set()),
        # ... or a column: a gap of blanks follows the code
        ("Emeka Quorbit, MD\nEV:lbt  D 10/4/22  T 10/5/22", {("EV", "DOCTOR"), ("lbt", "DOCTOR")}),
        ("dictated 03/09/2025\nHLM/tq   job# 7730218", {("HLM", "DOCTOR"), ("tq", "DOCTOR")}),
        ("Plan: HR:bpm  labs pending", set()),
        ("NH Lic. SLP-0671\nTOB/ce 02/10/2026\n", {("TOB", "DOCTOR"), ("ce", "DOCTOR")}),
        ("Dose: 2 IV/po 3/4 daily\nmg/dl 4/5", set()),  # a date ends the line: still no code
        # an author whose initials are an abbreviation, ending a dictation or signature line
        ("D: 11/15/2025  JOB: 0448213  CONF: 88172  PM/dvr\n",
         {("PM", "DOCTOR"), ("dvr", "DOCTOR")}),
        ("Dictated 5/2 09:02  Voice ID: 10877  IS/ahp", {("IS", "DOCTOR"), ("ahp", "DOCTOR")}),
        ("Mother called back, child fine.\nCase closed 11/13/24. DA/mtl",  # ... or the note
         {("DA", "DOCTOR"), ("mtl", "DOCTOR")}),
        ("Plan: HR:bpm\nlabs: BMP/inr\nRate 80 HR/bpm", set()),
        ("M. Quorbit-Oyelaran, MD\nMFO:bp  dictated 12/13/24",
         {("MFO", "DOCTOR"), ("bp", "DOCTOR")}),
        ("Vitals BP:hr  120/80 72", set()),
        ("Dose given 9 PM/hs\nwalks 2 PM/qd", set()),  # no such line: an abbreviation
        ("Job 4413 ordered, IV/bolus", set()),  # neither is in capitals over lower case
        # a pair after a cue whose first initials read as a word; not two abbreviations
        ("Read by: NO/GFO\nAntihistamines held", {("NO", "DOCTOR"), ("GFO", "DOCTOR")}),
        ("Cleared per OR/ED today", set()),
        # initials after a role in a code or a study record
        ("Compressions: JS, WO, BK, TM", {("JS", "DOCTOR"), ("WO", "DOCTOR"), ("BK", "DOCTOR"),
                                          ("TM", "DOCTOR")}),
        ("Coordinator: WC   Witness: RB", {("WC", "DOCTOR"), ("RB", "DOCTOR")}),
        ("Attending present: HSM, RC, TP", {("HSM", "DOCTOR"), ("RC", "DOCTOR"),
                                             ("TP", "DOCTOR")}),
        ("Present: QW, VD (fellow)\nNo PERRLA deficit present: HTN, DM", {
            ("QW", "DOCTOR"), ("VD", "DOCTOR")}),
        ("TX AT HOME; BP 120/80  HR 88\n0800  vitals stable  OK", set()),
        # the owners of a list's actions, under a heading naming actions; not a problem list
        ("Actions:\n- SNB: rad onc consult Fri\n- RIZ: med onc visit\n- HO: no trial",
         {("SNB", "DOCTOR"), ("RIZ", "DOCTOR"), ("HO", "DOCTOR")}),
        ("What changed\n- NEW: cephalexin 500 mg\n- TBI: MACE2 4/12\n- BH: seen today", set()),
        ("Actions:\n- SNB: rad onc consult Fri\n- BP: 120/80", set()),  # one owner only
        # a timed entry's initials after a wide gap; "PM" there too, not a time's "9  PM"
        ("1600  HR 80  BP 123/97  SpO2 95%  PM\nNoon  fed 50%  PYM\n"
         "Apr 19 07:12:43  SBT_START  PS 7/PEEP 6  QW\n1800  meds given at 9  PM",
         {("PM", "DOCTOR"), ("PYM", "DOCTOR"), ("QW", "DOCTOR")}),
        ("NURSING FLOWSHEET FOR THE NIGHT SHIFT, PATIENT RESTING IN BED WITH FAMILY AT THE "
         "BEDSIDE\n1600  HR 80  SPO2 95%  PM\n0200  REPOSITIONED L SIDE  PM\n0800  LUNCH  ATE\n",
         {("PM", "DOCTOR")}),
        # an entry's writer before its colon: after a clock time opening a line, in
        # parentheses after a line's first word; opening a line before "signed"
        ("Refills\n--- 5/4 12:55 MOL: Approved x 90 days\n13:10 TMc: LMOM on cell\n"
         "Reply (FOL): glad to hear it\nOAP -- signed 10/08/25 15:20\naddendum 1520 MQT: seen",
         {("MOL", "DOCTOR"), ("TMc", "DOCTOR"), ("FOL", "DOCTOR"), ("OAP", "DOCTOR"),
          ("MQT", "DOCTOR")}),
        # ... after a date opening a line, before a colon or a gap, where the same initials
        # write two entries ("MY" a word in capitals); not one heading
        ("Log\n3/18 MY: First post-op visit.\n09/04 MY  yoke flared\n3/3 UC: Proteus >100k\n"
         "3/7 ZQ: seen", {("MY", "DOCTOR")}),
        # ... in parentheses after a date opening a line; not after a reading or later on
        ("Wk 1\nMon 2/9 (YE) Initial eval.\nThu 2/12 (YE) gait w/ FES\nBP 120/80 (L) arm\n"
         "seen 3/4 then 3/5 (QX) visit", {("YE", "DOCTOR")}),
        # ... not a value after the colon, an abbreviation, lower case, a later word, a word
        # before "signed" in prose
        ("Date: Jan 12 2026\nRE: Quorbit\n09JUL2024 0615\nSM: Quorbit\n"
         "Vitals\n12:55 QOL: 7/10\n02:26 ECG: sinus\n13:10 Mol: ok\n"
         "Plan (CBC): repeat\nNote from (JT): later\nHe (JT) - signed form", set()),
        # a note in capitals: initials "BY" after a clock time
        ("SPECIMEN: XM26-011873   COLL 03/17/26 0640 BY TKW   RECV 0712\nGIVEN BY MOUTH",
         {("TKW", "DOCTOR")}),
        # a note written in capitals: every word looks like initials
        ("LAB RESULTS PER RB AND KL WERE REVIEWED TODAY WITH THE TEAM AND THE FAMILY AT THE "
         "BEDSIDE. PATIENT STABLE OVERNIGHT, PLAN TO CONTINUE THE SAME.", set()),
    ],
)
def test_initials_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((staff.INITIALS_RULE,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last edited by kpatel2 on 03/04/2021 10:22", {("kpatel2", "USERNAME")}),
        ("Euglycemic DKA from SGLT2 inhibitor; message from ppatel2", {("ppatel2", "USERNAME")}),
        ("Signed electronically (mrowan) 03/04/2021", {("mrowan", "USERNAME")}),
        ("Edited by Mary Rowan (mrowan)", {("mrowan", "USERNAME")}),
        ("Presenter: H. Quorbit | Scribe: tkoenig\n\nCase 4", {("tkoenig", "USERNAME")}),
        ("Scribe attestation: I, Tova Quorbit, scribed", set()),
        ("Rowan, Mary (mrowan) 03/04/2021 10:22", {("mrowan", "USERNAME")}),
        ("K. Patel (kpatel2)", {("kpatel2", "USERNAME")}),
        # in capitals, joined by a dot or an underscore, only after the name it is made of
        ("Scribe: Tamsin Quorbit (SCR.TQUORBIT) for Dr. Lind", {("SCR.TQUORBIT", "USERNAME")}),
        ("with Tom Hart (CHF.HTN); Ana Bell (ANA)", set()),
        ("Tylenol (acetaminophen) 650 mg; Mary Rowan (rn)", set()),
        ("User: j.alvarez", {("j.alvarez", "USERNAME")}),
        ("Recipient: quorbitmg\nCovering: gamr1, p. 1-9770\ncovering wound; covering for me"
         "\ncovering hospitalist Dr. Quorbit\nRecipient to-do:",
         {("quorbitmg", "USERNAME"), ("gamr1", "USERNAME")}),
        ("Note printed by tgreen4 at 0800", {("tgreen4", "USERNAME")}),
        ("e-signed pquorbitcole RN 05/12/26 1602; e-signed Jane Quorbit RN",
         {("pquorbitcole", "USERNAME")}),
        ("Electronically signed 3/4 hburke12", {("hburke12", "USERNAME")}),
        # ordinary words, names in capitals, lab values and chemistry are not user names
        ("Given by mouth; entered by user error.", set()),
        ("Sent by e-mail to the office; sent by fax", set()),
        ("Vanc changed to q12h; INR checks extend to q3wk.", set()),
        ("From: bgrant15\nTo: Dr. Tomasz", {("bgrant15", "USERNAME")}),
        ("Reg clerk: r.parry", {("r.parry", "USERNAME")}),
        ("cc: oshendrawhorn47, r.vint", {("oshendrawhorn47", "USERNAME"), ("r.vint", "USERNAME")}),
        ("CC: unwitnessed fall at home\ncc: kquorbit", {("kquorbit", "USERNAME")}),
        ("Cc: Nurse Manager Lorraine Quorbit; agreenwald\ncc: Dr. Quorbit; patient; family",
         {("agreenwald", "USERNAME")}),
        ("Read back: Becca (sonographer); signed Mary Rowan (mrowan)", {("mrowan", "USERNAME")}),
        ("Med rec signed by Dr. Tobiah Quorbit (hospitalist); Ann (pharmacist)", set()),
        ("Access log: yberstein viewed 1/29", {("yberstein", "USERNAME")}),
        ("Amended Aug 22, 2007 0200 h.puc\n", {("h.puc", "USERNAME")}),
        ("Reply Thu 1/19 1200 wilnerm84:\nHi", {("wilnerm84", "USERNAME")}),
        ("Response Sept 27 @ 0300 GERVASEJ:\nHello", {("GERVASEJ", "USERNAME")}),
        ("JP 69 cc serosang output; e.g. the plan", set()),
        ("Referred to rehab; seen from cardiology; ok to intubate.", set()),
        ("Reviewed by Dr. Smith.", set()),
        ("Labs updated at bedside: hco3 23, spo2 98 (ra).", set()),
        ("Edited by Rowan today.", set()),
        # a log line: its date (and time), the author's log-in, a colon
        ("10/02/24 cnygaard: claim denied\n11/04/24 09:12 jtran: call from wife",
         {("cnygaard", "USERNAME"), ("jtran", "USERNAME")}),
        ("3/4 plan: continue\n2024-01-05 note: stable", set()),
        # ... or, with a digit or an underscore, before a column's gap
        ("07/01/2026  PFS_LMURILLO   Denial received\n07/09/2026 09:12 jtran2   called wife",
         {("PFS_LMURILLO", "USERNAME"), ("jtran2", "USERNAME")}),
        ("10/02/24 claim   denied\n3/4 ambulating   well\nHGB_A1C 7.2", set()),
        # a system's log-in anywhere: an underscore or three dotted parts, a part no word
        ("PEEP 5 -> 8      RT_mquorbit\nRerouted by intfc_svc (hbmc.reg.pquorbit); nrl_cls_bvang",
         {("RT_mquorbit", "USERNAME"), ("intfc_svc", "USERNAME"),
          ("hbmc.reg.pquorbit", "USERNAME"), ("nrl_cls_bvang", "USERNAME")}),
        # a table's columns, codes in capitals, host names and addresses
        ("ts,bed,poa_phone,ack_by,age_at_edd,visit_date\nCHART_OPEN BTG_OV HGB_A1C\n"
         "mail.example.org; https://a.b.org/d_quorbit; x@hbmc.reg.org", set()),
        # ... or before a dash
        ("2/9 10:01 TVAA_SCHED - appt made\n2/9 10:05 ok - seen", {("TVAA_SCHED", "USERNAME")}),
    ],
)
def test_usernames_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((usernames.USERNAMES,), text) == expected


def test_both_rules_together_keep_to_their_own_labels() -> None:
    text = "Dictated per RB.\nLast edited by kpatel2"
    assert found_by(RULES, text) == {("RB", "DOCTOR"), ("kpatel2", "USERNAME")}
