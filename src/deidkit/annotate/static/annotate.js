/* deidkit annotate: the annotator view. Every change is saved at once (one request, one
 * database transaction); the page always redraws from the state the server returns. */
"use strict";

(() => {
  const key = Deid.pageData.key;
  const note = document.getElementById("note");
  const base = "/api/documents/" + key;
  let state = null;
  let cursor = 0;          // token index of the keyboard cursor
  let anchor = null;       // token index where a keyboard selection started
  let selection = null;    // [first token, last token] being labelled

  function visibleSuggestions() {
    return state.suggestions.filter((s) => Deid.overlapping(state.spans, s.start, s.end).length === 0);
  }

  function draw() {
    const layers = [
      { spans: state.spans, cls: "phi", attr: "span", showLabel: true },
      { spans: visibleSuggestions(), cls: "sug", attr: "sug", showLabel: true },
    ];
    if (selection) {
      layers.push({ spans: [{ start: state.tokens[selection[0]][0], end: state.tokens[selection[1]][1] }], cls: "ksel" });
    }
    if (state.tokens.length) {
      const [s, e] = state.tokens[cursor];
      layers.push({ spans: [{ start: s, end: e }], cls: "cursor" });
    }
    Deid.renderNote(note, state.text, state.tokens, layers);
    document.getElementById("position").textContent = `(${state.position} of ${state.count})`;
    Deid.link(document.getElementById("prev"), state.previous, "/documents/");
    Deid.link(document.getElementById("next"), state.next, "/documents/");
    const done = document.getElementById("done");
    done.textContent = state.status === "done" ? "Reopen" : "Mark done";
    done.dataset.status = state.status;
    drawList(document.getElementById("span-list"), state.spans, "span");
    drawList(document.getElementById("suggestion-list"), visibleSuggestions(), "sug");
    document.getElementById("span-count").textContent = `(${state.spans.length})`;
    document.getElementById("suggestion-count").textContent = `(${visibleSuggestions().length})`;
  }

  function drawList(list, spans, kind) {
    list.replaceChildren(...spans.map((sp) => {
      const li = document.createElement("li");
      li.className = "cat-" + (Deid.categoryOf[sp.label] || "OTHER");
      li.dataset[kind] = sp.id;
      const label = document.createElement("b");
      label.textContent = sp.label;
      const text = document.createElement("span");
      text.textContent = " " + state.text.slice(sp.start, sp.end);
      li.append(label, text);
      if (kind === "sug") {
        const source = document.createElement("small");
        source.textContent = " " + sp.source;
        li.append(source);
      }
      li.addEventListener("click", () => {
        cursor = tokenAt(sp.start);
        draw();
        (kind === "span" ? editSpan : reviewSuggestion)(sp);
      });
      return li;
    }));
  }

  function tokenAt(offset) {
    const i = state.tokens.findIndex(([, e]) => e > offset);
    return i < 0 ? Math.max(state.tokens.length - 1, 0) : i;
  }

  function apply(promise) {
    return promise.then((data) => { state = data; draw(); return data; })
      .catch(() => load());
  }

  function load() {
    return Deid.api("GET", base).then((data) => {
      state = data;
      cursor = Math.min(cursor, Math.max(state.tokens.length - 1, 0));
      draw();
      Deid.setStatus(state.status === "done" ? "Done · all changes saved" : "All changes saved", "ok");
    });
  }

  function addSpan(start, end) {
    const clashes = Deid.overlapping(state.spans, start, end);
    const heading = clashes.length
      ? `New span (replaces ${clashes.length} of your spans)`
      : "New span";
    Deid.chooser.open({
      rect: Deid.rectOfRange(note, start, end),
      heading,
      picked: (label) => apply(Deid.api("POST", base + "/spans", {
        start: Deid.point(start), end: Deid.point(end), label, replace: clashes.map((c) => c.id),
      })),
      closed: () => { selection = null; anchor = null; draw(); note.focus(); },
    });
  }

  function editSpan(span) {
    Deid.chooser.open({
      rect: Deid.rectOfRange(note, span.start, span.end),
      heading: `Change ${span.label}`,
      current: span.label,
      buttons: [{ text: "Delete span", className: "danger", run: () => deleteSpan(span) }],
      picked: (label) => apply(Deid.api("PATCH", `${base}/spans/${span.id}`, { label })),
      closed: () => note.focus(),
    });
  }

  function deleteSpan(span) {
    return apply(Deid.api("DELETE", `${base}/spans/${span.id}`));
  }

  function decide(suggestion, decision, label) {
    return apply(Deid.api("POST", `${base}/suggestions/${suggestion.id}`, { decision, label }));
  }

  function reviewSuggestion(suggestion) {
    Deid.chooser.open({
      rect: Deid.rectOfRange(note, suggestion.start, suggestion.end),
      heading: `Suggestion: ${suggestion.label} (${suggestion.source}) — accept as…`,
      current: suggestion.label,
      buttons: [
        { text: "Accept", className: "primary", run: () => decide(suggestion, "accept") },
        { text: "Reject", className: "danger", run: () => decide(suggestion, "reject") },
      ],
      picked: (label) => decide(suggestion, "accept", label),
      closed: () => note.focus(),
    });
  }

  function findAt(spans, offset) {
    return spans.find((sp) => sp.start <= offset && offset < sp.end);
  }

  let dragged = false;      // a mouse selection just ended: ignore the click that follows

  note.addEventListener("mouseup", () => {
    const picked = Deid.selectionOffsets(note);
    if (!picked) return;
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const snapped = Deid.snap(state.tokens, picked.start, picked.end);
    window.getSelection().removeAllRanges();
    if (!snapped) return;
    selection = snapped;
    cursor = snapped[1];
    draw();
    addSpan(state.tokens[snapped[0]][0], state.tokens[snapped[1]][1]);
  });

  note.addEventListener("click", (ev) => {
    const seg = ev.target.closest(".seg");
    if (dragged) { dragged = false; return; }
    if (!seg || !window.getSelection().isCollapsed) return;
    const offset = +seg.dataset.s;
    if (seg.dataset.t !== undefined) cursor = +seg.dataset.t;
    const span = findAt(state.spans, offset);
    const suggestion = span ? null : findAt(visibleSuggestions(), offset);
    draw();
    if (span) editSpan(span);
    else if (suggestion) reviewSuggestion(suggestion);
  });

  function jump(step) {
    const marks = [...state.spans, ...visibleSuggestions()].map((s) => tokenAt(s.start)).sort((a, b) => a - b);
    const target = step > 0 ? marks.find((t) => t > cursor) : [...marks].reverse().find((t) => t < cursor);
    if (target !== undefined) cursor = target;
  }

  note.addEventListener("keydown", (ev) => {
    if (!state || !state.tokens.length || Deid.chooser.isOpen) return;
    const last = state.tokens.length - 1;
    const offset = state.tokens[cursor][0];
    const span = findAt(state.spans, offset);
    const suggestion = span ? null : findAt(visibleSuggestions(), offset);
    let handled = true;
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      const step = ev.key === "ArrowRight" ? 1 : -1;
      if (ev.shiftKey) {
        if (anchor === null) anchor = cursor;
        cursor = Math.max(0, Math.min(last, cursor + step));
        selection = [Math.min(anchor, cursor), Math.max(anchor, cursor)];
      } else {
        cursor = Math.max(0, Math.min(last, cursor + step));
        anchor = null;
        selection = null;
      }
    } else if (ev.key === "Enter") {
      if (selection) addSpan(state.tokens[selection[0]][0], state.tokens[selection[1]][1]);
      else if (span) editSpan(span);
      else if (suggestion) reviewSuggestion(suggestion);
      else { selection = [cursor, cursor]; addSpan(state.tokens[cursor][0], state.tokens[cursor][1]); }
    } else if ((ev.key === "Delete" || ev.key === "Backspace") && span) {
      deleteSpan(span);
    } else if (ev.key === "a" && suggestion) {
      decide(suggestion, "accept");
    } else if (ev.key === "r" && suggestion) {
      decide(suggestion, "reject");
    } else if (ev.key === "n" || ev.key === "p") {
      jump(ev.key === "n" ? 1 : -1);
    } else if (ev.key === "Escape") {
      selection = null;
      anchor = null;
    } else {
      handled = false;
    }
    if (handled) {
      ev.preventDefault();
      if (!Deid.chooser.isOpen) draw();
      const el = note.querySelector(".cursor");
      if (el) el.scrollIntoView({ block: "nearest" });
    }
  });

  document.getElementById("done").addEventListener("click", (ev) => {
    const status = ev.currentTarget.dataset.status === "done" ? "in_progress" : "done";
    apply(Deid.api("POST", base + "/status", { status }));
  });

  load().then(() => note.focus());
})();
