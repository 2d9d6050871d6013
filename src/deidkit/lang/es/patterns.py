"""Spanish data for the PHI patterns (``deidkit.patterns``): month names, holidays, cue words."""

from __future__ import annotations

from deidkit.lang.patterns import CueWords, PatternLanguage, words

_NO = r"n[º°o]\.?"  # nº, n°, no.

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
    cues={
        "vehicle": CueWords(r"matr[ií]cula", ("matrícula", "matricula")),
        "license": CueWords(
            rf"{_NO}\s*(?:de\s+)?col(?:egiado)?\.?|colegiado|lic\.",
            ("nº", "n°", "no", "nºcol", "n°col", "nocol", "nºcolegiado", "colegiado", "lic."),
        ),
        "healthplan": CueWords(
            rf"nass|{_NO}\s*(?:de\s+)?(?:la\s+)?(?:ss|seg(?:uridad)?\.?\s+soc(?:ial)?|"
            r"afiliaci[oó]n)|tarjeta\s+sanitaria|cip|tis",
            ("nass", "nº", "n°", "no", "tarjeta", "cip", "tis"),
        ),
        "account": CueWords(
            rf"{_NO}\s*(?:de\s+)?episodio|episodio", ("nº", "n°", "no", "episodio")
        ),
        "mrn": CueWords(
            rf"nhc|n\.\s?h\.\s?c\.|historia\s+cl[ií]nica|{_NO}\s*(?:de\s+)?historia"
            r"(?:\s+cl[ií]nica)?",
            ("nhc", "n.", "historia", "nº", "n°", "no"),
        ),
        "device": CueWords(rf"{_NO}\s*(?:de\s+)?serie", ("nº", "n°", "no")),
        "other_id": CueWords(r"dni|nif|nie|pasaporte", ("dni", "nif", "nie", "pasaporte")),
        "room": CueWords(
            r"habitaci[oó]n|hab\.|cama|box", ("habitación", "habitacion", "hab.", "cama", "box")
        ),
        "pager": CueWords(r"busca|buscapersonas", ("busca", "buscapersonas")),
        "phone": CueWords(
            r"tel[eé]fono|tfno|telf|m[oó]vil",
            ("teléfono", "telefono", "tfno", "telf", "móvil", "movil"),
        ),
        "zip": CueWords(r"c[oó]digo\s+postal|c\.\s?p\.|cp", ("código", "codigo", "c.", "cp")),
        "age_es": CueWords(r"edad", ("edad",)),
    },
    short_dates_need_cue=True,
)
