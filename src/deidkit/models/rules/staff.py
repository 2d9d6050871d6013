"""Rule ``initials`` (``DOCTOR``): staff initials in signature blocks, logs and lists.

A transcriptionist's code ("JT/mk"), initials after a cue ("per RB", "cc: KL, MT"), a line
holding only initials ("KL") near the end of a note or under a signature, initials ending one
of its last lines after a sentence ("RTC 3 mo. SAW"), initials ending a line after a dash
("... tolerated well. -KL", "[... - CAR]"), a timed entry's initials after a wide gap ("1600
HR 80  PM"), the owners of a list's actions ("Actions: - SNB: ..."), a word signing two log
lines or more after a dash ("-iggy"), a typist after a signature's slash ("M.D.  / cjb"), an
entry's writer before its colon ("12:55 MOL: ...", "Reply (FOL): ...") or before "signed"
("OAP -- signed ..."), a dated entry's writer where the same initials write two ("3/18 MY:
..."). Log-in names are ``deidkit.models.rules.usernames``'s.

Clinical abbreviations ("per RN", "by CT", "IV/PO"), credentials and state codes are never
initials (``RuleLanguage.clinical_abbreviations``), except in a line's sign-off after a dash
(``DASH_SIGNOFF``: "Nice work! -- PR CWCN", "- MY / RH", "-- NP").
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator

from deidkit.models.credentials import DASH_SIGNOFF, ROLE_CREDENTIALS
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.patterns.spec import Expression
from deidkit.types import Span

TRANSCRIPTION = Expression(r"[A-Z]{2,4}/[a-z]{2,4}")  # "JT/mk": author/typist
LINE_END_DATE = Expression(r"\d{1,2}/\d{1,2}(?:/\d{2,4})?[ \t]*(?=\n|\Z)")  # ends its line
LOWER_TRANSCRIPTION = Expression(r"[a-z]{2,10}/[a-z]{2,4}")  # "ofenwick/tr" alone on its line
INITIALS = Expression(r"[A-Z]{2,3}|(?:[A-Z]\.){2,3}")  # "RB", "R.B."
HYPHENATED_INITIALS = Expression(r"[A-Z]{2,3}-[A-Z]{1,2}")  # "AD-H": a double surname
_FILLERS = frozenset({":", "-", "=", "(", "is", "#", '"'})
_SEPARATORS = frozenset({",", "/", "and", "&", ";"})
DASHES = frozenset({"-", "--", "—", "–", "/"})
_END_LINES = 8  # a line of initials among the last lines of a note is a signature
# lower-case words that may follow initials ("per RB and KL", "per RB on 3/4"); any other
# ("per VAP protocol", "per SS scale") makes the capitals an abbreviation
_AFTER_INITIALS = frozenset(
    {"and", "or", "on", "at", "in", "to", "who", "re", "for", "via", "with", "today", "this"}
)


def initials_spans(scan: Scan) -> list[Span]:
    """Staff initials: "JT/mk", "per RB", a line holding only "KL", "... -KL"."""
    note, lex = scan.note, scan.lex
    if note.uppercase_style:  # every word looks like initials: "PER NURSING (ZI)", entries
        return _cued_initials(scan, in_parentheses=True) + [
            note.span(end - 1, end, "DOCTOR")
            for first, end in note.line_tokens()
            if _entry_initials(note, lex, first, end)
        ]
    spans = _cued_initials(scan, in_parentheses=False)
    for index in note.indices(word for word in note.positions if "/" in word):
        token = note.tokens[index]
        parts = token.text.casefold().split("/")
        if any(part in lex.clinical_abbreviations for part in parts):
            continue
        if TRANSCRIPTION.compiled.fullmatch(token.text) or (
            LOWER_TRANSCRIPTION.compiled.fullmatch(token.text) and _alone(note, index)
            and not any(part in lex.common or part in lex.medical for part in parts)
        ):
            spans.append(note.span(index, index + 1, "DOCTOR"))
    spans.extend(_transcription_codes(note, lex))
    spans.extend(_action_owners(note, lex))
    spans.extend(_dash_signoffs(note, lex))
    spans.extend(_line_signoffs(note))
    spans.extend(_signature_typists(note, lex))
    spans.extend(_entry_writers(note, lex))
    spans.extend(_dated_writers(note, lex))
    spans.extend(_owned_initials(note, lex))
    spans.extend(_final_initials(note, lex))
    for index in [i + 1 for i in scan.credentials() if i + 1 < len(note.tokens)]:
        if _ends_line(note, index) and note.tokens[index - 1].text.isupper() and note.same_line(
            index - 1, index
        ) and _initials(note, lex, index):
            spans.append(note.span(index, index + 1, "DOCTOR"))  # "Pamela Larranaga, MD PJL"
    lines = note.line_starts
    last_lines = set(lines[-_END_LINES:])
    for number, first in enumerate(lines):
        end = lines[number + 1] if number + 1 < len(lines) else len(note.tokens)
        while first < end - 1 and note.words[first] in DASHES:
            first += 1  # "-AT", "--KL": a dash before the initials
        if end - first >= 3 and note.words[first + 1] == "/" and first in last_lines and (
            end - first == 3 or note.wide_gap_before(first + 3)
        ):
            spans.extend(  # "PI / AH", "GOS/ML   Total time 45 min": two people's initials
                note.span(i, i + 1, "DOCTOR") for i in (first, first + 2)
                if _initials(note, lex, i)
            )
            continue
        if _entry_initials(note, lex, first, end):
            spans.append(note.span(end - 1, end, "DOCTOR"))  # "1230  given  DR": a flowsheet
            continue
        if end - first == 2 and first in last_lines and _initials(note, lex, first) and (
            note.words[first + 1].replace(".", "") in lex.credentials
        ) and note.tokens[first + 1].text.isupper():
            spans.append(note.span(first, first + 1, "DOCTOR"))  # "RAM RN" signing the note
            continue
        if end - first == 1 and number == len(lines) - 1 and _dash_signoff(note, lex, first):
            spans.append(note.span(first, first + 1, "DOCTOR"))  # "-me" signing the note
            continue
        if end - first == 1 and _initials(note, lex, first):
            previous = lines[number - 1] if number > 0 else None
            signed = previous is not None and _signature_line(note, lex, previous, first)
            under_heading = previous is not None and note.words[first - 1] == ":"
            if (first in last_lines and not under_heading) or signed:
                spans.append(note.span(first, first + 1, "DOCTOR"))
        elif first in last_lines and (
            signer := _signer_after_sentence(note, lex, first, end)
        ) is not None:
            spans.append(note.span(signer, signer + 1, "DOCTOR"))  # "... or sooner. SAW"
        elif (last := end - 1 - (note.words[end - 1] in _CLOSERS)) - first >= 2 and (
            note.tokens[last - 1].text in {"-", "--", "—", "/"}
        ) and _initials(note, lex, last) and note.text[note.tokens[last - 1].start - 1].isspace():
            spans.append(note.span(last, last + 1, "DOCTOR"))  # "... well. -KL", "... - CAR]"
    return spans


_LOGIN_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._")
_SIGNOFF_TOKENS = 7
"""The last tokens of a line a dash's sign-off may stand among ("-- PR CWCN", "- L.")."""


def _line_signoffs(note: Note) -> list[Span]:
    """A line's sign-off after a dash (``DASH_SIGNOFF``: "Nice work! -- PR CWCN", "- MY /
    RH"), looked for on the lines with a dash among their last tokens."""
    spans: list[Span] = []
    starts = note.line_starts
    ends = [*starts[1:], len(note.tokens)]
    lines = {  # each line (its number among the lines with tokens) with a dash near its end
        line
        for index in note.indices(DASHES - {"/"})
        if ends[line := bisect.bisect_right(starts, index) - 1] - index <= _SIGNOFF_TOKENS
    }
    for line in sorted(lines):
        first, end = starts[line], ends[line]
        found = DASH_SIGNOFF.compiled.search(
            note.text, note.starts[first], note.tokens[end - 1].end
        )
        if found is not None:
            spans.extend(
                Span(found.start(group), found.end(group), "DOCTOR", source="rules")
                for group in ("initials", "typist") if found.start(group) >= 0
            )
    return spans


def _owned_initials(note: Note, lex: Lexicons) -> list[Span]:
    """Initials beside the log-in or the name they abbreviate, even where they spell an
    abbreviation: before a slash or a bracket and a log-in ("MOS / mokonkwosallis", "TB
    (tbaptiste)"), before a slash and a name ("BOG / Beatriz Oyelowo-Grant"), in brackets
    after the name ("D. Lafontaine (DL)"), ending a line that names its owner ("Handoff to
    Binh Pham, RN ...; BP"), or before a name ending an item of a legend
    ("Entries by: TR Tobias Reinholt; FM Faith Mwangi", "LR Lourdes Ramírez, Asst. House
    Manager", "PNS = P. Nwankwo-Sato RN"), and wherever else the note writes them so. A
    log-in in lower case starts with the first initial, then the second or the last; a name's
    words start with the initials in turn. Initials that spell a credential ("RD /
    rdubuque") are owned where they stand only, those of a role never ("RN (rnelson)")."""
    owned_texts: set[str] = set()
    spelled: list[int] = []  # initials spelling a credential: owned where they are owned only
    for index in _capitals(note):
        text, following = note.tokens[index].text, index + 1
        credential = note.words[index] in lex.credentials
        if text in owned_texts or note.words[index] in ROLE_CREDENTIALS or (
            text in lex.state_codes
        ):
            continue
        if _bracketed_after_name(note, lex, index):  # "D. Lafontaine (DL)"
            owned = True
        elif _ends_line(note, index) and _owner_on_line(note, lex, index):
            owned = True  # "Handoff to Binh Pham, RN in Lee 19 0115; BP"
        elif following + 1 >= len(note.tokens) or not note.same_line(index, following + 1):
            continue
        elif (mark := note.words[following]) in {"/", "("}:
            owned = _login_of(note, lex, following + 1, text) or (
                mark == "/" and _name_of(note, lex, following + 1, text) is not None
            )
        else:
            begin = following + 1 if mark in _LEGEND_MARKS else following  # "PNS = P. Sato"
            end = _name_of(note, lex, begin, text)
            owned = end is not None and (
                end >= len(note.tokens) or not note.same_line(end - 1, end)
                or note.words[end] in {",", ";"} or note.words[end] in lex.credentials
                or note.wide_gap_before(end)
            )
        if owned and credential:
            spelled.append(index)  # "RD / rdubuque": elsewhere "RD" may be a dietitian
        elif owned:
            owned_texts.add(text)
    return [note.span(index, index + 1, "DOCTOR") for index in spelled] + [
        note.span(index, index + 1, "DOCTOR")  # and wherever else the note writes them so
        for text in sorted(owned_texts)
        for index in note.positions[text.casefold()]
        if note.tokens[index].text == text
    ]


_LEGEND_MARKS = frozenset({"=", ":"})
"""What may stand between a legend's initials and the name ("PNS = P. Nwankwo-Sato RN")."""


def _owner_on_line(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether the initials at token ``index``, ending their line, sign for a name written
    earlier on it ("Handoff to Binh Pham, RN in Lee 19 0115; BP"), one of its words in the
    name lists."""
    return any(
        end <= index and any(note.words[word] in lex.names for word in range(start, end))
        for start, end in _names_spelling(note, lex, index)
    )


def _bracketed_after_name(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether the initials at token ``index`` stand in brackets right after the name they
    abbreviate ("D. Lafontaine (DL)", "Beatriz Oyelowo-Grant (BOG)"), one of its words in the
    name lists or an initial (not "Emergency Department (ED)", "Genetic Information
    Nondiscrimination Act (GINA)")."""
    words = note.words
    if not (index > 1 and index + 1 < len(words) and words[index - 1] == "(" and (
        words[index + 1] == ")"
    )):
        return False
    return any(
        end == index - 1 and any(
            words[word] in lex.names or note.initial_with_stop(word)
            for word in range(start, end)
        )
        for start, end in _names_spelling(note, lex, index)
    )


def _names_spelling(note: Note, lex: Lexicons, index: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each name before token ``index`` on its line whose words spell the
    initials at ``index`` (``_name_of``)."""
    initials = note.tokens[index].text
    for start in range(_line_start(note, index), index):
        if note.tokens[start].text[:1] != initials[0]:
            continue  # the cheap look first: a name's first word starts with the first initial
        end = _name_of(note, lex, start, initials)
        if end is not None:
            yield start, end


def _capitals(note: Note) -> list[int]:
    """The tokens of two to four capital letters."""
    return [
        index for index in itertools.compress(range(len(note.tokens)), note.capitals_flags)
        if len(note.words[index]) <= 4
    ]


def _final_initials(note: Note, lex: Lexicons) -> list[Span]:
    """The note's last word when it is two or three capitals signing it, even where they spell
    an abbreviation: after a sentence or a date on its line ("... consent of 5/6. RM",
    "Reviewed 2/4 IR") or alone on its line, not under a heading ("Imaging:\nMRI")."""
    last = len(note.tokens) - 1
    if last < 1 or note.uppercase_style:
        return []
    text, word, before = note.tokens[last].text, note.words[last], last - 1
    if not (text.isalpha() and text.isupper() and 2 <= len(text) <= 3) or (
        word in lex.credentials or text in lex.state_codes or word in lex.common
        or word in lex.chart_values
    ):
        return []
    if note.same_line(before, last):
        signs = note.words[before] == "." or _SHORT_DATE.compiled.fullmatch(
            note.tokens[before].text
        ) is not None
    else:
        signs = note.words[before] != ":"
    return [note.span(last, last + 1, "DOCTOR")] if signs else []


def _login_of(note: Note, lex: Lexicons, start: int, initials: str) -> bool:
    """Whether the log-in starting at token ``start`` is made from ``initials`` (no word:
    "TID (titration ...)")."""
    begin = note.tokens[start].start
    end = begin
    while end < len(note.text) and note.text[end] in _LOGIN_CHARACTERS:
        end += 1
    login = note.text[begin:end].rstrip("._")
    if login[len(initials) : len(initials) + 1] in {".", "_"}:
        return False  # "MRI (mri_scanner)", "rep_clinic": a role's log-in, not a person's
    if login in lex.common or login in lex.medical:
        return False
    return len(login) >= len(initials) + 3 and login[0] == initials[0].lower() and (
        login[1] in {initials[1].lower(), initials[-1].lower()}
    ) and any(c.isalpha() for c in login[2:])


def _name_of(note: Note, lex: Lexicons, start: int, initials: str) -> int | None:
    """The end of the capitalised words from token ``start`` on the line that start with each
    of ``initials`` in turn, a hyphen's parts apart ("Beatriz Oyelowo-Grant") and an initial
    with its full stop counting as its letter ("P. Nwankwo-Sato"), one of them no
    common or medical word (not an abbreviation's words: "IHP / Individual Health Plan", "MS
    Multiple Sclerosis"), else None."""
    letters: list[str] = []
    uncommon = False
    index = start
    while len(letters) < len(initials) and index < len(note.tokens) and (
        note.same_line(start, index)
    ):
        text = note.tokens[index].text
        if text == "-" and index > start and note.tokens[index - 1].end == note.tokens[index].start:
            index += 1
            continue
        if note.initial_with_stop(index):
            letters.append(text)  # "P. Nwankwo-Sato": the first name's initial
            index += 2
            continue
        if not (text[:1].isupper() and text[1:].islower() and len(text) >= 2):
            break
        letters.append(text[0])
        word = note.words[index]
        uncommon = uncommon or (word not in lex.common and word not in lex.medical)
        index += 1
    return index if "".join(letters) == initials and uncommon else None


def _dash_signoff(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index``, alone on the note's last line, is two or three lower-case
    letters glued to a dash before them ("-me", "--jt"): the writer's initials."""
    text, dash = note.tokens[index].text, index - 1
    return dash >= 0 and note.words[dash] in DASHES and note.same_line(dash, index) and (
        note.tokens[dash].end == note.tokens[index].start
    ) and text.isalpha() and text.islower() and 2 <= len(text) <= 3 and (
        note.words[index] not in lex.clinical_abbreviations
    )


_CLOSERS = frozenset({"]", ")"})  # an answer's bracket after its writer: "[... - CAR]"


def _dash_signoffs(note: Note, lex: Lexicons) -> list[Span]:
    """Who signs a log's lines after a dash ("0900 in room -iggy", "1045 group -tay"): a
    word no list knows, glued to a dash that ends two lines or more of the note."""
    ends: dict[str, list[int]] = {}
    for last in [dash + 1 for dash in note.positions.get("-", ())]:
        if not _ends_line(note, last) or _line_start(note, last) > last - 2:
            continue
        dash, word = note.tokens[last - 1], note.tokens[last]
        if dash.end != word.start or note.text[dash.start - 1 : dash.start] not in {" ", "\t"}:
            continue
        text = word.text
        if text.isalpha() and 2 <= len(text) <= 8 and (text.islower() or text.isupper()) and not (
            note.words[last] in lex.common or note.words[last] in lex.medical
            or note.words[last] in lex.clinical_abbreviations
        ):
            ends.setdefault(note.words[last], []).append(last)
    return [
        note.span(index, index + 1, "DOCTOR")
        for indices in ends.values() if len(indices) >= 2 for index in indices
    ]


def _signature_typists(note: Note, lex: Lexicons) -> list[Span]:
    """A typist's initials in lower case after a slash ending a signature line ("A. Marcel
    Quorbit, M.D.  / cjb")."""
    spans = []
    for last in [slash + 1 for slash in note.positions.get("/", ())]:
        if not _ends_line(note, last) or (first := _line_start(note, last)) > last - 3:
            continue
        text = note.tokens[last].text
        if text.isalpha() and text.islower() and 2 <= len(text) <= 4 and not (
            note.words[last] in lex.common or note.words[last] in lex.clinical_abbreviations
        ) and _signature_line(note, lex, first, last - 1):
            spans.append(note.span(last, last + 1, "DOCTOR"))
    return spans


MC_INITIALS = Expression(r"[A-Z]{1,2}Mc[A-Z]?")  # "TMc", "JMcD": a Mc surname's initials
_SHORT_DATE = Expression(r"\d{1,2}/\d{1,2}(?:/\d{2,4})?")  # "2/9", "02/09/26"
_SIGNED = frozenset({"signed", "sgd", "e-signed", "esigned", "electronically"})


def _entry_writers(note: Note, lex: Lexicons) -> list[Span]:
    """Who writes an entry, before its colon: after a clock time opening a line ("--- 5/4
    12:55 MOL: approved", "13:10 TMc: LMOM", "addendum 1520 MQT: reviewed"), in parentheses
    after a line's first word ("Reply (FOL): glad to hear it"), the colon followed by a word,
    not a value; in parentheses after a date opening a line ("Mon 2/9 (YE) Initial eval.");
    or opening a line before a dash and "signed" ("OAP -- signed 10/08/25 15:20")."""
    tokens, words = note.tokens, note.words
    spans = []
    for colon in note.positions.get(":", ()):
        writer = colon - 1
        if writer < 1 or colon + 1 >= len(tokens) or not (
            tokens[writer - 1].text[:1].isdigit() or words[writer] == ")"
        ):
            continue  # the cheap look first: most colons follow a field's name
        if not note.same_line(colon, colon + 1) or (
            tokens[writer].end != tokens[colon].start or not tokens[colon + 1].text.isalpha()
        ):
            continue
        opening = _line_start(note, writer)
        clock = _CLOCK.compiled.fullmatch(tokens[writer - 1].text)
        if clock and opening < writer <= opening + 4 and _writer(note, lex, writer):
            spans.append(note.span(writer, writer + 1, "DOCTOR"))
        elif words[writer] == ")" and writer - 3 == opening and words[writer - 2] == "(" and (
            _writer(note, lex, writer - 1)
        ):
            spans.append(note.span(writer - 1, writer, "DOCTOR"))
    for opening in note.positions.get("(", ()):
        date = opening - 1  # "Mon 2/9 (YE) Initial eval.": a log's dated entry
        if date >= 0 and opening + 2 < len(tokens) and words[opening + 2] == ")" and (
            _SHORT_DATE.compiled.fullmatch(tokens[date].text)
        ) and date - _line_start(note, date) <= 1 and _writer(note, lex, opening + 1):
            spans.append(note.span(opening + 1, opening + 2, "DOCTOR"))
    for signed in note.indices(_SIGNED):
        opening = signed - 1
        while opening > 0 and words[opening] in DASHES and signed - opening <= 2:
            opening -= 1
        if opening + 1 < signed and opening == _line_start(note, signed) and (
            tokens[opening].text.isupper() and _initials(note, lex, opening, labelling=True)
        ):
            spans.append(note.span(opening, opening + 1, "DOCTOR"))
    return spans


def _dated_writers(note: Note, lex: Lexicons) -> list[Span]:
    """A log's writer in capitals after the date opening an entry, before its colon or a
    column's gap ("3/18 MY: First post-op visit", "09/04 MY  yoke flared"), where the same
    initials open two entries or more (a single "3/3 UC: Proteus" is a heading)."""
    tokens = note.tokens
    found: dict[str, list[int]] = {}
    for opening in note.line_starts:
        writer = opening + 1
        if writer + 1 >= len(tokens) or not _SHORT_DATE.compiled.fullmatch(tokens[opening].text):
            continue
        if not (note.same_line(opening, writer + 1) and tokens[writer].text.isupper()):
            continue
        after = tokens[writer + 1]
        colon = after.text == ":" and tokens[writer].end == after.start
        if (colon or note.wide_gap_before(writer + 1)) and _writer(note, lex, writer):
            found.setdefault(tokens[writer].text, []).append(writer)
    return [
        note.span(index, index + 1, "DOCTOR")
        for indices in found.values() if len(indices) >= 2 for index in indices
    ]


def _writer(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` reads as a writer's initials before a colon."""
    text = note.tokens[index].text
    if MC_INITIALS.compiled.fullmatch(text):
        return True
    return text.isupper() and _initials(note, lex, index, labelling=True)


_MERIDIEMS = frozenset({"AM", "PM"})  # a time's "PM" follows it with one blank: initials here
_TIME = Expression(r"\d{1,2}:\d{2}(?::\d{2})?")
_CLOCK = Expression(r"[0-2]\d[0-5]\d|\d{1,2}:\d{2}")  # "0640", "6:40"
_TIME_WORDS = frozenset({"noon", "midnight"})


def _entry_initials(note: Note, lex: Lexicons, first: int, end: int) -> bool:
    """Whether a line ``first``-``end`` is a timed entry ending in its writer's initials
    after a wide gap ("1600  HR 80  BP 123/97  PM"; not "at 9  PM")."""
    if end - first < 3:
        return False
    last = note.tokens[end - 1].text
    if not (last[:1].isupper() and len(last) <= 6) or not note.wide_gap_before(end - 1) or (
        not _timed_line(note, first, end)
    ):
        return False  # the cheap looks first: most lines end in no capital after a gap
    if last in _MERIDIEMS:
        before = note.tokens[end - 2].text
        return not (before.isdigit() and int(before) <= 12)
    return _initials(note, lex, end - 1)


def _timed_line(note: Note, first: int, end: int) -> bool:
    """Whether a line is a timed entry: it starts with a number or a time word, or holds a
    clock time among its first four tokens ("Apr 19 07:01:35  LOW_VT ...")."""
    if note.tokens[first].text[:1].isdigit() or note.words[first] in _TIME_WORDS:
        return True
    return any(
        _TIME.compiled.fullmatch(note.tokens[i].text) for i in range(first, min(end, first + 4))
    )


_BULLETS = frozenset({"-", "*", "•", "–"})


def _action_owners(note: Note, lex: Lexicons) -> list[Span]:
    """Owners of a list's actions by their initials, two items or more under a heading that
    names actions ("Actions:", "- SNB: rad onc consult Fri", "- HO: no trial"), each followed
    by words, not a value; not a problem list ("- TBI: MACE2 4/12")."""
    owners = []
    lines = note.line_starts
    bullets = sorted(i for word in _BULLETS for i in note.positions.get(word, ()))
    for first in bullets:
        number = bisect.bisect_right(lines, first) - 1
        if lines[number] == first and first + 3 < len(note.tokens) and (
            note.words[first + 2] == ":" and note.tokens[first + 3].text[:1].isalpha()
        ) and note.same_line(first, first + 3) and _initials(
            note, lex, first + 1, labelling=True
        ) and _under_action_heading(note, lines, number):
            owners.append(note.span(first + 1, first + 2, "DOCTOR"))
    return owners if len(owners) >= 2 else []


_ACTION_HEADINGS = frozenset(
    {"action", "actions", "task", "tasks", "owner", "owners", "assignments", "todo", "to-do"}
)


def _under_action_heading(note: Note, lines: list[int], number: int) -> bool:
    """Whether line ``number`` is an item of a list whose heading (the line before its
    first item) names actions or tasks."""
    while number > 0 and note.words[lines[number]] in _BULLETS:
        number -= 1
    end = lines[number + 1] if number + 1 < len(lines) else len(note.tokens)
    return not _ACTION_HEADINGS.isdisjoint(note.words[lines[number] : end])


def _transcription_codes(note: Note, lex: Lexicons) -> list[Span]:
    """Author and typist ending a line or a column as three tokens: "NAW/lmc", "KAR:jt",
    "LIM/kw d:01/29/26"; in lower case only alone at a line's end ("ofenwick/tr"); an author
    whose initials are a clinical abbreviation only ending a signature or dictation line
    ("JOB: 0448213  CONF: 88172  PM/dvr") or the note ("Case closed 11/13/24. DA/mtl")."""
    spans: list[Span] = []
    for index in note.indices({"/", ":"}):
        if index == 0 or index + 1 >= len(note.tokens):
            continue
        author, typist = note.tokens[index - 1], note.tokens[index + 1]
        if author.end != note.tokens[index].start or note.tokens[index].end != typist.start:
            continue  # a blank on either side: "BP: 120"
        ends_line = _ends_line(note, index + 1)
        ends_column = not ends_line and (  # "EV:lbt  D 10/4/22", "LIM/kw d:01/29/26"
            note.wide_gap_before(index + 2) or _dictation_date(note, index + 2)
            or _date_ends_line(note, index + 2)  # "TOB/ce 02/10/2026"
        )
        code = f"{author.text}/{typist.text}"
        words = (author.text.casefold(), typist.text.casefold())
        abbreviations = words[1] in lex.clinical_abbreviations and (
            words[0] in lex.clinical_abbreviations or words[0] in lex.medical
            or not (ends_line or ends_column)
        )  # "PT/OT", "CBC/BMP"; a typist's initials that are one may end a line or a column
        # ("MSA:ck", "MFO:bp  dictated 12/13/24")
        if words[1] in lex.common or abbreviations:
            continue
        shaped = TRANSCRIPTION.compiled.fullmatch(code) is not None  # "JT/mk"
        if words[0] in lex.clinical_abbreviations and not (ends_line and shaped and (
            _signature_line(note, lex, _line_start(note, index), index)
            or (index + 2 == len(note.tokens) and note.words[index] == "/"
                and _after_sentence(note, index - 1))
        )):
            continue  # "PM/dvr" after "JOB: 0448213", "DA/mtl" ending the note
        if ((ends_line or ends_column) and shaped) or (
            ends_line and LOWER_TRANSCRIPTION.compiled.fullmatch(code)
            and _opens_column(note, index - 1)
            and words[0] not in lex.common and words[0] not in lex.medical
        ):
            spans += [note.span(index - 1, index, "DOCTOR"), note.span(index + 1, index + 2,
                                                                      "DOCTOR")]
    return spans


def _after_sentence(note: Note, index: int) -> bool:
    """Whether token ``index`` opens its line or follows a full stop or a date on it."""
    before = index - 1
    return before < 0 or not note.same_line(before, index) or note.words[before] == "." or (
        _SHORT_DATE.compiled.fullmatch(note.tokens[before].text) is not None
    )


def _ends_line(note: Note, index: int) -> bool:
    """Whether token ``index`` is the last of its line."""
    return index < len(note.tokens) and (
        index + 1 == len(note.tokens) or not note.same_line(index, index + 1)
    )


def _line_start(note: Note, index: int) -> int:
    """The index of the first token on token ``index``'s line."""
    lines = note.line_starts
    return lines[bisect.bisect_right(lines, index) - 1]


def _alone(note: Note, index: int) -> bool:
    """Whether token ``index`` ends its line and opens it or follows a column's gap."""
    return _ends_line(note, index) and _opens_column(note, index)


def _opens_column(note: Note, index: int) -> bool:
    """Whether token ``index`` opens its line or follows a column's gap."""
    return index == 0 or not note.same_line(index - 1, index) or note.wide_gap_before(index)


def _signer_after_sentence(note: Note, lex: Lexicons, first: int, end: int) -> int | None:
    """The index of initials in capitals closing the line of tokens ``first``..``end`` after
    a sentence, a date after them allowed ("... or sooner. SAW", "Agree w/ plan. HOS 2/3"),
    else None."""
    last = end - 1
    for index in range(first + 2, end):
        if note.words[index - 1] == "." and _date_ends_line(note, index + 1):
            last = index  # the initials before a date ending the line
            break
    if last - first < 2 or note.words[last - 1] != ".":
        return None
    if not (_initials(note, lex, last) and note.tokens[last].text.isupper()):
        return None
    return last


def _date_ends_line(note: Note, index: int) -> bool:
    """Whether a numeric date ("02/10/2026", "6/18") starts at token ``index`` and ends
    its line."""
    if index >= len(note.tokens):
        return False  # matched where it starts: no copy or search of the rest of the line
    return LINE_END_DATE.compiled.match(note.text, note.tokens[index].start) is not None


def _dictation_date(note: Note, index: int) -> bool:
    """Whether a dictation's date field starts at ``index`` ("d:01/29/26", "D: 3/4")."""
    return index + 1 < len(note.tokens) and note.words[index] in {"d", "t"} and (
        note.words[index + 1] == ":"
    )


def _cued_initials(scan: Scan, *, in_parentheses: bool) -> list[Span]:
    """Initials after a cue ("per RB", "d/w KL, TO", "Attendees: AD-H, IH", "per nursing
    (VS)"); with ``in_parentheses`` only initials in parentheses right after the cue."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    for index, found in scan.matches(lex.initials_cues):
        start = past_fillers(note, index, found[0])
        if in_parentheses and not (
            note.words[start - 1] == "(" and start + 1 < len(note.tokens)
            and note.words[start + 1] == ")"
        ) and not _timed_by(note, index):
            continue
        if _nurse_in_parentheses(note, lex, found[0], start):
            spans.append(note.span(start, start + 1, "DOCTOR"))  # "Per nursing (SF)", "(mb)"
            continue
        named = note.words[found[0] - 1] in _INITIALS_WORDS  # "(initials RD)"
        while start < len(note.tokens) and note.same_line(index, start):
            stop = start + 1 if _initials(note, lex, start, spelled=named) or _paired(
                note, lex, start
            ) else _hyphenated(note, lex, start)
            if stop is None or not _followed_as_name(note, stop - 1):
                break
            spans.append(note.span(start, stop, "DOCTOR"))
            following = stop
            if following + 1 < len(note.tokens) and note.words[following] in _SEPARATORS:
                start = following + 1
            else:
                break
    return spans


_NURSE_CUES = frozenset({"nursing", "nurse", "rn"})
_INITIALS_WORDS = frozenset({"initials", "initialed", "initialled"})
"""Cues that say the next word is initials, even one spelling a credential ("initials RD")."""


def _nurse_in_parentheses(note: Note, lex: Lexicons, cue_end: int, start: int) -> bool:
    """Whether token ``start`` is the nurse's initials in parentheses right after "per
    nursing": two or three letters in either case, two even an abbreviation's ("SF", "mb"),
    not three that are one ("ICU")."""
    text = note.tokens[start].text if start < len(note.tokens) else ""
    return (
        note.words[cue_end - 1] in _NURSE_CUES and start == cue_end + 1
        and note.words[cue_end] == "(" and start + 1 < len(note.tokens)
        and note.words[start + 1] == ")" and text.isalpha() and 2 <= len(text) <= 3
        and (text.isupper() or text.islower()) and note.words[start] not in lex.credentials
        and (len(text) == 2 or note.words[start] not in lex.clinical_abbreviations)
    )


def _timed_by(note: Note, index: int) -> bool:
    """Whether cue ``index`` is "by" right after a clock time ("COLL 0640 BY RDS")."""
    return note.words[index] == "by" and index > 0 and bool(
        _CLOCK.compiled.fullmatch(note.tokens[index - 1].text)
    ) and note.same_line(index - 1, index)


def _initials(
    note: Note, lex: Lexicons, index: int, labelling: bool = False, spelled: bool = False
) -> bool:
    """Whether token ``index`` reads as a person's initials ("RB", "R.B."); before a colon
    or a dash only where ``labelling`` (a label's initials: "- RB: call family"); spelling a
    credential that names no role only where ``spelled`` ("initials RD")."""
    text = note.tokens[index].text
    if not INITIALS.compiled.fullmatch(text):
        return False
    word = text.casefold().replace(".", "")
    if word in lex.credentials and not (spelled and word not in ROLE_CREDENTIALS):
        return False
    if word in lex.clinical_abbreviations and word not in lex.credentials:
        return False
    if word in lex.common and (note.uppercase_style or not text.isupper()):
        return False  # "AT", "OW" in capitals in a mixed-case note are initials
    if text in lex.state_codes or word in lex.medical:
        return False
    following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
    return following not in {":", "-"} or not note.same_line(index, index + 1) or labelling


def _paired(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` is a pair's first initials in capitals that read as a word,
    glued to a slash and the second's ("Read by: NO/GFO")."""
    tokens = note.tokens
    return index + 2 < len(tokens) and tokens[index].text.isupper() and (
        INITIALS.compiled.fullmatch(tokens[index].text) is not None
        and tokens[index + 1].text == "/" and tokens[index].end == tokens[index + 1].start
        and tokens[index + 1].end == tokens[index + 2].start and _initials(note, lex, index + 2)
    )


def _hyphenated(note: Note, lex: Lexicons, index: int) -> int | None:
    """The end of hyphenated initials starting at token ``index`` ("AD-H", "HO-R": a
    double surname's), else None."""
    if index + 2 >= len(note.tokens) or note.words[index + 1] != "-":
        return None
    first, dash, last = note.tokens[index : index + 3]
    if first.end != dash.start or dash.end != last.start:
        return None
    joined = f"{first.text}-{last.text}"
    if not HYPHENATED_INITIALS.compiled.fullmatch(joined) or first.text in lex.state_codes:
        return None
    if any(word in lex.clinical_abbreviations or word in lex.credentials
           for word in (first.text.casefold(), joined.casefold())):
        return None  # "PA-C", "AV-N"
    following = index + 3
    if following < len(note.tokens) and note.tokens[following].start == last.end and (
        note.tokens[following].text.isalnum()
    ):
        return None  # "AB-CD5": a code
    return following


def _followed_as_name(note: Note, index: int) -> bool:
    """Whether the word after initials lets them be a name (not "per VAP protocol")."""
    if index + 1 >= len(note.tokens) or not note.same_line(index, index + 1) or (
        note.wide_gap_before(index + 1)
    ):
        return True  # the line's or a column's end: "Sgd HPM   e-signed: ..."
    following = note.tokens[index + 1].text
    return not (following.isalpha() and following.islower()) or following in _AFTER_INITIALS


def _signature_line(note: Note, lex: Lexicons, first: int, stop: int) -> bool:
    """Whether the tokens ``first`` to ``stop`` hold a signature word or a credential."""
    return any(
        note.words[i] in lex.signature_words or (
            note.words[i].replace(".", "") in lex.credentials and note.tokens[i].text.isupper()
        )
        for i in range(first, stop)
    )


def past_fillers(note: Note, cue: int, start: int) -> int:
    """The first token at or after ``start`` that is not one of up to two fillers on the cue's
    line ("per", "by", ...)."""
    position = start
    while position < len(note.tokens) and note.words[position] in _FILLERS and (
        position - start < 2 and note.same_line(cue, position)
    ):
        position += 1
    return position


INITIALS_RULE = SpanRule("initials", priority=3, find=initials_spans, switch="names")
