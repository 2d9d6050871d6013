"""The service's detection settings: the age rule, the operating point and propagation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from deidkit.service import ServiceSettings, create_app

NOTE = "Patient is a 45 year old man. His mother is a 93 year old woman."


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceSettings())) as c:
        yield c


def _ages(reply: dict[str, list[dict[str, object]]], text: str) -> set[str]:
    return {text[s["start"] : s["end"]] for s in reply["spans"]  # type: ignore[index]
            if s["label"] == "AGE"}


def test_ages_over_89_on_detect_and_deidentify(client: TestClient) -> None:
    every = client.post("/detect", json={"text": NOTE}).json()
    assert _ages(every, NOTE) == {"45", "93"}
    safe_harbor = client.post("/detect", json={"text": NOTE, "ages": "over-89"}).json()
    assert _ages(safe_harbor, NOTE) == {"93"}
    tagged = client.post("/deidentify", json={"text": NOTE, "mode": "tag",
                                              "ages": "over-89"}).json()
    assert "a 45 year old" in tagged["text"] and "93" not in tagged["text"]


def test_threshold_and_propagate_are_checked_and_used(client: TestClient) -> None:
    assert client.post("/detect", json={"text": NOTE, "threshold": 1.5}).status_code == 422
    assert client.post("/detect", json={"text": NOTE, "ages": "some"}).status_code == 422
    text = "Mr. Zorbanek Quilmarth seen today. Plan: quilmarth 5 mg daily."
    second = text.rindex("quilmarth")

    def covered(reply: dict[str, list[dict[str, int]]]) -> int:
        return sum(s["end"] - s["start"] for s in reply["spans"])

    def finds_second(reply: dict[str, list[dict[str, int]]]) -> bool:
        return any(s["start"] <= second < s["end"] for s in reply["spans"])

    plain = client.post("/detect", json={"text": text, "propagate": False}).json()
    mentions = client.post("/detect", json={"text": text, "propagate": True}).json()
    assert not finds_second(plain) and finds_second(mentions)
    # a threshold near 1 lets through tokens the model gave low odds of PHI
    other = "Seen with wife Brindle at Oakhollow clinic. Plan: follow up."
    default = client.post("/detect", json={"text": other, "propagate": False}).json()
    high = client.post("/detect", json={"text": other, "threshold": 0.999,
                                         "propagate": False}).json()
    assert covered(high) > covered(default)
