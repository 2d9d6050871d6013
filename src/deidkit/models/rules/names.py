"""Rules ``titles``, ``name_cues`` and ``credentials``: names found by their context, on the
``context_names`` layer ("Dr. Xylander", "daughter Zorbetta", "Ilsabet Morrow, MD").

Also the pieces other rules share: ``name_run`` (how far a name goes) and ``eponym`` (a name
used for a thing: "Foley catheter").
"""

from __future__ import annotations

from deidkit.models.rules.base import Layer, Scan, TokenRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note, mark

CONTEXT_NAMES = Layer("context_names", priority=3)

# Particles inside a name, of names of any origin ("van der", "de la", "St. John", "Mc").
NAME_LINKS = frozenset({"van", "von", "de", "del", "la", "di", "da", "le", "st", "st.", "mc"})
_CUE_PUNCTUATION = frozenset({",", ":", "(", "-"})  # "wife, Anna"; words: RuleLanguage
_LIST_JOINS = frozenset({",", "and", "&"})  # between the names after a plural title


def name_run(note: Note, lex: Lexicons, start: int, limit: int = 4) -> int:
    """The end (exclusive) of a run of name-like tokens starting at ``start``."""
    end = start
    count = 0
    while end < len(note.tokens) and count < limit:
        word = note.words[end]
        if end > start and not note.same_line(end - 1, end):
            break
        if end + 1 < len(note.tokens) and note.tokens[end + 1].text == ":" and (
            end == start or end + 2 >= len(note.tokens) or note.same_line(end + 1, end + 2)
        ):
            break  # "MRN:", "Nombre:": the label of the next field, not "Dr Ola Stein:\n"
        if end > start and _starts_place_word(note, lex, end):
            break  # "Anna Bujons Tur Calle Joaquim ...": the name ends at the address
        if note.is_initial(end) or (note.is_word(end) and note.capitalised(end)):
            if note.is_word(end) and word in lex.common and word not in lex.names and count > 0:
                break
            if count > 0 and word in lex.not_names and (
                word not in lex.names or _date_after(note, end)
            ):
                break  # "Dr. Patel Tuesday", "Dr. Nnaji Monday 12/1", "Dr. Lund May 3"
            if note.acronym(end) and word not in lex.names:
                break
            end += 1
            count += 1
        elif end > start and end + 1 < len(note.tokens) and (
            (word in NAME_LINKS and note.capitalised(end + 1))
            or note.tokens[end].text in {"-", "'"}
            or (word == "." and note.is_initial(end - 1))
            or (word == "," and count == 1 and note.words[end + 1] in lex.names
                and note.capitalised(end + 1))  # "FINNEGAN, HAROLD J"
        ):
            end += 1
        else:
            break
    while end > start and not (
        note.is_word(end - 1) or note.is_initial(end - 1) or (
            note.words[end - 1] == "." and end - 2 >= start and note.is_initial(end - 2)
        )
    ):
        end -= 1
    return end


def _date_after(note: Note, index: int) -> bool:
    """Whether a number follows ``index`` on its line ("May 3": a month, not a name)."""
    after = index + 1
    return after < len(note.tokens) and note.same_line(index, after) and (
        note.tokens[after].text[:1].isdigit()
    )


def _starts_place_word(note: Note, lex: Lexicons, index: int) -> bool:
    return (
        lex.street_types.match(note.words, index) is not None
        or lex.hospital_words.match(note.words, index) is not None
    )


def eponym(note: Note, lex: Lexicons, index: int) -> bool:
    """"Parkinson's disease", "Foley catheter", "Swan Ganz": a name used for a thing."""
    heads = lex.eponym_heads
    following = note.words[index + 1 : index + 4]
    if following[:1] and following[0] in {"'s", "’s", "s"}:
        following = following[1:]
    if following[:1] and following[0] == "-":
        following = following[1:]
    return bool(following) and (following[0] in heads or (
        len(following) > 1 and following[1] in heads and note.capitalised(index + 1)
    ))


def title_names(scan: Scan, labels: list[str | None]) -> None:
    """The name after a title: DOCTOR after a professional title, PATIENT after others."""
    note, lex = scan.note, scan.lex
    titled = note.indices(word for word in note.positions if word.rstrip(".") in lex.titles)
    for index in titled:
        if index == len(note.words) - 1:
            break
        word = note.words[index]
        kind = lex.titles[word.rstrip(".")]
        if not note.tokens[index].text[:1].isupper():
            continue
        if index > 0 and note.words[index - 1].isdigit() and note.same_line(index - 1, index):
            continue  # "16 Fr Foley": a catheter's French size, no title
        start = index + 1
        if note.tokens[start].text in {".", ":"} and start + 1 < len(note.tokens):
            if note.tokens[start].text == ":" and kind != "professional":
                continue  # "GEN: A&Ox3": a section label, not General A.
            start += 1
        spelled_out = len(word) > 4 and not word.endswith(".")
        ordinary = spelled_out and word in lex.common
        shouted = note.tokens[index].text.isupper() and not note.uppercase_style and (
            kind != "professional"
        )
        if (ordinary or shouted or kind in {"military", "civil"}) and (
            note.words[start] not in lex.names or (
                note.tokens[start].text.isupper()
                and note.words[start] in lex.clinical_abbreviations
            )
        ):
            continue  # "General Hospital", "Fairhaven General ED", "MR Conditional": no title
        end = name_run(note, lex, start, 5)
        label = "DOCTOR" if kind == "professional" else "PATIENT"
        if end > start:
            mark(labels, start, end, label)
        while end > start and _plural_title(lex, word):  # "Drs. Lund and Achebe-Strand"
            start = end
            while start < len(note.tokens) and note.words[start] in _LIST_JOINS and (
                note.same_line(end - 1, start)
            ):
                start += 1
            if start == end or start >= len(note.tokens) or not note.same_line(end - 1, start):
                break
            end = name_run(note, lex, start, 5)
            if end > start:
                mark(labels, start, end, label)


def _plural_title(lex: Lexicons, word: str) -> bool:
    """Whether ``word`` is the plural of a title ("Drs." of "Dr."): names listed after it."""
    stem = word.rstrip(".")
    return stem.endswith("s") and stem[:-1] in lex.titles


SPECIALISTS = (
    "ologist", "iatrist", "ician", "grapher", "otomist", "apist", "alist", "ivist", "acist",
    "ntist", "rnist", "ionist",
)
"""Endings of a health worker's title, no name nor log-in ("Urologist", "Physiatrist",
"Clinician", "sonographer", "phlebotomist", "therapist", "hospitalist", "intensivist",
"pharmacist", "dentist", "internist", "nutritionist")."""


def cued_names(scan: Scan, labels: list[str | None]) -> None:
    """The name after a name indicator: DOCTOR after a care-team word, RELATIVE after others
    ("seen by", "daughter", "hija")."""
    note, lex = scan.note, scan.lex
    fillers = lex.cue_fillers | _CUE_PUNCTUATION
    for _, found in scan.matches(lex.name_cues):
        end_cue, kind = found
        start = end_cue
        while start < len(note.tokens) and note.words[start] in fillers and start < end_cue + 2:
            start += 1
        if start >= len(note.tokens) or not note.capitalised(start):
            continue
        if note.words[start].rstrip(".") in lex.titles:
            continue  # "daughter Dr. Smith": the title rule decides
        hyphen = note.tokens[start - 1]
        if hyphen.text == "-" and note.tokens[start - 2].end == hyphen.start and (
            hyphen.end == note.tokens[start].start
        ):
            continue  # "Child-Pugh C": one word with the cue, an eponym's
        end = name_run(note, lex, start, 3)
        if end == start:
            continue
        words = note.words[start:end]
        if all(w in lex.common and w not in lex.names for w in words if w.isalpha()):
            continue
        first = words[0]
        if ((first in lex.common or first in lex.medical) and first not in lex.names) or (
            first in lex.not_names
        ):
            continue  # "physician Record", "wife IN TO VISIT", "Interpreter (Spanish)"
        if first not in lex.names and (
            first in lex.clinical_abbreviations or first.endswith(SPECIALISTS)
            or lex.occupations.match(note.words, start)
        ):
            continue  # "RN Lic 0261", "Consultant Urologist": a licence, a job
        if first in lex.clinical_abbreviations and end < len(note.tokens) and (
            note.tokens[end].text[:1].isdigit() and note.same_line(start, end)
        ):
            continue  # "interpreter, Rm 4W-11": a room's number, whatever lists hold "rm"
        if note.caseless and (first not in lex.names or first in lex.common):
            continue
        if _credential_like(note, lex, start) or (
            end == start + 1 and first in lex.common and _role_word_after(note, lex, end)
        ):
            continue  # "RN, COHN-S", "RN DON", "PACT RN Care Manager": a credential or a role
        if _field_label_at(note, end):
            continue  # "Nkechi RN   Read by: NO": the next field's label
        mark(labels, start, end, "DOCTOR" if kind == "care_team" else "RELATIVE")


def _credential_like(note: Note, lex: Lexicons, index: int) -> bool:
    """A credential in capitals at ``index``: a listed one or an abbreviation ("DON"), or
    one shaped like a certification ("COHN-S", "FNP-C": capitals, a hyphen, one capital)."""
    text = note.tokens[index].text
    if not text.isupper() or len(text) < 2:
        return False
    word = note.words[index].replace(".", "")
    if word in lex.credentials or word in lex.clinical_abbreviations:
        return True
    after = note.tokens[index + 1 : index + 3]
    return len(after) == 2 and after[0].text == "-" and len(after[1].text) == 1 and (
        after[1].text.isupper() and after[0].start == note.tokens[index].end
    )


def _particle(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether the credential at ``index`` is a name's particle: "DO" before another word of
    the name in the same case, on its line, that is no ordinary word ("MARIA DO CEU")."""
    following = index + 1
    return note.words[index] == "do" and following < len(note.tokens) and (
        note.same_line(index, following) and note.is_word(following)
        and note.tokens[following].text.isupper() == note.tokens[index].text.isupper()
        and note.capitalised(following) and note.words[following] not in lex.common
        and not _credential_like(note, lex, following)
    )


def _field_label_at(note: Note, index: int) -> bool:
    """Whether "by:" ends a field's label at ``index`` on the same line ("Read by:")."""
    return index + 1 < len(note.tokens) and note.same_line(index - 1, index) and (
        note.words[index] == "by" and note.words[index + 1] == ":"
    )


def _role_word_after(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether ``index`` holds a capitalised ordinary word that is no name ("Care Manager")."""
    return index < len(note.tokens) and note.same_line(index - 1, index) and (
        note.capitalised(index) and note.words[index] in lex.common
        and note.words[index] not in lex.names
    )


def credential_names(scan: Scan, labels: list[str | None]) -> None:
    """A DOCTOR before a credential (", MD", "RN") when one of its words is a known name, with
    a surname in capitals before its comma ("CHILD, AMBER I LICSW", "CHILD, GILBERT T.
    CRNA")."""
    note, lex = scan.note, scan.lex
    for index in scan.credentials():
        token = note.tokens[index]
        if index == 0:
            continue
        if not token.text.isupper() and "." not in token.text:
            continue  # "md" in lower case is too ambiguous
        if _particle(note, lex, index):
            continue  # "MEDEIROS, MARIA DO CEU": a name's "do", no doctor of osteopathy
        end = index
        if note.tokens[end - 1].text == ",":
            end -= 1
        start = end
        if end > 1 and note.words[end - 1] == "." and note.is_initial(end - 2):
            start -= 1  # "GILBERT T. CRNA": the initial's stop is the name's
        while start > 0 and end - start < 4 and (
            note.is_initial(start - 1) or (note.is_word(start - 1) and note.capitalised(start - 1))
        ) and note.same_line(start - 1, end - 1) and not _credential_like(note, lex, start - 1):
            start -= 1  # not over "ED" of "ED MD:" or "RN" of "Lee RN, MD"
        named = start < end and any(
            note.words[i] in lex.names and note.words[i] not in lex.common
            for i in range(start, end)
        )
        first_name_alone = end == start + 1 == index and (  # "- May RN cb 02920": a first
            note.words[start] in lex.first_names  # name that is a word, right before it
            and note.tokens[start].text.istitle() and token.text.isupper()
        )
        if named or first_name_alone:
            mark(labels, _surname_first(note, lex, start), end, "DOCTOR")


def _surname_first(note: Note, lex: Lexicons, start: int) -> int:
    """``start`` moved back over a surname in capitals and its comma before a name in
    capitals ("CHILD, AMBER I LICSW": a surname that is a word), else ``start``."""
    surname = start - 2
    if surname < 0 or note.words[start - 1] != "," or not note.same_line(surname, start):
        return start
    text = note.tokens[surname].text
    if not (text.isalpha() and text.isupper() and len(text) >= 2) or not (
        note.tokens[start].text.isupper()
    ) or note.words[surname] in lex.medical or note.words[surname] in lex.clinical_abbreviations:
        return start
    return surname


TITLES = TokenRule("titles", CONTEXT_NAMES, title_names, switch="names")
NAME_CUES = TokenRule("name_cues", CONTEXT_NAMES, cued_names, switch="names")
CREDENTIALS = TokenRule("credentials", CONTEXT_NAMES, credential_names, switch="names")
