#!/usr/bin/env bash
# Regenerate docs/report/report.html: the seed papers' experiments on MEDDOCAN (train -> dev)
# and on deidkit's synthetic English notes (train on some template families, test on others),
# with Stat De-id's corpus variants (plain, ambiguous, out-of-dictionary).
#
#   bash scripts/make_report.sh [RESULTS_DIR]
#
# Environment: MEDDOCAN (default ../shared/data/meddocan), JOBS (parallel runs, default 2),
# RESUME=1 (keep finished experiments of an interrupted run),
# REPORT (default docs/report/report.html), CORPORA ("meddocan synthetic-en", the default, or
# one of them). Results (CSV, PNG, SVG, manifests) go to RESULTS_DIR (default
# out/report-results); the report embeds all of them. The MEDDOCAN test split is never used.
# About two CPU-hours of runs (about an hour on 2 idle cores, longer on a shared machine).
set -euo pipefail
cd "$(dirname "$0")/.."

DATA="${MEDDOCAN:-../shared/data/meddocan}"
RESULTS="${1:-out/report-results}"
JOBS="${JOBS:-2}"
REPORT="${REPORT:-docs/report/report.html}"
CORPORA="${CORPORA:-meddocan synthetic-en}"
DEIDKIT=(.venv/bin/deidkit)
[ -x "${DEIDKIT[0]}" ] || DEIDKIT=(deidkit)

# RESUME=1 skips experiments whose results folder (the last argument) is already complete.
run() {
    if [ "${RESUME:-0}" = 1 ] && [ -f "${*: -1}/manifest.json" ]; then
        echo "== skip (done): ${*: -1}" >&2
        return
    fi
    echo "== deidkit experiment $*" >&2
    "${DEIDKIT[@]}" experiment "$@"
}

# Every experiment of the seeds on one corpus. $1: results folder, $2: corpus name for titles,
# then the training options (--train/--test/--format/--set lang=...) shared by all runs.
experiments() {
    local out="$1" name="$2"
    shift 2
    local split=("$@" --jobs "$JOBS" --seed 0)
    # Stat De-id, Tables 2-5: every detector on one split, with paired significance tests
    # (hmm and winnow: the IdentiFinder- and SNoW-style global-context baselines)
    run compare "${split[@]}" --detectors rules,svm,crf,tree,ensemble,hmm,winnow \
        --title "Detector comparison ($name)" --out "$out/compare"
    # Stat De-id and HIDE: 10-fold cross-validation (CRF) over the training documents only
    run cv "${split[@]}" --model crf --folds 10 \
        --title "10-fold cross-validation, CRF ($name)" --out "$out/cv-crf"
    # the SVM paper, Figures 6-7: learning curves (two-class SVM as in the SVM paper, and the CRF)
    run learning-curve "${split[@]}" --model svm --set mode=binary \
        --title "Learning curve, two-class SVM ($name)" --out "$out/learning-curve-svm"
    run learning-curve "${split[@]}" --model crf \
        --title "Learning curve, CRF ($name)" --out "$out/learning-curve-crf"
    # the SVM paper, Figures 2-5: one feature class on / off (two-class SVM)
    run ablation "${split[@]}" --model svm --set mode=binary --designs one-on,one-off \
        --title "Feature classes on and off, two-class SVM ($name)" --out "$out/ablation-svm"
    # HIDE, Figure 4: every subset of regex, affix, context, dictionary (CRF, word kept on)
    run ablation "${split[@]}" --model crf --designs subsets \
        --classes regex,affix,context,dictionary --fixed word \
        --title "Feature subsets, CRF ($name)" --out "$out/ablation-crf-subsets"
    # the SVM paper, Table 3: linear, quadratic, Gaussian two-class SVM on 50 training documents
    run kernels "${split[@]}" --model svm --set mode=binary --subset 50 \
        --title "SVM kernels on 50 training documents ($name)" --out "$out/kernels"
    # HIDE, Figures 5-9: random O-sampling and window sampling (CRF)
    run sampling "${split[@]}" --model crf \
        --title "Training-data sampling, CRF ($name)" --out "$out/sampling"
}

for corpus in $CORPORA; do
    case "$corpus" in
    meddocan)
        experiments "$RESULTS/meddocan" "MEDDOCAN" \
            --train "$DATA/train" --test "$DATA/dev" --format brat --set lang=es
        ;;
    synthetic-en)
        # Unseen note templates: train on most template families, test on held-out ones.
        held=dc-transfer,nurse-dar,rad-outpatient,path-brief,ed-fasttrack,tel-portal
        held="$held,progress-brief,consult-psych,letter-certificate,sw-dispo,op-brief"
        mkdir -p "$RESULTS/synthetic-en-data"
        "${DEIDKIT[@]}" synth -n 400 --seed 1 --exclude-templates "$held" \
            --out "$RESULTS/synthetic-en-data/train.jsonl"
        "${DEIDKIT[@]}" synth -n 150 --seed 2 --templates "$held" \
            --out "$RESULTS/synthetic-en-data/test.jsonl"
        # Stat De-id, Tables 2, 7, 11 and 13: rules, SVM, CRF, HMM and winnow trained and tested
        # on each variant
        # (same sizes, seeds and held-out template families as above; plain = the notes above)
        for variant in plain ambiguous out-of-dictionary; do
            mkdir -p "$RESULTS/variants-data/train" "$RESULTS/variants-data/test"
            "${DEIDKIT[@]}" synth -n 400 --seed 1 --variant "$variant" --exclude-templates "$held" \
                --out "$RESULTS/variants-data/train/$variant.jsonl"
            "${DEIDKIT[@]}" synth -n 150 --seed 2 --variant "$variant" --templates "$held" \
                --out "$RESULTS/variants-data/test/$variant.jsonl"
        done
        run variants --train "$RESULTS/variants-data/train" --test "$RESULTS/variants-data/test" \
            --variants plain,ambiguous,out-of-dictionary --detectors rules,svm,crf,hmm,winnow \
            --set lang=en --jobs "$JOBS" --seed 0 \
            --title "Corpus variants: plain, ambiguous, out-of-dictionary (synthetic English)" \
            --out "$RESULTS/synthetic-en/variants"
        experiments "$RESULTS/synthetic-en" "synthetic English" \
            --train "$RESULTS/synthetic-en-data/train.jsonl" \
            --test "$RESULTS/synthetic-en-data/test.jsonl" --set lang=en
        ;;
    *) echo "unknown corpus $corpus (use meddocan, synthetic-en)" >&2; exit 2 ;;
    esac
done

mkdir -p "$(dirname "$REPORT")"
"${DEIDKIT[@]}" report "$RESULTS" --out "$REPORT" \
    --title "deidkit: the seed papers' experiments on MEDDOCAN and synthetic English notes" \
    --note "MEDDOCAN (Spanish Clinical Case Corpus, IberLEF 2019): CC BY 4.0, (c) 2019 Secretaria de Estado para el Avance Digital (SEAD), PlanTL-GOB-ES/SPACCC_MEDDOCAN. Trained on the 500 train documents, scored on the 250 dev documents (cv: 10 folds over train); the test split is not used." \
    --note "Synthetic English: 400 training notes from deidkit synth (seed 1) and 150 test notes (seed 2) from 11 template families left out of training, so the test notes have layouts the models never saw." \
    --note "Corpus variants (Stat De-id, section 6): for each deidkit synth --variant (plain = the notes above, ambiguous, out-of-dictionary), 400 training notes (seed 1) and 150 test notes (seed 2) from the same held-out template families; rules, SVM, CRF, HMM (IdentiFinder-style) and winnow (SNoW-style) trained and tested on each variant. ood_recall is Stat De-id's Table 13: recall on the gold name and location tokens that no word list of the dictionary feature class covers (docs/evaluation.md)." \
    --note "Regenerate with: bash scripts/make_report.sh (runs every experiment, then deidkit report). Machine: 2 cores; training times are wall-clock seconds of one run while another ran beside it (--jobs 2)."
