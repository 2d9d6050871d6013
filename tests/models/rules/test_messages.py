"""Rules ``chat_speakers``, ``nicknames`` and ``at_mentions``: names and handles as chats,
messages and conversations write them."""

from __future__ import annotations

import pytest

from deidkit.models.rules import messages

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mon 2/9 08:11  Quorbit Ezenwa:\nyes saw her in clinic",
         {("Quorbit Ezenwa", "DOCTOR")}),
        ("[14:52] Marisol Quorbit: UOP 2.1 L since 0900", {("Marisol Quorbit", "DOCTOR")}),
        ("Thu 3:05 pm Zelinski: copy", {("Zelinski", "DOCTOR")}),
        ("Wes Quorbit: copy. her rm is 418", {("Wes Quorbit", "DOCTOR")}),
        # a date and a four-digit time; a speaker with a credential, on two turns or more
        ("Fri 09/21/2007 0101 Zorbulcni: pls sign", {("Zorbulcni", "DOCTOR")}),
        ("Quorbit RN: The first name?\nCaller: Um, june.\nQuorbit RN: Who's her doctor?",
         {("Quorbit", "DOCTOR")}),
        ("Circulator RN: Paz Quorbit\nWOC RN: Harriet", set()),
        # a log-in writing after a time and a dash; a role or a word is none
        ("Sun 10/20 22:47 - xquorbeng: niece at bedside\nMon 10/21 01:57 - rn: called\n"
         "Mon 10/21 02:10 - note: ok", {("xquorbeng", "USERNAME")}),
        # headings and fields, speakers by role, one word without a time, a web address
        ("08:11 Vital Signs: stable\nPlan: home\nWard: 4 South\n[00:23] PATIENT: hi\n"
         "DR. QUORBIT: ok\nSee Link: http://x", set()),
        ("Gen: NAD\nNeuro Exam: intact", set()),
    ],
)
def test_chat_speakers_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((messages.CHAT_SPEAKERS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Pt: QUORBIT, RAYMOND T   goes by "Ski"   DOB', {("Ski", "PATIENT")}),
        ("Everybody calls me Dot. Prefers to be called Zee.", {("Dot", "PATIENT"),
                                                              ("Zee", "PATIENT")}),
        ("known as Quorbit to friends", {("Quorbit", "PATIENT")}),
        ('Case manager: Lisbeth "Bet" Quorbit, MSW; Brigid “Bee” O\'Quorbit-Tate (#22)',
         {('Lisbeth "Bet" Quorbit', "PATIENT"), ("Brigid “Bee” O'Quorbit-Tate", "PATIENT")}),
        # no first name before the quotes, or lower case after them
        ('Cardiology "Heart Team" Conference; Maria "Bet" said', set()),
        # common words after "known as", weekdays, clinical words, titles, lower case
        ("also known as Type 2; call me Tuesday; call me ASAP; goes by Dr; goes by car",
         set()),
        ('call him "Mr. Tomek"', set()),
    ],
)
def test_nicknames_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((messages.NICKNAMES,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@neze2 - K 3.3 this am; cc @jquorbit", {("neze2", "USERNAME"),
                                                  ("jquorbit", "USERNAME")}),
        # e-mail addresses, common and clinical words, a time
        ("mail a.b@mail.example, @home, @RN, @ 0800, @bedside", set()),
    ],
)
def test_at_mentions_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((messages.AT_MENTIONS,), text) == expected


def test_other_languages_are_not_read() -> None:
    text = "Mon 08:11 Quorbit Ezenwa:\ngoes by Ski @neze2"
    rules = (messages.CHAT_SPEAKERS, messages.NICKNAMES, messages.AT_MENTIONS)
    assert found_by(rules, text, lang="es") == set()
