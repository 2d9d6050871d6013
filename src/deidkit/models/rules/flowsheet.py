"""Rule ``flowsheet_initials`` (``DOCTOR``): the initials column of a nursing flowsheet.

A flowsheet is a note of timed rows ("0800  repositioned, skin intact  KL", "1/22 midnight
I/O 850/1200  r.b.", "9:21 pm  pain 4/10  kl", "02:24 bladder scan (ab)") or dated rows of a
log or table ("10/27    2.9   17.5 mg   same   11/03   ddo", "08/21/23 | OS | 2 mg | RM"),
each signed at its end by the initials of whoever wrote it after a wide gap, a table's bar or
in parentheses. Where at least
``MIN_SIGNED_ROWS`` timed rows end that way, the row-final initials are DOCTOR in any case
("kl", "KL", "k.l."), and so is every other
occurrence of the same initials in the note ("labs sent, per kl"). In such a column a state
code or a clinical abbreviation is someone's initials too ("TG", "AP"), and so is a common word
where most rows end in uncommon ones ("at"); a charted value ("OK", "PRN", "RA": the
language's ``chart_values``) or a credential ("RN") never is.

A legend of staff under a heading ("Initials:", "Signature legend:": the language's
``legend_headings``) names them: its lines' initials ("KL = Kim Lau, RN", "kl  lau, kim")
are DOCTOR, and they confirm a column of initials that are also words ("OL" in capitals). So
are, anywhere, initials in parentheses after the name they are made of ("Mark Borras (MB)"),
and those of a legend written on one line, two pairs or more of initials and the name they
begin ("Givers: LPS = Lorna / IP = Ike / RK = Rosalind Kealoha", "TB is Tim Baum | bg is
Benoît (wife)", "Key: MT - Melodi | er - Elvis (wife)": a family's chart of who gave a
medicine). So are initials anywhere an entry starts followed by the name they spell, even
where they spell a credential or an abbreviation ("DO = D. Ostrowski, LPN", "PD Pavlína
Dvořáková #C-2402": ``spelled_legend``), and a list of four initials or more parted by commas,
fewer than half of them abbreviations or words ("In: MT, AO, PR (covering psych), KL": a
meeting's attendees; their other mentions only where they are no abbreviation). A legend's
initials that are also words ("er", "as", "me") count where a table's cells hold them ("| +
er | held (er) |") or where they sign a line ("... no charge. me"), not in the note's
sentences.

Unlike the ``initials`` rule this one also reads notes written all in capitals or all in
lower case: the layout, not the capitals, says that these are initials.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import regex

from deidkit.models.credentials import ROLE_CREDENTIALS
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons, lexicons
from deidkit.models.rules.note import Note
from deidkit.patterns.spec import Expression
from deidkit.types import Span

TIMED_ROW = Expression(
    r"(?:\d{1,2}/\d{1,2}(?:/\d{2,4})?[ \t]+)?"  # a date may come first: "1/22 0400"
    r"(?:\d{1,2}:\d{2}(?:[ \t]?[ap]\.?m\.?)?|\d{4}|midnight|noon)(?![\w:/])"
    r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?(?=\t|[ ]{2}|[ ]?\|)",  # a date alone before a column
    regex.IGNORECASE,
)
"""The time a flowsheet row starts with, or the date alone before the row's next column
("10/27      2.9  17.5 mg ...", "08/21/23 | OS | ..."; matched at the row's first token)."""
ROW_INITIALS = Expression(r"[A-Za-z]{2,3}|(?:[A-Za-z]\.){2,3}")
LEGEND_INITIALS = Expression(r"[A-Za-z]{2,3}\d?|(?:[A-Za-z]\.){2,3}")
"""A legend's initials: a digit may tell apart two people's ("FG4 - Frank Galvez")."""
LEGEND_TOKENS = 8
"""Tokens a line of a legend has at most (initials, a separator, a name and a credential)."""
LEGEND_SEPARATORS = frozenset({"=", "-", ":"})
INLINE_SEPARATORS = frozenset({"=", "is", "-", ":"})
"""What stands between initials and the name in a legend written on one line."""
MIN_SIGNED_ROWS = 3
"""Timed rows ending in initials that make a note a signed flowsheet."""


def flowsheet_initials_spans(scan: Scan) -> list[Span]:
    """The initials of a legend of staff and those ending a flowsheet's timed rows, and their
    other mentions in the note."""
    note, lex = scan.note, scan.lex
    lines = _lines(note)
    named = [*_named_initials(note, lex), *_inline_legend(note, lex)]
    lined = _legend(note, lex, lines, {note.line_numbers[i] for i in named})
    listed = _initials_list(note, lex)  # the listed abbreviations' other mentions are not
    legend = [
        *(first for first, _, _ in lined if _shaped(note, lex, first)),
        *named,
        *spelled_legend(note, lex),
        *(index for index in listed if not _known(note, lex, index)),
    ]
    legend_texts = {note.tokens[i].text for i in legend}
    timed_row, text = TIMED_ROW.compiled, note.text
    signed = [  # the initials signing each signed timed row
        initials
        for first, last in lines
        if timed_row_start(text[note.starts[first]])
        and timed_row.match(text, note.starts[first])
        and (initials := _row_initials(note, lex, first, last)) is not None
    ]
    if len(signed) < MIN_SIGNED_ROWS:
        signed = []
    common = [i for i in signed if _common_word(note, lex, i)]
    if 2 * len(common) > len(signed):  # rows ending mostly in words: initials where a legend
        legend_letters = {text.replace(".", "") for text in legend_texts}  # says so ("E.H.")
        signed = [i for i in signed if note.tokens[i].text.replace(".", "") in legend_letters]
    mentioned = {  # initials that are no word: every occurrence as written is theirs too
        note.tokens[i].text for i in {*signed, *legend} if not _common_word(note, lex, i)
    }
    mentions = [
        index
        for text in mentioned
        for index in note.positions[text.casefold()]
        if note.tokens[index].text == text
    ]
    tabled = legend_texts - mentioned  # a legend's initials that are words ("as", "er"): their
    if tabled:  # occurrences in a table's cells ("| + er | held (er) |") or signing a line
        piped = _piped_lines(note)
        mentions += [
            index
            for text in tabled
            for index in note.positions[text.casefold()]
            if note.tokens[index].text == text
            and (note.line_numbers[index] in piped or _signs_line(note, index))
        ]
    return [
        *(note.span(index, index + 1, "DOCTOR")
          for index in sorted({*legend, *signed, *mentions, *listed})),
        *(note.span(start, end, "DOCTOR") for _, start, end in lined),
    ]


_TIME_WORD_INITIALS = frozenset("mn")
_SENTENCE_ENDS = frozenset({".", "!", "?", "-", "--", "—"})


def _signs_line(note: Note, index: int) -> bool:
    """Whether token ``index`` ends its line after a sentence, a dash or a gap ("... no
    charge. me")."""
    following = index + 1
    if following < len(note.tokens) and note.same_line(index, following):
        return False
    return index > 0 and note.same_line(index - 1, index) and (
        note.words[index - 1] in _SENTENCE_ENDS or note.wide_gap_before(index)
    )


def timed_row_start(character: str) -> bool:
    """Whether ``TIMED_ROW`` may match from ``character``: any but a letter other than the
    first of "midnight" or "noon" (most lines open with a word)."""
    return not character.isalpha() or character.casefold() in _TIME_WORD_INITIALS


def _piped_lines(note: Note) -> set[int]:
    """The numbers of the lines that hold two table bars or more."""
    bars: dict[int, int] = {}
    for index in note.positions.get("|", ()):
        line = note.line_numbers[index]
        bars[line] = bars.get(line, 0) + 1
    return {line for line, count in bars.items() if count >= 2}


def _row_initials(note: Note, lex: Lexicons, first: int, last: int) -> int | None:
    """The initials ending the row of tokens ``first`` to ``last``: after a wide gap
    ("0800  repositioned  KL") or a table's bar ("| 20/50 | RM"), or in parentheses ("02:24
    bladder scan 800 mL (ab)"; no clinical abbreviation or medical word there: "(NSR)")."""
    if last - first >= 2 and (
        note.wide_gap_before(last) or note.words[last - 1] == "|"
    ) and _shaped(note, lex, last):
        return last
    initials = last - 1
    if last - first >= 4 and note.words[last] == ")" and note.words[initials - 1] == "(" and (
        _shaped(note, lex, initials)
    ):
        word = note.words[initials].replace(".", "")
        if word not in lex.clinical_abbreviations and word not in lex.medical:
            return initials
    return None


def _lines(note: Note) -> list[tuple[int, int]]:
    """The first and last token of each line."""
    starts = note.line_starts
    ends = [*starts[1:], len(note.tokens)] if starts else []
    return [(first, end - 1) for first, end in zip(starts, ends, strict=True)]


def _legend(
    note: Note, lex: Lexicons, lines: list[tuple[int, int]], named_lines: set[int]
) -> list[tuple[int, int, int]]:
    """The initials and the name (its first token and the end) of the lines of a legend of
    staff under a heading ("Initials:" then "KL = Kim Lau, RN" or "kl  lau, kim"; a line
    naming someone's initials, "Mark Borras (MB)", in ``named_lines``, belongs to it too; so
    does one whose initials are a charted value, "PM = Pat Mackell", its name a name)."""
    found: list[tuple[int, int, int]] = []
    under_heading = False
    for first, last in lines:
        if under_heading and note.line_numbers[first] in named_lines:
            continue
        if under_heading and (name := _legend_line(note, lex, first, last)) is not None:
            found.append((first, *name))
            continue
        under_heading = note.words[last] == ":" and any(
            note.words[i] in lex.legend_headings for i in range(first, last)
        )
    return found


def _named_initials(note: Note, lex: Lexicons) -> list[int]:
    """Initials in parentheses after the name they are made of: "Mark Borras (MB)", "kouvo
    haansmika (kh)", "Taoscedp Qvtwip (T.G.Q.)", "Tamsin Rquorb (TER)" (a middle initial; not
    a role or a word: "(HCP)"), "Priya Quorbit-Swift (PQS)" (each part of a double name), "T.
    Okereke-Doyle RN (TOD)" (an initial counts as its letter, a credential may stand between),
    "A. Nwankwo-Pierce CNM (ANP)" (three letters that are a credential, no role's or
    abbreviation's, where the name spells them all: not "Rob Nolan (RN)").
    The name's words are in the name lists or in no list of words: "Atrial Fibrillation (AF)"
    is no one, nor is a clinical abbreviation after words that are all common ("Vital Signs
    (VS)")."""
    found = []
    for index in note.indices({"("}):
        close = index + 2
        if close >= len(note.tokens) or note.words[close] != ")" or not (
            ROW_INITIALS.compiled.fullmatch(note.tokens[index + 1].text)
        ) or note.words[index + 1] in lex.chart_values:
            continue
        letters = note.words[index + 1].replace(".", "")
        credential = letters in lex.credentials  # "(ANP)": initials only where all spelled
        if credential and (len(letters) < 3 or letters in ROLE_CREDENTIALS or (
            letters in lex.clinical_abbreviations
        )):
            continue  # "Rob Nolan (RN)", "Mary Smith (MS)": a role, an abbreviation
        words: list[int] = []
        before = index - 1
        if before > 0 and note.words[before].replace(".", "") in lex.credentials and (
            note.tokens[before].text[:1].isupper()
        ):
            before -= 1  # "Hao Lin-Petrakis RN (HLP)": the credential between
        while before >= 0 and len(words) < len(letters) and note.same_line(before, index) and (
            note.tokens[before].text.isalpha() or _joining_hyphen(note, before)
            or (before > 0 and note.initial_with_stop(before - 1))  # the "." of "T."
        ):
            if note.tokens[before].text.isalpha():
                words.insert(0, before)
            before -= 1
        firsts = "".join(note.words[i][0] for i in words)
        if firsts == letters and len(words) >= 2:
            name = words
        elif credential:
            continue
        elif len(letters) == 3 and len(words) >= 2 and firsts[-2:] == letters[0] + letters[2] and (
            "." in note.words[index + 1] or not (
                letters in lex.clinical_abbreviations or letters in lex.common
            )
        ):  # a middle initial: "(T.E.R.)", "(TER)"; "(HCP)" after a name is a role
            name = words[-2:]
        else:
            continue
        if all(
            note.words[i] in lex.names or len(note.words[i]) == 1  # "T." of "T. Okereke"
            or (note.words[i] not in lex.common and note.words[i] not in lex.medical)
            for i in name
        ) and not (  # "VITAL SIGNS (VS)": an abbreviation spelled out by words
            letters in lex.clinical_abbreviations
            and all(note.words[i] in lex.common for i in name)
        ):
            found.append(index + 1)
    return found


def _joining_hyphen(note: Note, index: int) -> bool:
    """Whether token ``index`` is a hyphen glued between two words ("Raghunathan-Swift")."""
    tokens = note.tokens
    return note.words[index] == "-" and 0 < index < len(tokens) - 1 and (
        tokens[index - 1].end == tokens[index].start == tokens[index].end - 1
        and tokens[index + 1].start == tokens[index].end
    )


LISTED_INITIALS = 4
"""The fewest initials parted by commas that make a list of people."""
INITIALS_LIST = Expression(
    r"(?<![\p{L}\d,])(?:[A-Z]{2,3}(?:[ \t]*\([^()\n]{1,30}\))?[ \t]*,[ \t]*)"
    rf"{{{LISTED_INITIALS - 1},}}[A-Z]{{2,3}}(?![\p{{L}}\d])"
)
"""``LISTED_INITIALS`` initials or more parted by commas, a remark in brackets after one."""
_LISTED = Expression(r"(?<![\p{L}\d])[A-Z]{2,3}(?![\p{L}\d])")


def _initials_list(note: Note, lex: Lexicons) -> list[int]:
    """The initials of a list of four or more parted by commas of which fewer than half are
    abbreviations, words, credentials or states: a meeting's attendees ("In: MT, AO, PR
    (covering psych), KL, BN, RCW, YAC"), not a list of tests ("CBC, BMP, ESR, CRP")."""
    capitals, tokens = note.capitals_flags, note.tokens
    if sum(  # "MT, AO": two capitals either side of a comma, twice at least in such a list
        1 for comma in note.positions.get(",", ())
        if 0 < comma < len(tokens) - 1 and capitals[comma - 1] and capitals[comma + 1]
        and len(tokens[comma - 1].text) <= 3
    ) < LISTED_INITIALS - 2:
        return []
    found = []
    for listed in INITIALS_LIST.compiled.finditer(note.text):
        indices = [
            index for each in _LISTED.compiled.finditer(note.text, *listed.span())
            if (index := note.token_at(each.start())) is not None
        ]
        if 2 * sum(_known(note, lex, index) for index in indices) < len(indices):
            found.extend(indices)
    return found


def _known(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` is an abbreviation, a word, a credential or a state's code."""
    word = note.words[index]
    return word in lex.clinical_abbreviations or word in lex.common or (
        word in lex.credentials or note.tokens[index].text in lex.state_codes
    )


def spelled_legend(note: Note, lex: Lexicons) -> list[int]:
    """Initials in capitals followed on their line by the name they spell, where an entry of a
    legend or a signature block starts (a line's start, a column's gap, "|", ";", ":", ","):
    "DO = D. Ostrowski, LPN", "PD Pavlína Dvořáková #C-2402", "YP Sgt Yolanda Pecorino",
    "AR = Dr. Anand Ravichandran", "KAS = Kathleen Abernathy-Sloane" (each part of a double
    name, or the name whole), also initials that spell a credential or a clinical abbreviation
    ("DO", "ME", "NP", "PD"): the name says whose they are. Each word of the name is a listed
    name or no word of any list ("Emergency Department", "New York University" name no one)."""
    found: list[int] = []
    roles: list[int] = []
    tokens, words = note.tokens, note.words
    for index in itertools.compress(range(len(tokens) - 1), note.capitals_flags):
        text = tokens[index].text
        if len(text) > 3:
            continue
        start = _name_start(note, lex, index)  # asked first: most capitals start no name
        if start is None or tokens[start].text[:1].upper() != text[0] or not text.isalpha():
            continue
        if index > 0 and note.same_line(index - 1, index) and not (
            words[index - 1] in _ENTRY_OPENERS or note.wide_gap_before(index)
        ):
            continue
        if _spells(note, lex, index, start, text.upper()):
            role = words[index] in ROLE_CREDENTIALS and words[index + 1] not in INLINE_SEPARATORS
            (roles if role else found).append(index)
    entries = Counter(note.line_numbers[index] for index in [*found, *roles])
    # a role before a name ("RT Raelynn Thibodeaux") unless the line holds other entries
    return sorted([*found, *(i for i in roles if entries[note.line_numbers[i]] >= 2)])


_ENTRY_OPENERS = frozenset({"|", ";", ":", ",", "(", "/"})
"""What may stand before an entry of a legend on its line."""


def _name_start(note: Note, lex: Lexicons, index: int) -> int | None:
    """Where a name after initials ``index`` would start: past a separator ("=") and a title
    or a rank ("Sgt Yolanda Pecorino", "CO T. Leibowitz"); None at the note's end."""
    tokens, words = note.tokens, note.words
    position = index + 1
    if position < len(tokens) and words[position] in INLINE_SEPARATORS:
        position += 1
    if position + 1 < len(tokens) and (
        words[position].rstrip(".") in lex.titles
        or (len(tokens[position].text) > 1 and tokens[position].text.isupper()
            and len(tokens[position + 1].text) == 1 and tokens[position + 1].text.isalpha())
    ):
        position += 1
    return position if position < len(tokens) else None


def _spells(note: Note, lex: Lexicons, index: int, position: int, letters: str) -> bool:
    """Whether the tokens from ``position``, after initials ``index``, are a name whose
    words', or whole names', first letters are ``letters``."""
    tokens, words = note.tokens, note.words
    parts: list[tuple[int, bool]] = []  # each part's token, and whether a hyphen joins it
    joined = False
    while position < len(tokens) and note.same_line(index, position) and len(parts) < 6:
        text = tokens[position].text
        if not (text.isalpha() and text[0].isupper()):
            break
        parts.append((position, joined))
        position += 1
        joined = False
        if position < len(tokens) and words[position] == "." and len(text) == 1:
            position += 1  # "D. Ostrowski"
        elif position < len(tokens) and _joining_hyphen(note, position):
            position, joined = position + 1, True
    every = parts[: len(letters)]
    whole = [(part, hyphen) for part, hyphen in parts if not hyphen][: len(letters)]
    for pieces in (every, whole):
        if sum(not hyphen for _, hyphen in pieces) < 2:
            continue  # one double name's parts: "PT: Pennington-Tuhiwai, Aroha"
        used = [part for part, _ in pieces]
        spelled = "".join(tokens[i].text[0] for i in used).upper()
        last = used[-1] if used else index
        named = [words[i] for i in range(index + 1, last + 1) if tokens[i].text.isalpha()
                 and len(tokens[i].text) > 1 and words[i].rstrip(".") not in lex.titles]
        if spelled == letters and named and all(
            word in lex.names or not any(
                word in listed for listed in (lex.common, lex.medical, lex.clinical_abbreviations)
            )
            for word in named
        ):
            return True
    return False


@functools.lru_cache(maxsize=8)
def spelled_initials(text: str, lang: str) -> frozenset[str]:
    """The initials ``text``'s legends spell out by a name (``spelled_legend``)."""
    note = Note.of(text)
    return frozenset(note.tokens[i].text for i in spelled_legend(note, lexicons(lang)))


def _inline_legend(note: Note, lex: Lexicons) -> list[int]:
    """The initials of a legend written on one line: "LPQ = Lorna / IQ = Ike / RK = Rosa
    Quorbit", "jk = Jenna Quorbit, PharmD; RA = Rafael Abiodun", "TB is Tim Quorbit | bg is
    Benoît (wife)", "PD: Pete / THV: Thanh", "FG4 - Frank Galvez", two pairs or more on the
    line, each of initials (in capitals or lower case, a digit after them allowed), "=", "is",
    "-" or ":" and a name beginning with their first letter (in lower case after
    initials in lower case: "nh is nnaid"); "HR = heart rate, RR = resp rate" names no one
    (common words)."""
    pairs: dict[int, list[int]] = {}
    for index in note.indices(INLINE_SEPARATORS):
        initials, name = index - 1, index + 1
        if initials < 0 or name >= len(note.tokens) or not note.same_line(initials, name):
            continue
        text, word = note.tokens[initials].text, note.tokens[name].text
        if not LEGEND_INITIALS.compiled.fullmatch(text) or not (
            text.isupper() or text.islower()
        ) or (
            note.words[initials] in lex.credentials
        ) or not (word.isalpha() and word[0].casefold() == text[0].casefold()) or not (
            word.istitle() or (text.islower() and word.islower())
        ):
            continue  # a charted value may be someone's initials here: "RA = Rafael Abiodun"
        if _begins_name(note, lex, name):
            pairs.setdefault(note.line_numbers[index], []).append(initials)
    return [index for found in pairs.values() if len(found) >= 2 for index in found]


def _begins_name(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether the word at ``index`` begins a name: a first name or no common word, and no
    medical one; or a word before a surname no list has as a word ("Frank Galvez")."""
    folded = note.words[index]
    if (folded in lex.first_names or folded not in lex.common) and folded not in lex.medical:
        return True
    following = index + 1
    return following < len(note.tokens) and note.same_line(index, following) and (
        note.tokens[following].text.istitle() and note.tokens[following].text.isalpha()
    ) and not any(
        note.words[following] in words for words in (lex.common, lex.medical)
    )


def _legend_line(note: Note, lex: Lexicons, first: int, last: int) -> tuple[int, int] | None:
    """The name's first token and end if tokens ``first`` to ``last`` read "KL = Kim Lau, RN"
    or "kl  lau, kim" (the credentials after the name left out), else None: also when no word
    of the name reads as one (a key of abbreviations, "BP = blood pressure")."""
    text = note.tokens[first].text
    if last - first < 2 or last - first > LEGEND_TOKENS or not LEGEND_INITIALS.compiled.fullmatch(
        text
    ) or text.casefold().replace(".", "") in lex.credentials:
        return None
    if note.words[first + 1] in LEGEND_SEPARATORS:
        start = first + 2
    elif note.wide_gap_before(first + 1):
        start = first + 1
    else:
        return None
    words = [i for i in range(start, last + 1) if note.words[i] not in {",", "."}]
    if len(words) < 2 or not all(note.tokens[i].text.isalpha() for i in words):
        return None
    end = last + 1
    while end > start and (note.words[end - 1] in {",", "."} or (  # ", RN", ", PCA"
        note.words[end - 1] in lex.credentials or note.words[end - 1] in lex.clinical_abbreviations
    )):
        end -= 1
    return (start, end) if end - start >= 2 and _reads_as_name(lex, note.words[start:end]) else None


def _reads_as_name(lex: Lexicons, words: list[str]) -> bool:
    """Whether a legend's ``words`` read as a name: one is a listed name and no common word
    ("BLACK, MARCUS"), or one is no word of any list and none is medical ("varga, quilla";
    not "Resp Rate" or "blood pressure")."""
    if any(word in lex.names and word not in lex.common for word in words):
        return True
    return not any(word in lex.medical for word in words) and any(
        word not in lex.common and word not in lex.clinical_abbreviations and word.isalpha()
        for word in words
    )


def _shaped(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` has the shape of initials and is no charted value or
    credential."""
    text = note.tokens[index].text
    if not ROW_INITIALS.compiled.fullmatch(text):
        return False
    word = text.casefold().replace(".", "")
    return word not in lex.chart_values and word not in lex.credentials


def _common_word(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` reads as a common word ("at"; "AT" only where capitals say
    nothing)."""
    text = note.tokens[index].text
    return note.words[index].replace(".", "") in lex.common and (
        note.uppercase_style or not text.isupper()
    )


FLOWSHEET_INITIALS = SpanRule(
    "flowsheet_initials", priority=3, find=flowsheet_initials_spans, switch="names"
)
