// The kahvehane web client: bootstraps the connection, the header and the two views
// (the lobby at #/ and a table at #/t/ID). Plain ES modules, no build step.

import { api, Socket } from "./net.js";
import { t, getLang, setLang, errorText } from "./i18n.js";
import { h, clear, toast } from "./ui.js";
import { LobbyView } from "./lobby.js";
import { TableView } from "./table.js";
import { loadRegistry } from "./registry.js";

export const app = {
  user: null, // {id, name, guest, chips} or null
  passwordForm: false, // the account menu's password form is open
  socket: null,
  view: null,
  connected: false,
  everConnected: false,
  route: null,
};

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
        h("b", { id: "user-name" }, app.user.name),
        app.user.guest ? h("span", { class: "badge" }, t("guest_badge")) : null,
        h("span", { class: "chips", id: "user-chips" }, t("chips", { n: app.user.chips ?? 0 })),
        app.user.guest ? null : h("button", { class: "link", id: "change-password", type: "button", onclick: togglePasswordForm }, t("change_password")),
        h("button", { class: "link", id: "sign-out", type: "button", onclick: signOut }, t("sign_out")),
        app.passwordForm ? passwordForm() : null,
      )
    : null;
  const parts = [
    h("a", { class: "logo", href: "#/", title: t("tagline") }, "☕ ", h("span", {}, t("app_name"))),
    status,
    h("span", { class: "spacer" }),
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

export function refreshHeader() {
  renderHeader();
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

/** After signing in: remember the user and reconnect so the socket carries the cookie. */
export function signedIn(user) {
  app.user = user;
  renderHeader();
  app.socket.reconnect();
  if (app.view) app.view.render();
}

export function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function route() {
  const hash = location.hash || "#/";
  const m = hash.match(/^#\/t\/([^/?]+)(?:\?(.*))?$/);
  const next = m ? { kind: "table", id: decodeURIComponent(m[1]) } : { kind: "lobby" };
  if (app.view && app.route && app.route.kind === next.kind && app.route.id === next.id) return;
  if (app.view) app.view.unmount();
  app.route = next;
  const params = new URLSearchParams(m && m[2] ? m[2] : "");
  app.view = next.kind === "table" ? new TableView(app, next.id, params) : new LobbyView(app);
  app.view.mount(root());
  if (app.connected) app.view.onOpen();
}

function onMessage(msg) {
  if (msg.type === "hello") {
    const had = app.user;
    app.user = msg.user;
    if ((had && had.id) !== (msg.user && msg.user.id) || (had && msg.user && had.chips !== msg.user.chips)) renderHeader();
  }
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
  route();
  app.socket.connect();
}

/** Refresh the signed-in user's chip count (after a match with an entry). */
export async function refreshUser() {
  try {
    const me = await api("GET", "/api/me");
    app.user = me.user;
    renderHeader();
  } catch {
    // not signed in
  }
}

boot();
