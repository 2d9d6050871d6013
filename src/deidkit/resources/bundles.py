"""Optional bundles: useful word lists that deidkit does not ship (GPL or large).

A bundle is read from where its own installer puts it; deidkit never copies it into the
package. ``deidkit resources list`` shows each bundle with its license and whether it is
installed; ``entries(name)`` / ``lexicon(name)`` read it like a shipped list, or raise a
ResourceError that says how to install it.

The search path of a bundle can be overridden with the environment variable named in its
``env`` field (a file path), e.g. ``DEIDKIT_HUNSPELL_EN_MED=/opt/dict/en_med_glut.dic``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from deidkit.errors import ResourceError
from deidkit.resources.catalogue import ResourceInfo


def read_hunspell_dic(path: Path) -> tuple[str, ...]:
    """The words of a hunspell ``.dic`` file, affix flags stripped, in file order.

    The first line (the word count) and comment lines (starting with white space, ``#`` or
    ``/``) are skipped. Affix flags (``catheterize/GD``) are removed without expanding them:
    only the base forms are returned.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = path.read_text(encoding="latin-1")
    except OSError as error:
        raise ResourceError(f"{path}: cannot read dictionary ({error.strerror})") from None
    words: list[str] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines()):
        if number == 0 and line.strip().isdigit():
            continue
        if not line.strip() or line[0] in " \t#/":
            continue
        word = line.split("/", 1)[0].strip() if "/" in line[1:] else line.strip()
        if word and word not in seen:
            seen.add(word)
            words.append(word)
    if not words:
        raise ResourceError(f"{path}: no words found; is this a hunspell .dic file?")
    return tuple(words)


@dataclass(frozen=True, slots=True)
class OptionalBundle:
    """A word list the user installs separately; read in place, never copied."""

    name: str
    lang: str
    description: str
    license: str
    url: str
    install: str
    env: str
    candidates: tuple[Path, ...]
    reader: Callable[[Path], tuple[str, ...]]

    def path(self) -> Path | None:
        """Where the bundle is installed, or None."""
        override = os.environ.get(self.env)
        if override:
            return Path(override)
        for candidate in self.candidates:
            if candidate.is_file():
                return candidate
        return None

    def installed(self) -> bool:
        found = self.path()
        return found is not None and found.is_file()

    def load(self) -> tuple[str, ...]:
        found = self.path()
        if found is None or not found.is_file():
            where = str(found) if found is not None else ", ".join(map(str, self.candidates))
            raise ResourceError(
                f"optional resource {self.name!r} ({self.license}) is not installed (looked "
                f"at {where}); install it with: {self.install} (or set {self.env} to the file)"
            )
        return self.reader(found)

    def info(self) -> ResourceInfo:
        found = self.path()
        status = f"installed at {found}" if found is not None and found.is_file() else (
            f"not installed; install with: {self.install}"
        )
        return ResourceInfo(
            name=self.name,
            lang=self.lang,
            kind="optional",
            description=self.description,
            columns=("word",),
            count=len(self.load()) if self.installed() else 0,
            source=self.description,
            license=self.license,
            url=self.url,
            notes=f"Optional bundle, never copied into deidkit; {status}.",
            build="-",
            file=str(found) if found is not None else None,
        )


HUNSPELL_EN_MED = OptionalBundle(
    name="hunspell_en_med",
    lang="en",
    description=(
        "English medical spelling dictionary (OpenMedSpel + MTH-Med-Spel-Chek, "
        "hunspell-en-med-glut 20140410): drug names, anatomy, diseases, procedures"
    ),
    license="GPL-3.0-or-later",
    url="https://github.com/Glutanimate/hunspell-en-med-glut",
    install="apt-get install hunspell-en-med",
    env="DEIDKIT_HUNSPELL_EN_MED",
    candidates=(
        Path("/usr/share/hunspell/en_med_glut.dic"),
        Path("/usr/share/myspell/dicts/en_med_glut.dic"),
        Path("/usr/local/share/hunspell/en_med_glut.dic"),
    ),
    reader=read_hunspell_dic,
)

BUNDLES: dict[str, OptionalBundle] = {bundle.name: bundle for bundle in (HUNSPELL_EN_MED,)}
"""Every optional bundle by name (explicit registry)."""
