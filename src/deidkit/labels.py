"""The canonical PHI label scheme, its coarse categories, HIPAA mapping and corpus label tables.

Fine labels follow the i2b2 2014 de-identification guidelines (with ``LOCATION-OTHER`` spelled
``LOCATION_OTHER``), plus ``RELATIVE`` (i2b2 2006, PhysioNet, MEDDOCAN), ``SEX`` (MEDDOCAN)
and ``OTHER`` (PhysioNet "Other", MEDDOCAN "OTROS_SUJETO_ASISTENCIA").

Every reader maps a corpus's own label to a canonical one and keeps the original on the
span (``Span.source_label``) so that writing back to the same scheme is lossless.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Category(StrEnum):
    """Coarse PHI categories (i2b2 2014 top level, plus OTHER)."""

    NAME = "NAME"
    PROFESSION = "PROFESSION"
    LOCATION = "LOCATION"
    AGE = "AGE"
    DATE = "DATE"
    CONTACT = "CONTACT"
    ID = "ID"
    OTHER = "OTHER"


class Hipaa(StrEnum):
    """The 18 identifiers of the HIPAA Safe Harbor method, 45 CFR 164.514(b)(2)(i)."""

    NAMES = "A_names"
    GEOGRAPHIC = "B_geographic_subdivisions"
    DATES = "C_dates_and_ages_over_89"
    PHONE = "D_telephone_numbers"
    FAX = "E_fax_numbers"
    EMAIL = "F_email_addresses"
    SSN = "G_social_security_numbers"
    MEDICAL_RECORD = "H_medical_record_numbers"
    HEALTH_PLAN = "I_health_plan_beneficiary_numbers"
    ACCOUNT = "J_account_numbers"
    LICENSE = "K_certificate_license_numbers"
    VEHICLE = "L_vehicle_identifiers"
    DEVICE = "M_device_identifiers"
    URL = "N_web_urls"
    IP = "O_ip_addresses"
    BIOMETRIC = "P_biometric_identifiers"
    PHOTO = "Q_full_face_photographs"
    OTHER_ID = "R_other_unique_identifiers"


@dataclass(frozen=True, slots=True)
class LabelInfo:
    """A canonical fine label: its category and the HIPAA identifier it falls under (if any)."""

    name: str
    category: Category
    hipaa: Hipaa | None
    description: str


_C, _H = Category, Hipaa
_LABEL_ROWS: tuple[LabelInfo, ...] = (
    LabelInfo("PATIENT", _C.NAME, _H.NAMES, "patient name, initials included"),
    LabelInfo("DOCTOR", _C.NAME, _H.NAMES, "clinician or other care-giver name"),
    LabelInfo("RELATIVE", _C.NAME, _H.NAMES, "name of a relative, proxy or household member"),
    LabelInfo("USERNAME", _C.NAME, _H.NAMES, "user name or login"),
    LabelInfo("PROFESSION", _C.PROFESSION, None, "occupation (quasi-identifier)"),
    LabelInfo("HOSPITAL", _C.LOCATION, _H.GEOGRAPHIC, "hospital, clinic or health centre"),
    LabelInfo("ORGANIZATION", _C.LOCATION, _H.GEOGRAPHIC, "employer, school, institution"),
    LabelInfo("DEPARTMENT", _C.LOCATION, _H.GEOGRAPHIC, "ward, unit or department name"),
    LabelInfo("ROOM", _C.LOCATION, _H.GEOGRAPHIC, "room or bed number"),
    LabelInfo("STREET", _C.LOCATION, _H.GEOGRAPHIC, "street address"),
    LabelInfo("CITY", _C.LOCATION, _H.GEOGRAPHIC, "city, town or county"),
    LabelInfo("STATE", _C.LOCATION, None, "state or province (Safe Harbor keeps states)"),
    LabelInfo("ZIP", _C.LOCATION, _H.GEOGRAPHIC, "postal code"),
    LabelInfo("COUNTRY", _C.LOCATION, None, "country"),
    LabelInfo("LOCATION_OTHER", _C.LOCATION, _H.GEOGRAPHIC, "any other place"),
    LabelInfo("AGE", _C.AGE, _H.DATES, "age (Safe Harbor: ages over 89)"),
    LabelInfo("DATE", _C.DATE, _H.DATES, "date, time, holiday, season, year"),
    LabelInfo("PHONE", _C.CONTACT, _H.PHONE, "telephone or pager number"),
    LabelInfo("FAX", _C.CONTACT, _H.FAX, "fax number"),
    LabelInfo("EMAIL", _C.CONTACT, _H.EMAIL, "e-mail address"),
    LabelInfo("URL", _C.CONTACT, _H.URL, "web address"),
    LabelInfo("IPADDR", _C.CONTACT, _H.IP, "IP address"),
    LabelInfo("SSN", _C.ID, _H.SSN, "social security number"),
    LabelInfo("MEDICALRECORD", _C.ID, _H.MEDICAL_RECORD, "medical record number"),
    LabelInfo("HEALTHPLAN", _C.ID, _H.HEALTH_PLAN, "health plan or insurance number"),
    LabelInfo("ACCOUNT", _C.ID, _H.ACCOUNT, "account number"),
    LabelInfo("LICENSE", _C.ID, _H.LICENSE, "certificate or licence number"),
    LabelInfo("VEHICLE", _C.ID, _H.VEHICLE, "vehicle identifier or plate"),
    LabelInfo("DEVICE", _C.ID, _H.DEVICE, "device identifier or serial number"),
    LabelInfo("BIOID", _C.ID, _H.BIOMETRIC, "biometric identifier"),
    LabelInfo("IDNUM", _C.ID, _H.OTHER_ID, "any other identifying number or code"),
    LabelInfo("SEX", _C.OTHER, None, "sex or gender of the patient (MEDDOCAN)"),
    LabelInfo("OTHER", _C.OTHER, _H.OTHER_ID, "other identifying information"),
)

LABELS: dict[str, LabelInfo] = {row.name: row for row in _LABEL_ROWS}
"""Canonical fine labels by name, in a stable order."""

LABEL_NAMES: tuple[str, ...] = tuple(LABELS)


def is_label(name: str) -> bool:
    """True if ``name`` is a canonical fine label."""
    return name in LABELS


def category_of(label: str) -> Category:
    """The coarse category of a canonical fine label."""
    return LABELS[label].category


def hipaa_of(label: str) -> Hipaa | None:
    """The HIPAA Safe Harbor identifier a canonical label falls under, if any."""
    return LABELS[label].hipaa


def labels_in(category: Category) -> tuple[str, ...]:
    """All fine labels of one coarse category."""
    return tuple(name for name, info in LABELS.items() if info.category is category)


# --- corpus label tables: corpus label -> canonical label -----------------------------------

I2B2_2006: dict[str, str] = {
    "PATIENT": "PATIENT",
    "DOCTOR": "DOCTOR",
    "HOSPITAL": "HOSPITAL",
    "ID": "IDNUM",
    "DATE": "DATE",
    "LOCATION": "LOCATION_OTHER",
    "PHONE": "PHONE",
    "AGE": "AGE",
}

I2B2_2014: dict[tuple[str, str], str] = {
    ("NAME", "PATIENT"): "PATIENT",
    ("NAME", "DOCTOR"): "DOCTOR",
    ("NAME", "USERNAME"): "USERNAME",
    ("PROFESSION", "PROFESSION"): "PROFESSION",
    ("LOCATION", "ROOM"): "ROOM",
    ("LOCATION", "DEPARTMENT"): "DEPARTMENT",
    ("LOCATION", "HOSPITAL"): "HOSPITAL",
    ("LOCATION", "ORGANIZATION"): "ORGANIZATION",
    ("LOCATION", "STREET"): "STREET",
    ("LOCATION", "CITY"): "CITY",
    ("LOCATION", "STATE"): "STATE",
    ("LOCATION", "COUNTRY"): "COUNTRY",
    ("LOCATION", "ZIP"): "ZIP",
    ("LOCATION", "LOCATION-OTHER"): "LOCATION_OTHER",
    ("AGE", "AGE"): "AGE",
    ("DATE", "DATE"): "DATE",
    ("CONTACT", "PHONE"): "PHONE",
    ("CONTACT", "FAX"): "FAX",
    ("CONTACT", "EMAIL"): "EMAIL",
    ("CONTACT", "URL"): "URL",
    ("CONTACT", "IPADDR"): "IPADDR",
    ("ID", "SSN"): "SSN",
    ("ID", "MEDICALRECORD"): "MEDICALRECORD",
    ("ID", "HEALTHPLAN"): "HEALTHPLAN",
    ("ID", "ACCOUNT"): "ACCOUNT",
    ("ID", "LICENSE"): "LICENSE",
    ("ID", "VEHICLE"): "VEHICLE",
    ("ID", "DEVICE"): "DEVICE",
    ("ID", "BIOID"): "BIOID",
    ("ID", "IDNUM"): "IDNUM",
    ("OTHER", "SEX"): "SEX",
    ("OTHER", "OTHER"): "OTHER",
}
"""i2b2 2014 (TAG, TYPE) pairs. The reader also accepts a TYPE alone when it is unambiguous.

The two ``OTHER`` pairs are deidkit's extension for labels i2b2 2014 has no name for (SEX and
OTHER, from MEDDOCAN and PhysioNet), so that they survive a round trip through the format."""

PHYSIONET: dict[str, str] = {
    "PTName": "PATIENT",
    "PTNameInitial": "PATIENT",
    "HCPName": "DOCTOR",
    "RelativeProxyName": "RELATIVE",
    "Location": "LOCATION_OTHER",
    "Date": "DATE",
    "DateYear": "DATE",
    "Phone": "PHONE",
    "Age": "AGE",
    "Other": "OTHER",
}

MEDDOCAN: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PATIENT",
    "NOMBRE_PERSONAL_SANITARIO": "DOCTOR",
    "FAMILIARES_SUJETO_ASISTENCIA": "RELATIVE",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "SEXO_SUJETO_ASISTENCIA": "SEX",
    "FECHAS": "DATE",
    "CALLE": "STREET",
    "TERRITORIO": "LOCATION_OTHER",
    "PAIS": "COUNTRY",
    "HOSPITAL": "HOSPITAL",
    "CENTRO_SALUD": "HOSPITAL",
    "INSTITUCION": "ORGANIZATION",
    "PROFESION": "PROFESSION",
    "CORREO_ELECTRONICO": "EMAIL",
    "NUMERO_TELEFONO": "PHONE",
    "NUMERO_FAX": "FAX",
    "URL_WEB": "URL",
    "DIREC_PROT_INTERNET": "IPADDR",
    "ID_SUJETO_ASISTENCIA": "MEDICALRECORD",
    "ID_ASEGURAMIENTO": "HEALTHPLAN",
    "NUMERO_BENEF_PLAN_SALUD": "HEALTHPLAN",
    "ID_CONTACTO_ASISTENCIAL": "ACCOUNT",
    "ID_TITULACION_PERSONAL_SANITARIO": "LICENSE",
    "ID_EMPLEO_PERSONAL_SANITARIO": "IDNUM",
    "IDENTIF_VEHICULOS_NRSERIE_PRODUCTOS": "VEHICLE",
    "IDENTIF_DISPOSITIVOS_NRSERIE_PRODUCTOS": "DEVICE",
    "IDENTIF_BIOMETRICOS": "BIOID",
    "OTRO_NUMERO_IDENTIF": "IDNUM",
    "OTROS_SUJETO_ASISTENCIA": "OTHER",
}
"""MEDDOCAN's 29 annotation-guideline types (22 occur in the released data)."""

SCHEMES: dict[str, dict[str, str]] = {
    "i2b2-2006": I2B2_2006,
    "physionet": PHYSIONET,
    "meddocan": MEDDOCAN,
}
"""Flat label tables by scheme name; i2b2 2014 uses (TAG, TYPE) pairs, see ``I2B2_2014``."""


def to_canonical(label: str) -> str | None:
    """Map a label from any known scheme (or a canonical one) to the canonical scheme.

    Returns None when the label is unknown. Canonical names win over scheme names.
    """
    if label in LABELS:
        return label
    if label == "LOCATION-OTHER":
        return "LOCATION_OTHER"
    for table in SCHEMES.values():
        if label in table:
            return table[label]
    return None


def i2b2_2014_pair(label: str) -> tuple[str, str]:
    """The i2b2 2014 (TAG, TYPE) pair for a canonical label (best inverse mapping)."""
    for pair, canonical in I2B2_2014.items():
        if canonical == label:
            return pair
    if label == "RELATIVE":
        return ("NAME", "PATIENT")
    raise KeyError(label)


def inverse(table: dict[str, str]) -> dict[str, str]:
    """The first corpus label for each canonical label of a flat scheme table."""
    result: dict[str, str] = {}
    for corpus_label, canonical in table.items():
        result.setdefault(canonical, corpus_label)
    return result


# --- corpus labels a model learns ------------------------------------------------------------

PREFERRED_NAMES: dict[str, dict[str, str]] = {
    "meddocan": {
        "HOSPITAL": "HOSPITAL",
        "HEALTHPLAN": "ID_ASEGURAMIENTO",
        "IDNUM": "OTRO_NUMERO_IDENTIF",
    },
    "physionet": {"PATIENT": "PTName", "DATE": "Date"},
}
"""The scheme label that stands for a canonical label several scheme labels map to (written
for a span that carries none of them); the others are learnt as labels of their own."""


def _shared_names() -> frozenset[str]:
    shared: set[str] = set()
    for name, table in SCHEMES.items():
        groups: dict[str, list[str]] = {}
        for corpus_label, canonical in table.items():
            groups.setdefault(canonical, []).append(corpus_label)
        preferred = PREFERRED_NAMES.get(name, {})
        for canonical, members in groups.items():
            if len(members) > 1:
                keep = preferred.get(canonical, members[0])
                shared.update(member for member in members if member != keep)
    return frozenset(shared)


_SHARED_NAMES = _shared_names()
_KNOWN_FOLDED = frozenset(
    name.casefold()
    for name in (*LABELS, *I2B2_2006, *PHYSIONET, *MEDDOCAN, *(t for _, t in I2B2_2014))
)
TAG_SEPARATOR = "="


def corpus_tag(label: str, source_label: str | None) -> str:
    """The label a statistical detector learns for a span: its canonical label, or
    ``LABEL=CORPUS_LABEL`` when the corpus label is one of several that share the canonical
    label (MEDDOCAN's CENTRO_SALUD beside HOSPITAL) or a label only a user map knows."""
    if source_label is None or source_label == label:
        return label
    bare = source_label.rpartition(":")[2]
    if bare.casefold() not in _KNOWN_FOLDED:
        return f"{label}{TAG_SEPARATOR}{source_label}"
    if bare in _SHARED_NAMES and to_canonical(bare) == label:
        return f"{label}{TAG_SEPARATOR}{bare}"
    return label


def split_corpus_tag(tag: str) -> tuple[str, str | None]:
    """(canonical label, corpus label or None) of a label ``corpus_tag`` made."""
    label, sep, source = tag.partition(TAG_SEPARATOR)
    return (label, source) if sep else (label, None)
