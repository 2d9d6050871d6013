"""HIDE's loop: annotate -> adjudicate -> export -> train -> pre-annotate the next batch."""

from __future__ import annotations

import random

import pytest

from deidkit.annotate import accounts, adjudication, annotator
from deidkit.annotate.accounts import Role
from deidkit.annotate.consensus import Mode
from deidkit.annotate.db import Database
from deidkit.annotate.project import assign, document_key, import_documents
from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.io import read_documents
from deidkit.models import build_detector

pytestmark = pytest.mark.slow


def test_the_gold_trains_a_model_whose_suggestions_find_phi_in_the_next_batch(tmp_path):
    pytest.importorskip("deidkit.models.crf", reason="the CRF detector is not installed")
    documents = list(generate(36, seed=11))
    batch, following = documents[:24], documents[24:]
    db = Database.create(tmp_path / "proj", "loop")
    rng = random.Random(11)
    with db.write() as conn:
        users = [
            accounts.create_user(conn, n, "loop-password", Role.ANNOTATOR)
            for n in ("a1", "a2", "a3")
        ]
        judge = accounts.create_user(conn, "judge", "loop-password", Role.ADJUDICATOR)
        import_documents(conn, [d.with_spans(()) for d in batch])
        keys = [document_key(conn, d.id) for d in batch]
        assign(conn, keys, [u.id for u in users])
        for key, document in zip(keys, batch, strict=True):
            for user in users:  # each simulated annotator misses about 15% of the spans
                for span in document.spans:
                    if rng.random() >= 0.15:
                        annotator.add_span(conn, key, user, span.start, span.end, span.label)
                annotator.set_status(conn, key, user, annotator.Status.DONE)
            adjudication.start(conn, key, judge, Mode.MAJORITY)
            adjudication.set_status(conn, key, judge, adjudication.AdjudicationStatus.ADJUDICATED)

    gold_path = tmp_path / "gold.jsonl"
    assert main(["annotate", "export", str(tmp_path / "proj"), str(gold_path)]) == 0
    gold = list(read_documents(gold_path))
    assert len(gold) == 24 and sum(len(d.spans) for d in gold) > 0
    model_dir = tmp_path / "model"
    build_detector("crf").fit(gold).save(model_dir)

    with db.write() as conn:
        import_documents(conn, [d.with_spans(()) for d in following])
    assert (
        main(
            [
                "annotate",
                "preannotate",
                str(tmp_path / "proj"),
                "--model",
                str(model_dir),
                "--source",
                "crf-batch1",
            ]
        )
        == 0
    )
    found = overlapped = total = 0
    with db.read() as conn:
        for document in following:
            key = document_key(conn, document.id)
            suggested = {
                (r[0], r[1], r[2])
                for r in conn.execute(
                    'SELECT start, "end", label FROM suggestions WHERE document_id = ? '
                    "AND source = 'crf-batch1'",
                    (key,),
                )
            }
            total += len(document.spans)
            found += sum(1 for s in document.spans if s.key in suggested)
            overlapped += sum(
                1 for s in document.spans if any(a < s.end and s.start < b for a, b, _ in suggested)
            )
    assert total > 0 and found > 0 and overlapped / total > 0.25, (found, overlapped, total)
