// The lobby: sign in / guest, the live list of tables grouped in rooms by stake (each
// room's tables and people, rooms.js), the daily chips, the create-table form.

import { api } from "./net.js";
import { t, tMaybe, localized, errorText } from "./i18n.js";
import { icon } from "./icons.js";
import { h, clear, toast } from "./ui.js";
import { navigate, signedIn } from "./shell.js";
import { privacyFields, privacyValues } from "./social.js";
import { registry, botBadge, gameSpec, gameName, gamePosition, optionsSummary, optionValueText } from "./registry.js";
import { gamesSection } from "./pages.js";
import { hero } from "./landing.js";
import { rooms, loadRooms, roomTabs, roomHead, roomRange } from "./rooms.js";
import { dailyBox, levelOf, loadLevels } from "./standing.js";

/** How often the lobby reads the salon's counts again, ms. */
const COUNT_EVERY_MS = 30000;

export class LobbyView {
  constructor(app) {
    this.app = app;
    this.tables = new Map();
    this.root = null;
    this.form = { game: localStorage.getItem("kahvehane.game"), values: {} };
    this.authMode = "guest";
    // What was typed into the sign-in forms: the lobby re-renders when the socket says
    // hello (and on a language switch), which must not wipe a half-typed name.
    this.authDraft = { guest: "", name: "", password: "" };
    this.salon = null; // {online, playing}: the salon's counts (GET /api/salon)
    this.countTimer = null;
    this.countSoon = null;
    this.room = localStorage.getItem("kahvehane.room") || null; // the room shown, null: all
  }

  mount(root) {
    this.root = root;
    document.body.dataset.view = "lobby";
    this.render();
    this.loadCounts();
    // people come and go without a lobby message: read the counts again now and then
    this.countTimer = setInterval(() => this.loadCounts(), COUNT_EVERY_MS);
    if (!rooms.loaded) loadRooms().then(() => this.root && this.render());
  }

  unmount() {
    this.root = null;
    clearInterval(this.countTimer);
    clearTimeout(this.countSoon);
    this.app.socket && this.app.socket.send({ type: "lobby", subscribe: false });
  }

  async loadCounts() {
    try {
      this.salon = await api("GET", "/api/salon");
      this.renderCount();
    } catch {
      // the counts stay as they were
    }
  }

  /** A table changed: people sat down or left, the counts follow shortly. */
  countsSoon() {
    clearTimeout(this.countSoon);
    this.countSoon = setTimeout(() => this.loadCounts(), 500);
  }

  /** The line "Şu an salonda 12 kişi var, 7 kişi oyunda" (empty until the counts come). */
  countLine() {
    // a person seated at a running match is in the salon even while their connection
    // is down (a bot plays their turns meanwhile): "3 here, 4 playing" would read wrong
    const c = this.salon && { online: Math.max(this.salon.online, this.salon.playing), playing: this.salon.playing };
    const text = !c ? "" : c.online === 1 && tMaybe("salon_count_one") ? t("salon_count_one", c) : t("salon_count", c);
    return h("p", { class: "salon-count", id: "salon-count", "data-online": c ? c.online : "", "data-playing": c ? c.playing : "", "aria-live": "polite" }, c ? icon("people", { size: 16 }) : null, c ? " " : null, text);
  }

  renderCount() {
    const el = document.getElementById("salon-count");
    if (el) el.replaceWith(this.countLine());
  }

  onOpen() {
    this.app.socket.send({ type: "lobby" });
  }

  onMessage(msg) {
    if (msg.type === "lobby") {
      this.tables = new Map(msg.tables.map((tb) => [tb.id, tb]));
      if (msg.salon) this.salon = msg.salon;
      this.renderTables();
      this.renderCount();
    } else if (msg.type === "lobby_update") {
      this.tables.set(msg.table.id, msg.table);
      this.renderTables();
      this.countsSoon();
    } else if (msg.type === "lobby_remove") {
      this.tables.delete(msg.table);
      this.renderTables();
      this.countsSoon();
    } else if (msg.type === "hello") {
      this.render();
    }
  }

  render() {
    if (!this.root) return;
    // Keep the caret where it was: a re-render builds new inputs with the same ids.
    const focused = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement.id : null;
    clear(this.root);
    // the salon's counts: on the landing page (signed out) under its title, in the lobby
    // (signed in) over the tables
    const left = h("section", { class: "panel tables-panel" }, h("h2", {}, t("tables")), this.app.user ? this.countLine() : null, h("div", { id: "table-list", class: "table-list" }));
    const right = h("section", { class: "panel side-panel" + (this.app.user ? " create" : " auth") }, this.app.user ? [dailyBox(), this.createForm()] : this.authPanel());
    // Signed out, the page opens on the six games (each with Hemen oyna); signed in, on
    // the tables, the games below them.
    const lobby = h("div", { class: "lobby" }, right, left);
    const games = gamesSection(this.app);
    this.root.append(hero(this.app.user ? null : this.countLine()), ...(this.app.user ? [lobby, games] : [games, lobby]));
    this.renderTables();
    const again = focused && document.getElementById(focused);
    if (again) again.focus();
  }

  // ---------------------------------------------------------------- auth
  authPanel() {
    const msg = h("p", { class: "form-error", id: "auth-error" });
    const draft = this.authDraft;
    const guestName = h("input", { id: "guest-name", name: "guest-name", placeholder: t("guest_name"), maxlength: 24, autocomplete: "nickname", value: draft.guest, oninput: () => { draft.guest = guestName.value; } });
    const guestForm = h(
      "form",
      {
        class: "auth-form",
        id: "guest-form",
        onsubmit: async (e) => {
          e.preventDefault();
          try {
            const body = guestName.value.trim() ? { name: guestName.value.trim() } : {};
            const r = await api("POST", "/api/auth/guest", body);
            this.authDraft = { guest: "", name: "", password: "" };
            signedIn(r.user);
          } catch (err) {
            msg.textContent = errorText(err);
          }
        },
      },
      guestName,
      h("button", { type: "submit", class: "primary", id: "guest-button" }, t("guest")),
    );
    const name = h("input", { id: "auth-name", name: "name", placeholder: t("name"), autocomplete: "username", required: true, value: draft.name, oninput: () => { draft.name = name.value; } });
    const pass = h("input", { id: "auth-password", name: "password", type: "password", placeholder: t("password"), autocomplete: "current-password", required: true, value: draft.password, oninput: () => { draft.password = pass.value; } });
    const submit = async (path) => {
      try {
        const r = await api("POST", path, { name: name.value.trim(), password: pass.value });
        this.authDraft = { guest: "", name: "", password: "" };
        signedIn(r.user);
      } catch (err) {
        msg.textContent = errorText(err);
      }
    };
    const accountForm = h(
      "form",
      {
        class: "auth-form",
        id: "account-form",
        onsubmit: (e) => {
          e.preventDefault();
          submit("/api/auth/login");
        },
      },
      name,
      pass,
      h(
        "div",
        { class: "row" },
        h("button", { type: "submit", class: "primary", id: "sign-in" }, t("sign_in")),
        h("button", { type: "button", id: "sign-up", onclick: () => submit("/api/auth/signup") }, t("sign_up")),
      ),
    );
    return h("div", { class: "auth" }, h("h2", {}, t("sign_in")), h("p", { class: "hint" }, t("signin_needed")), guestForm, h("div", { class: "or" }, "·"), accountForm, msg);
  }

  // ---------------------------------------------------------------- create
  createForm() {
    const games = registry.games;
    if (!games.length) return h("div", { id: "create-form", class: "create-form" }, h("h2", {}, t("create_table")), h("p", { class: "form-error" }, t("no_games")));
    if (!games.some((g) => g.game === this.form.game)) this.form.game = games[0].game;
    const select = h(
      "select",
      {
        id: "create-game",
        name: "game",
        onchange: () => {
          this.form.game = select.value;
          localStorage.setItem("kahvehane.game", select.value);
          this.form.values = {};
          const box = document.getElementById("create-options");
          clear(box).append(...this.optionFields());
        },
      },
      games.map((g) => h("option", { value: g.game, selected: g.game === this.form.game }, gameName(g.game))),
    );
    const err = h("p", { class: "form-error", id: "create-error" });
    const sitBox = h("input", { type: "checkbox", id: "create-sit", checked: true });
    const form = h(
      "form",
      {
        id: "create-form",
        class: "create-form",
        onsubmit: async (e) => {
          e.preventDefault();
          err.textContent = "";
          const body = this.collect();
          try {
            const created = await this.app.socket.request({ type: "create", ...body });
            const q = sitBox.checked ? "?sit=0" : "";
            navigate(`#/t/${encodeURIComponent(created.table.id)}${q}`);
          } catch (e2) {
            err.textContent = errorText(e2);
          }
        },
      },
      h("h2", {}, t("create_table")),
      h("label", { class: "field" }, h("span", {}, t("game")), select),
      h("div", { id: "create-options", class: "options" }, this.optionFields()),
      h("label", { class: "field check" }, sitBox, h("span", {}, t("sit_down_myself"))),
      privacyFields(),
      h("button", { type: "submit", class: "primary", id: "create-submit" }, t("create")),
      err,
    );
    return form;
  }

  /** One field per option of the game's spec: a check box for a boolean, a list for
   * choices (their labels if the spec gives them), a number field within min/max for
   * an integer, a text field for a string; the label and note in the page's language. */
  optionFields() {
    const info = gameSpec(this.form.game);
    const fields = [];
    if (!info) return fields;
    for (const [key, opt] of Object.entries(info.options || {})) {
      const label = h("span", {}, localized(opt.label) || key);
      const note = localized(opt.note);
      const id = "opt-" + key;
      const kind = { integer: "int", boolean: "bool", string: "str" }[opt.type] || "str";
      const base = { id, "data-opt": key, "data-kind": kind, "aria-describedby": note ? id + "-note" : null };
      const hint = note ? h("small", { class: "note", id: id + "-note" }, note) : null;
      if (opt.type === "boolean") {
        fields.push(h("label", { class: "field check", title: note }, h("input", { ...base, type: "checkbox", checked: opt.default === true }), label, hint));
        continue;
      }
      let input;
      if (opt.choices) {
        const unset = opt.required && opt.default === null;
        // A nullable option's "none chosen" is a choice of its own (sent as no value).
        const none = opt.nullable ? [h("option", { value: "", selected: opt.default === null }, t("option_none"))] : [];
        input = h(
          "select",
          base,
          none.concat(opt.choices.map((c, i) => h("option", { value: String(c), selected: unset ? i === 0 : c === opt.default }, optionValueText(opt, c)))),
        );
      } else if (kind === "int") {
        input = h("input", { ...base, type: "number", step: 1, min: opt.min ?? null, max: opt.max ?? null, value: opt.default ?? "", required: opt.required || null });
      } else {
        input = h("input", { ...base, type: "text", value: opt.default ?? "", required: opt.required || null });
      }
      fields.push(h("label", { class: "field" }, label, input, hint));
    }
    if (info.entry) {
      const [low, high] = info.entry_range || [1, null];
      const value = Math.min(high ?? Infinity, Math.max(low, 100)); // 100 chips where allowed
      fields.push(h("label", { class: "field" }, h("span", {}, t("entry")), h("input", { type: "number", id: "create-entry", min: low, max: high, value })));
    }
    fields.push(h("label", { class: "field" }, h("span", {}, t("clock")), h("input", { type: "number", id: "create-clock", min: 1, max: 600, value: 30 })));
    return fields;
  }

  collect() {
    const options = {};
    for (const el of document.querySelectorAll("#create-options [data-opt]")) {
      const key = el.dataset.opt;
      if (el.dataset.kind === "bool") options[key] = el.checked;
      else if (el.value === "") continue;
      else if (el.dataset.kind === "int") options[key] = parseInt(el.value, 10);
      else options[key] = el.value;
    }
    const body = { game: this.form.game, options };
    const entry = document.getElementById("create-entry");
    if (entry) body.entry = parseInt(entry.value, 10);
    const clock = document.getElementById("create-clock");
    if (clock && clock.value) body.clock = parseInt(clock.value, 10);
    Object.assign(body, privacyValues());
    return body;
  }

  // ---------------------------------------------------------------- tables
  renderTables() {
    const list = document.getElementById("table-list");
    if (!list) return;
    clear(list);
    const all = [...this.tables.values()].sort((a, b) => gamePosition(a.game) - gamePosition(b.game) || a.id.localeCompare(b.id));
    if (this.room && !rooms.list.some((r) => r.name === this.room)) this.room = null;
    const pick = (name) => {
      this.room = name;
      if (name) localStorage.setItem("kahvehane.room", name);
      else localStorage.removeItem("kahvehane.room");
      this.renderTables();
    };
    const tabs = roomTabs(this.room, all, pick);
    if (tabs) list.append(tabs);
    const person = (u) => [h("a", { href: `#/u/${encodeURIComponent(u.name)}`, class: "player-link" }, u.name), levelOf(u.id)];
    const shown = this.room ? all.filter((tb) => tb.room === this.room) : all;
    if (this.room) list.append(roomHead(this.room, shown, person));
    const ids = all.flatMap((tb) => tb.seats.filter((s) => s.user).map((s) => s.user.id));
    loadLevels(ids).then((fresh) => fresh && this.renderTables());
    if (!shown.length) {
      list.append(h("p", { class: "empty" }, t(this.room ? "room_no_tables" : "no_tables")));
      return;
    }
    if (this.room || !rooms.list.length) {
      for (const tb of shown) list.append(this.tableCard(tb));
      return;
    }
    // all rooms: the tables without an entry first, then each room's under its name
    const groups = [[null, shown.filter((tb) => !tb.room)], ...rooms.list.map((r) => [r, shown.filter((tb) => tb.room === r.name)])];
    for (const [room, tables] of groups) {
      if (!tables.length) continue;
      list.append(
        h(
          "div",
          { class: "room-group", "data-room": room ? room.name : "" },
          h("h3", { class: "room-group-title" }, room ? h("button", { type: "button", class: "link", onclick: () => pick(room.name) }, t("room_title", { room: room.name })) : t("room_no_entry"), room ? h("small", {}, ` · ${roomRange(room)}`) : null),
          tables.map((tb) => this.tableCard(tb)),
        ),
      );
    }
  }

  tableCard(tb) {
    const me = this.app.user;
    const mySeat = me ? tb.seats.findIndex((s) => s.user && s.user.id === me.id) : -1;
    const seats = tb.seats.map((s) => {
      let who;
      if (s.user) who = h("span", { class: "who" + (me && s.user.id === me.id ? " me" : "") }, s.user.name, levelOf(s.user.id), s.away ? h("small", {}, ` (${t("away")})`) : null);
      else if (s.bot) who = h("span", { class: "who bot" }, botBadge(tb.game, s.level), " ", t("bot"));
      else if (tb.status !== "playing" && me)
        who = h(
          "button",
          {
            type: "button",
            class: "sit",
            "data-seat": s.seat,
            onclick: () => navigate(`#/t/${encodeURIComponent(tb.id)}?sit=${s.seat}`),
          },
          t("sit"),
        );
      else who = h("span", { class: "who empty" }, t("empty_seat"));
      return h("li", {}, h("span", { class: "seat-no" }, s.seat + 1), who);
    });
    const extra = [];
    if (tb.entry) extra.push(`${t("entry")}: ${tb.entry}`);
    if (tb.kasa !== null && tb.kasa !== undefined) extra.push(`${t("kasa")}: ${tb.kasa}`);
    extra.push(t("clock") + ": " + tb.clock);
    if (tb.spectators) extra.push(t("spectators", { n: tb.spectators }));
    return h(
      "article",
      { class: "table-card status-" + tb.status, "data-table": tb.id, "data-game": tb.game },
      h(
        "header",
        {},
        h("b", {}, gameName(tb.game)),
        h("span", { class: "status" }, t("status_" + tb.status)),
      ),
      h("div", { class: "opts" }, optionsSummary(tb.game, tb.options)),
      h("div", { class: "meta" }, `${t("manager")}: ${tb.manager.name} · ${extra.join(" · ")}`),
      h("ul", { class: "seats" }, seats),
      h(
        "footer",
        {},
        h(
          "button",
          { type: "button", class: mySeat >= 0 ? "primary" : "", "data-action": "watch", onclick: () => navigate(`#/t/${encodeURIComponent(tb.id)}`) },
          mySeat >= 0 ? t("open_table") : t("watch"),
        ),
      ),
    );
  }
}

export function showError(err) {
  toast(errorText(err), "error");
}
