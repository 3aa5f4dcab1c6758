// The Okey table, shared by the Okey families (games/okey.js: Düz and KDV Okey;
// games/okey_101.js): a helper module, no family of its own. The rack is two rows of slots; adjacent tiles form a block and a
// gap ends one (docs/rules/okey.md rule 29; the model: okey_rack.js). Every change of the layout is sent as `arrange`; a
// discard names the slot its tile left, `at: [block, position]` (after an `arrange` that
// puts the server's blocks in the page's order, when they differ): tiles keep their
// slots and a gap stays where the tile was.
// Drag (mouse or touch, pointer events): a tile to another slot, to your discard stack
// (discard) or onto the indicator (finish); the pile or the left stack to a slot (draw).

import { t, addStrings, getLang } from "../i18n.js";
import { h, tileEl, tileBack } from "../ui.js";
import { COLS, ROWS, SLOTS, blocksOf, blockKey, layoutKey, slotAt, tileCount, layoutFromBlocks, isFree, freeSlot, removeTile, moveTile, dealtLayout, tidyArrangement, finishGroups } from "./okey_rack.js";

export { COLS, ROWS, blocksOf, slotAt, layoutFromBlocks, removeTile, moveTile };

// The move log's words (issue 21): past tense, tiles by colour and number.
addStrings({
  tr: {
    log_took_left: "{name} soldan {tile} aldı",
    log_drew: "{name} ortadan çekti",
    log_drew_tile: "{name} ortadan {tile} çekti",
    log_discarded: "{name} {tile} attı",
    log_finished: "{name} {tile} ile bitti",
    log_indicator: "{name} gösterge yaptı: {tile}",
    starter_title: "Eli ilk oynayan",
    continue: "Devam",
    okey_discard_hint_touch: "Atmak için taşı seçip At'a basın ya da yere sürükleyin; bitirmek için göstergeye bırakın",
  },
  en: {
    log_took_left: "{name} took {tile} from the left",
    log_drew: "{name} drew from the pile",
    log_drew_tile: "{name} drew {tile} from the pile",
    log_discarded: "{name} discarded {tile}",
    log_finished: "{name} finished with {tile}",
    log_indicator: "{name} showed the indicator: {tile}",
    starter_title: "Plays first this deal",
    continue: "Continue",
    okey_discard_hint_touch: "To discard, choose a tile and tap Discard, or drag it down; drop it on the indicator to finish",
  },
});

/** Turkish accusative endings of 1–13 read aloud (bir'i, iki'yi, üç'ü … on üç'ü). */
const ACCUSATIVE = ["", "'i", "'yi", "'ü", "'ü", "'i", "'yı", "'yi", "'i", "'u", "'u", "'i", "'yi", "'ü"];

/** A tile in words, "sarı 10" ("sarı 10'u" as an object in Turkish, `acc`); the okey
 * and the false okey by their names. Exported for the tests of the log. */
export function tileWords(code, okey, acc = false) {
  const tr = getLang() === "tr";
  if (code === "J" || code === okey) {
    const w = t(code === "J" ? "tile_J" : "tile_okey");
    return acc && tr ? w + "i" : w;
  }
  const n = parseInt(code.slice(1), 10);
  return `${t("tile_" + code[0])} ${n}${acc && tr ? ACCUSATIVE[n] : ""}`;
}

/** The i18n key of this game's keyboard help (the table's help overlay shows it). */
export const KEYS_HELP = "keys_okey";

const CORNER = ["br", "tr", "tl", "bl"];
/** How long the end of a deal stays on screen into the next deal (unless "Devam"). */
const KEEP_MS = 8000;
const POS = ["bottom", "right", "top", "left"];

/** A phone or a tablet (a finger, no mouse): the hints speak of tapping, not keys. */
function touchScreen() {
  return !!(globalThis.matchMedia && matchMedia("(pointer: coarse)").matches);
}

// ------------------------------------------------------------------ the table
/** The Okey table (the felt, the rack, drawing and discarding), shared by every Okey
 * family: `ext` adds what a variant has beyond it (101 Okey: games/okey_101.js), each
 * hook optional —
 *   bind(tools)            tools: {selected() -> tile or null, clear()}
 *   seatExtra(v, s)        more pills in a seat's box
 *   felt(v), feltClass     an element on the felt, and the felt's class for placing it
 *                          (101: the melds on the table)
 *   info(v, sel)           more words beside the hint over the rack
 *   buttons(v, sel)        more buttons before "At"
 *   dropTile(tile, target) a rack tile dropped on a target of the variant's: true if handled
 *   confirmDiscard(tile)   false to hold a discard back (a warning shown instead)
 *   describe(d, name)      the log's words for the variant's own events
 *   suggestions            false: no "seri diz" / "çift diz" (the engine offers none)
 *   hint(v)                the hint over the rack, when the variant has its own
 *   endTitle(v)            the end of a deal in words, when not a finish (101: the pile ran out) */
export function createOkeyTable(ctx, ext = {}) {
  const st = {
    slots: null, // our layout (null: take the server's)
    inflight: 0, // arrange messages not yet echoed
    sentLayout: null, // the layoutKey of the last arrange sent
    dirty: false, // an arrange waits for the pending move
    selected: null, // slot index
    drawSlot: null, // where a tile being drawn should land
    discardSlot: null, // the slot our last discard took its tile from
    focusSlot: null,
    drag: null,
    dealing: false, // the next drawing deals the rack (an animation)
    fresh: new Set(), // slots a drawn tile arrived in since the last drawing
    lastOver: null, // the last deal's end: {deal, v, scores, shownAt, dismissed}
    keepTimer: null,
  };
  let api = null;
  const suggestions = ext.suggestions !== false;
  if (ext.bind) ext.bind({ selected: () => (st.selected !== null && st.slots ? st.slots[st.selected] : null), clear: () => (st.selected = null) });

  function rack() {
    const v = ctx.view;
    return v && v.rack ? v.rack : null;
  }

  /** Bring our slots in line with the server's rack (see docs/web.md "The rack"). */
  function reconcile() {
    const server = rack();
    if (!server) {
      st.slots = null;
      return;
    }
    const serverTiles = server.flat();
    if (!st.slots) {
      // a new deal (every tile a block of its own) lies side by side, as players lay it
      // (only for the seat's own player, who may arrange: a watcher or a replay shows the
      // server's layout as it is; and once only, should the arrangement be refused)
      const dealt = ctx.you !== null && !st.dealtRefused && server.length > 1 && server.every((b) => b.length === 1);
      st.slots = dealt ? dealtLayout(serverTiles) : layoutFromBlocks(server);
      if (blockKey(blocksOf(st.slots)) !== blockKey(server)) sendArrange();
      return;
    }
    const local = st.slots.filter(Boolean);
    const want = tileCount(serverTiles);
    const have = tileCount(local);
    let changed = false;
    const serverKey = blockKey(server);
    for (const [x, k] of have) {
      for (let i = want.get(x) || 0; i < k; i++) {
        removeTile(st.slots, x, st.discardSlot, serverKey);
        st.discardSlot = null;
        changed = true;
      }
    }
    for (const [x, k] of want) {
      for (let i = have.get(x) || 0; i < k; i++) {
        let at = st.drawSlot !== null && isFree(st.slots, st.drawSlot) ? st.drawSlot : freeSlot(st.slots);
        st.drawSlot = null;
        if (at < 0) at = st.slots.indexOf(null);
        st.slots[at] = x;
        st.fresh.add(at);
        changed = true;
      }
    }
    if (st.selected !== null && !st.slots[st.selected]) st.selected = null;
    const same = blockKey(blocksOf(st.slots)) === blockKey(server);
    if (same) return;
    if (changed) {
      sendArrange();
    } else if (st.inflight <= 0 && !st.dirty) {
      // the server's layout changed without us (seri/çift diz, a bot while away): take it
      st.slots = layoutFromBlocks(server);
    }
  }

  function sendArrange() {
    if (ctx.you === null) return; // a watcher or a replay arranges nothing
    if (ctx.pending || !ctx.view || ctx.view.over) {
      st.dirty = !ctx.view || !ctx.view.over;
      return;
    }
    st.dirty = false;
    st.inflight += 1;
    const blocks = blocksOf(st.slots);
    st.sentLayout = layoutKey(blocks);
    ctx.act({ act: "arrange", rack: blocks }, { quiet: true }).then((ok) => {
      if (!ok) {
        st.inflight = Math.max(0, st.inflight - 1);
        st.slots = null; // take the server's layout again
        st.dealtRefused = true;
        ctx.rerender();
      }
    });
  }

  function legalOf(kind) {
    return ctx.legal.filter((a) => a.act === kind);
  }

  function canDraw(from) {
    return ctx.legal.some((a) => a.act === "draw" && a.from === from);
  }

  function draw(from, slot = null) {
    if (!canDraw(from)) {
      // not now: let the server say why
      ctx.act({ act: "draw", from });
      return;
    }
    st.drawSlot = slot;
    ctx.act({ act: "draw", from });
  }

  /** Discard the tile in slot `i`, naming that copy (`at`). [block, position] counts in
   * the page's layout, so the server must hold the same blocks in the same order: when
   * it does not (or will not, once the arrangements on their way arrive), an arrange
   * goes first, on the same socket. */
  function discardSlot(i) {
    const tile = st.slots && st.slots[i];
    if (!tile) return;
    if (ext.confirmDiscard && !ext.confirmDiscard(tile)) {
      ctx.rerender();
      return;
    }
    const server = rack();
    const there = st.inflight > 0 ? st.sentLayout : server ? layoutKey(server) : null;
    if (st.dirty || there !== layoutKey(blocksOf(st.slots))) sendArrange();
    st.selected = null;
    st.discardSlot = i;
    ctx.act({ act: "discard", tile, at: slotAt(st.slots, i) }).then((ok) => {
      if (!ok) st.discardSlot = null;
    });
  }

  function finishSlot(i) {
    const tile = st.slots && st.slots[i];
    if (!tile) return;
    const v = ctx.view;
    if (tile === v.indicator && legalOf("show_indicator").length && !legalOf("finish").some((a) => a.tile === tile)) {
      ctx.act({ act: "show_indicator" });
      return;
    }
    st.selected = null;
    ctx.act({ act: "finish", tile });
  }

  function moveLocal(from, to) {
    st.slots = moveTile(st.slots, from, to);
    if (st.selected === from) st.selected = to;
    sendArrange();
    ctx.rerender();
  }

  async function suggest(which) {
    try {
      const r = await ctx.request({ type: "suggest" });
      const a = r.arrangements[which];
      if (!a) return;
      // every tile laid out: the melds (or pairs), then the rest by colour and number
      st.slots = layoutFromBlocks(tidyArrangement(a.rack, ctx.view ? ctx.view.okey : null));
      const blocks = blocksOf(st.slots);
      st.selected = null;
      st.inflight += 1;
      st.sentLayout = layoutKey(blocks);
      const ok = await ctx.act({ act: "arrange", rack: blocks }, { quiet: true });
      if (!ok) {
        st.inflight = Math.max(0, st.inflight - 1);
        st.slots = null;
      }
      ctx.rerender();
    } catch (err) {
      ctx.toast(err.message || err.code || "?", "error");
    }
  }

  // ---------------------------------------------------------------- dragging
  function startPointer(e, source) {
    if (e.button !== undefined && e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY };
    const el = e.currentTarget;
    st.drag = { source, start, el, ghost: null, active: false, over: null };
    const move = (ev) => {
      const d = st.drag;
      if (!d) return;
      if (!d.active) {
        if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
        d.active = true;
        const r = el.getBoundingClientRect();
        d.ghost = el.cloneNode(true);
        d.ghost.classList.add("ghost");
        d.ghost.style.width = r.width + "px";
        d.ghost.style.height = r.height + "px";
        d.dx = start.x - r.left;
        d.dy = start.y - r.top;
        document.body.appendChild(d.ghost);
        el.classList.add("drag-source");
        document.body.classList.add("dragging");
      }
      ev.preventDefault();
      d.ghost.style.transform = `translate(${ev.clientX - d.dx}px, ${ev.clientY - d.dy}px)`;
      const target = dropTarget(ev.clientX, ev.clientY);
      if (d.over !== target) {
        if (d.over) d.over.classList.remove("drop-over");
        d.over = target;
        if (target) target.classList.add("drop-over");
      }
    };
    const up = (ev) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", up);
      document.removeEventListener("pointercancel", up);
      const d = st.drag;
      st.drag = null;
      if (!d) return;
      if (d.ghost) d.ghost.remove();
      if (d.over) d.over.classList.remove("drop-over");
      document.body.classList.remove("dragging");
      el.classList.remove("drag-source");
      if (d.active && ev.type === "pointerup") drop(d.source, dropTarget(ev.clientX, ev.clientY));
      else if (!d.active && ev.type === "pointerup") click(d.source);
      if (api.afterDrag) {
        const f = api.afterDrag;
        api.afterDrag = null;
        f();
      } else if (d.active) ctx.rerender();
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
    document.addEventListener("pointercancel", up);
  }

  function dropTarget(x, y) {
    const el = document.elementFromPoint(x, y);
    return el ? el.closest("[data-drop]") : null;
  }

  function drop(source, target) {
    if (!target) return;
    const kind = target.dataset.drop;
    if (source.kind === "tile" && ext.dropTile && st.slots && ext.dropTile(st.slots[source.slot], target)) {
      st.selected = null;
      return;
    }
    if (source.kind === "tile") {
      if (kind === "slot") moveLocal(source.slot, parseInt(target.dataset.slot, 10));
      else if (kind === "discard") discardSlot(source.slot);
      else if (kind === "indicator") finishSlot(source.slot);
    } else if (kind === "slot") {
      const i = parseInt(target.dataset.slot, 10);
      draw(source.kind, st.slots && !st.slots[i] ? i : null);
    } else if (kind === "rack") {
      draw(source.kind, null);
    }
  }

  function click(source) {
    if (source.kind === "tile") {
      st.selected = st.selected === source.slot ? null : source.slot;
      st.focusSlot = source.slot;
      ctx.rerender();
    } else {
      draw(source.kind, null);
    }
  }

  // ---------------------------------------------------------------- drawing the table
  function seatBox(v, s) {
    const r = ctx.rel(s);
    const extra = h("div", { class: "seat-info" }, h("span", { class: "count" }, t("pile_left", { n: v.rack_sizes[s] })), v.starter === s ? h("span", { class: "dealer-chip", title: t("starter_title") }, "1") : null, v.gosterge === s ? h("span", { class: "pill" }, t("indicator")) : null, ctx.info.options.pairs && ctx.you !== null && s === (ctx.you + 2) % 4 ? h("span", { class: "pill" }, t("partner")) : null, ext.seatExtra ? ext.seatExtra(v, s) : null);
    return h("div", { class: `seat-pos ${POS[r]}` }, ctx.seatTag(s, extra));
  }

  function stackBox(v, s) {
    const r = ctx.rel(s);
    const stack = v.discards[s] || [];
    const top = stack.length ? stack[stack.length - 1] : null;
    const me = ctx.you;
    const leftOfMe = me !== null && s === (me + 3) % 4;
    const mine = me !== null && s === me;
    const attrs = { class: `stack ${CORNER[r]}`, "data-stack": s };
    const kids = [];
    if (stack.length > 1) kids.push(tileEl(stack[stack.length - 2], { okey: v.okey, small: true, extraClass: "under" }));
    if (top) {
      if (leftOfMe) {
        const legal = canDraw("left");
        const el = tileEl(top, { okey: v.okey, button: true, legal, extraClass: "stack-top" });
        el.id = "draw-left";
        el.dataset.act = "draw-left";
        if (legal) el.dataset.legal = "1";
        el.title = t("draw_left");
        el.addEventListener("pointerdown", (e) => startPointer(e, { kind: "left" }));
        el.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            draw("left");
          }
        });
        kids.push(el);
      } else kids.push(tileEl(top, { okey: v.okey, extraClass: "stack-top" }));
      // the tile just discarded slides in from its player's side
      const topEl = kids[kids.length - 1];
      topEl.dataset.anim = `from-${POS[r]}`;
      topEl.dataset.animKey = `disc:${ctx.deal}:${s}:${stack.length}:${v.pile_left}`;
    }
    kids.push(h("span", { class: "stack-count" }, stack.length ? String(stack.length) : ""));
    if (mine) {
      attrs["data-drop"] = "discard";
      attrs.id = "discard-zone";
      const phase = ctx.legal.some((a) => a.act === "discard");
      if (phase) attrs.class += " target";
      kids.push(h("span", { class: "drop-hint" }, t("discard_here")));
    }
    return h("div", attrs, kids);
  }

  function center(v) {
    const pileLegal = canDraw("pile");
    const pile = h(
      "button",
      {
        type: "button",
        class: "draw-pile" + (pileLegal ? " legal" : ""),
        id: "draw-pile",
        "data-act": "draw-pile",
        "data-legal": pileLegal ? "1" : null,
        title: t("draw_pile"),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            draw("pile");
          }
        },
      },
      tileBack(),
      h("span", { class: "pile-count" }, t("pile_left", { n: v.pile_left })),
    );
    pile.addEventListener("pointerdown", (e) => startPointer(e, { kind: "pile" }));
    const finishLegal = legalOf("finish").length > 0;
    const indicator = h(
      "div",
      { class: "indicator" + (finishLegal ? " target" : ""), id: "indicator", "data-drop": "indicator", title: t("finish_hint") },
      h("span", { class: "label" }, t("indicator")),
      tileEl(v.indicator, {}),
      h("span", { class: "okey-note" }, `${t("okey_is")}: `, tileEl(v.okey, { small: true })),
    );
    const kids = [pile, indicator];
    return h("div", { class: "okey-center" }, kids);
  }

  /** The end of a deal: who finished, their hand laid out as its melds or pairs (the
   * finish tile and the okeys marked), the points each seat got; kept on screen after
   * the next deal starts until "Devam" or about 8 s (`kept`). */
  function dealOver(v, scores, kept = false) {
    const attrs = { class: "deal-over" + (kept ? " kept" : ""), id: "deal-over", role: kept ? "status" : null };
    const more = kept ? h("button", { type: "button", class: "primary continue", id: "deal-continue", onclick: () => { st.lastOver.dismissed = true; ctx.rerender(); } }, t("continue")) : null;
    const points = scores ? h("div", { class: "points", id: "deal-points" }, scores.map((p, s) => h("span", { "data-seat": s }, `${ctx.name(s)}: ${p > 0 ? "+" + p : p}`))) : null;
    if (v.end === "void") return h("div", attrs, t("deal_over"), " · ", t("void_deal"), points, more);
    const kids = [h("div", {}, h("b", {}, (ext.endTitle && ext.endTitle(v)) || t("finished_with", { name: ctx.name(v.finisher) })), v.multiplier ? " " + t("multiplier", { m: v.multiplier }) : "", v.finish_tile ? [" · ", tileEl(v.finish_tile, { okey: v.okey, small: true, extraClass: "finish-tile" })] : null)];
    if (v.finisher_rack) {
      // at the table (the replay shows the record's own layout)
      const groups = (ctx.deal && finishGroups(v.finisher_rack.flat(), v.okey)) || v.finisher_rack;
      kids.push(h("div", { class: "finisher-rack", id: "finisher-rack", "data-laid": groups === v.finisher_rack ? "own" : "melds" }, groups.map((b) => h("span", { class: "block" }, b.map((x) => tileEl(x, { okey: v.okey, small: true }))))));
    }
    return h("div", attrs, kids, points, more);
  }

  /** The last deal's end while it is kept on screen (null when gone). */
  function keptOver() {
    const last = st.lastOver;
    if (!last || last.dismissed) return null;
    const left = KEEP_MS - (Date.now() - last.shownAt);
    if (left <= 0) return null;
    clearTimeout(st.keepTimer);
    st.keepTimer = setTimeout(() => ctx.rerender(), left + 20);
    return dealOver(last.v, last.scores, true);
  }

  function rackEl(v) {
    const discardLegal = ctx.legal.some((a) => a.act === "discard");
    const finishTiles = new Set(legalOf("finish").map((a) => a.tile));
    const rows = [];
    for (let r = 0; r < ROWS; r++) {
      const row = h("div", { class: "rack-row" });
      for (let c = 0; c < COLS; c++) {
        const i = r * COLS + c;
        const x = st.slots[i];
        const slot = h("div", { class: "slot", "data-drop": "slot", "data-slot": i });
        if (x) {
          const tileBtn = tileEl(x, { okey: v.okey, button: true, legal: discardLegal, selected: st.selected === i, extraClass: finishTiles.has(x) ? "can-finish" : null });
          tileBtn.dataset.tileSlot = i;
          if (st.dealing) {
            tileBtn.dataset.anim = "deal";
            tileBtn.dataset.animKey = `deal:${ctx.deal}:${i}`;
          } else if (st.fresh.has(i)) {
            tileBtn.dataset.anim = "drop";
            tileBtn.dataset.animKey = `drew:${ctx.deal}:${v.pile_left}:${v.discards.flat().length}`;
          }
          tileBtn.addEventListener("pointerdown", (e) => startPointer(e, { kind: "tile", slot: i }));
          tileBtn.addEventListener("focus", () => (st.focusSlot = i));
          slot.append(tileBtn);
        }
        row.append(slot);
      }
      rows.push(row);
    }
    st.dealing = false;
    st.fresh.clear();
    return h("div", { class: "rack", id: "rack", "data-drop": "rack" }, rows);
  }

  /** KDV's Ceza box: the live figure before your first discard, then the frozen one,
   * and which it is (docs/rules/okey.md rule 29). */
  function cezaBox(v) {
    const known = v.ceza !== null && v.ceza !== undefined;
    const live = !!v.ceza_live;
    const state = known ? h("small", { class: "ceza-state", id: "ceza-state", "data-live": live ? "1" : "0" }, " · " + t(live ? "ceza_live" : "ceza_frozen")) : null;
    return h("span", { class: "ceza-box" + (live ? " live" : ""), id: "ceza-box", title: known ? t(live ? "ceza_live_hint" : "ceza_frozen_hint") : t("ceza") }, h("b", {}, t("ceza") + ": "), h("span", { id: "ceza-value" }, known ? String(v.ceza) : t("ceza_none")), state);
  }

  function buttons(v) {
    const sel = st.selected !== null && st.slots ? st.slots[st.selected] : null;
    const discardLegal = ctx.legal.some((a) => a.act === "discard");
    const finishTiles = new Set(legalOf("finish").map((a) => a.tile));
    const showLegal = legalOf("show_indicator").length > 0;
    const b = (id, label, on, enabled, legal) => h("button", { type: "button", id, class: legal ? "legal" : "", "data-legal": legal ? "1" : null, disabled: !enabled, onclick: on }, label);
    const over = v.over;
    return h(
      "div",
      { class: "okey-buttons" },
      suggestions ? b("seri-diz", t("seri_diz"), () => suggest(0), !over && ctx.you !== null, false) : null,
      suggestions ? b("cift-diz", t("cift_diz"), () => suggest(1), !over && ctx.you !== null, false) : null,
      ext.buttons ? ext.buttons(v, sel) : null,
      showLegal ? b("show-indicator", t("show_indicator"), () => ctx.act({ act: "show_indicator" }), true, true) : null,
      b("discard-button", t("discard"), () => discardSlot(st.selected), !!sel && discardLegal, !!sel && discardLegal),
      b("finish-button", t("finish"), () => finishSlot(st.selected), !!sel && finishTiles.size > 0, !!sel && finishTiles.has(sel)),
    );
  }

  api = {
    afterDrag: null,
    busy() {
      return !!(st.drag && st.drag.active);
    },
    onResync() {
      st.slots = null;
      st.inflight = 0;
      st.dirty = false;
      st.selected = null;
    },
    onDealStart() {
      st.slots = null;
      st.inflight = 0;
      st.dirty = false;
      st.selected = null;
      st.drawSlot = null;
      st.discardSlot = null;
      st.dealing = true;
      st.dealtRefused = false;
    },
    onEvent(d) {
      if (d.kind === "arrange" && d.seat === ctx.you) st.inflight = Math.max(0, st.inflight - 1);
    },
    render(el) {
      const v = ctx.view;
      reconcile();
      if (st.dirty && !ctx.pending) sendArrange();
      const felt = h("div", { class: "felt okey" + (ext.feltClass ? " " + ext.feltClass : "") });
      for (let s = 0; s < 4; s++) felt.append(seatBox(v, s));
      for (let s = 0; s < 4; s++) felt.append(stackBox(v, s));
      felt.append(center(v));
      if (ext.felt) felt.append(ext.felt(v));
      if (v.over && !ctx.deal) {
        // a replay: the record's end of the deal as it is (no table, no next deal to wait for)
        felt.append(h("div", { class: "deal-over", id: "deal-over" }, h("b", {}, v.end === "void" ? t("void_deal") : (ext.endTitle && ext.endTitle(v)) || t("finished_with", { name: ctx.name(v.finisher) })), v.finisher_rack ? h("div", { class: "finisher-rack" }, v.finisher_rack.map((b) => h("span", { class: "block" }, b.map((x) => tileEl(x, { okey: v.okey, small: true }))))) : null));
      } else if (v.over) {
        // remember the end of this deal, to keep it after the next one starts
        const scores = ctx.dealResult ? ctx.dealResult.scores : null;
        if (!st.lastOver || st.lastOver.deal !== ctx.deal) st.lastOver = { deal: ctx.deal, v, scores, shownAt: Date.now(), dismissed: false };
        else Object.assign(st.lastOver, { v, scores: scores || st.lastOver.scores });
        felt.append(dealOver(v, st.lastOver.scores));
      } else if (st.lastOver && st.lastOver.deal !== ctx.deal) {
        const kept = keptOver();
        if (kept) felt.append(kept);
      }
      el.append(felt);
      const mine = h("div", { class: "my-area okey-mine" });
      if (st.slots) {
        const phase = ext.hint && ext.hint(v) ? ext.hint(v) : ctx.legal.some((a) => a.act === "draw") ? t("okey_draw_hint") : ctx.legal.some((a) => a.act === "discard") ? t(touchScreen() ? "okey_discard_hint_touch" : "okey_discard_hint") : "";
        const info = [h("span", { class: "hint", id: "okey-hint" }, phase)];
        if (v.game === "kdv_okey") info.unshift(cezaBox(v));
        if (ext.info) info.push(ext.info(v, st.selected !== null ? st.slots[st.selected] : null));
        mine.append(h("div", { class: "rack-info" }, info), rackEl(v), buttons(v));
        el.append(mine);
      }
      if (st.focusSlot !== null && document.activeElement === document.body) {
        const i = st.focusSlot;
        requestAnimationFrame(() => {
          const f = document.querySelector(`[data-tile-slot="${i}"]`);
          if (f && document.activeElement === document.body) f.focus({ preventScroll: true });
        });
      }
    },
    onKey(e) {
      const v = ctx.view;
      if (!st.slots) return false;
      const active = document.activeElement;
      const slotAttr = active && active.dataset ? active.dataset.tileSlot : undefined;
      const cur = slotAttr !== undefined ? parseInt(slotAttr, 10) : st.selected !== null ? st.selected : null;
      const key = e.key;
      const occupied = [];
      for (let i = 0; i < SLOTS; i++) if (st.slots[i]) occupied.push(i);
      const focusSlot = (i) => {
        st.focusSlot = i;
        const f = document.querySelector(`[data-tile-slot="${i}"]`);
        if (f) f.focus();
      };
      if ((key === "ArrowLeft" || key === "ArrowRight" || key === "ArrowUp" || key === "ArrowDown") && e.shiftKey && cur !== null) {
        let to = cur;
        if (key === "ArrowLeft") to = cur % COLS === 0 ? cur : cur - 1;
        if (key === "ArrowRight") to = cur % COLS === COLS - 1 ? cur : cur + 1;
        if (key === "ArrowUp") to = cur >= COLS ? cur - COLS : cur;
        if (key === "ArrowDown") to = cur < COLS ? cur + COLS : cur;
        if (to !== cur) {
          const before = st.slots[cur];
          st.slots = moveTile(st.slots, cur, to);
          const landed = st.slots[to] === before ? to : st.slots.indexOf(before);
          if (st.selected === cur) st.selected = landed;
          st.focusSlot = landed;
          sendArrange();
          ctx.rerender();
          requestAnimationFrame(() => focusSlot(landed));
        }
        return true;
      }
      if (key === "ArrowLeft" || key === "ArrowRight") {
        if (!occupied.length) return false;
        const k = cur === null ? -1 : occupied.indexOf(cur);
        const next = k < 0 ? occupied[0] : occupied[(k + (key === "ArrowLeft" ? -1 : 1) + occupied.length) % occupied.length];
        focusSlot(next);
        return true;
      }
      if (key === "ArrowUp" || key === "ArrowDown") {
        if (!occupied.length) return false;
        const base = cur === null ? occupied[0] : cur;
        const col = base % COLS;
        const wantRow = key === "ArrowUp" ? 0 : 1;
        const inRow = occupied.filter((i) => Math.floor(i / COLS) === wantRow);
        if (!inRow.length) return true;
        inRow.sort((a, b) => Math.abs((a % COLS) - col) - Math.abs((b % COLS) - col));
        focusSlot(inRow[0]);
        return true;
      }
      const lower = key.length === 1 ? key.toLowerCase() : key;
      if (lower === "p") {
        draw("pile");
        return true;
      }
      if (lower === "l") {
        draw("left");
        return true;
      }
      if (lower === "s" && suggestions) {
        suggest(0);
        return true;
      }
      if (lower === "c" && suggestions) {
        suggest(1);
        return true;
      }
      if (lower === "g") {
        ctx.act({ act: "show_indicator" });
        return true;
      }
      if (lower === "f" && cur !== null) {
        finishSlot(cur);
        return true;
      }
      if ((key === "Enter" || key === " ") && active && active.dataset && active.dataset.tileSlot !== undefined) {
        if (ctx.legal.some((a) => a.act === "discard")) discardSlot(cur);
        else if (canDraw("pile")) draw("pile");
        else {
          st.selected = st.selected === cur ? null : cur;
          ctx.rerender();
        }
        return true;
      }
      if (key === "Delete" && cur !== null) {
        discardSlot(cur);
        return true;
      }
      return false;
    },
    describe(d) {
      const name = ctx.name(d.seat);
      const okey = ctx.view ? ctx.view.okey : null;
      switch (d.kind) {
        case "draw":
          if (d.from === "left") return t("log_took_left", { name, tile: tileWords(d.tile, okey, true) });
          return d.tile ? t("log_drew_tile", { name, tile: tileWords(d.tile, okey, true) }) : t("log_drew", { name });
        case "discard":
          return t("log_discarded", { name, tile: tileWords(d.tile, okey) });
        case "show_indicator":
          return t("log_indicator", { name, tile: tileWords(d.tile, okey) });
        case "finish":
          return t("log_finished", { name, tile: tileWords(d.tile, okey) });
        default:
          return ext.describe ? ext.describe(d, name) : null;
      }
    },
  };
  return api;
}
