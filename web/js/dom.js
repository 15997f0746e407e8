// Tiny DOM helpers shared by the shell and the game views (no framework).

/**
 * What h() and spaced() take as children: text (a number or a string), a node, an array of
 * children, or null/undefined/false (skipped).
 * @typedef {string | number | boolean | Node | null | undefined | ChildList} Child
 */
/** @typedef {Child[]} ChildList */

/** The page's element with this id (the shell's fixed parts: index.html), or null.
 *  @param {string} id @returns {HTMLElement | null} */
export const $ = (id) => document.getElementById(id);

/** The shell's fixed part `id`, which index.html always has (strictly checked code: no null).
 *  @param {string} id @returns {HTMLElement} */
export const part = (id) => /** @type {HTMLElement} */ ($(id));

/**
 * Create an element: h("button", { class: "card", onclick: fn, "aria-label": "…" }, "text", child…)
 * - `class`, `text`, `dataset` ({testid: "x"} -> data-testid="x"), `on<event>` handlers,
 *   boolean attributes (true -> present, false/null -> absent), anything else -> attribute.
 * - children: strings, nodes, arrays (flattened), null/false (skipped).
 * @template {string} K
 * @param {K} tag
 * @param {Record<string, unknown> | null} [props]
 * @param {...Child} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const el = /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (document.createElement(tag));
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    // (the DOM's setters make text of what they are given, as String() does)
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else if (key === "html") el.innerHTML = String(value); // only for our own static markup (icons)
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(/** @type {Record<string, unknown>} */ (value))) if (v != null) el.dataset[k] = String(v);
    }
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** @param {HTMLElement} el @param {ChildList} children */
function append(el, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace "{P0}", "{P1}"… in an engine text with the seat names.
 *  @param {unknown} text @param {readonly (string | null | undefined)[]} names @returns {string} */
export function fillNames(text, names) {
  return String(text ?? "").replace(/\{P(\d+)\}/g, (_, i) => names[Number(i)] ?? `Player ${Number(i) + 1}`);
}

/** Show/hide helper that keeps the `hidden` attribute as the single source of truth.
 *  @param {HTMLElement} el @param {boolean} [visible] */
export function show(el, visible = true) {
  el.hidden = !visible;
}

/** A promise that settles after `ms` milliseconds. @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Offer `data` as a JSON file download.
 *  @param {string} filename @param {unknown} data */
export function downloadJSON(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "1 card", "3 cards": the count and `word` (singular), with an "s" unless the count is 1.
 *  @param {number} n @param {string} word @returns {string} */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "English" list: ["A"] -> "A", ["A","B"] -> "A and B", ["A","B","C"] -> "A, B and C".
 *  @param {readonly string[]} words @returns {string} */
export function listWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The text a sighted player reads on `el`: every text it draws, in order, an aria-hidden
 *  part too (a card's value digit is drawn for the eye and hidden from the ear, but a speech
 *  user still says it), not the text of an icon (svg) nor screen-reader-only text (.sr-only).
 *  Parts are joined as they are (no space between two spans), as checkers of WCAG 2.5.3 join
 *  them, so faces put " " between their parts: see spaced().
 *  @param {Node} el @returns {string} */
export function visibleText(el) {
  /** @type {string[]} */
  const parts = [];
  const walk = (/** @type {Node} */ node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? "");
      else if (child.nodeType === Node.ELEMENT_NODE && /** @type {Element} */ (child).namespaceURI !== SVG &&
               !/** @type {Element} */ (child).classList.contains("sr-only")) {
        walk(child);
      }
    }
  };
  walk(el);
  return parts.join("").replace(/\s+/g, " ").trim();
}
const SVG = "http://www.w3.org/2000/svg";

/** Children with " " between them: a face's parts then read as words, not "Deck44draw"
 *  (whitespace between flex or grid items is not drawn).
 *  @param {...Child} children @returns {Child[]} */
export function spaced(...children) {
  return children.flat().filter((c) => c != null && c !== false).flatMap((c, i) => (i ? [" ", c] : [c]));
}

/** Give a control the accessible name "<its visible text>: <more>", so what a player sees on
 *  it is also what a screen reader says and what a speech user can say (WCAG 2.5.3).
 *  @template {Element} E @param {E} el @param {string} more @returns {E} */
export function nameWith(el, more) {
  const seen = visibleText(el);
  el.setAttribute("aria-label", seen && more ? `${seen}: ${more}` : seen || more);
  return el;
}
