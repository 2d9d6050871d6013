from deidkit import labels
from deidkit.labels import LABELS, Category, Hipaa


def test_every_corpus_label_maps_to_a_canonical_label() -> None:
    for table in labels.SCHEMES.values():
        assert set(table.values()) <= set(LABELS)
    assert set(labels.I2B2_2014.values()) <= set(LABELS)


def test_issue_labels_exist_and_categories_cover_all_groups() -> None:
    required = [
        "PATIENT",
        "DOCTOR",
        "RELATIVE",
        "USERNAME",
        "PROFESSION",
        "HOSPITAL",
        "ORGANIZATION",
        "DEPARTMENT",
        "ROOM",
        "STREET",
        "CITY",
        "STATE",
        "ZIP",
        "COUNTRY",
        "LOCATION_OTHER",
        "AGE",
        "DATE",
        "PHONE",
        "FAX",
        "EMAIL",
        "URL",
        "IPADDR",
        "SSN",
        "MEDICALRECORD",
        "HEALTHPLAN",
        "ACCOUNT",
        "LICENSE",
        "VEHICLE",
        "DEVICE",
        "IDNUM",
    ]
    assert set(required) <= set(LABELS)
    assert {info.category for info in LABELS.values()} == set(Category)


def test_hipaa_identifiers_are_eighteen_and_mapped() -> None:
    assert len(Hipaa) == 18
    assert labels.hipaa_of("SSN") is Hipaa.SSN
    assert labels.hipaa_of("STATE") is None
    assert labels.labels_in(Category.CONTACT) == ("PHONE", "FAX", "EMAIL", "URL", "IPADDR")


def test_to_canonical_across_schemes() -> None:
    assert labels.to_canonical("FECHAS") == "DATE"
    assert labels.to_canonical("PTNameInitial") == "PATIENT"
    assert labels.to_canonical("LOCATION-OTHER") == "LOCATION_OTHER"
    assert labels.to_canonical("ID") == "IDNUM"
    assert labels.to_canonical("nonsense") is None
    assert labels.i2b2_2014_pair("MEDICALRECORD") == ("ID", "MEDICALRECORD")
    assert labels.inverse(labels.MEDDOCAN)["HOSPITAL"] == "HOSPITAL"


def test_every_label_has_an_i2b2_2014_pair_that_reads_back() -> None:
    for label in LABELS:
        pair = labels.i2b2_2014_pair(label)
        expected = "PATIENT" if label == "RELATIVE" else label
        assert labels.I2B2_2014[pair] == expected
