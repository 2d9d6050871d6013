"""The redaction modes: what a PHI span becomes.

``remove`` (a NULL marker, seed 000), ``placeholder`` (``[REMOVED]``, seed 001), ``tag``
(typed tags: ``[**PATIENT**]``, ``<PHI TYPE="DATE"/>``, or any template), ``mask`` (every
character but whitespace replaced, length kept) and ``surrogate`` (realistic replacement,
seed 002; see ``deidkit.redact.surrogates``).
"""

from __future__ import annotations

import string
from typing import Literal

from deidkit.errors import ConfigError
from deidkit.labels import LABELS, category_of, i2b2_2014_pair

Mode = Literal["surrogate", "tag", "placeholder", "remove", "mask"]
MODES: tuple[Mode, ...] = ("surrogate", "tag", "placeholder", "remove", "mask")

TAG_STYLES: dict[str, str] = {
    "brackets": "[**{label}**]",
    "xml": '<PHI TYPE="{label}"/>',
    "angle": "<{label}>",
    "numbered": "[**{label} {n}**]",
}
"""Named tag templates. ``{label}`` is the canonical label, ``{source_label}`` the corpus's
own (or the canonical one), ``{category}`` the coarse category, ``{i2b2}`` the i2b2 2014 type,
``{n}`` the number of the distinct value within its patient and label (1, 2, ...)."""
_FIELDS = frozenset({"label", "source_label", "category", "i2b2", "n"})


def check_mode(mode: str) -> Mode:
    if mode not in MODES:
        raise ConfigError(f"unknown mode {mode!r}; use one of: {', '.join(MODES)}")
    return mode


def tag_template(style_or_template: str) -> str:
    """A tag template from a style name or a template with ``{label}``-style fields."""
    template = TAG_STYLES.get(style_or_template, style_or_template)
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError as error:
        raise ConfigError(f"invalid tag template ({error}); e.g. '[**{{label}}**]'") from None
    unknown = names - _FIELDS
    if unknown:
        raise ConfigError(
            f"unknown field(s) {', '.join(sorted(unknown))} in the tag template; use "
            f"{', '.join('{' + f + '}' for f in sorted(_FIELDS))} or a style: "
            f"{', '.join(TAG_STYLES)}"
        )
    return template


def render_tag(template: str, label: str, source_label: str | None, number: int) -> str:
    if label not in LABELS:
        raise ConfigError(f"unknown label {label!r}")
    return template.format(
        label=label,
        source_label=source_label or label,
        category=category_of(label).value,
        i2b2=i2b2_2014_pair(label)[1],
        n=number,
    )


def mask(text: str, char: str) -> str:
    """Every character except whitespace replaced by ``char``: length and lines kept."""
    return "".join(c if c.isspace() else char for c in text)
