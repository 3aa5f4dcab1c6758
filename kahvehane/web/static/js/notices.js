// The header's bell (issue 30): one place for invitations, friend requests, private
// messages and "your table began". The count is the unread notifications; opening the
// bell shows the newest and marks those shown read. A new one while the bell is shut
// is also said in a toast. The state is people.js's; this module only draws it.

import { api } from "./net.js";
import { t, addStrings, errorText } from "./i18n.js";
import { h, toast } from "./ui.js";
import { icon } from "./icons.js";
import { gameName } from "./registry.js";
import { navigate, refreshHeader } from "./shell.js";
import { social, markRead, socialChanged } from "./people.js";

addStrings({
  tr: {
    notices_title: "Bildirimler",
    notices_open: "Bildirimler: {n} okunmamış",
    notices_none: "Bildirim yok.",
    notice_invite: "{name} sizi {game} masasına çağırıyor",
    notice_friend_request: "{name} arkadaş olmak istiyor",
    notice_friend_accepted: "{name} artık arkadaşınız",
    notice_message: "{name}: {text}",
    notice_message_more: "{name} size {n} mesaj gönderdi: {text}",
    notice_table_start: "{game} masanızda oyun başladı",
    join_table: "Katıl",
    go_to_table: "Masaya git",
    accept: "Kabul et",
    decline: "Reddet",
    read_message: "Oku",
    all_friends: "Arkadaşlar ve mesajlar",
  },
  en: {
    notices_title: "Notifications",
    notices_open: "Notifications: {n} unread",
    notices_none: "No notifications.",
    notice_invite: "{name} invites you to a {game} table",
    notice_friend_request: "{name} wants to be friends",
    notice_friend_accepted: "{name} is now your friend",
    notice_message: "{name}: {text}",
    notice_message_more: "{name} sent you {n} messages: {text}",
    notice_table_start: "The match at your {game} table began",
    join_table: "Join",
    go_to_table: "Go to the table",
    accept: "Accept",
    decline: "Decline",
    read_message: "Read",
    all_friends: "Friends and messages",
  },
});

let open = false;

/** The words of a notification. */
export function noticeText(n) {
  const d = n.data || {};
  const name = d.from ? d.from.name : "";
  const game = d.game ? gameName(d.game) : "";
  if (n.kind === "message" && d.count > 1) return t("notice_message_more", { name, n: d.count, text: d.text });
  return t("notice_" + n.kind, { name, game, text: d.text || "" });
}

function tableHref(d) {
  return `#/t/${encodeURIComponent(d.invite || d.table)}`;
}

async function answer(n, yes) {
  try {
    await api("POST", `/api/friends/${n.data.from.id}/${yes ? "accept" : "decline"}`, {});
    toast(yes ? t("friend_added", { name: n.data.from.name }) : t("request_declined"));
    socialChanged();
  } catch (err) {
    toast(errorText(err), "error");
  }
  close();
}

function close() {
  open = false;
  refreshHeader();
}

function go(hash) {
  open = false;
  navigate(hash);
  refreshHeader();
}

function actions(n) {
  const d = n.data || {};
  if (n.kind === "invite" || n.kind === "table_start") {
    return h("button", { type: "button", class: "primary notice-join", onclick: () => go(tableHref(d)) }, n.kind === "invite" ? t("join_table") : t("go_to_table"));
  }
  if (n.kind === "friend_request") {
    return [
      h("button", { type: "button", class: "primary notice-accept", onclick: () => answer(n, true) }, t("accept")),
      h("button", { type: "button", class: "notice-decline", onclick: () => answer(n, false) }, t("decline")),
    ];
  }
  if (n.kind === "message") return h("button", { type: "button", class: "notice-read", onclick: () => go(`#/msg/${d.from.id}`) }, t("read_message"));
  return null;
}

function panel() {
  const items = social.notices.slice(0, 20);
  const unseen = items.filter((n) => !n.read).map((n) => n.id);
  if (unseen.length) setTimeout(() => markRead(unseen), 0); // seen now: read
  return h(
    "div",
    { class: "notices-panel", id: "notices-panel", role: "dialog", "aria-label": t("notices_title") },
    h("div", { class: "notices-head" }, h("b", {}, t("notices_title")), h("button", { type: "button", class: "link", id: "notices-close", "aria-label": t("close"), onclick: close }, icon("close", { size: 16 }))),
    items.length
      ? h("ul", { class: "notices" }, items.map((n) => h("li", { class: "notice" + (n.read ? "" : " unread"), "data-kind": n.kind, "data-id": n.id }, h("span", { class: "notice-text" }, noticeText(n)), h("span", { class: "notice-actions" }, actions(n)))))
      : h("p", { class: "hint" }, t("notices_none")),
    h("a", { href: "#/friends", class: "notices-more", onclick: () => { open = false; } }, t("all_friends")),
  );
}

/** The bell and, when open, its panel (the header draws this for a signed-in person). */
export function bell() {
  const n = social.unread;
  return h(
    "span",
    { class: "bell-box" },
    h(
      "button",
      { type: "button", class: "bell", id: "bell", "aria-expanded": open ? "true" : "false", "aria-label": t("notices_open", { n }), title: t("notices_title"), onclick: () => { open = !open; refreshHeader(); } },
      icon("bell", { size: 20 }),
      n ? h("span", { class: "bell-count", id: "bell-count" }, n > 99 ? "99+" : String(n)) : null,
    ),
    open ? panel() : null,
  );
}

/** A new notification while the bell is shut: said in a toast as well — unless it is
 * the start of the table on screen, which the person sees already (read at once). */
export function announce(n) {
  if (!n) return;
  const d = n.data || {};
  const here = location.hash.startsWith("#/t/" + d.table) || (d.invite && location.hash.startsWith("#/t/" + d.invite));
  if (n.kind === "table_start" && here) markRead([n.id]);
  else if (!open) toast(noticeText(n), "info");
}
