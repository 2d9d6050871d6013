"""Tag and placeholder templates cannot amplify a request (issue 18, item 5)."""

from __future__ import annotations

import pytest

from deidkit.errors import ConfigError
from deidkit.redact.modes import MAX_TEMPLATE_CHARS, TAG_STYLES, tag_template

MARKER = "QXZMARKER"


@pytest.mark.parametrize(
    "template",
    [
        "{label:>20000000}",
        "{n:zz}",
        "{label!r}",
        "{label.upper}",
        "{label[0]}",
        "{n:,}",
        "{}",
        "{0}",
        "x" * (MAX_TEMPLATE_CHARS + 1),
        "{" + MARKER + "}",
        "{label",
    ],
)
def test_templates_with_format_specs_or_unknown_fields_are_refused(template):
    with pytest.raises(ConfigError) as caught:
        tag_template(template)
    assert MARKER not in str(caught.value)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("template", [*TAG_STYLES, "[{label}]", "<{category}:{i2b2} {n}>",
                                      "{{literal}} {source_label}"])
def test_documented_templates_are_accepted(template):
    assert tag_template(template)


def test_service_refuses_amplifying_templates():
    testclient = pytest.importorskip("fastapi.testclient")
    from deidkit.service import ServiceSettings, create_app

    note = "Seen by Dr. Quux Zorblax on 3/14/2012."
    with testclient.TestClient(create_app(ServiceSettings())) as client:
        hostile = [{"tag": "{label:>20000000}"}, {"tag": "{n:zz}"},
                   {"placeholder": "P" * 100_000}, {"null_marker": "N" * 100_000}]  # fmt: skip
        for settings in hostile:
            reply = client.post("/deidentify", json={"text": note, "mode": "tag",
                                                     "settings": settings})  # fmt: skip
            assert reply.status_code in (400, 422), settings
            assert len(reply.content) < 2000
            assert "error" in reply.json()
