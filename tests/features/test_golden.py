"""Feature output is frozen: crafted English and Spanish notes give exactly the stored dicts.

Trained models (the shipped ``es`` CRF, models users trained) re-extract features with the
config they were saved with; a change in what a config emits silently changes their
predictions. ``data/golden_features.json`` holds the per-token feature dicts (keys in order,
values exact) of the documents below under several configs, generated before the extractor
was optimised. A speed-up must leave them identical.

When a feature change is intended (and the shipped models are retrained with it), rewrite
the file and say so in the commit:

    .venv/bin/python tests/features/test_golden.py --regenerate
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from deidkit.features import FeatureConfig, FeatureExtractor
from deidkit.text import tokenize

GOLDEN = Path(__file__).parent / "data" / "golden_features.json"

DOCUMENTS: dict[str, str] = {
    "en_note": (
        "HISTORY OF PRESENT ILLNESS: Mr. John Foley is a 92 y/o man seen by Dr. Foley on\n"
        "3/14/2012 (MRN: 4412873) for a hip fracture. A Foley catheter was placed on Jan 5, "
        "2010 at 10:30 pm.\nHe lives in New York, NY 10023 with his daughter Mary; call "
        "(617) 555-1234 or e-mail jfoley@example.org. SSN 123-45-6789, IP 10.0.0.12.\n"
        "BP 132/84, HR 80, pain 7/10, 2/6 murmur. Visit www.mgh.harvard.edu on 5-22.\n\n"
        "MEDICATIONS\naspirin 81 mg p.o. daily; Lasix 40mg IV x3. Seen 3/2011, in 1998, "
        "1970s. St. Mary's Hospital, Boston, MA 02115-1234. Room 27, Bed A14.\n"
        "Foley Foley foley FOLEY. naïve café — “quoted” ½ µg Zürich 2nd-3rd C4-C5 +5 -3.5 50%\n"
    ),
    "en_short": "Dr. Smith",
    "en_one_token": "Boston",
    "en_blank": "   \n\t ",
    "es_note": (
        "Datos del paciente.\nNombre: María José García López.\nDNI: 12345678Z.\n"
        "Domicilio: Calle Mayor 5, 3º B.\nLocalidad/ Provincia: Alcalá de Henares, Madrid.\n"
        "CP: 28036 Madrid (España).\nFecha de nacimiento: 03/05/1950.\nPaís: España.\n"
        "Edad: 92 años Sexo: H\nNHC: 368503.\nNASS: 26 63514095.\n"
        "Fecha de Ingreso: 3 de marzo de 2016.\nMédico: Dr. Juan Pérez Sánchez. "
        "NºCol: 28 28 70973.\nInforme clínico del paciente: varón de 92 años remitido al "
        "Hospital Universitario La Paz el 3-III-2016 por dolor 4/5; su hija Ana vive en "
        "Sevilla. Correo electrónico: jperez@salud.madrid.org. Teléfono: 912 345 678. "
        "Diciembre-2002, año 2004, a las 10:30 horas.\n"
        "Remitido por: Dra. Ana Martínez Ruiz\nHospital Clínico San Carlos\n"
        "C/ Profesor Martín Lagos s/n\n28040 Madrid\n"
    ),
    "es_short": "Sra. Núñez",
}

CONFIGS: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "en_default": ({}, ("en_note", "en_short", "en_one_token", "en_blank")),
    "en_variant": (
        {"window": 2, "affix_max": 5, "length_cap": 6, "fold_digits": False, "lemma": True,
         "pos_window": 2},
        ("en_note",),
    ),
    "en_no_context": ({"window": 0}, ("en_short",)),
    "en_word_only": ({"classes": ["word"]}, ("en_note",)),
    "en_nothing": ({"classes": []}, ("en_note",)),
    "es_default": ({"language": "es"}, ("es_short", "en_blank")),
    "es_shipped": ({"language": "es", "window": 3}, ("es_note", "es_short", "en_note")),
    "es_window_1": ({"language": "es", "window": 1}, ("es_short",)),
}
"""Config name -> (``FeatureConfig`` settings, documents); ``es_shipped`` is the config of
the shipped ``es`` model."""


_EXTRACTORS: dict[str, FeatureExtractor] = {}


def _extractor(config: str) -> FeatureExtractor:
    if config not in _EXTRACTORS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _EXTRACTORS[config] = FeatureExtractor(FeatureConfig.from_dict(CONFIGS[config][0]))
    return _EXTRACTORS[config]


def _as_pairs(items: list[dict[str, Any]]) -> list[list[list[Any]]]:
    return [[[key, value] for key, value in item.items()] for item in items]


def extract(config: str, document: str, *, fresh: bool) -> list[list[list[Any]]]:
    """Per-token [key, value] pairs of one document under one config."""
    extractor = _extractor(config)
    if fresh:
        extractor.clear_caches()
    text = DOCUMENTS[document]
    return _as_pairs(extractor.token_features(text, tokenize(text)))


def regenerate() -> None:
    golden: dict[str, Any] = {}
    for config, (settings, documents) in CONFIGS.items():
        golden[config] = {
            "settings": settings,
            "documents": {name: extract(config, name, fresh=True) for name in documents},
        }
    lines = ["{"]
    for number, (config, entry) in enumerate(golden.items()):
        lines.append(f"{json.dumps(config)}: {{\"settings\": "
                     f"{json.dumps(entry['settings'], sort_keys=True)}, \"documents\": {{")
        for index, (name, tokens) in enumerate(entry["documents"].items()):
            lines.append(f"{json.dumps(name)}: [")
            rows = [json.dumps(token, ensure_ascii=False) for token in tokens]
            lines.append(",\n".join(rows))
            lines.append("]" + ("," if index < len(entry["documents"]) - 1 else ""))
        lines.append("}}" + ("," if number < len(golden) - 1 else ""))
    lines.append("}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_golden_file_covers_every_case(golden) -> None:
    assert set(golden) == set(CONFIGS)
    for config, (settings, documents) in CONFIGS.items():
        assert golden[config]["settings"] == settings
        assert set(golden[config]["documents"]) == set(documents)


@pytest.mark.parametrize(
    ("config", "document"),
    [(config, document) for config, (_, documents) in CONFIGS.items() for document in documents],
)
def test_features_equal_the_golden_file(golden, config: str, document: str) -> None:
    expected = golden[config]["documents"][document]
    text = DOCUMENTS[document]
    assert len(expected) == len(tokenize(text))
    # twice: with empty per-word caches and then with every word cached
    for fresh in (True, False):
        found = extract(config, document, fresh=fresh)
        for index, (got, want) in enumerate(zip(found, expected, strict=True)):
            assert got == want, f"{config}/{document}: token {index} differs"


def test_golden_values_keep_their_types(golden) -> None:
    # JSON keeps str and float apart; a one-hot feature must not turn into a weight
    for entry in golden.values():
        for tokens in entry["documents"].values():
            for token in tokens:
                for key, value in token:
                    assert isinstance(key, str) and isinstance(value, str | float), key


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
        print(f"wrote {GOLDEN}")
    else:
        print(__doc__)
