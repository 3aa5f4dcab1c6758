// One table, the controller: it holds the table's state (table/state.js, the reducer of
// snapshots and events), runs the effects the reducer returns, and wires the pieces —
// the view (table/view.js), the conversation with the server (table/socket.js), the
// keys (table/keys.js), the chat, and the game's family module (games/*.js), which draws
// the felt through the context given here. Split as lichess's round page is (issue 29).

import { t, errorText } from "./i18n.js";
import { api } from "./net.js";
import { loadLevels } from "./standing.js";
import { toast } from "./ui.js";
import { refreshUser } from "./shell.js";
import { callAttention } from "./attention.js";
import { play } from "./sound.js";
import { gameModule } from "./registry.js";
import { ChatPanel } from "./chat.js";
import { hasLeft } from "./social.js";
import { emptyState, myTurn, relSeat, seatName } from "./table/state.js";
import * as socket from "./table/socket.js";
import * as view from "./table/view.js";
import { keydown } from "./table/keys.js";

export { illegalText } from "./table/socket.js";

/** The sound of each kind of game event (a tile laid on wood, a card on cloth). */
const SOUND_OF = { discard: "tak", draw: "tak", finish: "tak", show_indicator: "tak", play: "card", trail: "card", capture: "card", build: "card" };

/** The DOM events that are a person's own doing (see TableView.gesture). */
const GESTURES = ["pointerdown", "keydown"];

export class TableView {
  constructor(app, id, params) {
    Object.assign(this, emptyState());
    this.app = app;
    this.id = id;
    this.sitWanted = params.has("sit") ? parseInt(params.get("sit"), 10) : null;
    this.startWanted = params.has("start"); // "Hemen oyna": start once seated
    this.pending = false;
    this.pendingId = null;
    this.pendingTimer = null;
    this.awaitingView = false;
    this.showYazboz = false;
    this.showHelp = false;
    this.game = null; // the game module's instance
    this.gameId = null;
    this.gameMod = null; // the module of the game's family (registry.js)
    this.root = null;
    this.renderQueued = false;
    this.ticker = null;
    this.onKeyDown = (e) => keydown(this, e);
    this.onGesture = (e) => this.gesture(e);
    this.backSent = false; // a `back` is on its way (until the seat's next away/back)
    this.inviteCode = params.get("invite"); // came by a friends' table's link
    this.confirmLeave = false;
    this.wasMyTurn = false;
    this.animSeen = new Set(); // the moves animated already (table/motion.js)
    this.animPrimed = false;
    this.lastSound = 0;
    this.chat = new ChatPanel(this);
    this.series = null; // the table's rematch series (loadStanding)
    this.seriesAt = 0;
  }

  // ================================================================ lifecycle
  mount(root) {
    this.root = root;
    document.body.dataset.view = "table";
    document.addEventListener("keydown", this.onKeyDown);
    for (const kind of GESTURES) document.addEventListener(kind, this.onGesture, true);
    this.ticker = setInterval(() => view.tick(this), 200);
    this.chat.mount(root);
    this.render();
  }

  unmount() {
    // a view that has left draws nothing more: a timer set while it was shown (Okey keeps
    // a deal's end on screen for a while, then redraws) must not draw the table over the
    // page that came next (the same document: the address only changed its #)
    this.root = null;
    clearInterval(this.ticker);
    document.removeEventListener("keydown", this.onKeyDown);
    for (const kind of GESTURES) document.removeEventListener(kind, this.onGesture, true);
    if (this.app.socket) this.app.socket.send({ type: "part", table: this.id });
    this.chat.unmount();
    delete document.body.dataset.table;
    delete document.body.dataset.view;
    delete document.body.dataset.playing;
  }

  onOpen() {
    socket.join(this);
  }

  onDisconnect() {
    socket.setPending(this, false);
    this.render();
  }

  onMessage(msg) {
    socket.onMessage(this, msg);
  }

  /** Do what the reducer asked for besides changing the state. */
  runEffects(effects) {
    for (const fx of effects) {
      switch (fx.kind) {
        case "gap":
          this.app.socket.send({ type: "join", table: this.id, last: this.n, epoch: this.epoch });
          break;
        case "unseated":
          toast(t("you_were_unseated"), "error");
          break;
        case "refresh_user":
          refreshUser();
          break;
        case "attention":
          callAttention();
          this.wasMyTurn = true; // the start was the call; the first turn needs none
          break;
        case "game_resync":
          if (this.game && this.game.onResync) this.game.onResync();
          break;
        case "game_deal_start":
          if (this.game && this.game.onDealStart) this.game.onDealStart();
          this.sound("shuffle");
          break;
        case "game_event":
          if (this.game && this.game.onEvent) this.game.onEvent(fx.data, fx.auto);
          this.sound(SOUND_OF[fx.data.kind]);
          break;
        case "match_won":
          this.sound("win");
          break;
        case "log":
          // only what the game's module words (an `arrange` is not a move of the log)
          if (!this.game || !this.game.describe || !this.game.describe(fx.data)) break;
          this.log.push(fx.data);
          if (this.log.length > 8) this.log.shift();
          break;
        case "away_changed":
          this.backSent = false;
          break;
        case "view":
          if (this.awaitingView) socket.setPending(this, false);
          break;
        case "load_result":
          socket.loadLastResult(this, fx.match);
          break;
        default:
          break;
      }
    }
  }

  ensureGame() {
    if (!this.info || this.gameId === this.info.game) return;
    this.gameId = this.info.game;
    this.gameMod = gameModule(this.gameId);
    this.game = this.gameMod ? this.gameMod.create(this.context()) : null;
  }

  // ================================================================ the game's context
  context() {
    const tv = this;
    return {
      get game() {
        return tv.info ? tv.info.game : null;
      },
      get info() {
        return tv.info;
      },
      get you() {
        return tv.you;
      },
      get view() {
        return tv.match ? tv.match.view : null;
      },
      get legal() {
        return tv.match && !tv.pending ? tv.match.legal || [] : [];
      },
      get rawLegal() {
        return tv.match ? tv.match.legal || [] : [];
      },
      get clock() {
        return tv.match ? tv.match.clock : null;
      },
      get pending() {
        return tv.pending;
      },
      get seatCount() {
        return tv.info ? tv.info.seats.length : 0;
      },
      get over() {
        return !!(tv.match && tv.match.over);
      },
      get dealResult() {
        return tv.dealEnd ? tv.dealEnd.result : null;
      },
      get deal() {
        return tv.match ? `${tv.match.id}:${tv.match.deal}` : "";
      },
      name: (s) => tv.seatName(s),
      act: (action, opts) => tv.act(action, opts),
      request: (msg) => tv.app.socket.request({ ...msg, table: tv.id }),
      rerender: () => tv.queueRender(),
      clockEl: (s) => view.clockEl(tv, s),
      seatTag: (s, extra) => view.seatTag(tv, s, extra),
      rel: (s) => tv.rel(s),
      toast,
    };
  }

  /** Who plays (or played) seat s (table/state.js seatName), or "Koltuk n" when empty. */
  seatName(s) {
    const name = seatName(this, s, t("bot"));
    return name === null ? t("seat_n", { n: s + 1 }) : name;
  }

  /** Position of seat s around the table: 0 bottom (you), 1 right, 2 top, 3 left. */
  rel(s) {
    return relSeat(this.info ? this.info.seats.length : 4, this.you, s);
  }

  myTurn() {
    return myTurn(this, this.pending);
  }

  /** The move log in the page's language, worded now (a language switch words it again). */
  logLines() {
    if (!this.game || !this.game.describe) return [];
    return this.log.map((d) => this.game.describe(d)).filter(Boolean);
  }

  /** One of sound.js's sounds for a move just made (not while catching up: a replay of
   * missed events stays quiet, and two sounds within 60 ms make one). */
  sound(name) {
    if (!name || this.catchingUp) return;
    const now = performance.now();
    if (now - this.lastSound < 60) return;
    this.lastSound = now;
    play(name);
  }

  closeResult() {
    this.showResult = false;
  }

  // ================================================================ actions
  act(action, opts) {
    return socket.act(this, action, opts);
  }

  sit(seat) {
    return socket.sit(this, seat);
  }

  simple(type) {
    return socket.simple(this, type);
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

  render() {
    view.render(this);
    this.loadStanding();
  }

  /** What the seats' names and the yazboz show beside the table's own state: the
   * seated people's levels (asked once each), and the table's series of rematches
   * (GET /api/tables/ID/series), asked again whenever a match has finished here. */
  loadStanding() {
    if (!this.info || !this.root) return;
    const ids = this.info.seats.filter((s) => s.user).map((s) => s.user.id);
    loadLevels(ids).then((fresh) => fresh && this.queueRender());
    const played = this.info.matches_played || 0;
    if (played > 0 && this.seriesAt !== played) {
      this.seriesAt = played;
      api("GET", `/api/tables/${encodeURIComponent(this.id)}/series`)
        .then((r) => {
          this.series = r.series;
          this.queueRender();
        })
        .catch(() => {}); // the yazboz shows without it
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
}
