"""Spanish data for the rules detector (:class:`deidkit.lang.rules.RuleLanguage`).

Spanish notes also use the US census name lists (common among Spanish surnames) and the
English medical words.
"""

from __future__ import annotations

from deidkit.lang.rules import RuleLanguage

RULES = RuleLanguage(
    first_names=("es_first_names", "first_names"),
    last_names=("es_last_names", "last_names"),
    common_words=("es_common_words",),
    medical_words=("medical_words",),
    cities=("es_municipalities",),
    regions=("es_provinces", "es_autonomous_communities"),
    countries=("es_countries",),
    hospitals=(),
    not_names=("es_weekdays", "es_months", "es_nationalities", "weekdays", "months",
               "nationalities"),
    street_types=("es_street_types",),
    street_suffixes=(),
    address_units=("es_address_units",),
    state_codes=None,
    credentials=("name_suffixes", "credential"),
    titles=("es_titles",),
    extra_titles={
        "dr": "professional", "dra": "professional", "doctor": "professional",
        "doctora": "professional", "sr": "courtesy", "sra": "courtesy", "srta": "courtesy",
        "don": "courtesy", "doña": "courtesy", "dña": "courtesy",
    },
    name_indicators=("es_name_indicators",),
    extra_name_indicators=(
        ("hijo", "family"), ("hija", "family"), ("esposo", "family"), ("esposa", "family"),
        ("marido", "family"), ("mujer", "family"), ("madre", "family"), ("padre", "family"),
        ("hermano", "family"), ("hermana", "family"), ("abuelo", "family"),
        ("abuela", "family"), ("tío", "family"), ("tía", "family"), ("nieto", "family"),
        ("nieta", "family"), ("pareja", "family"), ("tutor", "contact"),
        ("tutora", "contact"), ("médico", "care_team"), ("enfermera", "care_team"),
        ("enfermero", "care_team"), ("atendido por", "care_team"),
        ("remitido por", "care_team"), ("firmado por", "care_team"),
    ),
    location_indicators=("es_location_indicators",),
    extra_location_indicators=(
        ("vive en", "residence"), ("reside en", "residence"), ("natural de", "origin"),
        ("procedente de", "origin"), ("nacido en", "origin"), ("nacida en", "origin"),
        ("trasladado a", "transfer"), ("trasladada a", "transfer"),
        ("derivado a", "transfer"), ("derivada a", "transfer"),
        ("derivado desde", "transfer"), ("derivada desde", "transfer"),
    ),
    too_general_place_cues=frozenset({"de", "desde", "en"}),
    hospital_indicators=("es_hospital_indicators",),
    fields={
        "nombre": ("PATIENT", "names"),
        "apellidos": ("PATIENT", "names"),
        "paciente": ("PATIENT", "names"),
        "médico": ("DOCTOR", "names"),
        "medico": ("DOCTOR", "names"),
        "domicilio": ("STREET", "clause"),
        "dirección": ("STREET", "clause"),
        "localidad": ("LOCATION_OTHER", "clause"),
        "provincia": ("LOCATION_OTHER", "clause"),
        "municipio": ("LOCATION_OTHER", "clause"),
        "localidad / provincia": ("LOCATION_OTHER", "clause"),
        "país": ("COUNTRY", "clause"),
        "pais": ("COUNTRY", "clause"),
        "hospital": ("HOSPITAL", "clause"),
        "centro": ("HOSPITAL", "clause"),
        "sexo": ("SEX", "clause"),
        "profesión": ("PROFESSION", "clause"),
        "remitido por": ("DOCTOR", "names"),
        "responsable clínico": ("DOCTOR", "names"),
        "responsable clinico": ("DOCTOR", "names"),
        "firmado por": ("DOCTOR", "names"),
    },
    hospital_name_first=False,
    hospital_cues=frozenset(),
    wordlike_state_codes=frozenset(),
    eponym_heads=frozenset(
        str.split(
            """enfermedad síndrome signo prueba sonda grado escala tinción técnica maniobra
        clasificación estadio índice criterios operación intervención método linfoma sarcoma
        carcinoma quiste fractura reflejo cirugía procedimiento abordaje incisión puntuación
        bloqueo catéter prótesis úlcera hernia tumor"""
        )
    ),
    link_words=frozenset({"de", "del", "la", "las", "los", "el", "y"}),
    cue_fillers=frozenset({"es", "se", "llama", "por"}),
    articles=frozenset({"el", "la", "los"}),
)
