import re

import pytest

from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings
from deidkit.redact.surrogates.case import fold
from deidkit.redact.surrogates.names import name_words
from deidkit.redact.surrogates.pools import pools

KEY = SecretKey(b"names-test-key-0123456789")


def generator(lang: str = "en") -> SurrogateGenerator:
    return SurrogateGenerator(KEY, SurrogateSettings(lang=lang))


def replace_all(values: list[str], lang: str = "en", label: str = "PATIENT") -> list[str]:
    gen = generator(lang)
    for value in values:
        gen.observe("p1", label, value)
    return [gen.replace(value, label, "p1") for value in values]


def test_forms_of_one_name_map_coherently() -> None:
    full, last, mister, caps, comma, initial, lower = replace_all(
        ["John Smith", "Smith", "Mr. Smith", "JOHN SMITH", "Smith, John A.", "J. Smith", "smith"]
    )
    first_new, last_new = full.split()
    assert last == last_new
    assert mister == f"Mr. {last_new}"
    assert caps == f"{first_new.upper()} {last_new.upper()}"
    assert re.fullmatch(rf"{last_new}, {first_new} [A-Z]\.", comma)
    assert initial == f"{first_new[0]}. {last_new}"  # J. stands for John: it follows John
    assert lower == last_new.lower()


def test_a_first_name_keeps_its_apparent_gender() -> None:
    lists = pools("en")
    for name in ("John", "Robert", "Michael"):
        new = replace_all([name])[0]
        assert fold(new) in lists.male, (name, new)
    for name in ("Mary", "Patricia", "Jennifer"):
        new = replace_all([name])[0]
        assert fold(new) in lists.female, (name, new)


@pytest.mark.parametrize(
    ("original", "pattern"),
    [
        ("Dr. Wong", r"Dr\. [A-Z][\w'’-]+"),
        ("Mary-Ann Smith-Jones", r"[A-Z][\w'’]+-[A-Z][\w'’]+ [A-Z][\w'’]+-[A-Z][\w'’]+"),
        ("JS", r"[A-Z]{2}"),
        ("J.S.", r"[A-Z]\.[A-Z]\."),
        ("Smith's", r"[A-Z][\w'’-]+'s"),
        ("John Smith Jr.", r"[A-Z][\w'’-]+ [A-Z][\w'’-]+ Jr\."),
        ("maria lopez", r"[a-zñáéíóú'’-]+ [a-zñáéíóú'’-]+"),
    ],
)
def test_surrogates_keep_the_form_and_capitalisation(original: str, pattern: str) -> None:
    new = replace_all([original])[0]
    assert re.fullmatch(pattern, new), new
    assert new != original


def test_no_surrogate_word_is_an_original_name_word_of_the_patient() -> None:
    originals = ["John Smith", "Mary Brown", "Peter Jones", "Wong", "Garcia", "Linda Taylor"]
    results = replace_all(originals)
    seen = {fold(w) for value in originals for w in name_words(value)}
    for new in results:
        assert not {fold(w) for w in name_words(new)} & seen, new


def test_two_people_never_share_a_surrogate_within_a_patient() -> None:
    surnames = list(pools("en").last[:60])
    results = replace_all(surnames)
    assert len(set(results)) == len(results)


def test_kinship_words_are_not_names() -> None:
    assert replace_all(["madre", "su hija"], lang="es", label="RELATIVE") == ["madre", "su hija"]


def test_spanish_names_use_spanish_lists_and_two_surnames() -> None:
    new = replace_all(["María Isabel Durán Muñoz"], lang="es")[0]
    words = new.split()
    assert len(words) == 4
    spanish = pools("es")
    assert all(fold(w) in spanish.surnames for w in words[2:])


def test_a_name_spoken_as_a_title_word_is_still_replaced() -> None:
    assert replace_all(["Don"])[0] != "Don"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_surname_weights_are_kept_for_the_names_that_can_be_either(lang: str) -> None:
    # names._role compares a word's first-name and surname weights only when it has both
    from deidkit import resources

    lists = pools(lang)
    assert lists.last_weight and set(lists.last_weight) <= set(lists.first_weight)
    first_rows: dict[str, float] = {}
    for name, weight in resources.weighted(resources.for_language("last_names", lang)):
        first_rows.setdefault(fold(name), weight)
    expected = {key: first_rows[key] for key in lists.first_weight if key in first_rows}
    assert lists.last_weight == expected



@pytest.mark.parametrize(
    ("lang", "name", "label"),
    [("es", "Nieto", "DOCTOR"), ("es", "Hijo Nieto", "PATIENT"), ("en", "Son", "DOCTOR")],
)
def test_a_name_that_is_a_kinship_word_is_replaced(lang: str, name: str, label: str) -> None:
    [surrogate] = replace_all([name], lang, label)
    assert not set(name.split()) & set(surrogate.split())


@pytest.mark.parametrize(("lang", "relation"), [("es", "su madre"), ("en", "his wife")])
def test_a_relative_named_by_relation_is_kept(lang: str, relation: str) -> None:
    assert replace_all([relation], lang, "RELATIVE") == [relation]


def test_a_name_observed_again_adds_nothing_and_gives_the_same_words() -> None:
    from deidkit.redact.surrogates.names import NameTable

    once, twice = NameTable(), NameTable()
    for name in ("John A. Smith", "Smith, Mary", "Dr. O'Brien"):
        words = once.observe(name)
        assert twice.observe(name) == words == twice.observe(name)
    assert (once.forbidden, once.partners) == (twice.forbidden, twice.partners)
    assert once.observe("John Smith") == ("john", "smith")


def test_names_replaced_unobserved_are_those_of_observed_names() -> None:
    values = ["John Smith", "J. Smith", "Mary-Ann Lee", "SMITH, JOHN A.", "smith"]
    unobserved = generator()
    assert [unobserved.replace(v, "PATIENT", "p1") for v in values] == replace_all(values)
