"""Clinicians' messages exported as notes (issue 17): a secure chat or group text (a line a
message: weekday, date, time, the writer's name or handle and a colon; @mentions of user
names) and an on-call pager log (pages with callback numbers and extensions, replies).

Patients are referred to as chat refers to them: by initials, room and bed, surname; the
writers, @mentions and stamps use the slots of ``deidkit.corpus.slots_spoken`` (a note keeps
one layout and one way of naming its writers).
"""

from __future__ import annotations

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import MOSTLY_AS_IS, NURSING, PROGRESS, Family

CHAT_CASES = ((Case.AS_IS, 0.8), (Case.LOWER, 0.2))

CHAT_MESSAGES = (
    "{mention} pt in {bedno} [is asking for you|needs a new IV|c/o pain 8/10|wants to talk]",
    "{mention} can you [call|come see|look at] {ptinits} in {bedno}? {callback}",
    "[family|{relation:0}] ({relname:0:first}) at bedside, wants [update|to talk to MD] "
    "{callback}",
    "{pt:title_last} in {bedno} going to {facility2} [today|tomorrow|{pdate:tomorrow:slash}]",
    "{ptname:lower_last} {bedno} K [3.1|2.9|3.3], replacing per protocol",
    "[ok thx|on my way|will do|ok|thanks!|seen, will put in order|np]",
    "{bedno} [is clean|ready|cleaned] for [admit|transfer] from {dept}",
    "transport [for|to get] {ptinits} at {time}",
    "{mention} [pls|please] sign the [restraint|pain|diet] order for {bedno}",
    "[RT|Pharmacy|CM|SW] [aware|paged|called] {callback}",
    "[new admit|admit|incoming] to {bedno}, {ptinits}, {agesex} [from {otherhosp}|from ED|"
    "from {dept}]",
    "[lab|Lab] called critical [K|trop|lactate|Hgb] on {ptinits} {bedno}",
    "{pt:last} ({bedno}) [refusing|asking about|wants] {med}",
    "who has {bedno}?",
    "{relname:0:full} called again[, {callback}|, pls call back|]",
    "[covering|cross cover|xcover] for {staff:resident:first} tonight, {pagerno}",
    "[im|I'm] on break til {time}, {mention} has my pts",
    "pt's {relation:0} {relfull:first} will bring [meds|glasses|hearing aids] "
    "{pdate:tomorrow:weekday}",
    "{lookalike:word}",
    "{lookalike:number}",
    "{lookalike:clinical}",
    "{lookalike:generic}",
    "{ptinits} dob {date:dob:numeric} [verified|2 ID checked]",
    "mrn {mrn} [for|on] {ptinits} pls",
    "[consult|Consult] placed to [{dept}|ortho|GI] re {ptinits} {bedno}",
    "{mention} {mention} [huddle at|rounds at] {time} [in|at] [the conf room|{dept}]",
    "{Mr} {pt:last} [fell|found on floor] in {bedno}, [no injury|vitals ok], "
    "[MD aware|{mention} aware]",
    "{ptinits} [can go|dc'd] [home|to {facility2}] once [ride|{relname:0:first}] here",
    "[VNA|home care] {org2:agency} [called|faxed] re {ptinits} {callback}",
    "[who is|who's] [on for|covering] {dept}? need [orders|an MD] for {bedno}",
)


def _stamped(ctx: NoteContext, message: str) -> None:
    """One exported line: stamp, writer, separator, message (the layout fixed a note)."""
    layout = ctx.memo.setdefault("line_layout", ctx.rng.randrange(4))
    if layout == 3:  # the writer on the stamp's line, the message below
        ctx.render("{chatstamp} {writer}\n")
        ctx.line(message)
        ctx.out.text("\n")
        return
    ctx.render("{chatstamp}")
    ctx.render((" ", " - ", " \\| ")[int(str(layout))])
    ctx.render("{writer}: ")
    ctx.line(message)


def secure_chat(ctx: NoteContext) -> None:
    """A secure-chat or group-text export: a header naming the thread, then a message a line."""
    ctx.line("[Secure Chat|SECURE CHAT EXPORT|Care team conversation|Group text|Conversation "
             "export] [- {dept} RN team|- {dept} {bedno}|re: {ptname}|- {ptinits} {bedno}|]")
    if ctx.chance(0.6):
        ctx.line("[Exported|Printed|Saved to chart] {dt:note}[ by {login}|]")
    if ctx.chance(0.5):
        ctx.render("[Participants|Members]: {writer:0}, {writer:1}")
        ctx.line("[, {writer:2}|]")
    ctx.out.text("\n")
    count = ctx.rng.randint(6, 13)
    for _ in range(count):
        ctx.memo.pop("last_writer", None)
        _stamped(ctx, ctx.pick(CHAT_MESSAGES))
    if ctx.chance(0.5):
        ctx.line("\n[--- end of conversation ---|End of export|{num:6:40} messages]")


PAGES = (
    "RE {ptname:caps} RM {bedno:bare} BP [78/40|82/50|190/110] PLS CALL {callback}",
    "pt {ptinits} {bedno} temp [39.1|38.6|101.8] {callback} -{lcname:nurse}",
    "{pt:last} {bedno} pulled IV, ok to leave out? {callback}",
    "CALL {callback} RE: {ptinits} (MRN {mrn})",
    "[family|Family] ({relname:0}) requesting update {callback}",
    "[Rapid response|RRT|Code blue] {dept} {bedno}",
    "[pls|please] call ED re admit {ptinits} {agesex} {callback}",
    "{otherhosp} transfer center on the line {callback}",
    "[RETURN PAGE|Return page|Call back] {callback}",
    "{ptname:lower_last} in {bedno} [wants to leave AMA|is agitated|fell]; {staff:nurse:first} "
    "{callback}",
    "[Radiology|Rads|Lab] [calling|has] [result|critical] on {ptinits} {callback}",
    "{bedno} {ptinits} [needs|asking for] [sleep aid|pain med|diet order] "
    "- {staff:nurse:first} [RN|] {callback}",
    "[Consult|Consult request] [for|re] {pt:last}, {bedno}, from {dr:attending:last} "
    "{callback}",
    "{lookalike:number} {ptinits} {callback}",
    "[Pharmacy|Pharm] ({staff:pharmacist:first}) re {med} for {ptinits} {callback}",
)
REPLIES = (
    "[Reply|REPLY|Response] from {writer}: [ok|will come|give {med}|ok to hold]",
    "[ACK|Acknowledged|Read] by {login:resident} {time}",
    "{writer} [replied|responded]: [coming|on my way|call me {callback}]",
    "[Forwarded|Fwd] to {writer} [\\| {pagerno}|]",
)


def pager_log(ctx: NoteContext) -> None:
    """An on-call pager log or group text: pages with callback numbers, acknowledgements."""
    ctx.line("[PAGER LOG|Paging history|On-call text log|Group text: {dept} cross-cover|"
             "Overnight pages] [{pdate:note:slash}|{date:note:numeric}][ - {hospabbr}|]")
    ctx.line("[On call|Covering|Pager holder]: [{dr:resident}|{staff:resident:full}|{writer}]"
             "[ - pager {pager:resident}|, {pagerno}|]")
    ctx.out.text("\n")
    for _ in range(ctx.rng.randint(5, 11)):
        ctx.render("{chatstamp} ")
        ctx.render(ctx.pick(("[PAGE|Page|TXT|SMS] ", "", "[To:|to] {writer} ",
                             "From {writer}: ", "[Fr|From]: {callback:bare} ")))
        ctx.line(ctx.pick(PAGES))
        if ctx.chance(0.3):
            ctx.render(ctx.pick(("   ", "  -> ", "\t")))
            ctx.line(ctx.pick(REPLIES))
    if ctx.chance(0.4):
        ctx.line("\n[Signed out to|Handed off to] {dr:attending} [at|@] {time}")


FAMILIES = (
    Family("nurse-securechat", NURSING, secure_chat, "during", weight=1.0, cases=CHAT_CASES,
           description="secure-chat / group-text export: stamps, writers, @mentions, rooms",
           typos=0.02),
    Family("progress-pagerlog", PROGRESS, pager_log, "during", weight=0.8, cases=MOSTLY_AS_IS,
           description="on-call pager log: callback numbers and extensions, initials, rooms"),
)

__all__ = ["FAMILIES"]
