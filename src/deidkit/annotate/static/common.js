/* deidkit annotate: shared helpers for the annotator and adjudication views.
 * No framework, no network access except this app's own API. */
"use strict";

const Deid = (() => {
  const pageData = JSON.parse(document.getElementById("page-data").textContent);
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const labels = pageData.labels;
  const categoryOf = Object.fromEntries(labels.map((l) => [l.name, l.category]));
  const statusEl = document.getElementById("save-status");

  function setStatus(text, kind) {
    if (!statusEl) return;
    statusEl.textContent = text;
    statusEl.dataset.kind = kind || "";
  }

  /* The server counts offsets in code points (Python), the page in UTF-16 units (JavaScript).
   * They differ only after characters outside the Basic Multilingual Plane (emoji, rare
   * scripts); a state's offsets are converted when it arrives, and back when sent. */
  let units = null;   // code point offset -> UTF-16 offset, or null when they coincide
  let points = null;  // UTF-16 offset -> code point offset

  function useText(text) {
    units = points = null;
    if (!/[\uD800-\uDFFF]/.test(text)) return;
    units = [];
    points = new Map();
    let u = 0, p = 0;
    for (const ch of text) { units.push(u); points.set(u, p); u += ch.length; p += 1; }
    units.push(u);
    points.set(u, p);
  }
  const unit = (p) => (units ? units[p] : p);
  const point = (u) => (points ? points.get(u) : u);

  function convertState(state) {
    useText(state.text);
    if (!units) return state;
    const pair = (a) => { a[0] = unit(a[0]); a[1] = unit(a[1]); };
    const obj = (o) => { o.start = unit(o.start); o.end = unit(o.end); };
    state.tokens.forEach(pair);
    for (const key of ["span", "spans", "suggestions", "gold"]) {
      const value = state[key];
      if (Array.isArray(value)) value.forEach(obj); else if (value) obj(value);
    }
    for (const c of state.candidates || []) {
      obj(c);
      for (const list of [...Object.values(c.choices), ...Object.values(c.models), c.suggested, c.gold]) {
        list.forEach(pair);
      }
      c.options.forEach((o) => o.spans.forEach(pair));
    }
    return state;
  }

  /* Offsets and [start, end, label] triples as the server counts them. */
  const serverSpans = (spans) => spans.map(([s, e, label]) => [point(s), point(e), label]);

  let queue = Promise.resolve();

  /* Send one API request; requests run one after another so saves keep their order.
   * A lost connection is retried until it succeeds; an error answer is shown and the
   * caller's onError gets it (usually: reload the stored state). */
  function api(method, url, body) {
    const run = async () => {
      if (method !== "GET") setStatus("Saving…", "busy");
      let delay = 500;
      for (;;) {
        let response;
        try {
          response = await fetch(url, {
            method,
            credentials: "same-origin",
            headers: {
              "Content-Type": "application/json",
              "X-CSRF-Token": csrf,
              Accept: "application/json",
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (_networkError) {
          setStatus("Connection lost — retrying…", "error");
          await new Promise((resolve) => setTimeout(resolve, delay));
          delay = Math.min(delay * 2, 8000);
          continue;
        }
        if (response.status === 401) {
          window.location.href = "/login?next=" + encodeURIComponent(window.location.pathname);
          throw new Error("not logged in");
        }
        const data = await response.json().catch(() => ({}));
        if (!response.ok) {
          setStatus("Not saved: " + (data.error || response.status), "error");
          const error = new Error(data.error || String(response.status));
          error.status = response.status;
          throw error;
        }
        setStatus(method === "GET" ? "Loaded" : "All changes saved", "ok");
        return data && typeof data.text === "string" ? convertState(data) : data;
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  /* Split the text at every token and span boundary; one element per piece, so that each
   * piece can carry the classes of every layer covering it. */
  function renderNote(container, text, tokens, layers) {
    const cuts = new Set([0, text.length]);
    for (const [s, e] of tokens) { cuts.add(s); cuts.add(e); }
    for (const layer of layers) for (const sp of layer.spans) { cuts.add(sp.start); cuts.add(sp.end); }
    const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
    const tokenAt = new Map(tokens.map(([s, e], i) => [s, i]));
    const fragment = document.createDocumentFragment();
    let tokenIndex = -1;
    let tokenEnd = -1;
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k], b = points[k + 1];
      const el = document.createElement("span");
      el.className = "seg";
      el.dataset.s = a;
      el.dataset.e = b;
      el.textContent = text.slice(a, b);
      if (tokenAt.has(a)) { tokenIndex = tokenAt.get(a); tokenEnd = tokens[tokenIndex][1]; }
      if (a < tokenEnd) { el.classList.add("tok"); el.dataset.t = tokenIndex; }
      for (const layer of layers) {
        for (const sp of layer.spans) {
          if (sp.start <= a && b <= sp.end) {
            el.classList.add(layer.cls);
            if (sp.label) el.classList.add("cat-" + (categoryOf[sp.label] || "OTHER"));
            if (layer.attr && sp.id !== undefined) el.dataset[layer.attr] = sp.id;
            if (sp.start === a) el.classList.add(layer.cls + "-first");
            if (sp.end === b) {
              el.classList.add(layer.cls + "-last");
              if (layer.showLabel && sp.label) el.dataset.label = sp.label;
            }
            break;
          }
        }
      }
      fragment.appendChild(el);
    }
    container.replaceChildren(fragment);
  }

  function offsetIn(container, node, offset) {
    const range = document.createRange();
    range.selectNodeContents(container);
    range.setEnd(node, offset);
    return range.toString().length;
  }

  /* The character offsets of the browser selection inside container, or null. */
  function selectionOffsets(container) {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
    const range = selection.getRangeAt(0);
    if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) {
      return null;
    }
    const start = offsetIn(container, range.startContainer, range.startOffset);
    const end = offsetIn(container, range.endContainer, range.endOffset);
    return start < end ? { start, end, rect: range.getBoundingClientRect() } : null;
  }

  /* Widen [start, end) to whole tokens: [first token index, last token index] or null. */
  function snap(tokens, start, end) {
    let first = -1, last = -1;
    for (let i = 0; i < tokens.length; i++) {
      if (first < 0 && tokens[i][1] > start) first = i;
      if (tokens[i][0] < end) last = i;
    }
    if (first < 0 || last < first) return null;
    return [first, last];
  }

  function overlapping(spans, start, end) {
    return spans.filter((sp) => sp.start < end && start < sp.end);
  }

  /* The type chooser: a small dialog with a filter box, a list of labels and actions. */
  const chooser = (() => {
    const box = document.getElementById("chooser");
    if (!box) return null;
    const title = box.querySelector(".chooser-title");
    const filter = document.getElementById("chooser-filter");
    const list = document.getElementById("chooser-list");
    const actions = box.querySelector(".chooser-actions");
    let onPick = null, onClose = null, shown = [], active = 0, lastLabel = null;

    function draw() {
      const q = filter.value.trim().toLowerCase();
      const score = (l) => {
        const name = l.name.toLowerCase();
        if (!q) return l.name === lastLabel ? 0 : 1;
        if (name.startsWith(q)) return 0;
        if (name.includes(q)) return 1;
        if (l.description.toLowerCase().includes(q) || l.category.toLowerCase().startsWith(q)) return 2;
        return 9;
      };
      shown = labels.map((l) => [score(l), l]).filter(([s]) => s < 9)
        .sort((x, y) => x[0] - y[0]).map(([, l]) => l);
      active = Math.min(active, Math.max(shown.length - 1, 0));
      list.replaceChildren(...shown.map((l, i) => {
        const li = document.createElement("li");
        li.setAttribute("role", "option");
        li.dataset.label = l.name;
        li.className = "cat-" + l.category + (i === active ? " active" : "");
        const chip = document.createElement("b");
        chip.textContent = l.name;
        const desc = document.createElement("span");
        desc.textContent = " " + l.description;
        li.append(chip, desc);
        li.addEventListener("mousedown", (ev) => { ev.preventDefault(); pick(l.name); });
        return li;
      }));
      const current = list.children[active];
      if (current) current.scrollIntoView({ block: "nearest" });
    }

    function pick(name) {
      lastLabel = name;
      const callback = onPick;
      close();
      if (callback) callback(name);
    }

    function close() {
      if (box.hidden) return;
      box.hidden = true;
      onPick = null;
      const callback = onClose;
      onClose = null;
      if (callback) callback();
    }

    filter.addEventListener("input", () => { active = 0; draw(); });
    filter.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowDown") { active = Math.min(active + 1, shown.length - 1); draw(); ev.preventDefault(); }
      else if (ev.key === "ArrowUp") { active = Math.max(active - 1, 0); draw(); ev.preventDefault(); }
      else if (ev.key === "Enter") { if (shown[active]) pick(shown[active].name); ev.preventDefault(); }
      else if (ev.key === "Escape") { close(); ev.preventDefault(); }
      ev.stopPropagation();
    });
    document.addEventListener("mousedown", (ev) => {
      if (!box.hidden && !box.contains(ev.target)) close();
    });

    function open({ rect, heading, buttons, picked, closed, current }) {
      title.textContent = heading;
      actions.replaceChildren(...(buttons || []).map((b) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = b.text;
        if (b.className) button.className = b.className;
        button.addEventListener("mousedown", (ev) => { ev.preventDefault(); close(); b.run(); });
        return button;
      }));
      onPick = picked;
      onClose = closed || null;
      filter.value = "";
      if (current) lastLabel = current;
      active = 0;
      box.hidden = false;
      draw();
      const below = window.innerHeight - rect.bottom - 12, above = rect.top - 12;
      const downwards = below >= 220 || below >= above;
      box.style.maxHeight = Math.max(160, Math.min(window.innerHeight * 0.6, downwards ? below : above)) + "px";
      const width = box.offsetWidth, height = box.offsetHeight;
      const left = Math.max(4, Math.min(rect.left, window.innerWidth - width - 4));
      const top = downwards ? rect.bottom + 6 : Math.max(4, rect.top - height - 6);
      box.style.left = left + "px";
      box.style.top = top + "px";
      filter.focus();
    }

    return { open, close, get isOpen() { return !box.hidden; } };
  })();

  function rectOfRange(container, start, end) {
    const segs = [...container.querySelectorAll(".seg")]
      .filter((el) => +el.dataset.s < end && start < +el.dataset.e);
    if (!segs.length) return container.getBoundingClientRect();
    const first = segs[0].getBoundingClientRect(), last = segs[segs.length - 1].getBoundingClientRect();
    return { left: first.left, top: first.top, bottom: last.bottom, right: last.right };
  }

  function link(el, key, base) {
    if (key === null || key === undefined) { el.hidden = true; return; }
    el.hidden = false;
    el.href = base + key;
  }

  return {
    pageData, labels, categoryOf, api, setStatus, renderNote, selectionOffsets, snap,
    overlapping, chooser, rectOfRange, link, point, serverSpans,
  };
})();
