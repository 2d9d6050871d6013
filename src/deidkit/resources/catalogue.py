"""The catalogue of shipped resources: what each list is, where it comes from, its license.

``catalogue.json`` (next to this module) is written by ``scripts/resources/build_all.py``
together with the data files and ``PROVENANCE.md``; this module only reads it.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from deidkit.errors import ResourceError

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
CATALOGUE_FILE = PACKAGE_DIR / "catalogue.json"
CATALOGUE_VERSION = 1


@dataclass(frozen=True, slots=True)
class ResourceInfo:
    """What a resource is and where it comes from.

    ``kind`` is ``list`` (a dictionary), ``frequency`` (a token frequency table) or
    ``optional`` (a bundle the user installs separately; see ``deidkit.resources.bundles``).
    ``columns`` names the columns of ``rows(name)``; the first column is the entry.
    ``count`` is the number of distinct entries (``len(entries(name))``).
    """

    name: str
    lang: str
    kind: str
    description: str
    columns: tuple[str, ...]
    count: int
    source: str
    license: str
    url: str
    notes: str
    build: str
    file: str | None = None

    @property
    def optional(self) -> bool:
        return self.kind == "optional"

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "lang": self.lang,
            "kind": self.kind,
            "description": self.description,
            "columns": list(self.columns),
            "count": self.count,
            "source": self.source,
            "license": self.license,
            "url": self.url,
            "notes": self.notes,
            "build": self.build,
            "file": self.file,
        }


@functools.cache
def shipped() -> dict[str, ResourceInfo]:
    """Every shipped resource by name, in catalogue order."""
    try:
        raw = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ResourceError(
            f"{CATALOGUE_FILE}: resource catalogue missing; reinstall deidkit "
            "(maintainers: python scripts/resources/build_all.py)"
        ) from None
    except (OSError, ValueError) as error:
        raise ResourceError(
            f"{CATALOGUE_FILE}: resource catalogue unreadable ({error}); reinstall deidkit"
        ) from None
    if raw.get("version") != CATALOGUE_VERSION:
        raise ResourceError(
            f"{CATALOGUE_FILE}: catalogue version {raw.get('version')!r}, expected "
            f"{CATALOGUE_VERSION}; reinstall deidkit"
        )
    resources: dict[str, ResourceInfo] = {}
    for name, entry in raw["resources"].items():
        resources[name] = ResourceInfo(
            name=name,
            lang=entry["lang"],
            kind=entry["kind"],
            description=entry["description"],
            columns=tuple(entry["columns"]),
            count=int(entry["count"]),
            source=entry["source"],
            license=entry["license"],
            url=entry["url"],
            notes=entry["notes"],
            build=entry["build"],
            file=entry["file"],
        )
    return resources
