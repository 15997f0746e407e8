// Tiny DOM helpers shared by the shell and the game views (no framework).

/**
 * Create an element: h("button", { class: "card", onclick: fn, "aria-label": "…" }, "text", child…)
 * - `class`, `text`, `dataset` ({testid: "x"} -> data-testid="x"), `on<event>` handlers,
 *   boolean attributes (true -> present, false/null -> absent), anything else -> attribute.
 * - children: strings, nodes, arrays (flattened), null/false (skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "html") el.innerHTML = value; // only for our own static markup (icons)
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace "{P0}", "{P1}"… in an engine text with the seat names. */
export function fillNames(text, names) {
  return String(text ?? "").replace(/\{P(\d+)\}/g, (_, i) => names[Number(i)] ?? `Player ${Number(i) + 1}`);
}

/** Show/hide helper that keeps the `hidden` attribute as the single source of truth. */
export function show(el, visible = true) {
  el.hidden = !visible;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Offer `data` as a JSON file download. */
export function downloadJSON(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Read a File picked by the user as text. */
export function readFileText(file) {
  return file.text();
}

/** "English" list: ["A"] -> "A", ["A","B"] -> "A and B", ["A","B","C"] -> "A, B and C". */
export function listWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
