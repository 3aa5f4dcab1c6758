// Small DOM helpers and the pictures of cards and tiles (pure CSS, no images). A tile or
// a card is named in words for its tooltip and its screen-reader label ("mavi 13",
// "sahte okey", "kupa 10"), never by its code (the words are i18n.js's: tile_*, card_*).

import { t, cardWordsOf, tileWordsOf } from "./i18n.js";


/** h("div", {class: "x", onclick: f, "data-k": 1}, child, "text", [more]) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      // (through the CSSOM: the Content-Security-Policy refuses style attributes)
      else if (k === "style") el.style.cssText = String(v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "html") el.innerHTML = v;
      else if (v === true) el.setAttribute(k, "");
      else el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["H", "D"]);

export function parseCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** A card in words: "kupa 10", "maça papaz" ("10 of hearts", "king of spades"). */
export function cardWords(code) {
  return cardWordsOf(code) ?? code;
}

/** A tile in words: "mavi 13", "sahte okey"; the wild tile says it is the okey. */
export function tileName(code, okey = null) {
  const words = tileWordsOf(code) ?? code;
  return okey && code === okey ? `${words} (${t("tile_okey")})` : words;
}

/** "10♥" */
export function cardText(code) {
  const { rank, suit } = parseCard(code);
  return rank + (SUITS[suit] || suit);
}

/**
 * A playing card as a <button> (or a <div> when `opts.static`). opts: legal (highlighted),
 * dim (not playable now), selected, small, onClick, title.
 */
export function cardEl(code, opts = {}) {
  const { rank, suit } = parseCard(code);
  const cls = ["card", RED_SUITS.has(suit) ? "red" : "black"];
  if (opts.legal) cls.push("legal");
  if (opts.dim) cls.push("dim");
  if (opts.selected) cls.push("selected");
  if (opts.small) cls.push("small");
  if (opts.extraClass) cls.push(opts.extraClass);
  const tag = opts.static ? "div" : "button";
  return h(
    tag,
    {
      class: cls.join(" "),
      "data-card": code,
      "data-legal": opts.legal ? "1" : null,
      "data-kbd": opts.static ? null : "1",
      type: tag === "button" ? "button" : null,
      title: opts.title || cardWords(code),
      "aria-label": cardWords(code),
      onclick: opts.onClick,
    },
    h("span", { class: "corner" }, h("span", { class: "rank" }, rank), h("span", { class: "suit" }, SUITS[suit] || suit)),
    h("span", { class: "pip" }, SUITS[suit] || suit),
  );
}

/** The back of a card. */
export function backEl(opts = {}) {
  return h("div", { class: "card back" + (opts.small ? " small" : "") + (opts.extraClass ? " " + opts.extraClass : ""), "aria-hidden": "true" });
}

export const TILE_COLOURS = { R: "red", Y: "yellow", B: "blue", K: "black" };

/** An Okey tile. `okey` is the view's okey tile (the wild one), marked with a star. */
export function tileEl(code, opts = {}) {
  const joker = code === "J";
  const colour = joker ? "joker" : TILE_COLOURS[code[0]] || "black";
  const number = joker ? "★" : code.slice(1);
  const cls = ["tile", colour];
  if (opts.okey && code === opts.okey) cls.push("wild");
  if (opts.legal) cls.push("legal");
  if (opts.selected) cls.push("selected");
  if (opts.small) cls.push("small");
  if (opts.extraClass) cls.push(opts.extraClass);
  const tag = opts.button ? "button" : "div";
  return h(
    tag,
    {
      class: cls.join(" "),
      "data-tile": code,
      type: tag === "button" ? "button" : null,
      title: opts.title || tileName(code, opts.okey),
      "aria-label": tileName(code, opts.okey),
      tabindex: opts.tabindex,
    },
    h("span", { class: "num" }, number),
    h("span", { class: "dot" }),
  );
}

export function tileBack(opts = {}) {
  return h("div", { class: "tile back" + (opts.small ? " small" : ""), "aria-hidden": "true" });
}

let toastTimer = null;
/** A short message at the bottom of the screen (errors, explanations). */
export function toast(text, kind = "info") {
  let el = document.getElementById("toast");
  if (!el) {
    el = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.appendChild(el);
  }
  el.className = "show " + kind;
  el.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.className = "";
  }, kind === "error" ? 6000 : 3500);
}

export function fmtSigned(n) {
  if (n === null || n === undefined) return "";
  if (typeof n === "number" && !Number.isInteger(n)) n = Math.round(n * 100) / 100;
  return n > 0 ? "+" + n : String(n);
}

/** Arrow keys move the focus among the game's legal buttons; Enter/Space press it. */
export function cycleFocus(e, container, selector = '[data-legal="1"]') {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "ArrowUp" && e.key !== "ArrowDown") return false;
  const items = [...container.querySelectorAll(selector)].filter((x) => !x.disabled);
  if (!items.length) return false;
  const i = items.indexOf(document.activeElement);
  const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
  const next = i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length;
  items[next].focus();
  return true;
}
