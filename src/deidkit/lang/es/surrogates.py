"""Spanish surrogate data: words that stay, sex words, numbers in words, sample values and
the lists surrogate values are drawn from (written for deidkit)."""

from __future__ import annotations

from deidkit.lang.base import PoolSources, SurrogateWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_UNITS = _split(
    """
    cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince
    dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés
    veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve
    """
)
_TENS = _split("_ _ veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa")


def spell_number(number: int) -> str:
    """0 to 199 in Spanish words ("noventa y uno", "ciento dos")."""
    if number == 100:
        return "cien"
    prefix = "ciento " if number > 100 else ""
    rest = number % 100
    if rest < 30:
        return prefix + _UNITS[rest] if rest or not prefix else prefix.strip()
    tens, units = divmod(rest, 10)
    return prefix + _TENS[tens] + (f" y {_UNITS[units]}" if units else "")


def _number_words() -> dict[str, int]:
    words: dict[str, int] = {}
    for value, word in enumerate(_UNITS):
        words[word] = value
        words[word.replace("é", "e").replace("ó", "o")] = value  # written without accents
    for value, word in enumerate(_TENS[2:], start=2):
        words[word] = value * 10
    return {**words, "un": 1, "una": 1, "cien": 100, "ciento": 100}


SAMPLES: dict[str, str] = {
    "PATIENT": "John Smith",
    "DOCTOR": "Smith",
    "RELATIVE": "Mary",
    "USERNAME": "jsmith",
    "PROFESSION": "teacher",
    "HOSPITAL": "General Hospital",
    "ORGANIZATION": "Acme Corp",
    "DEPARTMENT": "Blake 7",
    "ROOM": "412",
    "STREET": "12 Main Street",
    "CITY": "Springfield",
    "STATE": "Ohio",
    "COUNTRY": "Canada",
    "LOCATION_OTHER": "Springfield",
    "AGE": "45",
    "FAX": "(617) 555-0199",
    "EMAIL": "jsmith@example.com",
    "URL": "www.example.com",
    "IPADDR": "10.0.0.1",
    "SSN": "123-45-6789",
    "MEDICALRECORD": "1234567",
    "HEALTHPLAN": "12 34567890 12",
    "ACCOUNT": "12345678",
    "LICENSE": "12 12 12345",
    "VEHICLE": "1234 ABC",
    "DEVICE": "SN123456",
    "BIOID": "B1234",
    "IDNUM": "123456",
    "OTHER": "other",
    "ZIP": "28036",
    "DATE": "14/03/2012",
    "PHONE": "913 908 121",
    "SEX": "varón",
}
"""Labels -> a value of the label as notes in the language write it: what a re-identifying
placeholder with no original (``SurrogateGenerator.fresh``) is made from. Only its shape
counts (the surrogate comes from the Spanish lists), so names and places stay the English ones."""

SURROGATES = SurrogateWords(
    titles=_words("dn don doña dr dra dña prof señor señora señorita sr sra srta"),
    name_suffixes=frozenset(),
    particles=_words("de del e la las los san santa y"),
    kinship=_words(
        """
        abuela abuelo abuelos amiga amigo cuñada cuñado esposa esposo familia familiares
        hermana hermanas hermano hermanos hija hijas hijo hijos madre mama mamá marido
        materna materno mujer nieta nieto nietos novia novio nuera padre padres papa papá
        pareja paterna paterno prima primo primos sobrina sobrino suegra suegro tia tio tios
        tía tío tíos yerno
        """
    ),
    relation_words=_words("de del el la las los mi mis nuestra nuestro su sus tu y"),
    role_words=_words(
        "pte paciente médico medico médica medica enfermera enfermero cirujano cirujana"
    ),
    street_words=_words(
        """
        alameda av avda avenida bajo c calle callejón camino carretera ctra cuesta dcha de
        del derecha e el esc escalera glorieta izda izq izquierda km la las los n no num
        numero nº número pasaje paseo piso planta plaza portal puerta pza rambla ronda s s/n
        sn travesia travesía urb urbanización via vía y
        """
    ),
    facility_words=_words(
        """
        ambulatorio centro clinica clinico clínica clínico colegio complejo consultorio de
        del el empresa escuela facultad fundacion fundación general grupo hospital
        hospitalaria hospitalario infantil instituto la las los maternidad materno mutua
        planta policlinico policlínico regional residencia s.a s.a. s.l s.l. salud sanatorio
        servicio sociedad unidad universidad universitaria universitario y
        """
    ),
    title_small_words=_words("de del la las los el y e"),
    free_mail=_words("gmail.es hotmail.es outlook.es telefonica.net terra.es ya.com yahoo.es"),
    # Spanish pairs first, then the English ones, which Spanish notes use too ("M", "F")
    sex_words=(
        ("varón", "mujer"),
        ("varon", "mujer"),
        ("hombre", "mujer"),
        ("masculino", "femenino"),
        ("niño", "niña"),
        ("chico", "chica"),
        ("h", "m"),
        ("v", "m"),
        ("macho", "hembra"),
        ("male", "female"),
        ("man", "woman"),
        ("boy", "girl"),
        ("gentleman", "lady"),
        ("m", "f"),
        ("masculine", "feminine"),
    ),
    number_words=_number_words(),
    number_joiners=("y",),
    spell_number=spell_number,
    non_year_units=("meses", "semanas", "días", "dias"),
    samples=SAMPLES,
    first_name_endings={"a": "f", "o": "m"},  # María, Rosario: the usual ending
    phone_keeps_first_digit=True,
    postal_prefixes=52,  # the province: 01 (Álava) to 52 (Melilla)
    pools=PoolSources(
        faker_locale="es_ES",
        faker_world_locale="es",
        city_lists=("municipalities", "cities"),
        city_fallback="states",
        state_list="provinces",
        region_list="autonomous_communities",
        country_list="countries",
        hospital_lists=("hospitals",),
        street_name_list=None,
        faker_street_types="street_prefixes",
        state_abbreviations=False,
    ),
)
