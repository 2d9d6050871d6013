"""Spanish data for the PHI patterns (``deidkit.patterns``): month names, holidays, cue words."""

from __future__ import annotations

from deidkit.lang.patterns import PatternLanguage, words

PATTERNS = PatternLanguage(
    months=(
        "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
        "noviembre|diciembre|(?:ene|feb|mar|abr|may|jun|jul|ago|sept|sep|oct|nov|dic)\\.?"
    ),
    holidays=r"navidad|nochebuena|nochevieja|semana\s+santa|a[ñn]o\s+nuevo|reyes\s+magos",
    holiday_anchors=("navidad", "nochebuena", "nochevieja", "semana", "año", "reyes"),
    units=words("dosis comprimidos comprimido gotas unidades ui vez veces horas"),
    score_cues=words("sem paresia dolor escala fuerza soplo puntos intensidad"),
    date_cues=words("el del desde hasta fecha día dia ingreso alta nacimiento"),
    strong_date_cues=words("el desde hasta fecha ingreso alta nacimiento"),
    year_cues=words("en desde hasta año del de el entre y"),
    time_cues=words("horas sobre desde hasta"),
    titre_cues=words(
        "positivo positiva negativo negativa proporción dilución título títulos titulo"
    ),
    number_cues=words("nº a las"),
    hour_words=words("horas hs"),
    duration_cues=words("durante hace"),
    short_dates_need_cue=True,
)
