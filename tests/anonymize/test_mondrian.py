"""Mondrian k-anonymity, l-diversity and suppression on small hand-made populations, checked
with the independent pycanon package."""

from __future__ import annotations

import math
import random

import pytest

from deidkit.anonymize.hierarchies import HIERARCHIES, MISSING, age_path, parse_zip, view_label
from deidkit.anonymize.metrics import measure, safe_harbor
from deidkit.anonymize.mondrian import PrivacyModel, Record, is_diverse, mondrian
from deidkit.errors import ConfigError

from .conftest import frame, pycanon_entropy_l, pycanon_k, pycanon_l

QUASI = ("age", "zip")


def population(size: int, seed: int) -> tuple[list[Record], list[str]]:
    rng = random.Random(seed)
    records: list[Record] = []
    for _ in range(size):
        prefix = rng.choice(["021", "021", "100", "606", "941"])
        zip_leaf = parse_zip(f"{prefix}{rng.randrange(100):02d}")
        assert zip_leaf is not None
        records.append((age_path(rng.randint(18, 95)), zip_leaf if rng.random() < 0.9 else MISSING))
    diagnoses = [rng.choice(["flu", "asthma", "diabetes", "copd", "fracture"]) for _ in records]
    return records, diagnoses


def view_rows(records: list[Record], released: tuple[Record | None, ...],
              sensitive: list[str]) -> list[dict[str, str]]:
    rows = []
    for index, nodes in enumerate(released):
        if nodes is None:
            continue
        row = {name: view_label(HIERARCHIES[name], node)
               for name, node in zip(QUASI, nodes, strict=True)}
        row["diagnosis"] = sensitive[index]
        rows.append(row)
    return rows


@pytest.mark.parametrize("k", [2, 5, 10])
def test_every_class_has_k_records(k: int) -> None:
    records, diagnoses = population(300, seed=k)
    result = mondrian(records, None, PrivacyModel(k, max_suppression=0.0),
                      [True, True])
    rows = frame(view_rows(records, result.released, diagnoses))
    assert len(rows) == 300 and result.suppressed == 0
    assert pycanon_k(rows, QUASI) >= k
    quality = measure(QUASI, records, result.released, None, k)
    assert quality.k == pycanon_k(rows, QUASI)
    assert 0.0 < quality.ncp < 1.0
    # the released values are the original ones generalized: every record lies in its node
    assert all(nodes[0] == records[i][0][: len(nodes[0])] or nodes[0][-1].startswith("\x1f")
               for i, nodes in enumerate(result.released) if nodes is not None)


@pytest.mark.parametrize(("l_value", "diversity"), [(2, "distinct"), (3, "distinct"),
                                                     (2, "entropy"), (3, "entropy")])
def test_l_diversity(l_value: int, diversity: str) -> None:
    records, diagnoses = population(300, seed=7)
    model = PrivacyModel(4, l_value, diversity, max_suppression=0.0)  # type: ignore[arg-type]
    result = mondrian(records, diagnoses, model, [True, True])
    rows = frame(view_rows(records, result.released, diagnoses))
    assert pycanon_k(rows, QUASI) >= 4
    assert pycanon_l(rows, QUASI, "diagnosis") >= l_value
    quality = measure(QUASI, records, result.released, diagnoses, 4)
    if diversity == "entropy":
        assert quality.l_entropy is not None and quality.l_entropy >= l_value - 1e-9
        assert pycanon_entropy_l(rows, QUASI, "diagnosis") >= l_value - 1
    assert quality.l_distinct == pycanon_l(rows, QUASI, "diagnosis")


def test_outliers_are_suppressed_within_the_budget() -> None:
    records = [(age_path(40 + i % 5), MISSING) for i in range(40)] + [(age_path(88), MISSING)]
    kept = mondrian(records, None, PrivacyModel(5, max_suppression=0.05), [True, True])
    assert kept.suppressed == 1 and kept.released[-1] is None
    assert {nodes[0] for nodes in kept.released[:40] if nodes} <= {
        age_path(40 + i)[:4] for i in range(5)} | {age_path(40)[:3]}
    # no budget: the outlier is generalized with others instead
    none = mondrian(records, None, PrivacyModel(5, max_suppression=0.0), [True, True])
    assert none.suppressed == 0 and none.released[-1] is not None
    with_outlier = measure(("age", "zip"), records, none.released, None, 5)
    without = measure(("age", "zip"), records, kept.released, None, 5)
    assert with_outlier.k >= 5 and without.k >= 5


def test_a_population_smaller_than_k_is_all_suppressed() -> None:
    records = [(age_path(30), MISSING)] * 3
    result = mondrian(records, None, PrivacyModel(5), [True, True])
    assert result.released == (None, None, None) and result.suppressed == 3


def test_safe_harbor_leaves_unique_people() -> None:
    records, diagnoses = population(200, seed=3)
    harbor = measure(QUASI, records, safe_harbor(QUASI, records), diagnoses, 5)
    assert harbor.suppressed == 0 and harbor.unique > 0 and harbor.k == 1
    assert all(record is not None and len(record[1]) in (1, 3)
               for record in safe_harbor(QUASI, records))


def test_diversity_and_model_checks() -> None:
    assert is_diverse(["a", "b"], 2, "distinct") and not is_diverse(["a", "a"], 2, "distinct")
    assert is_diverse(["a", "b"], 2, "entropy")
    assert not is_diverse(["a", "a", "a", "b"], 2, "entropy")
    assert math.isclose(math.exp(-(0.5 * math.log(0.5)) * 2), 2)
    for bad in ({"k": 0}, {"k": 2, "l": 0}, {"k": 2, "max_suppression": 1.5},
                {"k": 2, "diversity": "recursive"}):
        with pytest.raises(ConfigError):
            PrivacyModel(**bad)
    with pytest.raises(ConfigError):
        mondrian([(age_path(3),)], None, PrivacyModel(1, 2))
