"""How Spanish writes dates: month, season and weekday names, holidays, date words."""

from __future__ import annotations

from deidkit.lang.base import DateWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


DATES = DateWords(
    months=(
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
    month_abbreviations=_split("ene feb mar abr may jun jul ago sep oct nov dic"),
    other_month_names={"sept": 9, "set": 9, "setiembre": 9},
    seasons=("invierno", "primavera", "verano", "otoño"),
    season_aliases={"otono": 3},
    holidays=(
        "Nochebuena",
        "Nochevieja",
        "Navidad",
        "Año Nuevo",
        "Semana Santa",
        "Reyes",
        "Día de Reyes",
        "Viernes Santo",
        "Jueves Santo",
        "Domingo de Resurrección",
        "Pascua",
        "San Juan",
        "Todos los Santos",
        "Día de la Hispanidad",
        "Sanfermines",
    ),
    weekdays=_words(
        """
        dom domingo jue jueves lun lunes martes mie miercoles mié miércoles sabado sáb sábado
        vie viernes
        """
    ),
    relative_days=_words(
        """
        hoy ayer anoche mañana anteayer pasado noche tarde mediodía madrugada semana próxima
        pasada esta este fin
        """
    ),
    connectors=_words("a al ano año de del dia día el en hasta la las los mes y"),
    range_words=("al", "hasta", "y", "a"),
    ordinal_suffixes=("º", "°", "ª"),
    ordinal=None,  # one mark for every day
    zero_padded=True,
)
