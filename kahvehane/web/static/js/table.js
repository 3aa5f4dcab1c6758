// One table: seats, the countdown, the match (delegated to the game's module), the move
// clock, the score table (yazboz), the final result, and catching up after a dropped
// connection (join with `last` and `epoch`, docs/protocol.md §3.4).

import { api } from "./net.js";
import { t, tMaybe, errorText, refusalText } from "./i18n.js";
import { h, clear, toast, fmtSigned } from "./ui.js";
import { navigate, refreshUser } from "./shell.js";
import { callAttention, soundOn, setSound } from "./attention.js";
import { botBadge, gameName, gameModule, gameSpec, optionsSummary } from "./registry.js";
import { ChatPanel } from "./chat.js";
import { hasLeft, inviteBox, leaveMatchButton, leaveOverlay, rematchBox, unseatButton } from "./social.js";

export class TableView {
  constructor(app, id, params) {
    this.app = app;
    this.id = id;
    this.sitWanted = params.has("sit") ? parseInt(params.get("sit"), 10) : null;
    this.startWanted = params.has("start"); // "Hemen oyna": start once seated
    this.info = null; // TableInfo
    this.you = null; // our seat or null
    this.epoch = null;
    this.n = null; // last event number applied
    this.catchingUp = false;
    this.match = null; // {id, players, score, view, legal, clock, away, deal}
    this.result = null; // the last match_end data (+ names)
    this.showResult = false;
    this.dealEnd = null; // the last deal_end data while between deals
    this.pending = false;
    this.pendingTimer = null;
    this.log = [];
    this.notFound = false;
    this.showYazboz = false;
    this.showHelp = false;
    this.game = null; // the game module's instance
    this.gameId = null;
    this.gameMod = null; // the module of the game's family (registry.js)
    this.root = null;
    this.renderQueued = false;
    this.ticker = null;
    this.onKeyDown = (e) => this.keydown(e);
    this.onGesture = (e) => this.gesture(e);
    this.backSent = false; // a `back` is on its way (until the seat's next away/back)
    this.inviteCode = params.get("invite"); // came by a friends' table's link
    this.invite = null; // the link's code, when we may share it (snapshot)
    this.refused = null; // a join refused (a friends' table watched by invitation only)
    this.confirmLeave = false;
    this.chat = new ChatPanel(this);
  }

  // ================================================================ lifecycle
  mount(root) {
    this.root = root;
    document.body.dataset.view = "table";
    document.addEventListener("keydown", this.onKeyDown);
    for (const kind of GESTURES) document.addEventListener(kind, this.onGesture, true);
    this.ticker = setInterval(() => this.tick(), 200);
    this.chat.mount(root);
    this.render();
  }

  unmount() {
    clearInterval(this.ticker);
    document.removeEventListener("keydown", this.onKeyDown);
    for (const kind of GESTURES) document.removeEventListener(kind, this.onGesture, true);
    if (this.app.socket) this.app.socket.send({ type: "part", table: this.id });
    this.chat.unmount();
    delete document.body.dataset.table;
  }

  onOpen() {
    const msg = { type: "join", table: this.id };
    if (this.inviteCode) msg.invite = this.inviteCode;
    if (this.epoch !== null && this.n !== null) {
      msg.last = this.n;
      msg.epoch = this.epoch;
      this.catchingUp = true;
    }
    this.app.socket.request(msg).catch((err) => {
      if (err.code === "not_found") {
        this.notFound = true;
        this.render();
      } else if (err.code === "forbidden") {
        this.refused = err;
        this.render();
      }
    });
    if (this.sitWanted !== null && this.app.user) {
      const seat = this.sitWanted;
      this.sitWanted = null;
      history.replaceState(null, "", `#/t/${encodeURIComponent(this.id)}`);
      const start = this.startWanted;
      this.startWanted = false;
      this.sit(seat).then((ok) => (ok && start ? this.simple("start") : null));
    }
  }

  onDisconnect() {
    this.setPending(false);
    this.render();
  }

  // ================================================================ messages
  onMessage(msg) {
    if (msg.table !== undefined && msg.table !== this.id && msg.type !== "lobby_update") return;
    switch (msg.type) {
      case "chat":
      case "chat_history":
        this.chat.onMessage(msg);
        break;
      case "snapshot":
        this.applySnapshot(msg);
        break;
      case "event":
        this.applyEvent(msg);
        break;
      case "sync":
        window.kahvehane.stats.syncs += 1;
        this.catchingUp = false;
        this.n = msg.n;
        if (this.match && msg.view) {
          this.match.view = msg.view;
          this.match.legal = msg.legal || [];
          this.match.clock = msg.clock;
        }
        if (this.game && this.game.onResync) this.game.onResync();
        // a change was not saved (the database failed or is locked): every seat is told
        if (msg.reason) toast(errorText(msg.reason), "error");
        this.queueRender();
        break;
      case "ok":
        if (this.pending && this.pendingId === msg.id) {
          // the events of the move follow the ok: stay pending until a new view arrives
          this.awaitingView = true;
        }
        break;
      case "error":
        if (msg.table === this.id && msg.code === "not_found") {
          this.notFound = true;
          this.queueRender();
        }
        break;
      case "hello":
        this.queueRender();
        break;
      default:
        break;
    }
  }

  applySnapshot(s) {
    window.kahvehane.stats.snapshots += 1;
    this.epoch = s.epoch;
    this.n = s.n;
    this.catchingUp = false;
    this.info = s.info;
    this.you = s.you;
    this.invite = s.invite || null;
    this.notFound = false;
    this.refused = null;
    document.body.dataset.table = this.id;
    this.ensureGame();
    if (s.match) {
      this.match = {
        id: s.match.id,
        players: s.match.players || [],
        score: s.match.score || { deals: [], totals: [] },
        view: s.match.view,
        legal: s.match.legal || [],
        clock: s.match.clock || null,
        away: s.match.away || [],
        deal: s.match.deal,
      };
      this.dealEnd = null;
    } else {
      this.match = null;
      if (s.info.match && !this.result) this.loadLastResult(s.info.match);
    }
    if (this.game && this.game.onResync) this.game.onResync();
    this.setPending(false);
    this.queueRender();
  }

  async loadLastResult(matchId) {
    try {
      const r = await api("GET", `/api/matches/${matchId}`);
      const m = r.match;
      if (m.status === "finished" && m.result && !this.result) {
        this.result = { match: m.id, result: m.result, record: m.record, names: m.players, chips: null, ranking_points: m.result.ranking_points || null };
        this.queueRender();
      }
    } catch {
      // no result to show
    }
  }

  applyEvent(ev) {
    if (this.n !== null && ev.n <= this.n) return; // seen already (a replay overlap)
    if (this.n !== null && ev.n !== this.n + 1) {
      // a gap: ask for what we missed; the replay brings this event again
      if (!this.catchingUp) {
        this.catchingUp = true;
        this.app.socket.send({ type: "join", table: this.id, last: this.n, epoch: this.epoch });
      }
      return;
    }
    this.n = ev.n;
    window.kahvehane.stats.events += 1;
    const d = ev.data || {};
    const info = this.info;
    switch (ev.kind) {
      case "seats":
        if (info) {
          info.seats = d.seats;
          if (d.manager) info.manager = d.manager;
          if (d.rematch) info.rematch = d.rematch;
        }
        this.updateYou();
        break;
      case "unseated":
        if (this.app.user && d.user && d.user.id === this.app.user.id) toast(t("you_were_unseated"), "error");
        break;
      case "rematch":
        if (info) info.rematch = d.agreed;
        break;
      case "settings":
        if (info && d.watcher_chat !== undefined) info.watcher_chat = d.watcher_chat;
        break;
      case "countdown":
        if (info) {
          info.rematch = [];
          info.status = "countdown";
          info.countdown_ends_at = d.ends_at;
        }
        break;
      case "countdown_cancelled":
        if (info) {
          info.status = "waiting";
          info.countdown_ends_at = null;
        }
        break;
      case "match_start":
        if (info) {
          info.status = "playing";
          info.countdown_ends_at = null;
          info.seats = d.seats;
          info.match = d.match;
          if (d.kasa !== null && d.kasa !== undefined) info.kasa = d.kasa;
        }
        this.updateYou();
        if (info && info.entry && this.you !== null) refreshUser(); // the entry is paid: the header shows it
        this.match = {
          id: d.match,
          players: d.players,
          score: { deals: [], totals: d.players.map(() => 0) },
          view: null,
          legal: [],
          clock: null,
          away: d.players.map(() => false),
          deal: 0,
        };
        this.result = null;
        this.showResult = false;
        this.log = [];
        if (this.you !== null) callAttention();
        this.wasMyTurn = true; // the start was the call; the first turn needs none
        if (this.game && this.game.onResync) this.game.onResync();
        break;
      case "deal_start":
        if (this.match) this.match.deal = d.deal;
        this.dealEnd = null;
        if (this.game && this.game.onDealStart) this.game.onDealStart();
        break;
      case "game":
        if (this.game && this.game.onEvent) this.game.onEvent(d, ev.auto);
        this.addLog(d);
        break;
      case "away":
        if (this.match) this.match.away[d.seat] = true;
        if (d.seat === this.you) this.backSent = false;
        break;
      case "back":
        if (this.match) this.match.away[d.seat] = false;
        if (d.seat === this.you) this.backSent = false;
        break;
      case "deal_end":
        this.dealEnd = d;
        break;
      case "score":
        if (this.match) this.match.score = d;
        break;
      case "match_end":
        this.result = { ...d, names: this.match ? this.match.players : [], score: this.match ? this.match.score : null };
        this.showResult = true;
        if (info) info.status = "waiting";
        if (d.chips) refreshUser();
        break;
      case "kasa":
        if (info) info.kasa = d.kasa;
        break;
      default:
        break;
    }
    if (ev.view !== undefined && this.match) {
      this.viewSeq = (this.viewSeq || 0) + 1;
      this.match.view = ev.view;
      this.match.legal = ev.legal || [];
      this.match.clock = ev.clock || null;
      if (this.awaitingView) this.setPending(false);
    }
    if (ev.kind === "match_end" || (ev.kind === "seats" && this.result && info && info.status === "waiting")) {
      // the match is over: keep its last view for the final picture, but no more moves
      if (this.match) {
        this.match.legal = [];
        this.match.clock = null;
        this.match.over = true;
      }
    }
    this.queueRender();
  }

  updateYou() {
    const me = this.app.user;
    if (!this.info || !me) {
      this.you = null;
      return;
    }
    const idx = this.info.seats.findIndex((s) => s.user && s.user.id === me.id);
    this.you = idx >= 0 ? idx : null;
  }

  addLog(d) {
    const text = this.game && this.game.describe ? this.game.describe(d) : null;
    if (!text) return;
    this.log.push(text);
    if (this.log.length > 8) this.log.shift();
  }

  ensureGame() {
    if (!this.info || this.gameId === this.info.game) return;
    this.gameId = this.info.game;
    this.gameMod = gameModule(this.gameId);
    this.game = this.gameMod ? this.gameMod.create(this.context()) : null;
  }

  // ================================================================ the game's context
  context() {
    const view = this;
    return {
      get game() {
        return view.info ? view.info.game : null;
      },
      get info() {
        return view.info;
      },
      get you() {
        return view.you;
      },
      get view() {
        return view.match ? view.match.view : null;
      },
      get legal() {
        return view.match && !view.pending ? view.match.legal || [] : [];
      },
      get rawLegal() {
        return view.match ? view.match.legal || [] : [];
      },
      get clock() {
        return view.match ? view.match.clock : null;
      },
      get pending() {
        return view.pending;
      },
      get seatCount() {
        return view.info ? view.info.seats.length : 0;
      },
      get over() {
        return !!(view.match && view.match.over);
      },
      name: (s) => view.seatName(s),
      act: (action, opts) => view.act(action, opts),
      request: (msg) => view.app.socket.request({ ...msg, table: view.id }),
      rerender: () => view.queueRender(),
      clockEl: (s) => view.clockEl(s),
      seatTag: (s, extra) => view.seatTag(s, extra),
      rel: (s) => view.rel(s),
      toast,
    };
  }

  /** Who plays (or played) seat s: during and after a match the match's own players,
   * as its record names them (a bot as "Bot 3"), never whoever sits there now — a past
   * match's results stay under the names of those who played it; between matches
   * without one, the seat's holder. */
  seatName(s) {
    if (s === null || s === undefined) return "";
    const players = this.match ? this.match.players : this.result ? this.result.names : null;
    const p = players && players[s];
    if (p) return p.startsWith("bot:") ? `${t("bot")} ${s + 1}` : p;
    const seat = this.info && this.info.seats[s];
    if (seat && seat.user) return seat.user.name;
    if (seat && seat.bot) return `${t("bot")} ${s + 1}`;
    return t("seat_n", { n: s + 1 });
  }

  /** Position of seat s around the table: 0 bottom (you), 1 right, 2 top, 3 left. */
  rel(s) {
    const n = this.info ? this.info.seats.length : 4;
    const base = this.you === null ? 0 : this.you;
    const r = (s - base + n) % n;
    if (n === 4) return r;
    if (n === 2) return r === 0 ? 0 : 2;
    if (n === 3) return [0, 1, 3][r];
    return r;
  }

  // ================================================================ actions
  setPending(on, id) {
    this.pending = on;
    this.pendingId = on ? id : null;
    this.awaitingView = false;
    clearTimeout(this.pendingTimer);
    if (on) {
      this.pendingTimer = setTimeout(() => {
        this.setPending(false);
        this.queueRender();
      }, 4000);
    }
  }

  /** Play a move (a record action without `seat`). Resolves true when accepted. */
  async act(action, opts = {}) {
    if (this.pending && action.act !== "arrange") return false;
    const socket = this.app.socket;
    const id = socket.nextId;
    const isArrange = action.act === "arrange";
    const seqAtSend = this.viewSeq || 0;
    if (!isArrange) {
      this.setPending(true, id);
      this.queueRender();
    }
    try {
      await socket.request({ type: "act", table: this.id, action });
      if (isArrange) return true;
      // The server answers `ok` before the move's events (then we wait for them); if
      // they came first, the new view is already here.
      if ((this.viewSeq || 0) > seqAtSend) {
        this.setPending(false);
        this.queueRender();
      } else if (this.pending) this.awaitingView = true;
      return true;
    } catch (err) {
      if (!isArrange) this.setPending(false);
      // storage_failed: the table's `sync` that follows says so (its `reason`)
      if (opts.quiet || err.code === "storage_failed") {
        this.queueRender();
        return false;
      }
      toast(err.code === "illegal_action" ? illegalText(err) : errorText(err), "error");
      this.queueRender();
      return false;
    }
  }

  async sit(seat) {
    try {
      await this.app.socket.request({ type: "sit", table: this.id, seat });
      return true;
    } catch (err) {
      toast(errorText(err), "error");
      return false;
    }
  }

  async simple(type) {
    try {
      await this.app.socket.request({ type, table: this.id });
    } catch (err) {
      toast(errorText(err), "error");
    }
  }

  // ================================================================ rendering
  queueRender() {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      if (this.game && this.game.busy && this.game.busy()) {
        // a drag is in progress: draw when it ends
        this.game.afterDrag = () => this.queueRender();
        return;
      }
      this.render();
    });
  }

  myTurn() {
    return !!(this.match && this.you !== null && this.match.legal && this.match.legal.length && !this.pending && !this.match.over);
  }

  render() {
    if (!this.root) return;
    const root = this.root;
    const mine = this.myTurn();
    if (mine && !this.wasMyTurn) callAttention();
    this.wasMyTurn = mine;
    const focusKey = document.activeElement && root.contains(document.activeElement) ? focusId(document.activeElement) : null;
    clear(root);
    this.chat.render();
    if (this.refused) {
      root.append(h("section", { class: "panel", id: "join-refused" }, h("p", {}, refusalText(this.refused)), h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby"))));
      return;
    }
    if (this.notFound) {
      root.append(h("section", { class: "panel" }, h("p", {}, t("err_not_found")), h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby"))));
      return;
    }
    if (!this.info) {
      root.append(h("p", { class: "loading" }, t("connecting")));
      return;
    }
    const info = this.info;
    const status = info.status;
    const el = h("div", {
      id: "table",
      class: `table-view game-${info.game} status-${status}` + (this.you === null ? " spectator" : ""),
      "data-status": status,
      "data-game": info.game,
      "data-you": this.you === null ? "" : this.you,
      "data-my-turn": this.myTurn() ? "1" : "0",
      "data-pending": this.pending ? "1" : "0",
      "data-n": this.n ?? "",
      "data-match": this.match ? this.match.id : "",
      "data-deal": this.match ? this.match.deal : "",
      "data-result": this.result ? "1" : "0",
    });
    el.append(this.topBar());
    const main = h("div", { class: "table-main" });
    const gameBox = h("div", { id: "game", class: "game" });
    if (this.match && this.match.view && this.game && !this.match.over) {
      this.game.render(gameBox);
    } else if (this.match && this.match.view && !this.game && !this.match.over) {
      gameBox.append(h("p", { class: "form-error", id: "no-game-module" }, t("no_game_module", { game: gameName(info.game) })));
    } else {
      gameBox.append(this.waitingRoom());
    }
    main.append(gameBox, this.sidePanel());
    el.append(main);
    if (status === "countdown") el.append(this.countdownOverlay());
    if (this.result && this.showResult) el.append(this.resultOverlay());
    if (this.showHelp) el.append(this.helpOverlay());
    if (this.confirmLeave && this.you !== null && status === "playing") el.append(leaveOverlay(this));
    root.append(el);
    if (focusKey) {
      const again = root.querySelector(focusKey);
      if (again) again.focus({ preventScroll: true });
    }
    this.tick();
  }

  topBar() {
    const info = this.info;
    const buttons = [];
    const me = this.app.user;
    const manager = me && info.manager && info.manager.id === me.id;
    if (manager && info.status === "waiting") buttons.push(h("button", { type: "button", class: "primary", id: "start-button", onclick: () => this.simple("start") }, t("start")));
    if (manager && info.status === "countdown") buttons.push(h("button", { type: "button", id: "cancel-button", onclick: () => this.simple("cancel") }, t("cancel")));
    if (this.you !== null && info.status === "waiting") buttons.push(h("button", { type: "button", id: "leave-button", onclick: () => this.simple("leave") }, t("leave_seat")));
    const leaveMatch = leaveMatchButton(this);
    if (leaveMatch) buttons.push(leaveMatch);
    if (this.result && !this.showResult) buttons.push(h("button", { type: "button", id: "show-result", onclick: () => { this.showResult = true; this.render(); } }, t("show_result")));
    const away = this.match && this.you !== null && this.match.away[this.you] && info.status === "playing";
    const sound = soundOn();
    buttons.push(h("button", { type: "button", class: "link sound", id: "sound-switch", "aria-pressed": sound ? "true" : "false", title: t(sound ? "sound_on" : "sound_off"), onclick: () => { setSound(!sound); this.render(); } }, sound ? "🔔" : "🔕"));
    return h(
      "div",
      { class: "top-bar" },
      h("button", { type: "button", class: "link back", id: "back-to-lobby", onclick: () => navigate("#/"), title: t("back_to_lobby") }, "‹ ", t("lobby")),
      h("div", { class: "title" }, h("b", {}, gameName(info.game)), h("span", { class: "opts" }, optionsSummary(info.game, info.options)), info.kasa !== null && info.kasa !== undefined ? h("span", { class: "kasa", id: "kasa" }, `${t("kasa")}: ${info.kasa}`) : null),
      this.turnLine(),
      this.result && info.status === "waiting" ? h("span", { class: "status-line", id: "match-status" }, t("final_result")) : null,
      info.entry && info.status === "playing" && this.you !== null ? h("span", { class: "entry-paid", id: "entry-paid" }, t("entry_paid", { n: info.entry })) : null,
      h("div", { class: "buttons" }, buttons),
      away ? h("div", { class: "away-banner", id: "away-banner" }, hasLeft(this) ? t("left_seat") : t("you_are_away"), " ", h("button", { type: "button", class: "primary", id: "come-back", onclick: () => { if (!this.backSent) this.simple("back"); } }, t("come_back"))) : null,
    );
  }

  turnLine() {
    if (!this.match || !this.match.clock || this.match.over) {
      if (this.you === null) return h("div", { class: "turn-line" }, t("watching"));
      return h("div", { class: "turn-line" });
    }
    const toAct = this.match.clock.to_act || [];
    if (this.you !== null && toAct.includes(this.you)) return h("div", { class: "turn-line mine", id: "turn-line" }, t("your_turn"), " ", this.clockEl(this.you, true));
    if (toAct.length) return h("div", { class: "turn-line", id: "turn-line" }, t("turn_of", { name: this.seatName(toAct[0]) }), " ", this.clockEl(toAct[0], true));
    if (this.dealEnd) return h("div", { class: "turn-line" }, t("deal_over"));
    return h("div", { class: "turn-line" });
  }

  clockEl(seat, inline = false) {
    const c = this.match && this.match.clock;
    if (!c || !(c.to_act || []).includes(seat)) return null;
    return h("span", { class: "clock" + (inline ? " inline" : ""), "data-clock-seat": seat }, h("span", { class: "bar" }, h("span", { class: "fill" })), h("span", { class: "txt" }));
  }

  seatTag(s, extra) {
    const seat = this.info.seats[s] || {};
    const isBot = !!seat.bot || (!seat.user && this.match && (this.match.players[s] || "").startsWith("bot:"));
    const away = this.match && this.match.away[s];
    const toAct = this.match && this.match.clock && (this.match.clock.to_act || []).includes(s);
    return h(
      "div",
      { class: "seat-tag" + (toAct ? " to-act" : "") + (s === this.you ? " me" : ""), "data-seat": s },
      h("span", { class: "name" }, isBot ? botBadge(this.info.game, seat.level) : null, this.seatName(s), s === this.you ? h("small", {}, ` (${t("you")})`) : null, away ? h("small", { class: "away" }, ` ${t("away")}`) : null),
      extra || null,
      this.clockEl(s),
    );
  }

  waitingRoom() {
    const info = this.info;
    const me = this.app.user;
    const seats = info.seats.map((s) => {
      let who;
      if (s.user) who = h("span", { class: "who" + (me && s.user.id === me.id ? " me" : "") }, s.user.name);
      else if (s.bot) who = h("span", { class: "who bot" }, botBadge(info.game, s.level), " ", t("bot"));
      else if (me && info.status === "waiting") who = h("button", { type: "button", class: "sit", "data-seat": s.seat, onclick: () => this.sit(s.seat) }, t("sit"));
      else who = h("span", { class: "who empty" }, t("empty_seat"));
      return h("li", { "data-seat": s.seat }, h("span", { class: "seat-no" }, t("seat_n", { n: s.seat + 1 })), who, unseatButton(this, s));
    });
    const manager = me && info.manager && info.manager.id === me.id;
    return h(
      "div",
      { class: "waiting-room" },
      h("h2", {}, gameName(info.game)),
      h("p", { class: "opts" }, optionsSummary(info.game, info.options)),
      info.private ? h("p", { class: "badge private", id: "private-badge" }, "🔒 ", t("private_badge")) : null,
      inviteBox(this.invite),
      h("ul", { class: "seats", id: "seat-list" }, seats),
      rematchBox(this),
      h("p", { class: "hint" }, manager ? t("you_are_manager") : me ? t("waiting_for_start") : t("signin_needed")),
      this.result ? h("div", { class: "last-result" }, h("h3", {}, t("final_result")), this.finalTable()) : null,
    );
  }

  countdownOverlay() {
    const me = this.app.user;
    const manager = me && this.info.manager && this.info.manager.id === me.id;
    return h(
      "div",
      { class: "overlay countdown", id: "countdown" },
      h(
        "div",
        { class: "box" },
        h("div", {}, t("starts_in")),
        h("div", { class: "big", id: "countdown-seconds" }, ""),
        manager ? h("button", { type: "button", id: "countdown-cancel", onclick: () => this.simple("cancel") }, t("cancel")) : null,
      ),
    );
  }

  sidePanel() {
    const yaz = this.yazboz();
    return h(
      "aside",
      { class: "side" + (this.showYazboz ? " open" : "") },
      h(
        "button",
        { type: "button", class: "yazboz-toggle", id: "yazboz-toggle", onclick: () => { this.showYazboz = !this.showYazboz; this.render(); }, "aria-expanded": this.showYazboz ? "true" : "false" },
        t("yazboz"),
        " ",
        this.totalsInline(),
      ),
      yaz,
      this.log.length ? h("ol", { class: "log", id: "event-log" }, this.log.slice(-6).map((x) => h("li", {}, x))) : null,
      h("p", { class: "keys-hint" }, h("button", { type: "button", class: "link", onclick: () => { this.showHelp = true; this.render(); } }, "⌨ ", t("keys_help"))),
    );
  }

  totalsInline() {
    const score = this.currentScore();
    if (!score) return null;
    return h("span", { class: "totals-inline" }, score.totals.map((v, i) => h("span", { class: "tot" }, `${this.shortName(i)} ${v}`)));
  }

  shortName(s) {
    const n = this.seatName(s);
    return n.length > 8 ? n.slice(0, 7) + "…" : n;
  }

  currentScore() {
    if (this.match) return this.match.score;
    if (this.result) {
      const r = this.result.result;
      return { deals: r.deals.filter((d) => d.scores).map((d) => ({ scores: d.scores, end: d.end, detail: d.detail })), totals: r.totals };
    }
    return null;
  }

  /** What the game's module says of a finished deal under its row (Balayı Kingi: the
   * contract played), or nothing. */
  dealNote(d) {
    const label = this.gameMod && this.gameMod.dealLabel && d.detail ? this.gameMod.dealLabel(d.detail) : null;
    return label ? h("small", { class: "deal-label" }, label) : null;
  }

  yazboz() {
    const score = this.currentScore();
    const n = this.info.seats.length;
    const head = h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", { class: s === this.you ? "me" : "" }, this.shortName(s))));
    const rows = [];
    if (score) {
      let k = 0;
      for (const d of score.deals) {
        const isVoid = d.end === "void";
        if (!isVoid) k += 1;
        rows.push(h("tr", { class: isVoid ? "void" : "" }, h("th", {}, isVoid ? t("void_deal") : t("deal_n", { n: k }), this.dealNote(d)), d.scores.map((v) => h("td", {}, isVoid ? "–" : fmtSigned(v)))));
      }
    }
    const totals = score ? score.totals : Array(n).fill(0);
    const spec = gameSpec(this.info.game);
    return h(
      "div",
      { class: "yazboz", id: "yazboz" },
      h("h3", {}, t("yazboz"), spec && spec.lower_totals_win ? h("small", {}, ` (${t("lower_is_better")})`) : null),
      h("table", {}, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, h("tr", {}, h("th", {}, t("total")), totals.map((v) => h("td", {}, String(v)))))),
    );
  }

  finalTable() {
    const r = this.result;
    const res = r.result;
    const n = res.totals.length;
    const names = Array.from({ length: n }, (_, s) => this.seatName(s));
    const rows = [];
    let k = 0;
    for (const d of res.deals) {
      if (!d.scores) continue;
      const isVoid = d.end === "void";
      if (!isVoid) k += 1;
      rows.push(h("tr", { class: isVoid ? "void" : "" }, h("th", {}, isVoid ? t("void_deal") : t("deal_n", { n: k }), this.dealNote(d)), d.scores.map((v) => h("td", {}, isVoid ? "–" : fmtSigned(v)))));
    }
    const winners = Array.isArray(res.winner) ? res.winner : res.winner === null || res.winner === undefined ? [] : [res.winner];
    const foot = [h("tr", { class: "totals" }, h("th", {}, t("total")), res.totals.map((v, s) => h("td", { class: winners.includes(s) ? "win" : "" }, String(v))))];
    const rp = r.ranking_points || res.ranking_points;
    if (rp) foot.push(h("tr", {}, h("th", {}, t("ranking_points")), rp.map((v) => h("td", {}, fmtSigned(v)))));
    if (r.chips && r.chips.net) foot.push(h("tr", {}, h("th", {}, t("chips_net")), r.chips.net.map((v) => h("td", {}, fmtSigned(v)))));
    return h(
      "table",
      { class: "final-yazboz", id: "final-yazboz" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), names.map((x, s) => h("th", { class: (s === this.you ? "me " : "") + (winners.includes(s) ? "win" : "") }, x)))),
      h("tbody", {}, rows),
      h("tfoot", {}, foot),
    );
  }

  resultOverlay() {
    const r = this.result;
    const res = r.result;
    const winners = Array.isArray(res.winner) ? res.winner : res.winner === null || res.winner === undefined ? [] : [res.winner];
    const me = this.app.user;
    const manager = me && this.info.manager && this.info.manager.id === me.id;
    return h(
      "div",
      { class: "overlay result", id: "match-result", role: "dialog", "aria-modal": "true" },
      h(
        "div",
        { class: "box" },
        h("h2", {}, t("final_result")),
        h("p", { class: "winner", id: "winner-line" }, winners.length ? t("winner", { name: winners.map((s) => this.seatName(s)).join(" & ") }) : t("draw_result")),
        this.finalTable(),
        rematchBox(this),
        h(
          "div",
          { class: "row" },
          r.record ? h("a", { href: r.record, class: "button", download: "" }, t("download_record")) : null,
          manager && this.info.status === "waiting" ? h("button", { type: "button", class: "primary", id: "new-match", onclick: () => { this.showResult = false; this.simple("start"); } }, t("new_match")) : null,
          h("button", { type: "button", id: "close-result", onclick: () => { this.showResult = false; this.render(); } }, t("close")),
          h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby")),
        ),
      ),
    );
  }

  helpOverlay() {
    // a game module may name its own keys (KEYS_HELP, a string key); card games share one
    const keys = (this.gameMod && this.gameMod.KEYS_HELP) || "keys_cards";
    return h(
      "div",
      { class: "overlay help", id: "help", onclick: () => { this.showHelp = false; this.render(); } },
      h("div", { class: "box" }, h("h2", {}, t("help_title")), h("p", {}, t(keys)), h("p", {}, "Tab · Enter · Esc"), h("button", { type: "button" }, t("close"))),
    );
  }

  // ================================================================ clocks
  tick() {
    const now = this.app.socket ? this.app.socket.now() : Date.now();
    if (this.info && this.info.status === "countdown") {
      const el = document.getElementById("countdown-seconds");
      if (el && this.info.countdown_ends_at) el.textContent = String(Math.max(0, Math.ceil((this.info.countdown_ends_at - now) / 1000)));
    }
    const c = this.match && this.match.clock;
    for (const el of document.querySelectorAll("[data-clock-seat]")) {
      const txt = el.querySelector(".txt");
      const fill = el.querySelector(".fill");
      if (!c || !c.deadline) {
        el.classList.add("bot");
        if (txt) txt.textContent = t("bot_thinking");
        if (fill) fill.style.width = "100%";
        continue;
      }
      el.classList.remove("bot");
      const left = Math.max(0, (c.deadline - now) / 1000);
      if (txt) txt.textContent = t("clock_left", { s: Math.ceil(left) });
      if (fill) fill.style.width = `${Math.min(100, (100 * left) / (c.seconds || 30))}%`;
      el.classList.toggle("low", left < 6);
    }
  }

  // ================================================================ away
  /** Whether our seat is played by the bot now (our clock ran out). */
  isAway() {
    return !!(this.match && this.you !== null && this.match.away[this.you] && !this.match.over && this.info && this.info.status === "playing");
  }

  /** A person's own gesture (a click, a touch, a key) while away takes the seat back.
   * Only trusted events count: what the page sends by itself (the `arrange` that keeps
   * the rack in step after a bot move) never does, and the server agrees (a free action
   * never ends away, docs/protocol.md §4). */
  gesture(e) {
    if (!e.isTrusted || this.backSent || !this.isAway() || hasLeft(this)) return;
    if (e.type === "keydown" && (e.key === "Shift" || e.key === "Control" || e.key === "Alt" || e.key === "Meta")) return;
    this.backSent = true;
    this.app.socket.request({ type: "back", table: this.id }).catch((err) => {
      this.backSent = false;
      toast(errorText(err), "error");
    });
  }

  // ================================================================ keys
  keydown(e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA")) return;
    if (e.key === "Escape") {
      if (this.showHelp || this.showResult || this.confirmLeave) {
        this.showHelp = false;
        this.showResult = false;
        this.confirmLeave = false;
        this.render();
        e.preventDefault();
        return;
      }
    }
    if (e.key === "?") {
      this.showHelp = !this.showHelp;
      this.render();
      e.preventDefault();
      return;
    }
    if ((e.key === "y" || e.key === "Y") && !e.ctrlKey && !e.metaKey && !e.altKey) {
      this.showYazboz = !this.showYazboz;
      this.render();
      e.preventDefault();
      return;
    }
    if (this.game && this.game.onKey && this.match && this.match.view && !this.showResult && this.game.onKey(e)) {
      e.preventDefault();
    }
  }
}

/** The DOM events that are a person's own doing (see TableView.gesture). */
const GESTURES = ["pointerdown", "keydown"];

/** A refused move in words: a short reminder of the rule (ours, by rule id) and the
 * engine's own explanation — its coded message in the page's language — with the rule. */
export function illegalText(err) {
  const rule = err.rule || "";
  const key = rule.startsWith("rule ") ? rule : "rule_" + rule;
  const reminder = rule ? tMaybe(key) : null;
  const detail = refusalText(err);
  return reminder ? `${t("illegal")}: ${reminder} — ${detail}` : `${t("illegal")}: ${detail}`;
}

/** A CSS selector that finds an equivalent element after a re-render (to keep the focus). */
function focusId(el) {
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ["data-card", "data-tile-slot", "data-act", "data-bid", "data-contract", "data-option"]) {
    const v = el.getAttribute(attr);
    if (v !== null) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}
