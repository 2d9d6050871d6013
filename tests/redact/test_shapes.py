"""Identifiers, contacts, places and ages: surrogates of the same kind and shape."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings, ages, ids
from deidkit.redact.surrogates.case import fold
from deidkit.redact.surrogates.pools import pools

KEY = SecretKey(b"shapes-test-key-0123456789")


def one(value: str, label: str, lang: str = "en", **settings: object) -> str:
    gen = SurrogateGenerator(KEY, SurrogateSettings(lang=lang, **settings))  # type: ignore[arg-type]
    gen.observe("p1", label, value)
    return gen.replace(value, label, "p1")


def pattern_of(text: str) -> str:
    return re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", text)))


@settings(max_examples=200, deadline=None)
@given(st.from_regex(r"\A[A-Z]{0,3}[-# ]?\d{3,10}(-\d{1,4})?\Z"))
def test_identifiers_keep_their_pattern_and_change(value: str) -> None:
    new = ids.identifier(value, random.Random(value))
    assert pattern_of(new) == pattern_of(value)
    assert new != value


@pytest.mark.parametrize("label", ["MEDICALRECORD", "ACCOUNT", "HEALTHPLAN", "LICENSE", "DEVICE"])
def test_id_labels_use_same_shape_surrogates(label: str) -> None:
    for value in ("0045-221-B", "MRN 7781234", "28 28 34053"):
        new = one(value, label)
        assert pattern_of(new) == pattern_of(value) and new != value


def test_ssn_keeps_its_separators_and_a_valid_area() -> None:
    new = one("123-45-6789", "SSN")
    assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", new)
    assert new[:3] not in ("000", "666") and new != "123-45-6789"


def test_spanish_dni_gets_a_valid_control_letter() -> None:
    new = one("12345678Z", "IDNUM", lang="es")
    number, letter = int(new[:8]), new[8]
    assert "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23] == letter and new != "12345678Z"


@pytest.mark.parametrize("phone", ["(617) 555-1234", "617-555-1234", "617.555.1234", "6175551234"])
def test_us_phones_keep_shape_and_numbering_plan(phone: str) -> None:
    new = one(phone, "PHONE")
    assert pattern_of(new) == pattern_of(phone) and new != phone
    digits = re.sub(r"\D", "", new)
    assert digits[0] in "23456789" and digits[3] in "23456789"


def test_spanish_phone_keeps_its_first_digit() -> None:
    new = one("914 90 66 60", "PHONE", lang="es")
    assert pattern_of(new) == "999 99 99 99" and new[0] == "9" and new != "914 90 66 60"


def test_emails_urls_and_ips_become_fake_ones_of_the_same_build() -> None:
    email = one("jsmith72@bigcorp.com", "EMAIL")
    assert re.fullmatch(r"[a-z]+\d\d@[a-z]+\.com", email) and "bigcorp" not in email
    free = one("raquel.santesteban@hotmail.com", "EMAIL", lang="es")
    assert re.fullmatch(r"[a-z]+\.[a-z]+@hotmail\.com", free) and "santesteban" not in free
    url = one("https://www.mercyclinic.org/patients/123", "URL")
    assert re.fullmatch(r"https://www\.[a-z]+\.org/[a-z]+/\d{3}", url) and "mercy" not in url
    ip = one("192.168.10.4", "IPADDR")
    assert re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", ip) and ip != "192.168.10.4"


def test_places_are_replaced_by_places_of_the_same_kind() -> None:
    english = pools("en")
    assert fold(one("Boston", "CITY")) in {fold(c) for c in english.cities}
    state = one("Massachusetts", "STATE")
    assert state in english.states and state != "Massachusetts"
    abbr = one("MA", "STATE")
    assert re.fullmatch(r"[A-Z]{2}", abbr) and abbr != "MA"
    assert one("BOSTON", "CITY").isupper()
    zip_code = one("02114", "ZIP")
    assert re.fullmatch(r"\d{5}", zip_code) and zip_code != "02114"
    assert re.fullmatch(r"\d{5}-\d{4}", one("02114-1234", "ZIP"))
    country = one("Canada", "COUNTRY")
    assert country != "Canada" and country in english.countries


def test_streets_keep_number_type_and_units() -> None:
    new = one("221B Baker Street, Apt 4", "STREET")
    assert re.fullmatch(r"\d{3}[A-Z] [A-Z][\w'’ -]* Street, Apt \d", new), new
    assert "Baker" not in new
    spanish = one("C/ Irunlarrea, 3", "STREET", lang="es")
    assert re.fullmatch(r"C/ [A-ZÁÉÍÓÚÑ][\w'’-]*, \d", spanish) and "Irunlarrea" not in spanish


def test_hospitals_get_fictitious_names_with_their_generic_words() -> None:
    new = one("Massachusetts General Hospital", "HOSPITAL")
    assert new.endswith("General Hospital") and "Massachusetts" not in new
    assert fold(new) not in pools("en").real_hospitals
    generic = one("General Hospital", "HOSPITAL")
    assert generic != "General Hospital" and generic.endswith("General Hospital")
    spanish = one("Hospital Universitario La Paz", "HOSPITAL", lang="es")
    assert spanish.startswith("Hospital Universitario La ") and not spanish.endswith(" Paz")


def test_meddocan_territorio_is_a_postal_code_a_province_or_a_city() -> None:
    postal = one("28036", "LOCATION_OTHER", lang="es")
    assert re.fullmatch(r"\d{5}", postal) and 1 <= int(postal[:2]) <= 52 and postal != "28036"
    spanish = pools("es")
    province = one("Barcelona", "LOCATION_OTHER", lang="es")
    assert province in spanish.states and province != "Barcelona"
    region = one("Extremadura", "LOCATION_OTHER", lang="es")
    assert region in spanish.regions and region != "Extremadura"


@pytest.mark.parametrize(
    ("original", "bucket", "surrogate_pattern"),
    [
        ("92", "90+", r"\d{2,3}"),
        ("92 years", "90+ years", r"\d{2,3} years"),
        ("92-year-old", "90+-year-old", r"\d{2,3}-year-old"),
        ("ninety-two", "90+", r"(ninety|one hundred)[\w -]*"),
    ],
)
def test_ages_over_89_become_the_bucket_or_another_age_over_89(
    original: str, bucket: str, surrogate_pattern: str
) -> None:
    assert one(original, "AGE") == bucket
    new = one(original, "AGE", age_policy="surrogate")
    assert re.fullmatch(surrogate_pattern, new) and new != original
    value = ages.age_value(new)
    assert value is not None and value[0] >= 90


@pytest.mark.parametrize("kept", ["45", "89 years", "3 months", "diecisiete años", "Adolescente"])
def test_ages_up_to_89_are_kept(kept: str) -> None:
    assert one(kept, "AGE", lang="es") == kept


def test_spanish_age_words_over_89() -> None:
    assert one("noventa y dos años", "AGE", lang="es") == "90+ años"
    new = one("noventa y dos años", "AGE", lang="es", age_policy="surrogate")
    assert new.endswith(" años") and new.startswith(("noventa", "cien"))


def test_sex_follows_one_coin_per_patient_in_the_original_form() -> None:
    gen = SurrogateGenerator(KEY, SurrogateSettings(lang="es"))
    forms = {gen.replace(word, "SEX", "p9") for word in ("varón", "mujer")}
    assert len(forms) == 1 and forms <= {"varón", "mujer"}
    assert gen.replace("H", "SEX", "p9") in ("H", "M")
    assert gen.replace("Mujer", "SEX", "p9")[0].isupper()


def test_spellings_of_one_place_share_one_surrogate_in_their_own_case() -> None:
    gen = SurrogateGenerator(KEY, SurrogateSettings())
    title = gen.replace("Mercy Hospital", "HOSPITAL", "p1")
    assert gen.replace("MERCY HOSPITAL", "HOSPITAL", "p1") == title.upper()
    assert gen.replace("mercy hospital", "HOSPITAL", "p1") == title.lower()
    upper = gen.replace("BOSTON", "CITY", "p1")
    assert gen.replace("Boston", "CITY", "p1").upper() == upper
