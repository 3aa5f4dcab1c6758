// 101 Okey (docs/rules/okey_101.md). The Okey table of games/okey.js (the felt, the
// rack, drawing, discarding, arranging) with what 101 adds on top: the melds on the table
// with their owners, opening ("101 aç": the engine's best opening, one tap; "Çift aç"),
// new melds once opened ("Per aç", "Çift ekle"), laying a tile off onto a meld (drag it
// there, or choose it and tap the meld; an okey on the table is swapped the same way),
// giving back a tile taken from the left ("Geri bırak"), the threshold each seat must
// reach, the penalties, and a warning before a discard that costs 101 (an işlek tile or
// the okey). Legal actions come from the server (`ctx.legal`): the page offers what the
// engine offers and never guesses a rule.

import { t, addStrings, getLang } from "../i18n.js";
import { h, tileEl } from "../ui.js";
import { createOkeyTable, tileWords } from "./okey_table.js";

/** The i18n key of this game's keyboard help (the table's help overlay shows it). */
export const KEYS_HELP = "keys_okey101";

addStrings({
  tr: {
    keys_okey101: "← → taş seç · Shift+← → taşı kaydır · Shift+↑ ↓ sıra değiştir · Enter at · F bitir · P desteden çek · L soldan al · A 101 aç ya da per aç · D çift aç ya da ekle · B geri bırak",
    o101_open: "101 aç",
    o101_open_pairs: "Çift aç",
    o101_lay: "Per aç",
    o101_lay_pairs: "Çift ekle",
    o101_return: "Geri bırak",
    o101_table: "Yerdeki perler",
    o101_table_empty: "Henüz kimse açmadı",
    o101_threshold: "Açmak için {t} sayı ya da {p} çift",
    o101_best: "Elindeki açılış: {v} sayı",
    o101_opened: "açtı: {v}",
    o101_opened_pairs: "çift açtı",
    o101_penalty: "ceza {p}",
    o101_taken: "Soldan aldığın {tile} bu el yere inmeli",
    o101_islek_warn: "{tile} işlek: atarsan 101 ceza yazılır. Yine de atmak için bir daha at.",
    o101_okey_warn: "Okeyi atarsan 101 ceza yazılır. Yine de atmak için bir daha at.",
    o101_islek_mark: "işlek",
    o101_layoff_hint: "Seçtiğin taşı işlemek için perin üstüne dokun",
    o101_okey_for: "okey ({tile} yerine)",
    o101_meld_run: "seri",
    o101_meld_group: "grup",
    o101_meld_pair: "çift",
    o101_play_hint: "Açabilir, yere işleyebilir ya da taş atabilirsiniz",
    log_opened: "{name} açtı: {value} sayı",
    log_opened_pairs: "{name} {n} çiftle açtı",
    log_laid: "{name} yere per indirdi",
    log_laid_pairs: "{name} yere çift indirdi",
    log_layoff: "{name} {tile} işledi",
    log_swap: "{name} {tile} koyup okeyi aldı",
    log_returned: "{name} soldan aldığı {tile} taşını geri bıraktı",
    log_penalty: "{name} {tile} attı: 101 ceza",
    deal_finish_okey: "okeyle bitti",
    deal_finish_pairs: "çiftten bitti",
    deal_finish_elden: "elden bitti",
    deal_pile_out: "taşlar bitti",
    deal_pile_out_title: "Ortadaki taşlar bitti: eller yazıldı",
  },
  en: {
    keys_okey101: "← → choose a tile · Shift+← → move it · Shift+↑ ↓ other row · Enter discard · F finish · P draw from pile · L take from left · A open 101 or lay melds · D open or lay pairs · B give back",
    o101_open: "Open 101",
    o101_open_pairs: "Open pairs",
    o101_lay: "Lay melds",
    o101_lay_pairs: "Lay pairs",
    o101_return: "Give back",
    o101_table: "Melds on the table",
    o101_table_empty: "Nobody has opened yet",
    o101_threshold: "To open: {t} points or {p} pairs",
    o101_best: "Your opening: {v} points",
    o101_opened: "opened: {v}",
    o101_opened_pairs: "opened pairs",
    o101_penalty: "penalty {p}",
    o101_taken: "The {tile} you took from the left must go on the table this turn",
    o101_islek_warn: "{tile} fits a meld on the table: discarding it costs 101. Discard again to do it anyway.",
    o101_okey_warn: "Discarding the okey costs 101. Discard again to do it anyway.",
    o101_islek_mark: "fits the table",
    o101_layoff_hint: "Tap a meld to lay the chosen tile off onto it",
    o101_okey_for: "okey (as {tile})",
    o101_meld_run: "run",
    o101_meld_group: "group",
    o101_meld_pair: "pair",
    o101_play_hint: "Open, lay off on the table, or discard",
    log_opened: "{name} opened with {value} points",
    log_opened_pairs: "{name} opened with {n} pairs",
    log_laid: "{name} laid melds",
    log_laid_pairs: "{name} laid pairs",
    log_layoff: "{name} laid off {tile}",
    log_swap: "{name} put down {tile} and took the okey",
    log_returned: "{name} gave back {tile} taken from the left",
    log_penalty: "{name} discarded {tile}: penalty 101",
    deal_finish_okey: "finished with the okey",
    deal_finish_pairs: "finished on pairs",
    deal_finish_elden: "finished in one go",
    deal_pile_out: "the pile ran out",
    deal_pile_out_title: "The pile ran out: every hand is scored",
  },
});

/** The tile a meld's code shows: an okey standing for X is written `*X` (the okey's
 * face is shown; its words say what it stands for). */
function meldTileEl(code, okey) {
  if (code[0] !== "*") return tileEl(code, { okey, small: true });
  const stands = code.slice(1);
  return tileEl(okey, { okey, small: true, title: t("o101_okey_for", { tile: tileWords(stands, null) }), extraClass: "stands" });
}

/** The points a meld tile counts (101-17): its number; an okey or the false okey
 * counts the tile it stands for. */
export function tilePoints(code, okey) {
  const c = code[0] === "*" ? code.slice(1) : code === "J" ? okey : code;
  return parseInt(c.slice(1), 10) || 0;
}

/** The points of an opening's melds. */
export function meldsPoints(melds, okey) {
  return melds.reduce((sum, m) => sum + m.reduce((a, x) => a + tilePoints(x, okey), 0), 0);
}

export function create(ctx) {
  let tools = null;
  let warned = null; // a costly tile whose discard was warned of once

  const legalOf = (act) => ctx.legal.filter((a) => a.act === act);
  const selected = () => (tools ? tools.selected() : null);

  /** The legal lay-off or swap of `tile` onto meld `m`, if there is one. */
  function tableMove(tile, m, okey) {
    if (!tile) return null;
    for (const a of ctx.legal) {
      if (a.meld !== m) continue;
      if (a.act === "swap" && a.tile === tile) return a;
      if (a.act === "layoff" && (a.tile === tile || (tile === okey && a.tile[0] === "*"))) return a;
    }
    return null;
  }

  function play(action) {
    warned = null;
    if (tools) tools.clear();
    ctx.act(action);
  }

  /** The best of the legal openings of a kind (the highest count). */
  function bestOf(act, key, okey) {
    let best = null;
    let value = -1;
    for (const a of legalOf(act)) {
      const v = key === "pairs" ? a.pairs.length : meldsPoints(a.melds, okey);
      if (v > value) [best, value] = [a, v];
    }
    return best ? { action: best, value } : null;
  }

  function tableArea(v) {
    const sel = selected();
    const melds = v.table.map((m) => {
      const move = tableMove(sel, m.index, v.okey);
      const label = `${ctx.name(m.owner)} · ${t("o101_meld_" + m.kind)}`;
      return h(
        "button",
        {
          type: "button",
          class: "meld" + (move ? " target" : ""),
          "data-drop": "meld",
          "data-meld": m.index,
          "data-owner": m.owner,
          "aria-label": `${label}: ${m.tiles.map((x) => (x[0] === "*" ? t("o101_okey_for", { tile: tileWords(x.slice(1), null) }) : tileWords(x, v.okey))).join(", ")}`,
          onclick: () => {
            const a = tableMove(selected(), m.index, v.okey);
            if (a) play(a);
          },
        },
        h("span", { class: "meld-owner" }, ctx.name(m.owner)),
        h("span", { class: "meld-tiles" }, m.tiles.map((x) => meldTileEl(x, v.okey))),
      );
    });
    return h("section", { class: "okey101-table", id: "okey101-table", "aria-label": t("o101_table") }, melds.length ? melds : h("p", { class: "empty" }, t("o101_table_empty")));
  }

  const ext = {
    suggestions: false,
    bind(x) {
      tools = x;
    },
    seatExtra(v, s) {
      const kids = [];
      if (v.opened[s] === "melds") kids.push(h("span", { class: "pill opened", "data-opened": s }, t("o101_opened", { v: v.opening_values[s] })));
      else if (v.opened[s] === "pairs") kids.push(h("span", { class: "pill opened", "data-opened": s }, t("o101_opened_pairs")));
      const pen = (v.penalties[s] || []).reduce((a, p) => a + p.points, 0);
      if (pen) kids.push(h("span", { class: "pill penalty", "data-penalty": s }, t("o101_penalty", { p: pen })));
      return kids;
    },
    felt: tableArea,
    feltClass: "o101",
    info(v, sel) {
      const me = ctx.you;
      const out = [];
      if (me !== null && !v.opened[me] && !v.over) {
        const th = v.thresholds[me];
        out.push(h("span", { class: "threshold", id: "okey101-threshold" }, t("o101_threshold", { t: th.melds, p: th.pairs })));
        const best = bestOf("open", "melds", v.okey);
        if (best) out.push(h("b", { class: "best-opening", id: "okey101-best" }, " · " + t("o101_best", { v: best.value })));
      }
      if (v.taken && v.turn === me) out.push(h("span", { class: "taken", id: "okey101-taken" }, " · " + t("o101_taken", { tile: tileWords(v.taken, v.okey) })));
      if (warned && v.turn === me) {
        const words = warned === v.okey ? t("o101_okey_warn") : t("o101_islek_warn", { tile: tileWords(warned, v.okey) });
        out.push(h("strong", { class: "islek-warning", id: "islek-warning", role: "alert" }, " " + words));
      } else if (sel && v.table.some((m) => tableMove(sel, m.index, v.okey))) out.push(h("span", { class: "layoff-hint" }, " · " + t("o101_layoff_hint")));
      return out;
    },
    hint(v) {
      const kinds = new Set(ctx.legal.map((a) => a.act));
      if (kinds.has("draw") || !kinds.has("discard")) return null;
      return ["open", "open_pairs", "lay", "lay_pairs", "layoff", "swap"].some((k) => kinds.has(k)) ? t("o101_play_hint") : null;
    },
    buttons(v) {
      const b = (id, label, action) => h("button", { type: "button", id, class: "legal", "data-legal": "1", onclick: () => play(action) }, label);
      const out = [];
      const open = bestOf("open", "melds", v.okey);
      if (open) out.push(b("okey101-open", `${t("o101_open")} (${open.value})`, open.action));
      const pairs = bestOf("open_pairs", "pairs", v.okey);
      if (pairs) out.push(b("okey101-open-pairs", `${t("o101_open_pairs")} (${pairs.value})`, pairs.action));
      const lay = bestOf("lay", "melds", v.okey);
      if (lay) out.push(b("okey101-lay", t("o101_lay"), lay.action));
      const layPairs = bestOf("lay_pairs", "pairs", v.okey);
      if (layPairs) out.push(b("okey101-lay-pairs", t("o101_lay_pairs"), layPairs.action));
      if (legalOf("return").length) out.push(b("okey101-return", t("o101_return"), { act: "return" }));
      return out;
    },
    dropTile(tile, target) {
      if (target.dataset.drop !== "meld") return false;
      const a = tableMove(tile, parseInt(target.dataset.meld, 10), ctx.view.okey);
      if (a) play(a);
      else ctx.act({ act: "layoff", meld: parseInt(target.dataset.meld, 10), tile }); // the server says why not
      return true;
    },
    endTitle(v) {
      return v.end === "pile" ? t("deal_pile_out_title") : null;
    },
    confirmDiscard(tile) {
      const v = ctx.view;
      const costly = tile === v.okey || (v.islek || []).includes(tile);
      if (!costly || warned === tile) {
        warned = null;
        return true;
      }
      warned = tile;
      return false;
    },
    describe(d, name) {
      const okey = ctx.view ? ctx.view.okey : null;
      const words = (x) => (x[0] === "*" ? t("tile_okey") : tileWords(x, okey, getLang() === "tr"));
      switch (d.kind) {
        case "open":
          return t("log_opened", { name, value: d.value });
        case "open_pairs":
          return t("log_opened_pairs", { name, n: (d.melds || []).length });
        case "lay":
          return t("log_laid", { name });
        case "lay_pairs":
          return t("log_laid_pairs", { name });
        case "layoff":
          return t("log_layoff", { name, tile: words(d.tile) });
        case "swap":
          return t("log_swap", { name, tile: words(d.tile) });
        case "return":
          return t("log_returned", { name, tile: tileWords(d.tile, okey) });
        default:
          return null;
      }
    },
  };
  const api = createOkeyTable(ctx, ext);
  const onEvent = api.onEvent;
  api.onEvent = (d, auto) => {
    if (d.seat === ctx.you && (d.kind === "discard" || d.kind === "draw")) warned = null; // a warning holds for one discard
    onEvent(d, auto);
  };
  const onKey = api.onKey;
  api.onKey = (e) => {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const okey = ctx.view ? ctx.view.okey : null;
    const first = (...kinds) => kinds.map((k) => bestOf(k, k.endsWith("pairs") ? "pairs" : "melds", okey)).find(Boolean);
    const pick = key === "a" ? first("open", "lay") : key === "d" ? first("open_pairs", "lay_pairs") : null;
    if (pick) {
      play(pick.action);
      return true;
    }
    if (key === "b" && legalOf("return").length) {
      play({ act: "return" });
      return true;
    }
    return onKey(e);
  };
  const describe = api.describe;
  // a costly discard says so in the log
  api.describe = (d) => (d.kind === "discard" && d.penalty ? t("log_penalty", { name: ctx.name(d.seat), tile: tileWords(d.tile, ctx.view ? ctx.view.okey : null) }) : describe(d));
  return api;
}

/** The yazboz's note under a deal's row: how it ended. */
export function dealLabel(detail) {
  const f = detail.flags || {};
  const words = [];
  if (f.okey) words.push(t("deal_finish_okey"));
  if (f.pairs) words.push(t("deal_finish_pairs"));
  if (f.elden) words.push(t("deal_finish_elden"));
  if (detail.end === "pile") words.push(t("deal_pile_out"));
  return words.join(" · ") || null;
}
