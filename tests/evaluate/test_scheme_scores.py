"""``evaluate --labels``: strict scores in a corpus scheme, checked against a re-implementation
of MEDDOCAN's official scorer (PlanTL-GOB-ES/MEDDOCAN-Evaluation-Script: subtask 1 NER,
subtask 2 strict and merged) on randomly perturbed predictions (synthetic text only)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.evaluate.scheme import scheme_scores
from deidkit.io import read_documents, write_documents
from deidkit.labels import MEDDOCAN
from deidkit.types import Document, Span

WORDS = ("paciente", "ingresa", "en", "el", "servicio", "con", "fiebre", "y", "dolor")
TYPES = tuple(MEDDOCAN)


# --- the official scorer, re-implemented over BRAT folders ------------------------------------


def _official_annotations(folder: Path) -> dict[str, tuple[str, list[tuple[str, int, int]]]]:
    """doc id -> (text, [(type, start, end)]) read the way the official script reads BRAT."""
    result = {}
    for ann in sorted(folder.glob("*.ann")):
        text = ann.with_suffix(".txt").read_text(encoding="utf-8")
        tags = []
        for row in ann.read_text(encoding="utf-8").splitlines():
            line = row.strip()
            if line.startswith("T"):
                fields = line.split("\t")[1].split()
                tags.append((fields[0], int(fields[1]), int(fields[2])))
        result[ann.stem] = (text, tags)
    return result


def _merged(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for y in sorted(spans):
        if not out:
            out.append(y)
            continue
        x = out.pop()
        if all(not c.isalnum() for c in text[x[1]:y[0]]):
            out.append((x[0], y[1]))
        else:
            out.extend([x, y])
    return out


def _micro_f1(tp: int, fp: int, fn: int) -> float:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def official_scores(gold_dir: Path, sys_dir: Path) -> dict[str, float]:
    gold, system = _official_annotations(gold_dir), _official_annotations(sys_dir)
    counts = {name: [0, 0, 0] for name in ("subtask1", "strict", "merged")}
    for doc_id in sorted(set(gold) & set(system)):
        text = gold[doc_id][0]
        g1, s1 = set(gold[doc_id][1]), set(system[doc_id][1])
        for i, n in enumerate((len(g1 & s1), len(s1 - g1), len(g1 - s1))):
            counts["subtask1"][i] += n
        g_spans = [(a, b) for _, a, b in gold[doc_id][1]]
        s_spans = [(a, b) for _, a, b in system[doc_id][1]]
        g2, s2 = set(g_spans), set(s_spans)
        for i, n in enumerate((len(g2 & s2), len(s2 - g2), len(g2 - s2))):
            counts["strict"][i] += n
        inter = (g2 & s2) | (set(_merged(text, g_spans)) & set(_merged(text, s_spans)))

        def contained(tag: tuple[int, int], inter: set[tuple[int, int]] = inter) -> bool:
            return any(tag[0] >= e[0] and tag[1] <= e[1] for e in sorted(inter))

        fp = {t for t in s2 - g2 if not contained(t)}
        fn = {t for t in g2 - s2 if not contained(t)}
        counts["merged"][0] += len(inter)
        counts["merged"][1] += len(fp)
        counts["merged"][2] += len(fn)
    return {name: _micro_f1(*values) for name, values in counts.items()}


# --- synthetic MEDDOCAN-like corpora and perturbed predictions -------------------------------


def _corpus(rng: random.Random, n: int) -> list[Document]:
    documents = []
    for number in range(n):
        parts: list[str] = []
        spans = []
        position = 0
        for _ in range(rng.randint(3, 9)):
            filler = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
            separator = rng.choice((" ", ", ", " - ", " y "))
            parts.append(filler + separator)
            position += len(filler) + len(separator)
            value = rng.choice(("Ana Ruiz", "Hospital Sur", "12/03/2019", "28001", "X1"))
            label = rng.choice(TYPES)
            spans.append(Span(position, position + len(value), MEDDOCAN[label],
                              source_label=label))
            parts.append(value)
            position += len(value)
            if rng.random() < 0.3:  # an adjacent span, separated only by punctuation
                parts.append(", ")
                position += 2
                spans.append(Span(position, position + 2, "IDNUM",
                                  source_label="OTRO_NUMERO_IDENTIF"))
                parts.append("Z9")
                position += 2
        parts.append(".\n")
        documents.append(Document(f"doc{number:03d}", "".join(parts), tuple(spans)))
    return documents


def _perturb(rng: random.Random, document: Document) -> Document:
    spans = []
    for span in document.spans:
        roll = rng.random()
        if roll < 0.1:
            continue  # missed
        if roll < 0.2:  # wrong type, same canonical label sometimes
            label = rng.choice(TYPES)
            span = Span(span.start, span.end, MEDDOCAN[label], source_label=label)
        elif roll < 0.3 and span.end - span.start > 2:  # boundary error
            span = Span(span.start, span.end - 1, span.label, source_label=span.source_label)
        spans.append(span)
    if rng.random() < 0.5:  # a false positive on the first word
        first = document.text.index(" ")
        if all(s.start >= first for s in spans):
            spans.insert(0, Span(0, first, "DATE", source_label="FECHAS"))
    return Document(document.id, document.text, tuple(spans))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_scheme_scores_agree_with_the_official_meddocan_scorer(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    gold = _corpus(rng, 12)
    pred = [_perturb(rng, document) for document in gold[:-1]]  # one document unscored
    write_documents(gold, tmp_path / "gold", "brat")
    write_documents(pred, tmp_path / "sys", "brat", labels="meddocan")
    expected = official_scores(tmp_path / "gold", tmp_path / "sys")
    got = scheme_scores(read_documents(tmp_path / "gold", "brat"),
                        read_documents(tmp_path / "sys", "brat"), "meddocan")
    assert got.documents == 11
    assert got.labelled.f1 == pytest.approx(expected["subtask1"])
    assert got.spans_strict.f1 == pytest.approx(expected["strict"])
    assert got.spans_merged.f1 == pytest.approx(expected["merged"])
    assert expected["subtask1"] < expected["strict"] < 1.0  # the perturbation mattered


def test_evaluate_labels_meddocan_reports_subtask_1(tmp_path: Path) -> None:
    rng = random.Random(7)
    gold = _corpus(rng, 6)
    pred = [_perturb(rng, document) for document in gold]
    write_documents(gold, tmp_path / "gold", "brat")
    write_documents(pred, tmp_path / "sys", "brat", labels="meddocan")
    expected = official_scores(tmp_path / "gold", tmp_path / "sys")
    out = tmp_path / "scores.json"
    assert main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "sys"), "--labels",
                 "meddocan", "--output", "json", "--out", str(out), "--bootstrap", "0"]) == 0
    scores = json.loads(out.read_text(encoding="utf-8"))["scheme_scores"]
    assert scores["strict_labels"]["f1"] == round(expected["subtask1"], 4)
    assert scores["strict_spans"]["f1"] == round(expected["strict"], 4)
    canonical = scheme_scores(read_documents(tmp_path / "gold", "brat"),
                              read_documents(tmp_path / "sys", "brat"), "canonical")
    assert canonical.labelled.tp >= scores["strict_labels"]["tp"]  # merged types match more
