// A finished match's page (#/m/ID?deal=K&i=N): its deals and scores, and a replay move by
// move. The server replays the record through the engines and sends each deal's
// positions (GET /api/matches/ID/positions?deal=K: after the setup and after every
// action, the public view, every seat's cards or tiles as the record reveals them, and
// the action's events), so the page decides no rule: it draws the felt with the game's
// own family module, as a spectator sees it, and every seat's hand beside it.

import { api } from "./net.js";
import { t, addStrings, errorText } from "./i18n.js";
import { h, clear, toast, fmtSigned, cardEl, tileEl } from "./ui.js";
import { gameName, gameModule, gameSpec, optionsSummary } from "./registry.js";
import { fmtTime, playerLink } from "./pages.js";
import { icon } from "./icons.js";

addStrings({
  tr: {
    match_page: "Maç {id}",
    replay: "Tekrar",
    replay_first: "Elin başı",
    replay_prev: "Geri",
    replay_play: "Oynat",
    replay_pause: "Durdur",
    replay_next: "İleri",
    replay_last: "Elin sonu",
    replay_move: "Hamle {i} / {n}",
    replay_deal: "El",
    replay_hands: "Eller (kayıt hepsini açar)",
    replay_setup: "Dağıtım",
    replay_played: "{name} oynadı",
    replay_not_finished: "Bu maç sürüyor: tekrarı maç bitince izlenir.",
    replay_deal_result: "Elin sonucu",
    replay_totals: "Maçın sonucu",
    replay_down: "kapalı",
    replay_keys: "← → hamle, Boşluk oynat / durdur",
    players_label: "Oyuncular",
    finished_at: "Bitiş",
    jump_to_deal: "Bu ele git",
  },
  en: {
    match_page: "Match {id}",
    replay: "Replay",
    replay_first: "Start of the deal",
    replay_prev: "Back",
    replay_play: "Play",
    replay_pause: "Pause",
    replay_next: "Forward",
    replay_last: "End of the deal",
    replay_move: "Move {i} / {n}",
    replay_deal: "Deal",
    replay_hands: "Hands (the record reveals them all)",
    replay_setup: "Deal out",
    replay_played: "{name} played",
    replay_not_finished: "This match is being played: its replay opens when it is over.",
    replay_deal_result: "The deal's result",
    replay_totals: "The match's result",
    replay_down: "face down",
    replay_keys: "← → moves, Space play / pause",
    players_label: "Players",
    finished_at: "Finished",
    jump_to_deal: "Go to this deal",
  },
});

const PLAY_EVERY_MS = 700;

export class MatchView {
  constructor(app, id, params) {
    this.app = app;
    this.id = id;
    this.kind = "match";
    this.root = null;
    this.info = null;
    this.error = null;
    this.dealNo = params.has("deal") ? parseInt(params.get("deal"), 10) || 0 : null;
    this.startAt = params.has("i") ? parseInt(params.get("i"), 10) || 0 : 0;
    this.deal = null; // the positions of the deal shown
    this.i = 0; // the position shown
    this.game = null;
    this.playing = null; // the timer while playing
    this.onKeyDown = (e) => this.keydown(e);
  }

  mount(root) {
    this.root = root;
    document.body.dataset.view = "match";
    document.addEventListener("keydown", this.onKeyDown);
    this.render();
    this.load();
  }

  unmount() {
    this.pause();
    document.removeEventListener("keydown", this.onKeyDown);
  }

  onOpen() {}

  onMessage() {}

  async load() {
    try {
      const r = await api("GET", `/api/matches/${encodeURIComponent(this.id)}`);
      this.info = r.match;
      const mod = gameModule(this.info.game);
      this.game = mod ? mod.create(this.context()) : null;
      if (this.info.status === "finished") await this.loadDeal(this.dealNo ?? 0, this.startAt);
    } catch (err) {
      this.error = err;
    }
    this.render();
  }

  async loadDeal(k, at = 0) {
    this.pause();
    try {
      this.deal = await api("GET", `/api/matches/${encodeURIComponent(this.id)}/positions?deal=${k}`);
    } catch (err) {
      toast(errorText(err), "error");
      return;
    }
    this.dealNo = k;
    const last = this.deal.positions.length - 1;
    this.i = at === "end" ? last : Math.max(0, Math.min(last, at));
    this.render();
  }

  // ------------------------------------------------------------ the game module's context
  context() {
    const view = this;
    const n = () => (view.info ? view.info.players.length : 0);
    return {
      get game() {
        return view.info ? view.info.game : null;
      },
      get info() {
        return view.info ? { game: view.info.game, options: view.info.options, seats: view.info.players.map((_, s) => ({ seat: s })) } : null;
      },
      you: null,
      get view() {
        const p = view.position();
        return p ? { ...p.view, seat: null } : null;
      },
      legal: [],
      rawLegal: [],
      clock: null,
      pending: false,
      get seatCount() {
        return n();
      },
      get over() {
        return false;
      },
      name: (s) => view.seatName(s),
      act: async () => false,
      request: async () => ({}),
      rerender: () => view.render(),
      clockEl: () => null,
      seatTag: (s, extra) => view.seatTag(s, extra),
      rel: (s) => view.rel(s),
      toast,
    };
  }

  position() {
    return this.deal ? this.deal.positions[this.i] : null;
  }

  seatName(s) {
    if (s === null || s === undefined || !this.info) return "";
    const p = this.info.players[s] || "";
    return p.startsWith("bot:") ? `${t("bot")} ${s + 1}` : p || t("seat_n", { n: s + 1 });
  }

  rel(s) {
    const n = this.info ? this.info.players.length : 4;
    if (n === 2) return s === 0 ? 0 : 2;
    if (n === 3) return [0, 1, 3][s];
    return s % 4;
  }

  seatTag(s, extra) {
    const p = this.position();
    const toAct = p && p.to_act.includes(s);
    return h("div", { class: "seat-tag" + (toAct ? " to-act" : ""), "data-seat": s }, h("span", { class: "name" }, this.seatName(s)), extra || null);
  }

  // ------------------------------------------------------------ moving
  go(i) {
    if (!this.deal) return;
    const last = this.deal.positions.length - 1;
    this.i = Math.max(0, Math.min(last, i));
    if (this.i === last) this.pause();
    history.replaceState(null, "", `#/m/${encodeURIComponent(this.id)}?deal=${this.dealNo}&i=${this.i}`);
    this.render();
  }

  play() {
    if (this.playing || !this.deal) return;
    if (this.i >= this.deal.positions.length - 1) this.i = 0;
    this.playing = setInterval(() => this.go(this.i + 1), PLAY_EVERY_MS);
    this.render();
  }

  pause() {
    if (!this.playing) return;
    clearInterval(this.playing);
    this.playing = null;
    this.render();
  }

  keydown(e) {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") this.go(this.i + 1);
    else if (e.key === "ArrowLeft") this.go(this.i - 1);
    else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(Infinity);
    else if (e.key === " ") this.playing ? this.pause() : this.play();
    else return;
    e.preventDefault();
  }

  // ------------------------------------------------------------ drawing
  render() {
    if (!this.root) return;
    clear(this.root);
    let body;
    if (this.error) body = h("p", { class: "form-error", id: "page-error" }, errorText(this.error));
    else if (!this.info) body = h("p", { class: "hint" }, "…");
    else body = this.page();
    this.root.append(h("div", { class: "page match", id: "match-page" }, body));
  }

  page() {
    const info = this.info;
    const players = h("p", { class: "hint", id: "match-players" }, `${t("players_label")}: `, info.players.map((p, s) => [s ? ", " : "", p.startsWith("bot:") ? this.seatName(s) : playerLink(p)]));
    const head = h(
      "section",
      { class: "panel match-head" },
      h("h2", {}, gameName(info.game), " · ", t("match_page", { id: info.id })),
      h("p", { class: "hint" }, optionsSummary(info.game, info.options), info.finished_at ? ` · ${t("finished_at")}: ${fmtTime(info.finished_at)}` : ""),
      players,
      info.status === "finished" ? h("a", { class: "button", href: info.record, download: "" }, t("download_record")) : h("p", { class: "empty", id: "replay-unavailable" }, t("replay_not_finished")),
    );
    if (info.status !== "finished" || !this.deal) return [head];
    return [head, h("div", { class: "match-main" }, h("div", { class: "replay", id: "replay" }, this.controls(), this.moveLine(), this.felt(), this.hands()), h("aside", { class: "match-side" }, this.scoreTable(), this.logList()))];
  }

  controls() {
    const n = this.deal.positions.length - 1;
    const deals = this.info.result ? this.info.result.deals : [];
    const btn = (id, label, text, fn, disabled) => h("button", { type: "button", id, title: label, "aria-label": label, onclick: fn, disabled: disabled || null }, text);
    return h(
      "div",
      { class: "replay-controls", id: "replay-controls" },
      h(
        "label",
        { class: "deal-pick" },
        h("span", {}, t("replay_deal")),
        h(
          "select",
          { id: "replay-deal", onchange: (e) => this.loadDeal(parseInt(e.target.value, 10)) },
          Array.from({ length: this.deal.deals }, (_, k) => h("option", { value: k, selected: k === this.dealNo }, dealLabel(this.info.game, deals[k], k))),
        ),
      ),
      btn("replay-first", t("replay_first"), "«", () => this.go(0), this.i === 0),
      btn("replay-prev", t("replay_prev"), "‹", () => this.go(this.i - 1), this.i === 0),
      this.playing ? btn("replay-play", t("replay_pause"), icon("pause", { size: 16 }), () => this.pause()) : btn("replay-play", t("replay_play"), icon("play", { size: 16 }), () => this.play(), n === 0),
      btn("replay-next", t("replay_next"), "›", () => this.go(this.i + 1), this.i === n),
      btn("replay-last", t("replay_last"), "»", () => this.go(n), this.i === n),
      h("input", { type: "range", id: "replay-slider", min: 0, max: n, value: this.i, "aria-label": t("replay"), oninput: (e) => this.go(parseInt(e.target.value, 10)) }),
      h("span", { class: "counter", id: "replay-counter", "data-i": this.i, "data-n": n }, this.i === 0 ? t("replay_setup") : t("replay_move", { i: this.i, n })),
    );
  }

  /** The move that led to this position, in the words of the game's log (a move the
   * log does not speak of, such as rearranging a rack, as "Ayşe oynadı"). */
  moveLine() {
    const p = this.position();
    if (!p.action) return h("p", { class: "replay-move", id: "replay-move" }, t("replay_setup"));
    const texts = this.game && this.game.describe ? p.events.map((ev) => this.game.describe(ev)).filter(Boolean) : [];
    const text = texts.length ? texts.join(" · ") : t("replay_played", { name: this.seatName(p.action.seat) });
    return h("p", { class: "replay-move", id: "replay-move", "data-seat": p.action.seat }, text);
  }

  felt() {
    const box = h("div", { class: "game replay-felt", id: "game" });
    if (this.game) this.game.render(box);
    const last = this.i === this.deal.positions.length - 1;
    if (last && this.deal.result) box.append(this.dealResult());
    return box;
  }

  dealResult() {
    const d = this.deal;
    const n = this.info.players.length;
    const names = Array.from({ length: n }, (_, s) => h("th", {}, this.seatName(s)));
    const rows = [h("tr", {}, h("th", {}, t("replay_deal_result")), d.result.scores.map((v) => h("td", {}, fmtSigned(v))))];
    const isLast = d.deal === d.deals - 1;
    const foot = h("tr", {}, h("th", {}, isLast ? t("replay_totals") : t("total")), d.totals.map((v) => h("td", {}, String(v))));
    return h(
      "div",
      { class: "replay-result" + (isLast ? " final" : ""), id: isLast ? "replay-totals" : "replay-deal-end", "data-totals": JSON.stringify(d.totals), "data-scores": JSON.stringify(d.result.scores) },
      h("table", { class: "final-yazboz" }, h("thead", {}, h("tr", {}, h("th", {}, ""), names)), h("tbody", {}, rows), h("tfoot", {}, foot)),
    );
  }

  /** Every seat's cards or tiles as the record reveals them: a rack's blocks, a hand,
   * and the piles' face-down cards (the keys the engines' revealed views use). */
  hands() {
    const p = this.position();
    const okey = p.view.okey;
    const seats = p.seats.map((own, s) => {
      const parts = [];
      if (Array.isArray(own.rack)) parts.push(h("div", { class: "revealed-rack" }, own.rack.map((block) => h("span", { class: "block" }, block.map((code) => tileEl(code, { small: true, okey }))))));
      if (Array.isArray(own.hand)) parts.push(h("div", { class: "revealed-hand" }, own.hand.map((c) => cardEl(c, { small: true, static: true }))));
      if (Array.isArray(own.piles)) {
        const down = own.piles.map((pile) => pile.down).filter(Boolean);
        if (down.length) parts.push(h("div", { class: "revealed-down", title: t("replay_down") }, h("small", {}, t("replay_down") + ": "), down.map((c) => cardEl(c, { small: true, static: true, extraClass: "down" }))));
      }
      return h("li", { "data-seat": s, class: p.to_act.includes(s) ? "to-act" : null }, h("b", {}, this.seatName(s)), parts);
    });
    return h("section", { class: "revealed", id: "replay-hands" }, h("h3", {}, t("replay_hands")), h("ul", {}, seats));
  }

  scoreTable() {
    const res = this.info.result;
    const n = this.info.players.length;
    const rows = res.deals.map((d, k) =>
      h(
        "tr",
        { class: (k === this.dealNo ? "current " : "") + (d.end === "void" ? "void" : ""), "data-deal": k },
        h("th", {}, h("button", { type: "button", class: "link", title: t("jump_to_deal"), onclick: () => this.loadDeal(k) }, dealLabel(this.info.game, d, k))),
        (d.scores || Array(n).fill(null)).map((v) => h("td", {}, v === null ? "–" : fmtSigned(v))),
      ),
    );
    const spec = gameSpec(this.info.game);
    return h(
      "div",
      { class: "yazboz", id: "match-yazboz" },
      h("h3", {}, t("yazboz"), spec && spec.lower_totals_win ? h("small", {}, ` (${t("lower_is_better")})`) : null),
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", {}, this.seatName(s))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", {}, t("total")), res.totals.map((v) => h("td", {}, String(v))))),
      ),
    );
  }

  logList() {
    const lines = [];
    if (this.game && this.game.describe) {
      for (let i = 1; i <= this.i; i++) {
        for (const ev of this.deal.positions[i].events) {
          const text = this.game.describe(ev);
          if (text) lines.push({ i, text });
        }
      }
    }
    return h(
      "div",
      { class: "log-box" },
      h("ol", { class: "log", id: "replay-log" }, lines.slice(-12).map((x) => h("li", { class: x.i === this.i ? "current" : null }, x.text))),
      h("p", { class: "keys-hint" }, t("replay_keys")),
    );
  }
}

/** "2. el" or, where the game's module names it (a contract, say), "2. el · Kupa". */
export function dealLabel(game, deal, k) {
  const base = t("deal_n", { n: k + 1 });
  const mod = gameModule(game);
  const extra = mod && mod.dealLabel && deal && deal.detail ? mod.dealLabel(deal.detail) : null;
  return extra ? `${base} · ${extra}` : base;
}
