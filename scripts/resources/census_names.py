"""US Census 1990 first names (male, female) and surnames, with their frequencies.

Source files: ``dist.male.first``, ``dist.female.first`` and ``dist.all.last`` as shipped in
the ``names`` PyPI package (columns: NAME, percent of people, cumulative percent, rank).
"""

from __future__ import annotations

from pathlib import Path

from common import Built, format_weight, name_case

SCRIPT = "scripts/resources/census_names.py"
NOTES = (
    "Census 1990 name file, ordered by rank; weight = percent of the 1990 US population "
    "{who} with the name, as published (3 decimals: rare names have weight 0). Names were "
    "upper case in the source and are written in name case (JAMES -> James, MCDONALD -> "
    "McDonald)."
)


def _census_dir() -> Path:
    import names

    return Path(names.__file__).resolve().parent


def read_census(path: Path) -> list[tuple[str, float]]:
    """(name, percent) pairs in rank order."""
    pairs = []
    for line in path.read_text(encoding="ascii").splitlines():
        fields = line.split()
        if len(fields) != 4:
            raise SystemExit(f"{path}: unexpected line {line!r}")
        pairs.append((name_case(fields[0]), float(fields[1])))
    return pairs


def build() -> list[Built]:
    folder = _census_dir()
    male = read_census(folder / "dist.male.first")
    female = read_census(folder / "dist.female.first")
    last = read_census(folder / "dist.all.last")
    combined = [(name, "M", weight) for name, weight in male]
    combined += [(name, "F", weight) for name, weight in female]
    # Most frequent first; a name used by both genders has one row per gender.
    combined.sort(key=lambda item: (-item[2], item[0], item[1]))
    return [
        Built(
            "first_names_male", "en", "US male first names with frequencies (Census 1990)",
            ("name", "weight"), [(n, format_weight(w)) for n, w in male], "census1990",
            NOTES.format(who="(males)"), SCRIPT,
        ),
        Built(
            "first_names_female", "en", "US female first names with frequencies (Census 1990)",
            ("name", "weight"), [(n, format_weight(w)) for n, w in female], "census1990",
            NOTES.format(who="(females)"), SCRIPT,
        ),
        Built(
            "first_names", "en",
            "US first names of both genders with gender (M/F) and frequency (Census 1990)",
            ("name", "gender", "weight"),
            [(n, g, format_weight(w)) for n, g, w in combined], "census1990",
            NOTES.format(who="of that gender")
            + " One row per (name, gender); rows of both lists merged by weight.",
            SCRIPT,
        ),
        Built(
            "last_names", "en", "US surnames with frequencies (Census 1990, 88,799 names)",
            ("name", "weight"), [(n, format_weight(w)) for n, w in last], "census1990",
            NOTES.format(who=""), SCRIPT,
        ),
    ]
