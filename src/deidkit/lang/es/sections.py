"""Spanish section headings: heading words and small words of headings."""

from __future__ import annotations

from deidkit.lang.base import SectionWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


SECTIONS = SectionWords(
    small_words=_words("de del la las los el y en o con al por para"),
    heading_words=_words(
        """
        antecedentes anamnesis exploración exploracion evolución evolucion diagnóstico
        diagnostico diagnósticos diagnosticos tratamiento juicio clínico clinico pruebas
        complementarias enfermedad actual motivo consulta personales familiares comentario
        discusión discusion conclusiones
        """
    ),
    synonyms={},
)
