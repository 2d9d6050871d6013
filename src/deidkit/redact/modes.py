"""The redaction modes: what a PHI span becomes.

``remove`` (a NULL marker, as in the SVM de-identifier), ``placeholder`` (``[REMOVED]``, as
in Stat De-id), ``tag`` (typed tags: ``[**PATIENT**]``, ``<PHI TYPE="DATE"/>``, or a
template of the documented fields), ``mask`` (every character but whitespace replaced,
length kept) and ``surrogate`` (realistic replacement,
as in PhysioNet deid; see ``deidkit.redact.surrogates``).
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
"""Named tag templates. ``{label}`` is the canonical label (or, with an output label scheme,
``RedactOptions.labels``, the span's name in it), ``{source_label}`` the corpus's own (or the
scheme's, or the canonical one), ``{category}`` the coarse category, ``{i2b2}`` the i2b2 2014
type, ``{n}`` the number of the distinct value within its patient and label (1, 2, ...)."""
_FIELDS = frozenset({"label", "source_label", "category", "i2b2", "n"})


def check_mode(mode: str) -> Mode:
    if mode not in MODES:
        raise ConfigError(f"unknown mode {mode!r}; use one of: {', '.join(MODES)}")
    return mode


MAX_TEMPLATE_CHARS = 100
"""The longest tag template, placeholder or null marker (a replacement is at most this long,
so a response cannot grow much more than its request)."""


def tag_template(style_or_template: str) -> str:
    """A tag template from a style name or a template with ``{label}``-style fields.

    Only the documented fields, with no format spec or conversion (``{label:>20000000}``
    would make one tag 20 MB), and at most ``MAX_TEMPLATE_CHARS`` characters."""
    template = TAG_STYLES.get(style_or_template, style_or_template)
    fields = ", ".join("{" + f + "}" for f in sorted(_FIELDS))
    if len(template) > MAX_TEMPLATE_CHARS:
        raise ConfigError(
            f"the tag template has {len(template)} characters; use at most {MAX_TEMPLATE_CHARS}"
        )
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        raise ConfigError(
            "invalid tag template (unbalanced braces); e.g. '[**{label}**]'"
        ) from None
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if name not in _FIELDS:
            raise ConfigError(
                f"unknown field in the tag template; use {fields} (write {{{{ }}}} for a brace) "
                f"or a style: {', '.join(TAG_STYLES)}"
            )
        if spec or conversion:
            raise ConfigError(
                f"a format spec or conversion in the tag template; use the plain fields {fields}"
            )
    return template


def check_replacement(value: str, what: str) -> str:
    """A placeholder or null marker: at most ``MAX_TEMPLATE_CHARS`` characters."""
    if len(value) > MAX_TEMPLATE_CHARS:
        raise ConfigError(
            f"the {what} has {len(value)} characters; use at most {MAX_TEMPLATE_CHARS}"
        )
    return value


def render_tag(
    template: str, label: str, source_label: str | None, number: int, *, shown: str | None = None
) -> str:
    """A tag for a span of canonical ``label``; ``shown`` (the label in a chosen output
    scheme, e.g. MEDDOCAN's) stands in for ``{label}`` when given."""
    if label not in LABELS:
        raise ConfigError("a span has an unknown label; use the labels of deidkit.labels.LABELS")
    return template.format(
        label=shown or label,
        source_label=source_label or label,
        category=category_of(label).value,
        i2b2=i2b2_2014_pair(label)[1],
        n=number,
    )


def mask(text: str, char: str) -> str:
    """Every character except whitespace replaced by ``char``: length and lines kept."""
    return "".join(c if c.isspace() else char for c in text)
