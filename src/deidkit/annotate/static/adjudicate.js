/* deidkit annotate: the adjudication view. One row per candidate (spans that overlap), with
 * each annotator's and model's choice; picking an option stores it as the gold at once. */
"use strict";

(() => {
  const key = Deid.pageData.key;
  const note = document.getElementById("note");
  const table = document.getElementById("candidates");
  const modeSelect = document.getElementById("mode");
  const base = "/api/adjudication/" + key;
  let state = null;
  let focus = 0;
  let dragged = false;

  const same = (a, b) => a.length === b.length && a.every((s, i) => s[0] === b[i][0] && s[1] === b[i][1] && s[2] === b[i][2]);

  function describe(spans) {
    if (!spans.length) return "not PHI";
    return spans.map(([s, e, label]) => `${state.text.slice(s, e)} [${label}]`).join(" · ");
  }

  function spanCell(spans, gold) {
    const td = document.createElement("td");
    td.className = "choice" + (same(spans, gold) ? " agrees" : "");
    if (!spans.length) td.classList.add("none");
    td.textContent = describe(spans);
    return td;
  }

  function contextCell(candidate) {
    const td = document.createElement("td");
    td.className = "context";
    const left = state.text.slice(Math.max(0, candidate.start - 40), candidate.start).replace(/\s+/g, " ");
    const right = state.text.slice(candidate.end, candidate.end + 40).replace(/\s+/g, " ");
    const mid = document.createElement("mark");
    mid.textContent = state.text.slice(candidate.start, candidate.end);
    td.append("…" + left, mid, right + "…");
    return td;
  }

  function optionLabel(option) {
    const who = [...option.annotators, ...option.sources];
    if (option.suggested) who.push(state.mode);
    return who.join(", ");
  }

  function decisionCell(candidate, index) {
    const td = document.createElement("td");
    td.className = "decision";
    const name = "c" + index;
    const choices = candidate.options.map((option, i) => ({
      spans: option.spans, text: `${i + 1}. ${optionLabel(option)}: ${describe(option.spans)}`,
      suggested: option.suggested,
    }));
    choices.push({ spans: [], text: "0. not PHI", suggested: !candidate.suggested.length });
    let matched = false;
    for (const choice of choices) {
      const label = document.createElement("label");
      label.className = choice.suggested ? "suggested" : "";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = name;
      radio.checked = !matched && same(choice.spans, candidate.gold);
      matched = matched || radio.checked;
      radio.addEventListener("change", () => choose(candidate, choice.spans));
      label.append(radio, " " + choice.text);
      td.append(label);
    }
    if (!matched) {
      const edited = document.createElement("label");
      edited.className = "edited";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = name;
      radio.checked = true;
      radio.disabled = true;
      edited.append(radio, " edited: " + describe(candidate.gold));
      td.append(edited);
    }
    return td;
  }

  function drawTable() {
    const head = document.getElementById("candidate-head");
    const titles = ["#", "Decision (gold)", "Context", ...state.annotators.map((a) => `${a.name} (${a.status.replace("_", " ")})`), ...state.models];
    head.replaceChildren(...titles.map((t) => { const th = document.createElement("th"); th.textContent = t; return th; }));
    const body = table.tBodies[0];
    body.replaceChildren(...state.candidates.map((candidate, index) => {
      const tr = document.createElement("tr");
      tr.dataset.index = index;
      tr.className = index === focus ? "focus" : "";
      if (candidate.gold.length) tr.classList.add("is-phi");
      const number = document.createElement("td");
      number.textContent = index + 1;
      tr.append(number, decisionCell(candidate, index), contextCell(candidate));
      for (const a of state.annotators) tr.append(spanCell(candidate.choices[a.name] || [], candidate.gold));
      for (const m of state.models) tr.append(spanCell(candidate.models[m] || [], candidate.gold));
      tr.addEventListener("click", (ev) => {
        if (ev.target.closest("input")) return;
        focus = index;
        drawFocus(true);
      });
      return tr;
    }));
    if (!state.candidates.length) {
      const tr = document.createElement("tr");
      const td = document.createElement("td");
      td.colSpan = titles.length;
      td.textContent = "No annotator or model marked anything here: select text in the note to add gold spans.";
      tr.append(td);
      body.append(tr);
    }
  }

  function drawNote() {
    const layers = [{ spans: state.gold, cls: "phi", attr: "gold", showLabel: true }];
    const candidate = state.candidates[focus];
    if (candidate) layers.push({ spans: [{ start: candidate.start, end: candidate.end }], cls: "focus" });
    Deid.renderNote(note, state.text, state.tokens, layers);
  }

  function drawFocus(scroll) {
    for (const tr of table.tBodies[0].rows) tr.classList.toggle("focus", +tr.dataset.index === focus);
    drawNote();
    if (scroll) {
      const row = table.tBodies[0].rows[focus];
      if (row) row.scrollIntoView({ block: "nearest" });
      const mark = note.querySelector(".focus");
      if (mark) mark.scrollIntoView({ block: "center" });
    }
  }

  function draw() {
    focus = Math.min(focus, Math.max(state.candidates.length - 1, 0));
    document.getElementById("adj-status").textContent = state.status.replace("_", " ");
    document.getElementById("adj-status").className = "badge " + state.status;
    modeSelect.value = state.mode;
    const finish = document.getElementById("finish");
    finish.textContent = state.status === "adjudicated" ? "Reopen" : "Mark adjudicated";
    Deid.link(document.getElementById("prev"), state.previous, "/adjudicate/");
    Deid.link(document.getElementById("next"), state.next, "/adjudicate/");
    drawTable();
    drawNote();
  }

  function apply(promise) {
    return promise.then((data) => { state = data; draw(); return data; }).catch(() => load(false));
  }

  function choose(candidate, spans) {
    return apply(Deid.api("PUT", base + "/region", {
      start: Deid.point(candidate.start), end: Deid.point(candidate.end), spans: Deid.serverSpans(spans),
    }));
  }

  function load(autoStart) {
    return Deid.api("GET", base + "?mode=" + modeSelect.value).then((data) => {
      state = data;
      if (autoStart && state.status === "not_started") {
        return apply(Deid.api("POST", base + "/start", { mode: modeSelect.value, reset: false }));
      }
      draw();
      return data;
    });
  }

  note.addEventListener("mouseup", () => {
    const picked = Deid.selectionOffsets(note);
    if (!picked) return;
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const snapped = Deid.snap(state.tokens, picked.start, picked.end);
    window.getSelection().removeAllRanges();
    if (!snapped) return;
    const start = state.tokens[snapped[0]][0], end = state.tokens[snapped[1]][1];
    const clashes = Deid.overlapping(state.gold, start, end);
    Deid.chooser.open({
      rect: Deid.rectOfRange(note, start, end),
      heading: clashes.length ? `New gold span (replaces ${clashes.length})` : "New gold span",
      picked: (label) => apply(Deid.api("POST", base + "/gold", {
        start: Deid.point(start), end: Deid.point(end), label, replace: clashes.map((c) => c.id),
      })),
    });
  });

  note.addEventListener("click", (ev) => {
    if (dragged) { dragged = false; return; }
    const seg = ev.target.closest(".seg");
    if (!seg || seg.dataset.gold === undefined) return;
    const gold = state.gold.find((g) => String(g.id) === seg.dataset.gold);
    if (!gold) return;
    Deid.chooser.open({
      rect: seg.getBoundingClientRect(),
      heading: `Gold ${gold.label}: change type`,
      current: gold.label,
      buttons: [{ text: "Delete span", className: "danger", run: () => apply(Deid.api("DELETE", `${base}/gold/${gold.id}`)) }],
      picked: (label) => apply(Deid.api("PATCH", `${base}/gold/${gold.id}`, { label })),
    });
  });

  document.addEventListener("keydown", (ev) => {
    if (!state || Deid.chooser.isOpen || ev.target.closest("input, select, textarea")) return;
    const candidate = state.candidates[focus];
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      focus = Math.max(0, Math.min(state.candidates.length - 1, focus + (ev.key === "ArrowDown" ? 1 : -1)));
      drawFocus(true);
      ev.preventDefault();
    } else if (candidate && /^[0-9]$/.test(ev.key)) {
      const n = +ev.key;
      if (n === 0) choose(candidate, []);
      else if (n <= candidate.options.length) choose(candidate, candidate.options[n - 1].spans);
      ev.preventDefault();
    }
  });

  document.getElementById("reset").addEventListener("click", () => {
    if (!window.confirm(`Discard the gold of this document and start again from the ${modeSelect.value} suggestion?`)) return;
    apply(Deid.api("POST", base + "/start", { mode: modeSelect.value, reset: true }));
  });

  modeSelect.addEventListener("change", () => {
    if (state && state.status === "not_started") load(false);
  });

  document.getElementById("finish").addEventListener("click", () => {
    const status = state.status === "adjudicated" ? "in_progress" : "adjudicated";
    apply(Deid.api("POST", base + "/status", { status }));
  });

  load(true);
})();
