"""Rule ``usernames`` (``USERNAME``): log-in names in audit lines, signatures and logs.

A log-in name after a cue ("Last edited by kpatel2"), in parentheses on an audit or signature
line ("Signed (mrowan)") or after the name it is made of ("Rowan, Mary (mrowan)", "Tamsin
Quorbit (SCR.TQUORBIT)"), a lower-case name with digits on such a line, an item of a copy list
("cc: Dr. Quorbit; agreenwald"; "CC:" before prose is the chief complaint), a message header's
or a log line's author ("Reply Thu 1/19 1200 wilnerm84:", "10/02/24 cnygaard: ...") and a
system's log-in anywhere ("RT_mdesrosiers", "hbmc.reg.pkahale").
"""

from __future__ import annotations

import bisect

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.names import SPECIALISTS
from deidkit.models.rules.note import Note
from deidkit.models.rules.staff import DASHES, past_fillers
from deidkit.patterns.contacts import TOP_LEVEL_DOMAINS
from deidkit.patterns.spec import Expression
from deidkit.types import Span

LOGIN = Expression(r"[A-Za-z][A-Za-z0-9._-]{1,23}[A-Za-z0-9]")
LOGIN_WITH_DIGITS = Expression(r"[a-z]{4}[a-z._-]*\d{1,4}")  # "kpatel2", "m.rowan12"
DOSING_INTERVAL = Expression(r"[qQ]\d{1,2}(?:h|hr|hrs|d|w|wk|wks|mo|min)")  # "q12h", "q3wk"
SYSTEM_LOGIN = Expression(  # "RT_mdesrosiers", "nrl_cls_bvang", "hbmc.reg.pkahale"
    r"(?<![\w.@/:-])(?:[A-Za-z]{2,8}(?:_[A-Za-z0-9]{2,16}){1,3}|[a-z]{2,8}(?:\.[a-z]{2,16}){2,3})"
    r"(?![\w@/-]|\.\w)"
)
_DOMAIN_ENDS = frozenset(TOP_LEVEL_DOMAINS.split("|"))  # a host name's last part: no log-in
FIELD_CUES = frozenset(  # need ":" or a login shape
    {"from", "to", "user", "author", "clerk", "cc", "recipient", "recipients", "sender", "covering"}
)


def username_spans(scan: Scan) -> list[Span]:
    """User names: after a cue, in parentheses on an audit line, "kpatel2" on such a line."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    for index, found in scan.matches(lex.username_cues):
        start = past_fillers(note, index, found[0])
        if note.words[index] == "cc":
            spans.extend(_copied_logins(note, lex, start))
        if start < len(note.tokens) and note.same_line(index, start):
            end = _login(note, lex, start)
            if end is None:
                continue
            field = ":" in note.words[found[0] : start]
            login = note.text[note.tokens[start].start : note.tokens[end - 1].end]
            if found[0] - index == 1 and note.words[index] in FIELD_CUES and not field and (
                not any(c.isdigit() or c in "._" for c in login) or login.isupper()
            ):
                continue  # "referred to rehab", "DKA from SGLT2": "From:" is a field
            if note.words[index] == "cc" and not _ends_list_item(note, end):
                continue  # "CC: unwitnessed fall at home": the chief complaint
            spans.append(note.span(start, end, "USERNAME"))
            while end + 1 < len(note.tokens) and note.words[end] == "," and (
                note.same_line(end, end + 1)
            ):  # "cc: oshendrawhorn47, r.vint"
                following = _login(note, lex, end + 1)
                if following is None:
                    break
                spans.append(note.span(end + 1, following, "USERNAME"))
                end = following
    spans.extend(_message_authors(note, lex))
    spans.extend(_log_authors(note, lex))
    spans.extend(_system_logins(note, lex))
    for index in note.positions.get("(", ()):
        if index + 2 >= len(note.tokens):
            continue
        end = _login(note, lex, index + 1)
        capitals = end is None and (end := _capital_login(note, index + 1)) is not None
        if end is None or end >= len(note.tokens) or note.words[end] != ")":
            continue
        login = note.text[note.tokens[index + 1].start : note.tokens[end - 1].end]
        if _named_before(note, index, login.casefold() if capitals else login):
            spans.append(note.span(index + 1, end, "USERNAME"))  # "Mary Rowan (mrowan)"
    lines = note.line_starts
    signed = {  # the lines holding a signature word
        bisect.bisect_right(lines, index) - 1
        for index in note.indices(lex.signature_words & note.positions.keys())
    }
    for number in sorted(signed):
        first = lines[number]
        stop = lines[number + 1] if number + 1 < len(lines) else len(note.tokens)
        for index in range(first, stop):
            text = note.tokens[index].text
            if note.words[index] == "(" and index + 2 < stop:
                end = _login(note, lex, index + 1)
                if end is not None and end < stop and note.words[end] == ")":
                    spans.append(note.span(index + 1, end, "USERNAME"))
            elif LOGIN_WITH_DIGITS.compiled.fullmatch(text) and note.words[index] not in (
                lex.clinical_abbreviations
            ):
                spans.append(note.span(index, index + 1, "USERNAME"))
            elif index + 2 < stop and note.words[index + 1] == "." and text.islower() and (
                len(text) <= 2 and text.isalpha()
                and note.tokens[index + 1].start == note.tokens[index].end
            ):
                end = _login(note, lex, index)  # "h.puc", "r.vint"
                if end is not None and end - index >= 3 and len(note.words[end - 1]) >= 3:
                    spans.append(note.span(index, end, "USERNAME"))
    return spans


MESSAGE_HEADS = frozenset({"reply", "response", "message", "sent", "replied", "comment",
                           "note", "msg", "answer", "forwarded"})


def _message_authors(note: Note, lex: Lexicons) -> list[Span]:
    """The author's log-in name ending a message header ("Reply Thu 1/19 1200 wilnerm84:")."""
    spans: list[Span] = []
    lines = note.line_starts
    for first in note.indices(MESSAGE_HEADS & note.positions.keys()):  # the lines they open
        number = bisect.bisect_right(lines, first) - 1
        if lines[number] != first:
            continue
        stop = lines[number + 1] if number + 1 < len(lines) else len(note.tokens)
        if stop - first < 3:
            continue
        if note.words[stop - 1] != ":":
            continue
        start = stop - 2
        while start > first + 1 and note.tokens[start].start == note.tokens[start - 1].end:
            start -= 1
        end = _login(note, lex, start)
        text = note.tokens[start].text
        if end is None and text.isupper() and text.isalpha() and len(text) >= 5 and not (
            note.words[start] in lex.common or note.words[start] in lex.medical
        ):
            end = start + 1  # "GERVASEJ:"
        if end == stop - 1:
            spans.append(note.span(start, end, "USERNAME"))
    return spans


_LOG_DATE = Expression(r"\d{1,4}[/-]\d{1,2}(?:[/-]\d{2,4})?")
_LOG_TIME = Expression(r"\d{1,2}:\d{2}(?::\d{2})?|\d{4}|[AaPp][Mm]")


def _log_authors(note: Note, lex: Lexicons) -> list[Span]:
    """The log-in name after the date (and time) opening a line of a log, before a colon
    ("10/02/24 cnygaard: claim denied", "11/04/24 09:12 jtran: call from wife") or, with a
    digit or an underscore, before a column's gap or a dash ("07/01/26  PFS_LMURILLO   Denial",
    "2/9 10:01 TVAA_SCHED - appt made")."""
    spans: list[Span] = []
    log_date = _LOG_DATE.compiled
    for first in note.line_starts:
        text = note.tokens[first].text
        if text[0].isalpha() or not log_date.fullmatch(text):  # most lines open with a word
            continue
        start = first + 1
        while start < len(note.tokens) and start - first <= 3 and note.same_line(first, start) and (
            _LOG_TIME.compiled.fullmatch(note.tokens[start].text)
        ):
            start += 1
        if start >= len(note.tokens) or not note.same_line(first, start):
            continue
        end = _login(note, lex, start)
        if end is None or end >= len(note.tokens):
            continue
        login = note.text[note.tokens[start].start : note.tokens[end - 1].end]
        colon = note.words[end] == ":" and note.tokens[end].start == note.tokens[end - 1].end
        column = note.same_line(start, end) and (
            note.wide_gap_before(end) or note.words[end] in DASHES
        ) and any(c.isdigit() or c == "_" for c in login)
        if colon or column:
            spans.append(note.span(start, end, "USERNAME"))
    return spans


def _system_logins(note: Note, lex: Lexicons) -> list[Span]:
    """Log-ins as systems write them, anywhere: with an underscore ("RT_mdesrosiers",
    "intfc_svc", "nrl_cls_bvang") or of three lower-case parts joined by dots
    ("hbmc.reg.pkahale"), a part of five letters or more no word (a column's name,
    "visit_date", "poa_phone", is none), not in capitals ("CHART_OPEN"), no host name
    ("mail.example.org") and no part of an address ("x@hbmc.reg.org", "a.org/d_quorbit")."""
    text = note.text
    joins: list[int] = []
    for mark in ("_", "."):  # between letters or digits ("a_b"; "a.b" in lower case)
        position = text.find(mark, 1)
        while 0 < position < len(text) - 1:
            before, after = text[position - 1], text[position + 1]
            if (before.isalnum() and after.isalnum()) if mark == "_" else (
                before.islower() and after.islower()
            ):
                joins.append(position)
            position = text.find(mark, position + 1)
    starts = set()
    for join in joins:  # back to the start of the word holding the join
        start = join
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._"):
            start -= 1
        starts.add(start)
    spans: list[Span] = []
    for start in sorted(starts):
        found = SYSTEM_LOGIN.compiled.match(text, start)
        if found is None:
            continue
        login = found.group()
        parts = login.casefold().replace("_", ".").split(".")
        if login.isupper() or parts[-1] in _DOMAIN_ENDS or not any(
            len(part) >= 5 and part.isalpha() and part not in lex.common
            and part not in lex.clinical_abbreviations and part not in lex.medical
            for part in parts
        ):
            continue  # a name part: "ack_by", "poa_phone", "age_at_edd" are a table's fields
        spans.append(note.widened(found.start(), found.end(), "USERNAME"))
    return spans


def _named_before(note: Note, index: int, login: str) -> bool:
    """Whether a capitalised word among the four before ``index`` is part of ``login``
    ("Rowan, Mary (mrowan)", "K. Patel (kpatel2)")."""
    for before in range(max(0, index - 4), index):
        text = note.tokens[before].text
        if text[:1].isupper() and len(text) >= 3 and text.isalpha() and (
            note.words[before] in login
        ) and note.same_line(before, index):
            return True
    return False


def _login(note: Note, lex: Lexicons, start: int) -> int | None:
    """The end of a log-in name starting at ``start`` ("kpatel2", "j.smith"), else None."""
    end = _joined(note, start)
    text = note.text[note.tokens[start].start : note.tokens[end - 1].end]
    if not LOGIN.compiled.fullmatch(text):
        return None
    has_digit = any(c.isdigit() for c in text)
    word = text.casefold()
    if "_" in word.strip("_") and not all(
        part in lex.common or part in lex.clinical_abbreviations for part in word.split("_")
    ):
        return end  # "PFS_LMURILLO", "xmon_atheod": no word is written so
    if has_digit:
        return end if sum(c.isalpha() for c in text) >= 2 and word not in (
            lex.clinical_abbreviations
        ) and not DOSING_INTERVAL.compiled.fullmatch(text) else None  # "to q12h"
    if not text.islower() or note.lowercase_style:
        return None  # "by Rowan": a name, for the name rules
    if word in lex.common or word in lex.medical or word in lex.clinical_abbreviations or (
        word.endswith(SPECIALISTS) or word.replace("-", "") in lex.common
    ):
        return None  # "entered by mouth", "user error", "Becca (sonographer)", "by e-mail"
    return end


def _copied_logins(note: Note, lex: Lexicons, start: int) -> list[Span]:
    """The log-ins among a "cc:" line's items after the first, each after a comma or a
    semicolon and ending its item ("Cc: Nurse Manager Lorraine Quorbit; agreenwald")."""
    spans = []
    position = start
    while position + 1 < len(note.tokens) and note.same_line(start, position + 1):
        position += 1
        if note.words[position - 1] not in {",", ";"}:
            continue
        end = _login(note, lex, position)
        if end is not None and _ends_list_item(note, end):
            spans.append(note.span(position, end, "USERNAME"))
    return spans


def _ends_list_item(note: Note, end: int) -> bool:
    """Whether a word ending before token ``end`` ends its line or an item of a list."""
    return end >= len(note.tokens) or not note.same_line(end - 1, end) or (
        note.words[end] in {",", ";", ")"}
    )


def _joined(note: Note, start: int) -> int:
    """The end of the tokens joined to token ``start`` by letters, digits, ".", "_" or "-"
    ("j.smith", "PFS_LMURILLO"), ending in a letter or digit."""
    end = start + 1
    while end < len(note.tokens) and note.tokens[end].start == note.tokens[end - 1].end and (
        note.tokens[end].text in {".", "_", "-"} or note.tokens[end].text.isalnum()
    ):
        end += 1
    while end > start + 1 and not note.tokens[end - 1].text.isalnum():
        end -= 1
    return end


def _capital_login(note: Note, start: int) -> int | None:
    """The end of a log-in name in capitals joined by "." or "_" ("SCR.TQUORBIT"), else
    None: taken only after the name it is made of."""
    end = _joined(note, start)
    text = note.text[note.tokens[start].start : note.tokens[end - 1].end]
    if end - start < 3 or not text.isupper() or not LOGIN.compiled.fullmatch(text):
        return None
    return end


USERNAMES = SpanRule("usernames", priority=3, find=username_spans, switch="names")
