// The signed-in person's social state (issue 30): their notifications and unread count
// (the header's bell), and the people they blocked (whose table talk is hidden). No
// drawing here: the socket's messages (`notice`, `notices_read`, `pm`: docs/protocol.md
// §3.7) update it, and whoever draws it listens (onSocial).

import { api } from "./net.js";

export const social = {
  notices: [], // newest first, as GET /api/notifications gives them
  unread: 0,
  blocked: new Set(), // user ids
  userId: null,
};

const listeners = new Set();

/** Call `fn(kind, data)` on every change ("notices", "notice", "pm"); returns the unsubscribe. */
export function onSocial(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed(kind, data) {
  for (const fn of [...listeners]) fn(kind, data);
}

/** Read the notifications (and, for a signed-up account, whom it blocked) again: at
 * every (re)connection, so nothing said while away is missed. */
export async function loadSocial(user) {
  social.userId = user ? user.id : null;
  if (!user) {
    social.notices = [];
    social.unread = 0;
    social.blocked = new Set();
    changed("notices");
    return;
  }
  try {
    const r = await api("GET", "/api/notifications");
    social.notices = r.notices;
    social.unread = r.unread;
  } catch {
    // signed out meanwhile: the next hello says so
  }
  if (!user.guest) await loadBlocked();
  changed("notices");
}

export async function loadBlocked() {
  try {
    const f = await api("GET", "/api/friends");
    social.blocked = new Set(f.blocked.map((p) => p.id));
  } catch {
    social.blocked = new Set();
  }
}

export function isBlocked(userId) {
  return social.blocked.has(userId);
}

/** A socket message of this state's; true if it was one. */
export function handleSocial(msg) {
  if (msg.type === "notice") {
    social.notices = [msg.notice, ...social.notices.filter((n) => n.id !== msg.notice.id)].slice(0, 50);
    social.unread = msg.unread;
    changed("notice", msg.notice);
    return true;
  }
  if (msg.type === "notices_read") {
    social.unread = msg.unread;
    if (msg.unread === 0) social.notices = social.notices.map((n) => ({ ...n, read: true }));
    changed("notices");
    return true;
  }
  if (msg.type === "pm") {
    changed("pm", msg.message);
    return true;
  }
  return false;
}

/** Friends changed here (a request answered from the bell): an open friends page reloads. */
export function socialChanged() {
  changed("friends");
}

/** Mark these notifications read (they were seen). */
export async function markRead(ids) {
  if (!ids.length) return;
  const wanted = new Set(ids);
  social.notices = social.notices.map((n) => (wanted.has(n.id) ? { ...n, read: true } : n));
  try {
    const r = await api("POST", "/api/notifications/read", { ids });
    social.unread = r.unread;
  } catch {
    // shown as read here; the server tells the truth at the next load
  }
  changed("notices");
}
