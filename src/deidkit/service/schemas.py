"""Request and response bodies of the service (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    WithJsonSchema,
    model_validator,
)

from deidkit.lang import is_language, language_codes
from deidkit.redact.modes import MAX_TEMPLATE_CHARS

ModeName = Literal["surrogate", "tag", "placeholder", "remove", "mask"]


def _supported(code: str) -> str:
    """``code`` if ``deidkit.lang`` has it (checked per request, against the registry)."""
    if not is_language(code):
        raise ValueError(f"Input should be {' or '.join(map(repr, language_codes()))}")
    return code


LanguageCode = Annotated[
    str,
    AfterValidator(_supported),
    WithJsonSchema({"enum": list(language_codes()), "type": "string"}),
]
"""A language code of ``deidkit.lang`` (an enum in the OpenAPI schema)."""


class SpanOut(BaseModel):
    start: int = Field(description="Start offset (characters, inclusive).")
    end: int = Field(description="End offset (exclusive).")
    label: str = Field(description="Canonical PHI label, e.g. PATIENT, DATE.")
    score: float | None = Field(None, description="The model's confidence, when it has one.")


class SpanIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    start: int
    end: int
    label: str


class DocumentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=256)
    text: str
    patient_id: str | None = Field(
        None, description="Notes of one patient share surrogates and one date shift."
    )
    note_date: str | None = Field(None, description="ISO date of the note (shifted too).")
    spans: list[SpanIn] | None = Field(
        None, description='PHI already marked (used with "model": "annotations").'
    )


class _Texts(BaseModel):
    """One ``text`` or a batch of ``documents``."""

    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(None, description="One note.")
    documents: list[DocumentIn] | None = Field(None, description="A batch of notes.")
    model: str | None = Field(
        None,
        description="A model name from GET /models (default: the language's default).",
    )
    lang: LanguageCode | None = Field(None, description="Language of the notes.")
    threshold: float | None = Field(
        None, gt=0, le=1,
        description="Operating point: a token is PHI when the model's probability that it is "
        "outside PHI is below this (default: the model's own).",
    )
    ages: Literal["all", "over-89"] = Field(
        "all", description="Which ages are PHI: all (i2b2 2014) or over-89 (HIPAA Safe Harbor)."
    )
    propagate: bool | None = Field(
        None, description="Further mentions of the names and IDs found are PHI in the same "
        "note and the same patient's notes (default: the model's choice).",
    )

    @model_validator(mode="after")
    def _one_kind(self) -> _Texts:
        if (self.text is None) == (self.documents is None):
            raise ValueError("give either 'text' or 'documents'")
        return self


class DetectRequest(_Texts):
    pass


class RedactSettings(BaseModel):
    """The options of ``deidkit deidentify`` that a request may set."""

    model_config = ConfigDict(extra="forbid")
    tag: str | None = Field(None, max_length=MAX_TEMPLATE_CHARS,
                            description="Tag style (brackets, xml, angle, numbered) or template "
                            "with the plain fields {label}, {source_label}, {category}, {i2b2}, "
                            "{n} (no format specs)")  # fmt: skip
    placeholder: str | None = Field(None, max_length=MAX_TEMPLATE_CHARS)
    null_marker: str | None = Field(None, max_length=MAX_TEMPLATE_CHARS)
    mask_char: str | None = Field(None, max_length=1)
    date_shift_min: int | None = None
    date_shift_max: int | None = None
    age_policy: Literal["bucket", "surrogate"] | None = None
    age_bucket: str | None = Field(None, max_length=MAX_TEMPLATE_CHARS)
    keep_labels: list[str] | None = Field(None, max_length=100,
                                          description="Labels left as they are.")
    pseudonymize_ids: bool | None = None
    labels: Literal["canonical", "meddocan", "i2b2-2006", "i2b2-2014", "physionet"] | None = (
        Field(None, description="Tag mode: the label scheme the tags name (default: the one "
              "the model was trained on, e.g. MEDDOCAN's types for es; docs/formats.md)")
    )  # fmt: skip

    def given(self) -> dict[str, Any]:
        values = {k: v for k, v in self.model_dump().items() if v is not None}
        if "keep_labels" in values:
            values["keep_labels"] = frozenset(label.upper() for label in values["keep_labels"])
        return values


class DeidentifyRequest(_Texts):
    mode: ModeName = Field("surrogate", description="What PHI becomes.")
    key: str | None = Field(
        None,
        min_length=16,
        description="Secret key (16+ characters) surrogates and date shifts derive from: the "
        "same key gives the same output. Default: the server's key, else a random one.",
    )
    settings: RedactSettings | None = None
    with_mapping: bool = Field(
        False, description="Also return every replacement with its original text."
    )


class DetectedDocument(BaseModel):
    id: str
    spans: list[SpanOut]


class DetectResponse(BaseModel):
    model: str
    spans: list[SpanOut] | None = None
    documents: list[DetectedDocument] | None = None


class DeidentifiedDocument(BaseModel):
    id: str
    text: str
    spans: list[SpanOut]
    patient_id: str | None = None
    note_date: str | None = None


class MappingEntryOut(BaseModel):
    document: str
    label: str
    start: int
    end: int
    original: str
    new_start: int
    new_end: int
    replacement: str


class DeidentifyResponse(BaseModel):
    model: str
    mode: ModeName
    key: Literal["request", "server", "random"] = Field(
        description="Where the key came from (a random key is not kept)."
    )
    text: str | None = None
    spans: list[SpanOut] | None = None
    documents: list[DeidentifiedDocument] | None = None
    mapping: list[MappingEntryOut] | None = None


class ModelInfo(BaseModel):
    name: str
    lang: str
    description: str
    default: bool
    loaded: bool


class ModelsResponse(BaseModel):
    models: list[ModelInfo]


class HealthResponse(BaseModel):
    status: Literal["ok"]
    version: str
    models_loaded: int


class ErrorBody(BaseModel):
    code: str = Field(description="A stable error code, e.g. E401, E413, E422.")
    message: str = Field(description="What went wrong (never note text).")
    details: list[dict[str, Any]] | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody
