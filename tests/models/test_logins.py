"""Log-ins made of a name found in the note are user names (deidkit.models.logins)."""

from __future__ import annotations

import pytest

from deidkit.models.logins import with_derived_logins

from .crafted import found_in


def _added(text: str, found: list[tuple[str, str]], lang: str = "en") -> list[str]:
    (done,) = with_derived_logins([found_in(text, found, source="crf", score=0.9)], lang)
    return [text[s.start : s.end] for s in done.spans if s.source == "mentions"]


@pytest.mark.parametrize(
    ("text", "found", "added"),
    [
        # the first name's initial and four letters or more of the family name, digits after
        ("Registration (Quilla Barrington, qbarring) updated", [("Quilla Barrington", "DOCTOR")],
         ["qbarring"]),
        ("Log owner: Dorn Yarrowby, OTC - dyarrowby - last edit",
         [("Dorn Yarrowby", "RELATIVE")], ["dyarrowby"]),
        ("Signed: TAMSWORTH, ELLERY. Amended by etamsworth2 at 10:02.",
         [("TAMSWORTH, ELLERY", "DOCTOR")], ["etamsworth2"]),
        # every occurrence alone in the note
        ("Quilla Barrington RN; qbarring: done. qbarring again.",
         [("Quilla Barrington", "DOCTOR")], ["qbarring", "qbarring"]),
        # not glued to an e-mail address, a host or a longer word; not a shorter prefix
        ("Quilla Barrington, qbarring@mail.example.org, qbarringtonian, qbar",
         [("Quilla Barrington", "DOCTOR")], []),
        # not a word alone of one name, nor inside another span
        ("Barrington, qbarring", [("Barrington", "DOCTOR")], []),
        ("Quilla Barrington, user qbarring", [("Quilla Barrington", "DOCTOR"),
                                               ("qbarring", "USERNAME")], []),
    ],
)
def test_a_log_in_made_of_a_name_is_a_user_name(
    text: str, found: list[tuple[str, str]], added: list[str]
) -> None:
    assert _added(text, found) == added


def test_an_ordinary_word_is_no_log_in() -> None:
    """A common word that happens to be an initial and a name's start stays a word."""
    assert _added("Otto Riginaldi signed the original copy.",
                  [("Otto Riginaldi", "DOCTOR")]) == []
