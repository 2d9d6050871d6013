"""Small closed word lists the surrogates need (English and Spanish), written for deidkit."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


TITLES = _words(
    """
    brother capt dn doctor don doña dr dra dña father fr miss mr mrs ms mx nurse prof
    professor rev señor señora señorita sgt sister sr sra srta
    """
)
"""Titles and forms of address that stay in place (English and Spanish)."""

NAME_SUFFIXES = _words(
    """
    cnm crna dds dmd do ii iii iv jr lpn md mph np pa pharmd phd rn sr
    """
)
"""Name suffixes and degrees that stay in place."""

PARTICLES = _words(
    """
    da de del den der di du e la las le los san santa st van von y
    """
)
"""Name and place particles that stay in place."""

KINSHIP = _words(
    """
    abuela abuelo abuelos amiga amigo aunt boyfriend brother child children cousin cuñada
    cuñado dad daughter esposa esposo familia familiares family father fiance fiancee friend
    friends girlfriend granddaughter grandfather grandmother grandson guardian hermana
    hermanas hermano hermanos hija hijas hijo hijos husband in-law kids madre mama mamá marido
    materna maternal materno mom mother mujer mum nephew niece nieta nieto nietos novia novio
    nuera padre padres papa papá pareja parent parents partner paterna paternal paterno prima
    primo primos sibling siblings sister sobrina sobrino son spouse stepdaughter stepfather
    stepmother stepson suegra suegro tia tio tios tía tío tíos uncle wife yerno
    """
)
"""Kinship words: a relative named by relation ("madre") is not a name."""

STREET_WORDS = _words(
    """
    alameda apartment apt av avda ave avenida avenue bajo bldg blvd boulevard box building c
    calle callejón camino carretera cir circle county court ct ctra cuesta dcha de del derecha
    dr drive e e. east el esc escalera fl floor glorieta highway hwy izda izq izquierda km la
    lane las ln los n n. ne no north num numero nw nº número of p.o. parkway pasaje paseo piso
    pkwy pl place planta plaza po portal puerta pza rambla rd road ronda route rte rural s s.
    s/n se sn south sq square st state ste street suite sw ter terrace the trail travesia
    travesía trl unit urb urbanización via vía w w. way west y
    """
)
"""Street types, directions and unit words that stay in place."""

FACILITY_WORDS = _words(
    """
    academy affairs agency ambulatorio and associates at bank behavioral cancer cardiac
    cardiology care ccu center center's centre centro children's childrens church clinic
    clinica clinico clinics clínica clínico co co. colegio college community company complejo
    consultorio corp corp. county de del delivery department dept ear ed el emergency empresa
    er escuela eye facultad floor for foundation fundacion fundación general group grupo
    health healthcare heart home hospice hospital hospitalaria hospitalario hospitals icu inc
    inc. infantil infirmary institute instituto intensive la labor las library llc los ltd
    maternidad maternity materno medical memorial mental micu museum mutua nicu nursing of
    office oncology pacu partners pediatric pediatrics picu planta policlinico policlínico
    psychiatric radiology regional rehab rehabilitation residencia s.a s.a. s.l s.l. saint
    salud sanatorio school service services servicio sicu sociedad society st. surgery
    surgery's surgical system the unidad unit units universidad universitaria universitario
    university va veterans ward women's womens y
    """
)
"""Generic words of hospital, organisation and ward names that stay."""

WEEKDAYS = _words(
    """
    dom domingo fri friday jue jueves lun lunes martes mie miercoles mié miércoles mon monday
    sabado sat saturday sun sunday sáb sábado thu thur thurs thursday tue tues tuesday vie
    viernes wed wednesday
    """
)
"""Weekday names and abbreviations (English and Spanish)."""

DATE_CONNECTORS = _words(
    """
    a al and ano at año de del dia día el en hasta in la las los mes nd of on rd st t th the
    through to until y z
    """
)
"""Words that may sit inside a date ("14th of March", "14 de marzo")."""

FREE_MAIL = _words(
    """
    aol.com gmail.com gmail.es hotmail.com hotmail.es icloud.com live.com msn.com outlook.com
    outlook.es telefonica.net terra.es ya.com yahoo.com yahoo.es
    """
)
"""Large free mail providers: a domain that says nothing about the person."""

RELATION_WORDS = _words(
    """
    a an and de del el her his la las los mi mis my nuestra nuestro our su sus the their tu
    y your
    """
)
"""Function words that go with a kinship word ("su hija", "his wife") and are no name."""

ROLE_WORDS = _words(
    """
    patient pt pte paciente attending resident physician médico medico médica medica
    enfermera enfermero surgeon cirujano cirujana
    """
)
"""Role nouns a detector may take into a name span ("Patient John Smith"): kept, any case."""

RELATIVE_DAYS = _words(
    """
    today tonight yesterday tomorrow overnight now morning afternoon evening night noon
    midnight last next this week weekend
    hoy ayer anoche mañana anteayer pasado noche tarde mediodía madrugada semana próxima
    pasada esta este fin
    """
)
"""Relative day words: a DATE made only of these (and weekdays) is kept."""
