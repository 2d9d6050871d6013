"""Speech turned into text (issue 17): ambient-scribe transcripts of a visit with speaker
turns, speech-recognition dictations (a discharge summary, a clinic letter) with the
punctuation said, put in or missing, voicemail transcriptions and nurse-advice-line calls.

Their PHI is said aloud (``deidkit.corpus.slots_spoken``): dates, ages, telephone numbers
and extensions in words, identifiers and names spelled letter by letter, e-mail addresses
said, names lower-cased or misheard; speaker labels are names at times. Every context has
many phrasings, drawn independently.
"""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import (
    AS_IS,
    DISCHARGE,
    LETTER,
    MOSTLY_AS_IS,
    PROGRESS,
    TELEPHONE,
    Family,
    sentences,
)

ASR_CASES = ((Case.AS_IS, 0.55), (Case.LOWER, 0.35), (Case.UPPER, 0.1))


def _turn(ctx: NoteContext, role: str, line: str) -> None:
    """One speaker turn: a time stamp (if the note has them), the speaker, a filler, the line."""
    if ctx.memo.setdefault("stamps", ctx.chance(0.6)):
        ctx.render("{stamp} ")
    ctx.slots["speaker"](ctx, role)
    ctx.render(" {um:0.35}")
    ctx.render(line)
    ctx.out.text("\n\n" if ctx.memo.setdefault("blank", ctx.chance(0.4)) else "\n")


Pair = tuple[str, str, str]
"""A question and its answer: (the asker's role, the question, the answer)."""


def _some(ctx: NoteContext, bank: tuple[Pair, ...], low: int, high: int) -> list[Pair]:
    """``low``..``high`` distinct pairs of a bank, in bank order."""
    count = ctx.rng.randint(low, min(high, len(bank)))
    return [bank[index] for index in sorted(ctx.rng.sample(range(len(bank)), count))]


def _exchange(ctx: NoteContext, bank: tuple[Pair, ...], low: int, high: int) -> None:
    """Questions and answers of a bank; a doctor's question is answered by the patient (or
    the relative, when one is in the room), a relative's by the doctor."""
    for asker, question, answer in _some(ctx, bank, low, high):
        if asker == "doctor":
            replier = ("relative" if ctx.memo.get("relative_present") and ctx.chance(0.3)
                       else "patient")
        else:
            replier = "doctor"
        _turn(ctx, asker, question)
        _turn(ctx, replier, answer)
        if ctx.chance(0.08):
            _turn(ctx, "doctor", "[{lookalike}|{lookalike:clinical}|{lookalike:word}].")


# --- ambient-scribe transcript ---------------------------------------------------------------

AMBIENT_HEADERS = (
    "[AMBIENT TRANSCRIPT|Ambient listening transcript|Visit conversation (auto-transcribed)|"
    "Encounter audio transcript|AI scribe - raw transcript] [\\| |- |]{dt:note}",
    "[Recording|Session|Audio] [started|start] {dt:note} [\\| Provider: {dr:attending}|"
    "- {dr:attending}|]",
    "[Transcript|TRANSCRIPT] [of visit|for encounter] {idcue:ACCOUNT} [\\| {pdate:note:weekday}|]",
)
IDENTITY = (
    ("doctor", "[Can|Could] you [tell me|give me|confirm] your [full name|name] and "
     "[date of birth|birthday] [for me|please]?",
     "[Sure|Yeah|Yes], {hear:pt:full}, {saydate:dob:year}."),
    ("doctor", "[And|Just to confirm,] your date of birth is {saydate:dob:year}?",
     "[That's right|Yes|Correct|Mm-hmm]. [{sayage}|I'm {sayage}] [in|this] [May|the spring|"
     "June]."),
    ("doctor", "[What's|What is] your birthday?",
     "[It's|Um,] {saydate:dob:year}[, I'm {sayage}|]."),
    ("doctor", "[And how old are you now|How old are you|You're how old now]?",
     "[I'm|I'll be|I just turned] {sayage}[ years old|]."),
    ("doctor", "[Can you spell|How do you spell] your last name?",
     "{spell:pt}."),
    ("doctor", "[Is|And is] the [phone number|best number] [still|] {sayphone:pt}?",
     "[No|Actually no], [it's|use my cell,] {sayphone:cell}."),
    ("doctor", "[What's the best number to reach you|Best callback number]?",
     "{sayphone:cell}[, or the home phone|]."),
    ("doctor", "[Do we have|Is] your email [on file|right]?",
     "[It's|Yeah it's] {sayemail}."),
)
HISTORY = (
    ("doctor", "[So|Okay, so] when did this [start|begin]?",
     "[It was|Um, it was|I think] {saydate:recent1:noyear}[, no wait, {saydate:recent2:noyear}|"
     "| or maybe {saydate:recent2:noyear}]."),
    ("doctor", "[Have you been|Were you] [seen|in the hospital] [anywhere else|since last "
     "time]?", "[Yeah, I|I] [went to|was at] {otherhosp} [on|around] {saydate:recent1}."),
    ("doctor", "[Are you still working|Where are you working now|What do you do for work]?",
     "[I'm|I work as] {anyprof:a} at {org2:company}[, over on {street2}|]."),
    ("doctor", "[Any|Any recent] travel?", "[We|I] [went to|were in] {country} [for|over] "
     "[two weeks|a month][, came back {saydate:recent2:noyear}|]."),
    ("doctor", "[Where did you fall|Where did it happen]?", "[At|Over at|Near] {landmark2}[, "
     "by the {org2:company} building|]."),
    ("doctor", "[Who's at home with you|Who do you live with]?", "[My|Just my] {relation:0}, "
     "{relname:0:first}[, who's {sayoldage:50:95}|]."),
    ("doctor", "[How's your mom|Is your mother still living]?", "[She's|She turns] "
     "{sayoldage:88:103} [next month|in {saydate:followup1:noyear:cap}|], [still at|lives at] "
     "{facility2}."),
    ("doctor", "[And your dad|Your father]?", "[He|Dad] passed at {sayoldage:55:99}[ in "
     "{sayyear:past}|]."),
    ("doctor", "[Which|What] pharmacy [do you use|should I send it to]?",
     "{org2:pharmacy}[ on {saystreet}| in {city}|]."),
    ("doctor", "[When was your last|Last] [colonoscopy|mammogram|tetanus shot]?",
     "[Um,|] [maybe|I think] {sayyear:past}[? Or|,] {sayyear:past2}."),
    ("doctor", "[Are you still at|Still living at] the same address?",
     "[No, we moved|We moved] to {saystreet}[, {city}|][, zip {sayzip}|]."),
    ("relative", "[Can I ask something|Sorry, can I jump in]? {He} [fell|had a "
     "fall] {saydate:recent1:noyear}[, the- the {saydate:recent2:noyear}|].",
     "[Okay|Thanks], [that's helpful|good to know]."),
)
PLAN = (
    ("doctor", "[I'll|I'm going to] [send the prescription|send that] to {org2:pharmacy}.",
     "[Okay|Great|Thank you]."),
    ("doctor", "[Let's|We'll] [see you back|follow up] [on|] {saydate:followup1:noyear}"
     "[ at {time}|].", "[Okay|That works], [thanks|thank you]."),
    ("doctor", "[Dr.|Doctor] {hear:consultant:last} at {otherhosp} will [call you|see you].",
     "[Do you|And do you] have [her|his|their] number?"),
    ("doctor", "[If anything changes|Any problems], call [the clinic at|us at] "
     "{sayphone:site}, {sayext}.", "[Okay|Got it], {sayext}."),
    ("doctor", "[I'll have|The] nurse, {staff:nurse:first}, [will call you|give you a call].",
     "[Okay|Sure], thanks."),
    ("doctor", "[We'll|I'll] [fax|send] the form to {org2:company}.", "[Thanks|Okay]."),
)


def ambient(ctx: NoteContext) -> None:
    """An ambient-scribe transcript: speaker turns with time stamps, fillers, corrections."""
    ctx.line(ctx.pick(AMBIENT_HEADERS))
    ctx.out.text("\n")
    ctx.memo["relative_present"] = ctx.chance(0.5)
    _turn(ctx, "doctor", "[Hi|Hello|Good morning|Hey], [{title} {pt:last}|{pt:first}], "
          "[I'm|this is] [Dr.|Doctor] {dr:attending:last}[, good to see you|]. "
          "[How are you doing|What brings you in|How have you been]?")
    if ctx.memo["relative_present"]:
        _turn(ctx, "relative", "[Hi,|Hello,] I'm {his} {relation:0}, {relname:0:first}"
              "[, I drove {him} from {city}|].")
    _exchange(ctx, IDENTITY, 1, 3)
    _exchange(ctx, HISTORY, 3, 6)
    _exchange(ctx, PLAN, 1, 3)
    if ctx.chance(0.5):
        ctx.line("\n[End of recording|[END]|Recording stopped] {time}[ \\| {login:attending}|]")


# --- speech-recognition dictations ------------------------------------------------------------

DC_OPENINGS = (
    "[this is|this is doctor|dr] {hear:attending:last} dictating [a|the] discharge summary "
    "[on|for] {hear:pt}{p}",
    "discharge summary{p:colon}[patient|patient name] {hear:pt}{p:c}[medical record number|MRN|"
    "medical record] {sayid:MEDICALRECORD}{p}",
    "[dictating on|re] {hear:pt}{p:c}[spelled|last name spelled|that's] {spell:pt}{p}",
)
DC_BODY = (
    "date of admission {saydate:admit:year}{p}",
    "date of discharge {saydate:discharge:year}{p}",
    "[admitted|the patient was admitted] {saydate:admit:noyear}{p:c}[discharged|and "
    "discharged] {saydate:discharge:noyear}{p}",
    "[the patient|patient] is {a_sayage} year old {man} [who presented|presenting] "
    "with {cc}{p}",
    "[{he}|the patient] [was transferred|came] from {otherhosp}{p}",
    "[history of present illness|HPI]{p:colon}[the patient|patient] [fell|had a fall] at "
    "{landmark2} on {saydate:recent1:noyear}{p}",
    "[hospital course|HOSPITAL COURSE]{p:colon}{dx} [treated with|managed with] {med}{p}",
    "[family history|social history]{p:colon}[mother|father] [died|passed away] at "
    "{sayoldage:50:101}{p}",
    "[the patient|{he}] [lives|lived] at {saystreet} [in|] {city}{p:c}with {his} "
    "{relation:0} {hear:rel:first}{p}",
    "{he} [works|worked] as {anyprof:a} [at|for] {org2:company}{p}",
    "[discharged to|going to] {facility2} [on|] {saydate:discharge:noyear}{p}",
    "[follow up|follow-up] with [doctor|dr] {hear:pcp:last} [on|] {saydate:followup1}{p}",
    "[the|] [daughter|son|family] [can be reached|is reachable] at {sayphone:rel}{p}",
    "[{lookalike}|{lookalike:clinical}|{lookalike:device}]{p}",
    "[code status|code status is] full code{p}",
    "[procedures|procedure]{p:colon}{proc} [on|] {saydate:proc:noyear}{p}",
    "[please|] [send a copy to|cc] [doctor|dr] {hear:consultant:last} at {otherhosp}{p}",
)
DC_CLOSINGS = (
    "[end of dictation|end dictation|that's all]{p}[thank you|thanks|]",
    "[job number|dictation number] {sayid:IDNUM}{p}[end of dictation|]",
    "[this is|] {hear:attending} [signing off|end of report]{p}",
)


def dc_asr(ctx: NoteContext) -> None:
    """A discharge summary dictated through speech recognition: one run of words, the
    punctuation said (``period``, ``new paragraph``), put in or missing."""
    if ctx.chance(0.5):
        ctx.line("[Speech recognition|Dragon|Voice] [dictation|transcript] {dt:note}"
                 "[ - not reviewed| (unedited)|]")
    ctx.render(ctx.pick(DC_OPENINGS))
    for line in sentences(ctx, DC_BODY, 6, 11):
        ctx.render(line)
        if ctx.chance(0.15):
            ctx.render("{p:para}")
    ctx.render(ctx.pick(DC_CLOSINGS))


LETTER_LINES = (
    "dear [doctor|dr] {hear:pcp:last}{p:c}",
    "[thank you|thanks] for [referring|asking me to see] [mister|missus|miss|ms] "
    "{hear:pt:last}{p:c}{a_sayage} year old {man}{p}",
    "[i saw|i had the pleasure of seeing] {him} [in clinic|in the office] "
    "[on|] {saydate:note}{p}",
    "{his} [date of birth is|birthday is] {saydate:dob:year}{p}",
    "{he} [was|has been] seen [at|by] {otherhosp} [on|] {saydate:recent1:noyear}{p}",
    "{he} [lives|lives alone] at {saystreet}{p:c}{city}{p}",
    "{his} {relation:0} {hear:rel} [came with|accompanied] {him} today{p}",
    "{he} [works|used to work] as {anyprof:a} [for|at] {org2:company}{p}",
    "[the|] [family|{relation:0}] [asked|would like] [us|me] to call {sayphone:rel}{p}",
    "[{lookalike}|{lookalike:clinical}|{lookalike:device}]{p}",
    "[i have|we have] [arranged|ordered] {anyproc} [for|on] {saydate:followup1:noyear}{p}",
    "[please|] [do not hesitate to|feel free to] [call me|contact me] at {sayphone:site}"
    "[ {sayext}|]{p}",
    "[insurance|member] [i d|id|number] {sayid:HEALTHPLAN}{p}",
    "[i will|we will] [see|follow] {him} again [in|on] {saydate:followup2:noyear}{p}",
)


def letter_asr(ctx: NoteContext) -> None:
    """A clinic letter dictated through speech recognition, often with no punctuation and
    the names lower-cased or split wrongly."""
    ctx.render("[re|regarding|RE] {hear:pt}{p:c}[date of birth|DOB|d o b] "
               "{saydate:dob:year}{p:para}")
    for line in sentences(ctx, LETTER_LINES, 6, 10):
        ctx.render(line)
    ctx.render("{p:para}[sincerely|yours sincerely|best regards]{p:c}{hear:attending}"
               "[ {cred}|]{p}")
    if ctx.chance(0.4):
        ctx.render("[d|dictated] {saydate:note:noyear} [t|transcribed] "
                   "{saydate:tomorrow:noyear}")


# --- telephone: voicemail and advice line --------------------------------------------------

VOICEMAIL_OPENERS = (
    "[hi|hello|hey|yes hi] [this is|it's|my name is] {hear:pt}[ calling|]",
    "[hi|hello] [this is|it's] {hear:rel:first}[, {hear:pt:first}'s {relation:0}|, I'm "
    "{his} {relation:0}][ calling about {hear:pt}|]",
    "[hi|good morning] this is {hear:other} [from|at|calling from] [{org2:pharmacy}|"
    "{facility2}|{org2:agency}] [about|regarding] [your patient|a patient] {hear:pt}",
    "[yeah hi|hello] [it's|this is] {hear:pt:first} [again|] [from|on] {saystreet}",
)
VOICEMAIL_LINES = (
    "[my|the|{his}] date of birth is {saydate:dob:year}",
    "[the|my] [medical record number|MRN|chart number] is {sayid:MEDICALRECORD}",
    "[last name is|that's] {hear:pt:last} {spell:pt}",
    "[I'm|I am|she's|he's] {sayage} [years old|]",
    "[I'm calling about|this is about|it's about] [my|the] [appointment|refill|test results] "
    "[on|from] {saydate:recent1:noyear}",
    "[I|we] need to [reschedule|move] [the|my] [appointment|visit] [on|for] "
    "{saydate:followup1:noyear}",
    "[the|my] [pharmacy|drug store] is {org2:pharmacy}[ on {saystreet}| in {city}|]",
    "[you can|please] [call me back|reach me|call back] at {sayphone:cell}",
    "[again|that's|the number again is] {sayphone:cell}",
    "[or|you can also try] [my|the] [work|home] number {sayphone:pt}[ {sayext}|]",
    "[you can|or] email [me|us] at {sayemail}",
    "[my mom|my dad|my {relation:0}] [turns|will be] {sayoldage:85:101} [next week|on "
    "{saydate:followup1:noyear}]",
    "[um|uh] [I'm|we're] [at|staying at] {saystreet} [now|for now]",
    "[{lookalike}|{lookalike:clinical}|{lookalike:number}]",
    "[ask for|you can ask for] {hear:other:first}[ {sayext}|]",
)


def voicemail(ctx: NoteContext) -> None:
    """A voicemail transcription: the call's header, one run of speech, the action taken."""
    ctx.line("[Voicemail|VOICEMAIL|Voice message|Phone message (transcribed)] "
             "[received|rec'd|left] [{dt:note}|{pdate:note:weekday} {time}]")
    ctx.line("[From|Caller ID|Callback]: [{phone:cell}|{phone:pt}|{phone:new}|Unknown]"
             "[  Duration: 0:{num:10:59}|  Length {num:1:3}m|]")
    ctx.line("[Transcription|Transcript|Message text][ (auto-generated, may contain errors)| "
             "(machine transcription)|]:")
    ctx.render(ctx.pick(("", "\"")) + ctx.pick(VOICEMAIL_OPENERS))
    for line in sentences(ctx, VOICEMAIL_LINES, 4, 8):
        ctx.render(ctx.pick((" ", " ", ". ", ", ", "... ")) + "{um:0.25}")
        ctx.render(line)
    ctx.line(ctx.pick((" [thanks|thank you] bye", " [okay|] bye bye", " thank you", ".")))
    if ctx.chance(0.7):
        ctx.out.text("\n")
        ctx.line("[Action|Follow-up|Callback]: [called back|returned call|LM] "
                 "[{pdate:note:slash}|{pdate:tomorrow:slash}] {time}[, spoke with "
                 "{relname:0:first}|, no answer|] - {staff:nurse:full}[, RN|] "
                 "[{inits:nurse}|{ext}|]")


ADVICE_PAIRS = (
    ("nurse", "[Can I get|Can I have|I'll need] the patient's [name|full name] and date of "
     "birth?", "[It's|Yeah,] {hear:pt:full}, {saydate:dob:year}."),
    ("nurse", "[How do you spell|Can you spell] the last name?", "{spell:pt}."),
    ("nurse", "[And the|The] first name?", "{hear:pt:first}[, {spell:pt:first}|]."),
    ("nurse", "[Are you the patient|Is this the patient speaking]?",
     "[No,|No, no,] I'm {his} {relation:0}, {hear:rel}[, {spell:rel}|]."),
    ("nurse", "[What's a good|Best|And a] callback number?", "{sayphone:cell}."),
    ("nurse", "[Is there an|Any] extension?", "[Yeah,|Yes,] {sayext}."),
    ("nurse", "[Do you have|Can I get] [the|her|his] [insurance|member] ID?",
     "{sayid:HEALTHPLAN}."),
    ("nurse", "[Do you have|What's] [the|her|his] medical record number?",
     "[It's|I think it's] {sayid:MEDICALRECORD}."),
    ("nurse", "[How old is|And the age of] the patient?", "[{He}'s|I'm] {sayage}[ years "
     "old|]."),
    ("nurse", "[When did|When exactly did] the symptoms start?",
     "[Um,|] {saydate:recent1:noyear}[, no wait, {saydate:recent2:noyear}|]."),
    ("nurse", "[What's the|Which] pharmacy?", "{org2:pharmacy}[ on {saystreet}|]."),
    ("nurse", "[And the|Your] address?", "{saystreet}, {city}[, {sayzip}|]."),
    ("nurse", "[Do you want|Should I send] [the care advice|a summary] by email?",
     "[Sure,|Yes,] {sayemail}."),
    ("nurse", "[Who's|And who is] [{his}|your] doctor?", "[Dr.|Doctor] {hear:pcp:last} at "
     "{clinic}."),
    ("caller", "{He} [was|just got] [discharged from|out of] {otherhosp} "
     "{saydate:recent1:noyear}.", "[Okay|I see|Got it]."),
)


def advice_line(ctx: NoteContext) -> None:
    """A nurse-advice-line call: the call header, the transcript with the caller spelling
    names and saying numbers, then the nurse's disposition."""
    ctx.line("[NURSE ADVICE LINE|Nurse Triage Call|After-hours advice call|Advice line "
             "transcript] {dt:note}")
    ctx.line("[Call ID|Call #|Ref] {idval:IDNUM}[  Line: {phone:site}|]")
    ctx.out.text("\n")
    ctx.memo["speaker_style"] = ctx.pick(("role", "role", "number", "mixed"))
    ctx.memo["relative_present"] = True
    _turn(ctx, "nurse", "[Thank you for calling|Nurse line,|Advice line, this is] "
          "[{staff:nurse:first}|{hear:nurse:first}][, how can I help|. What's going on]?")
    _turn(ctx, "caller", "[Hi,|Yeah hi,] I'm {his} {relation:0}[, {hear:rel:first}|], "
          "[calling about|it's about] {hear:pt:first}. [{cc}|{problem}].")
    for asker, question, answer in _some(ctx, ADVICE_PAIRS, 4, 8):
        _turn(ctx, asker, question)
        _turn(ctx, "nurse" if asker == "caller" else "caller", answer)
        if ctx.chance(0.1):
            _turn(ctx, "nurse", "[{lookalike}|{lookalike:clinical}|{lookalike:history}].")
    ctx.out.text("\n")
    ctx.line("[Disposition|Dispo|Outcome]: [see in clinic {pdate:tomorrow:slash}|go to ED at "
             "{hospital}|home care advice given|call back if worse][. {lookalike}.|]")
    ctx.line("[{staff:nurse:full}, RN|{staff:nurse:last_first_caps} RN|{login:nurse}]"
             "[ {ext}|]")


FAMILIES = (
    Family("progress-ambient", PROGRESS, ambient, "after", weight=1.2, cases=AS_IS,
           description="ambient-scribe transcript: speaker turns, stamps, values said aloud"),
    Family("dc-asr", DISCHARGE, dc_asr, "discharge", weight=0.8, cases=ASR_CASES,
           description="speech-recognition discharge dictation: spoken punctuation"),
    Family("letter-asr", LETTER, letter_asr, "after", weight=0.8, cases=ASR_CASES,
           description="speech-recognition clinic letter: no punctuation, misheard names"),
    Family("tel-voicemail", TELEPHONE, voicemail, "after", weight=1.0, cases=MOSTLY_AS_IS,
           description="voicemail transcription: numbers and dates said, names spelled"),
    Family("tel-advice", TELEPHONE, advice_line, "after", weight=1.0, cases=AS_IS,
           description="nurse-advice-line call transcript: spelled names, IDs said"),
)

__all__ = ["FAMILIES"]
