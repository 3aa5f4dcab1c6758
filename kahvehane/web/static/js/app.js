// The kahvehane web client: bootstraps the connection, the header and the two views
// (the lobby at #/ and a table at #/t/ID). Plain ES modules, no build step.

import { api, Socket } from "./net.js";
import { t, getLang, setLang, errorText } from "./i18n.js";
import { h, clear, toast } from "./ui.js";
import { icon } from "./icons.js";
import { LobbyView } from "./lobby.js";
import { TableView } from "./table.js";
import { loadRegistry, registry } from "./registry.js";
import { isInvite, resolveInvite } from "./social.js";
import { LeaderboardView, ProfileView } from "./pages.js";
import { MatchView } from "./replay.js";
import { app, navigate, refreshUser, setShellHooks } from "./shell.js";
import { FriendsView, ConversationView } from "./friends.js";
import { handleSocial, loadSocial, onSocial } from "./people.js";
import { bell, announce } from "./notices.js";


// For the browser tests and the curious: window.kahvehane.app, and the last error
// answers the server sent (errors, newest last).
window.kahvehane = { app, stats: { snapshots: 0, syncs: 0, events: 0, errors: 0 }, errors: [] };

const root = () => document.getElementById("main");

function renderHeader() {
  const hdr = clear(document.getElementById("header"));
  const status = app.connected ? null : h("span", { class: "conn-status", id: "conn-status" }, app.everConnected ? t("reconnecting") : t("connecting"));
  const user = app.user
    ? h(
        "span",
        { class: "user", id: "user-box" },
        h("a", { id: "user-name", href: `#/u/${encodeURIComponent(app.user.name)}`, title: t("my_profile") }, h("b", {}, app.user.name)),
        app.user.guest ? h("span", { class: "badge" }, t("guest_badge")) : null,
        h("span", { class: "chips", id: "user-chips" }, t("chips", { n: app.user.chips ?? 0 })),
        app.user.guest ? null : h("button", { class: "link", id: "change-password", type: "button", onclick: togglePasswordForm }, t("change_password")),
        h("button", { class: "link", id: "sign-out", type: "button", onclick: signOut }, t("sign_out")),
        app.passwordForm ? passwordForm() : null,
      )
    : null;
  const parts = [
    h("a", { class: "logo", href: "#/", title: t("tagline") }, icon("cup", { size: 22 }), " ", h("span", {}, t("app_name"))),
    status,
    h("span", { class: "spacer" }),
    h("a", { class: "nav-link", id: "leaderboard-link", href: leaderboardHref(), title: t("leaderboard_title"), "aria-label": t("leaderboard_title") }, icon("trophy")),
    app.user ? h("a", { class: "nav-link", id: "friends-link", href: "#/friends", title: t("friends_title"), "aria-label": t("friends_title") }, icon("people")) : null,
    app.user ? bell() : null,
    user,
    h(
      "button",
      {
        class: "lang",
        id: "lang-switch",
        type: "button",
        title: t("lang_switch_title"),
        onclick: () => {
          setLang(getLang() === "tr" ? "en" : "tr");
          renderHeader();
          if (app.view) app.view.render();
        },
      },
      t("lang_switch"),
    ),
  ];
  hdr.append(...parts.filter(Boolean));
  document.body.dataset.connected = app.connected ? "1" : "0";
}

function leaderboardHref() {
  const first = registry.games[0];
  return first ? `#/lb/${encodeURIComponent(first.game)}` : "#/";
}

function togglePasswordForm() {
  app.passwordForm = !app.passwordForm;
  renderHeader();
}

/** The account menu's password change (POST /api/auth/password): the account's other
 * sessions are signed out (their sockets close with 4003), this one stays. */
function passwordForm() {
  const old = h("input", { id: "pw-old", type: "password", placeholder: t("old_password"), autocomplete: "current-password", required: true });
  const neu = h("input", { id: "pw-new", type: "password", placeholder: t("new_password"), autocomplete: "new-password", minlength: 8, required: true });
  const msg = h("p", { class: "form-error", id: "pw-error" });
  return h(
    "form",
    {
      class: "password-form",
      id: "password-form",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await api("POST", "/api/auth/password", { old_password: old.value, new_password: neu.value });
          app.passwordForm = false;
          renderHeader();
          toast(t("password_changed"), "info");
        } catch (err) {
          msg.textContent = errorText(err);
        }
      },
    },
    old,
    neu,
    h("button", { type: "submit", class: "primary", id: "pw-submit" }, t("change_password")),
    msg,
  );
}

async function signOut() {
  try {
    await api("POST", "/api/auth/logout", {});
  } catch {
    // signed out anyway
  }
  app.user = null;
  renderHeader();
  app.socket.reconnect();
  if (app.view) app.view.render();
}

// The pages by their address: #/t/ID a table, #/lb/GAME a leaderboard, #/u/NAME a
// profile, #/m/ID a finished match and its replay; anything else the lobby.
const ROUTES = [
  { kind: "table", re: /^#\/t\/([^/?]+)/, make: (id, params) => new TableView(app, id, params) },
  { kind: "leaderboard", re: /^#\/lb\/([^/?]+)/, make: (id, params) => new LeaderboardView(app, id, params) },
  { kind: "profile", re: /^#\/u\/([^/?]+)/, make: (id) => new ProfileView(app, id) },
  { kind: "match", re: /^#\/m\/([^/?]+)/, make: (id, params) => new MatchView(app, id, params) },
  { kind: "friends", re: /^#\/(friends)/, make: () => new FriendsView(app) },
  { kind: "conversation", re: /^#\/msg\/([^/?]+)/, make: (id) => new ConversationView(app, id) },
];

function route() {
  const hash = location.hash || "#/";
  const query = hash.includes("?") ? hash.slice(hash.indexOf("?") + 1) : "";
  let next = { kind: "lobby", id: null, make: () => new LobbyView(app) };
  for (const r of ROUTES) {
    const m = hash.match(r.re);
    if (m) next = { kind: r.kind, id: decodeURIComponent(m[1]), make: r.make };
  }
  // the same table stays mounted (its ?sit= is consumed); a page is made again when its
  // query (a leaderboard's period) changes
  const key = next.kind === "table" ? next.id : `${next.id}?${query}`;
  if (app.view && app.route && app.route.kind === next.kind && app.route.key === key) return;
  if (app.view) app.view.unmount();
  app.view = null;
  app.route = { kind: next.kind, id: next.id, key };
  const params = new URLSearchParams(query);
  if (next.kind === "table" && isInvite(next.id)) {
    // a friends' table's link: find its table, then join it with the code
    openInvite(app.route, params);
    return;
  }
  app.view = next.make(next.id, params);
  app.view.mount(root());
  if (app.connected) app.view.onOpen();
}

async function openInvite(next, params) {
  const el = clear(root());
  el.append(h("p", { class: "loading" }, t("connecting")));
  const tableId = await resolveInvite(next.id);
  if (app.route !== next) return; // the address changed meanwhile
  if (tableId === null) {
    clear(el).append(h("section", { class: "panel", id: "invite-missing" }, h("p", {}, t("invite_not_found")), h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby"))));
    return;
  }
  params.set("invite", next.id);
  app.view = new TableView(app, tableId, params);
  app.view.mount(root());
  if (app.connected) app.view.onOpen();
}

function onMessage(msg) {
  if (msg.type === "hello") {
    const had = app.user;
    app.user = msg.user;
    if ((had && had.id) !== (msg.user && msg.user.id) || (had && msg.user && had.chips !== msg.user.chips)) renderHeader();
    loadSocial(msg.user); // at every (re)connection: nothing said while away is missed
  }
  if (handleSocial(msg)) return;
  if (msg.type === "error") {
    const log = window.kahvehane.errors;
    window.kahvehane.stats.errors += 1;
    log.push(msg);
    if (log.length > 20) log.shift();
    if (msg.code === "rate_limited") toast(errorText(msg), "error");
  }
  if (app.view) app.view.onMessage(msg);
}

async function boot() {
  document.documentElement.lang = getLang();
  renderHeader();
  try {
    await loadRegistry();
  } catch (err) {
    toast(errorText(err), "error"); // the lobby says it has no games to offer
  }
  app.socket = new Socket({
    onMessage,
    onOpen: () => {
      if (app.view) app.view.onOpen();
    },
    onStatus: (s) => {
      const was = app.connected;
      app.connected = s === "open";
      if (app.connected) app.everConnected = true;
      if (was !== app.connected) renderHeader();
      if (!app.connected && app.view && app.view.onDisconnect) app.view.onDisconnect();
    },
  });
  window.kahvehane.socket = app.socket;
  renderHeader();
  window.addEventListener("hashchange", route);
  // Chips change in other tabs too (a match played there): read them again whenever
  // this tab comes back into view.
  const stale = () => {
    if (app.user && document.visibilityState === "visible") refreshUser();
  };
  document.addEventListener("visibilitychange", stale);
  window.addEventListener("focus", stale);
  route();
  app.socket.connect();
}

setShellHooks({ renderHeader, route });
onSocial((kind, data) => {
  if (kind === "notice") announce(data);
  if (kind !== "pm") renderHeader();
});
boot();
