"""ICU nursing progress notes: fragmented, abbreviated, often ALL CAPS or lowercase.

Most of their text is not PHI; what PHI there is hides in family updates ("wife Mary called"),
doctors ("Dr. Lee aware"), transfers ("from OSH"), dates and the occasional phone number.
"""

from __future__ import annotations

from typing import TypedDict

from deidkit.corpus.builder import Case
from deidkit.corpus.context import NoteContext
from deidkit.corpus.notes.base import NURSING, NURSING_CASES, Family, render_body, sentences
from deidkit.corpus.notes.clinical import NURSING_EXTRA

NEURO = (
    "A&Ox3, MAE, follows commands. ",
    "alert, oriented x[1|2] (person[, place|]), [intermittently|] confused, reorienting well. ",
    "[in rm {room}|rm {room}|bed {room}], [on tele|1:1 sitter|fall precautions]. ",
    "sedated on [propofol|fentanyl/versed|precedex|fentanyl {num:25:150} mcg/hr], RASS "
    "[-1|-2|-3], withdraws to pain. ",
    "PERRL [3mm|2mm] brisk. ",
    "[c/o|complains of] pain [at incision site|in back|L hip] {score}, medicated w/ {med} "
    "[with good effect|w/ relief|with minimal relief]. ",
    "[CIWA|ciwa] {num:4:18}, ativan given per protocol. ",
    "no [sz activity|seizure activity] noted. ",
    "[moving all ext|MAE] to command[, weak grips|]. ",
    "{eponym}. ",
    "[pt|Pt] [very|] anxious at times, reassured[, seroquel given at hs|]. ",
)
CARDIO = (
    "HR {range:50:130} [NSR|SR|ST|AF] [no ectopy|occ PVCs|rare PACs]. ",
    "BP {range:90:170}/{range:40:90}[ on {med}|]. ",
    "[K|K+] {dec:3.0:3.6} repleted w/ {num:20:60} meq kcl [po|iv]. ",
    "[pulses|pedal pulses] [palpable|+doppler|dopplerable] bilat. ",
    "[edema|+{num:1:3} edema] [BLE|to knees|generalized]. ",
    "[neo|levo|norepi] weaned to off [at {time}|this shift]. ",
    "[a-line|art line] [dampened, flushed|correlates w/ cuff|d/c'd] . ",
    "CVP {num:4:18}[, PAD {num:12:30}|]. ",
    "{eponym:device}. ",
    "Hct {dec:22:34} [-> {dec:22:34}|stable], [1 unit|2 units] PRBC given[ w/o rxn|]. ",
)
RESP = (
    "LS [clear|coarse|diminished at bases|crackles bilat bases] [bilat|throughout|]. ",
    "O2 sat {range:88:100}% on [{num:2:6}L NC|{num:35:60}% face tent|{num:40:100}% NRB|RA]. ",
    "{vent}. ",
    "[sx'd|suctioned] for [thick tan|thin white|blood tinged|copious yellow] sputum[ "
    "x{num:2:6}|]. ",
    "[weaned|weaning] to [PS {num:5:12}/{num:5:8}|CPAP {num:5:10}] [this am|at {time}], "
    "tolerating well. ",
    "{abg}. ",
    "[RR|rr] {range:12:32}[, non-labored|, labored at times|]. ",
    "[extubated at {time}|remains intubated|tolerating BiPAP]. ",
    "[IS|incentive spirometer] [{num:500:1500} ml|encouraged]. ",
)
GI = (
    "abd [soft|softly distended|firm], [+BS|hypoactive BS|BS present x4]. ",
    "[tol|tolerating] [clear liquids|full liquids|regular diet|TF at goal {num:40:80} cc/hr|"
    "sips]. ",
    "[no BM|BM x{num:1:3}, [soft|loose|guaiac neg] brown|{eponym:word}|incontinent of stool x1]. ",
    "[OGT|NGT|dobhoff] to [LIWS|gravity|feeding][ w/ {num:50:400} cc [bilious|coffee ground] "
    "output|]. ",
    "[FS|fingersticks|BS] [{num:90:280}|{range:90:280}], covered per [SS|sliding "
    "scale|insulin gtt protocol]. ",
    "[c/o|denies] nausea[, zofran given|]. ",
)
GU = (
    "foley draining [clear yellow|amber|cloudy|pink tinged] urine [{num:30:150} cc/hr|adequate "
    "amts|qs]. ",
    "[UO|uop|u/o] {range:15:200} cc/hr[, lasix {num:20:80} mg iv given|]. ",
    "{io}. ",
    "[voiding|voids] [qs|without difficulty|in urinal][, foley d/c'd {time}|]. ",
    "[BUN/Cr|bun/cr] {num:10:80}/{dec:0.6:4.0}. ",
    "{eponym:device}. ",
)
SKIN = (
    "[skin intact|intact|grossly intact][, turned q2h|]. ",
    "[stage {num:1:3}|unstageable] [decub|pressure injury] [sacrum|coccyx|L heel], "
    "[allevyn|mepilex|duoderm] applied. ",
    "[incision|sternal incision|abd incision] [c/d/i|clean dry intact|w/ scant serous drainage], "
    "[staples|steri-strips|dsd] intact. ",
    "[JP|jp drain] {num:10:120} cc [serosang|serous] output. ",
    "Braden {num:10:19}[, on air mattress|]. ",
)
ID = (
    "[Tmax|tmax|T max] {temp}[ po|ax|]. ",
    "[on|cont on] {med}. ",
    "[WBC|wbc] {dec:4:22} [(up from {dec:4:22})|(down from {dec:4:22})|]. ",
    "[blood cx|bld cx|cx] [pending|sent x2|neg to date|+ GPC in clusters]. ",
    "[MRSA|VRE|C diff] [precautions|isolation] [maintained|cont]. ",
)
SOCIAL = (
    "[wife|husband|son|daughter|family] [called|visited|in to visit] and updated by RN. ",
    "{rel:0} [called|visited|in to visit][ x{num:2:3}|] and updated on pt's condition. ",
    "{rel:0} [at bedside|visited this evening], [very|] supportive[, asking appropriate "
    "questions|]. ",
    "[phone #|tel|contact #] for {relname:0:first}: {relphone:0}. ",
    "{rel:1} [called from {town}|will visit {weekday:tomorrow}|plans to come in "
    "{date:tomorrow:partial}]. ",
    "[family meeting|fam mtg] [set for|planned] {date:tomorrow:partial} [at {time}|] with "
    "{dr:attending}. ",
    "[HCP|hcp] is {rel:0}. ",
    "[no calls or visitors this shift|no family contact this shift]. ",
    "[wife|husband|dtr|daughter|son|sister] {relname:0:first} [called|in] [x2|at {time}|this "
    "am], [updated|questions answered]. ",
    "{relname:1:first} ({relation:1}) [at bedside|visited|called from {town}]. ",
    "[son|daughter|grandson|niece] {relname:1:first} [flying in|driving down] from {town} "
    "[tomorrow|{weekday:tomorrow}]. ",
    "[pt|Pt] [from|lives in] {city}, [{relname:0:first} is hcp|family nearby]. ",
    "[pt's|Pt's] [neighbor|friend] {other:RELATIVE:full} called[, no info given per pt request|]. ",
)
PLAN = (
    "cont to monitor. ",
    "[? transfer to floor|call out] [in am|today|when bed available]. ",
    "[f/u|follow up] [am labs|lytes|cx results|CXR]. ",
    "[wean|weaning] [vent|O2|pressors] as tol. ",
    "[update family|keep family updated]. ",
    "[plan for|pending] {anyproc}[ {weekday:tomorrow}|on {date:tomorrow:partial}|]. ",
    "[Dr.|dr] {dr:resident:last} aware[ of above|]. ",
    "[MD|md] aware[, {dr:resident} notified at {time}|]. ",
    "[pain control|emotional support to pt/family]. ",
)
SYSTEMS = (("Neuro", NEURO), ("CV", CARDIO), ("Resp", RESP), ("GI", GI), ("GU", GU),
           ("Skin", SKIN), ("ID", ID), ("Other", NURSING_EXTRA), ("Social", SOCIAL),
           ("Plan", PLAN))
HEADERS = (
    "[Nursing Progress Note|NPN|Nursing note|RN progress note|Nursing Progress Notes] "
    "[{time}-{time}|7a-7p|7p-7a|0700-1900|1900-0700|]",
    "[MICU|SICU|CCU|CSRU|Neuro ICU|TSICU] [Nursing|NSG] [Progress Note|Note][: {weekday:note}|]",
    "[{date:note:partial}|{dt:note}] [npn|Nursing]",
    "",
)


def _systems(ctx: NoteContext, names: tuple[str, ...], low: int, high: int) -> None:
    for name, bank in SYSTEMS:
        if name not in names:
            continue
        label = ctx.pick((name, name.upper(), name.lower(), name))
        ctx.out.text(f"{label}: " if ctx.chance(0.8) else f"{label}- ")
        render_body(ctx, sentences(ctx, bank, low, high))
        ctx.out.text("\n")


def systems(ctx: NoteContext) -> None:
    """Head-to-toe systems note: one fragmented line per system."""
    header = ctx.pick(HEADERS)
    if header:
        ctx.line(header)
    names = tuple(name for name, _ in SYSTEMS if name in ("Neuro", "CV", "Resp", "GI", "Plan")
                  or ctx.chance(0.7))
    _systems(ctx, names, 2, 5)


def narrative(ctx: NoteContext) -> None:
    """Running prose for the shift, a few sentences, minimal PHI."""
    header = ctx.pick(HEADERS)
    if header:
        ctx.line(header)
    ctx.render(ctx.pick((
        "[Pt|pt] had [an uneventful|a quiet|a restless|a difficult] [night|shift|day]. ",
        "[uneventful shift|Uneventful night]. ",
        "{ptref} [remains|is] [on vent|intubated/sedated|on bipap overnight|on NC]. ",
        "[Pt|Patient] [seen|examined] with [Dr.|dr] {dr:resident:last} [this am|on rounds]. ",
    )))
    pool = NEURO + CARDIO + RESP + GI + GU + NURSING_EXTRA
    render_body(ctx, sentences(ctx, pool, 5, 12))
    ctx.out.text("\n")
    if ctx.chance(0.7):
        render_body(ctx, sentences(ctx, SOCIAL, 1, 2))
        ctx.out.text("\n")
    if ctx.chance(0.6):
        render_body(ctx, sentences(ctx, PLAN, 1, 3))
        ctx.out.text("\n")


def dar(ctx: NoteContext) -> None:
    """Focus charting: Data / Action / Response."""
    ctx.line("[FOCUS|Focus|focus]: [{cc}|resp status|pain|family coping|{dx}]")
    ctx.render("D: ")
    render_body(ctx, sentences(ctx, NEURO + RESP + CARDIO + NURSING_EXTRA, 3, 7))
    ctx.out.text("\n")
    ctx.render("A: ")
    render_body(ctx, sentences(ctx, ("{med} given. ", "repositioned. ", "[MD|{dr:resident}] "
                                     "notified. ", "[CXR|ABG|EKG] obtained. ", "[lasix|KCL] "
                                     "given as ordered. ", "emotional support given. "), 1, 3))
    ctx.out.text("\n")
    ctx.render("R: ")
    render_body(ctx, sentences(ctx, ("[resting comfortably|sleeping|calmer]. ", "{vitals}. ",
                                     "[sats improved to {o2}%|pain {score}]. ",
                                     "[will cont to monitor|cont plan]. "), 1, 3))
    ctx.out.text("\n")
    if ctx.chance(0.5):
        ctx.render("[Family|FAMILY|Social]: ")
        render_body(ctx, sentences(ctx, SOCIAL, 1, 2))
        ctx.out.text("\n")


def event(ctx: NoteContext) -> None:
    """A short event note written at the bedside."""
    ctx.line("[Nursing event note|NSG EVENT NOTE|Event|Addendum] [{time}|{dt:note}|]")
    ctx.render(ctx.pick((
        "At [approx|approximately|] {time} pt [found|noted to be] [hypotensive to {bp}|"
        "desaturating to {o2}%|in AF w/ RVR to {hr}|unresponsive to voice|on the floor next to "
        "bed]. ",
        "Called to bedside at {time} by [PCA|sitter|family] for [pt pulling at lines|sudden "
        "SOB|chest pain {score}|bleeding from [line site|PIV|incision]]. ",
    )))
    render_body(ctx, sentences(ctx, (
        "[Dr.|Dr] {dr:resident:last} [notified|paged] and [in to see pt|aware]. ",
        "{dr:resident} paged at {time}[, pager {pager:resident}|]. ",
        "{vitals}. ",
        "[EKG|ekg] [done|obtained]: [ST|NSR|AF] {hr}. ",
        "{med} given w/ [good effect|minimal effect]. ",
        "[rapid response|RRT|code blue] called at {time}. ",
        "{rel:0} notified by [MD|RN] at {time}. ",
        "[will|Will] cont to monitor closely. ",
        "{eponym}. ",
    ), 2, 5))
    ctx.out.text("\n")
    if ctx.chance(0.5):
        ctx.line("[{drsig:nurse}|{dr:nurse:first}, RN|{dr:nurse:full_cred}]")


def admission(ctx: NoteContext) -> None:
    """ICU admission note by nursing: who, from where, with whom."""
    ctx.line("[Admission note|ADMIT NOTE|Nursing admission note|MICU admit] [{time}|]")
    ctx.render(ctx.pick((
        "{agephrase} {male} admitted to [MICU|SICU|CCU|{unit}] from [ED|{otherhosp}|OR|floor] "
        "at {time} [w/|with] {dx}. ",
        "[Pt|pt] is {a_age} {man} [from {city}|from {facility}|who lives in {city}] "
        "[admitted|transferred] from {otherhosp} on {date:admit:partial} for {dx}. ",
        "{pt:full}, {agephrase}, [admitted|arrived] [to rm {room}|to bed {room}] at {time} from "
        "[ED|PACU|cath lab]. ",
    )))
    render_body(ctx, sentences(ctx, (
        "[PMH|pmh]: {problem}, {problem}, {problem}. ",
        "[allergies|all]: [nkda|pcn|sulfa]. ",
        "[code status|code]: [full|dnr/dni]. ",
        "[lives|Lives] [alone|w/ {rel:0}] [in {city}|at home]. ",
        "[family|Family] [present|in]: {rel:0}[ and {rel:1}|]. ",
        "[contact|Contact]: {relname:0} {relphone:0}. ",
        "[PCP|pcp]: {dr:pcp}. ",
        "[EtOH|etoh] [hx|history], last drink [{date:recent1:partial}|{weekday:recent2}]. ",
        "{eponym}. ",
    ), 3, 6))
    ctx.out.text("\n")
    names = tuple(name for name, _ in SYSTEMS if name in ("Neuro", "CV", "Resp")
                  or ctx.chance(0.4))
    _systems(ctx, names, 2, 4)


def terse(ctx: NoteContext) -> None:
    """Very terse lowercase-ish shorthand, no headings: lines of fragments."""
    pool = NEURO + CARDIO + RESP + GI + GU + SKIN + ID + NURSING_EXTRA
    for _ in range(ctx.rng.randint(4, 10)):
        render_body(ctx, sentences(ctx, pool, 1, 2))
        ctx.out.text("\n")
    if ctx.chance(0.6):
        render_body(ctx, sentences(ctx, SOCIAL + PLAN, 1, 2))
        ctx.out.text("\n")
    if ctx.chance(0.3):
        ctx.line("[see carevue for details|see flowsheet|see careview for vs/ios]")


class _NursingStyle(TypedDict):
    cases: tuple[tuple[Case, float], ...]
    typos: float


_N: _NursingStyle = {"cases": NURSING_CASES, "typos": 0.02}

FAMILIES = (
    Family("nurse-systems", NURSING, systems, "during", description="ICU nursing progress "
           "note by system (Neuro/CV/Resp/GI/GU/Skin/ID/Social/Plan)", **_N),
    Family("nurse-narrative", NURSING, narrative, "during",
           description="nursing shift note as running prose", **_N),
    Family("nurse-dar", NURSING, dar, "during",
           description="focus charting: Data, Action, Response", **_N),
    Family("nurse-event", NURSING, event, "during", description="short bedside event note",
           **_N),
    Family("nurse-admit", NURSING, admission, "before",
           description="ICU nursing admission note", **_N),
    Family("nurse-terse", NURSING, terse, "during",
           description="terse fragments without headings", **_N),
)
