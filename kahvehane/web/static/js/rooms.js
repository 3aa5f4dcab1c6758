// Rooms by stake (salonlar, issue 30): the tables of games with an entry grouped by
// their entry — Acemi, Orta, Usta, VIP by default, the server's option (GET /api/rooms,
// docs/protocol.md). A table's room is its lobby line's `room`; each room asks for a
// minimum balance to sit, which the server checks (sit, quick) and the page says
// beforehand. A room's name is a proper name, shown as the server gives it.

import { api } from "./net.js";
import { t, addStrings } from "./i18n.js";
import { h } from "./ui.js";

addStrings({
  tr: {
    rooms_all: "Tümü",
    rooms_label: "Salonlar",
    rooms_entry_label: "Salonda oyna (giriş):",
    room_no_entry: "Çipsiz masalar",
    room_entries: "{from}–{to} çip",
    room_entries_up: "{from}+ çip",
    room_min: "Oturmak için en az {n} çip",
    room_min_none: "Giriş ücreti yetiyorsa oturulur",
    room_title: "{room} salonu",
    room_counts: "{tables} masa · {people} kişi",
    room_people: "Salondakiler",
    room_no_people: "Bu salonda şu an oturan kimse yok.",
    room_no_tables: "Bu salonda açık masa yok. İlk masayı siz açın!",
    room_short: "{room} salonunda oturmak için en az {min} çip gerekir; sizde {chips} çip var.",
    play_in_room: "{room} salonunda hemen oyna (giriş {entry} çip)",
  },
  en: {
    rooms_all: "All",
    rooms_label: "Rooms",
    rooms_entry_label: "Play in a room (entry):",
    room_no_entry: "Tables without chips",
    room_entries: "{from}–{to} chips",
    room_entries_up: "{from}+ chips",
    room_min: "At least {n} chips to sit",
    room_min_none: "The entry is enough to sit",
    room_title: "The {room} room",
    room_counts: "{tables} tables · {people} people",
    room_people: "In this room",
    room_no_people: "Nobody sits in this room now.",
    room_no_tables: "No open tables in this room. Open the first one!",
    room_short: "To sit in the {room} room you need at least {min} chips; you have {chips}.",
    play_in_room: "Play now in the {room} room (entry {entry} chips)",
  },
});

/** The salon's rooms (GET /api/rooms), [] until loaded or when it has none. */
export const rooms = { list: [], loaded: false };

/** Load the rooms once; resolves to the list (the page draws again after). */
export async function loadRooms() {
  if (rooms.loaded) return rooms.list;
  try {
    rooms.list = (await api("GET", "/api/rooms")).rooms || [];
    rooms.loaded = true;
  } catch {
    rooms.list = []; // the lobby shows its tables ungrouped
  }
  return rooms.list;
}

/** The room of an entry (as the server's room_of): the last whose entries begin at or
 * below it, the first for one below them all; null without an entry or rooms. */
export function roomOf(entry) {
  if (!entry || !rooms.list.length) return null;
  let found = rooms.list[0];
  for (const r of rooms.list) if (r.entry_min <= entry) found = r;
  return found;
}

/** "100–999 çip" or "5000+ çip". */
export function roomRange(room) {
  return room.entry_max === null || room.entry_max === undefined ? t("room_entries_up", { from: room.entry_min }) : t("room_entries", { from: room.entry_min, to: room.entry_max });
}

/** What a room asks for to sit, in words. */
export function roomMinimum(room) {
  return room.min_balance > 0 ? t("room_min", { n: room.min_balance }) : t("room_min_none");
}

/** The refusal the server would give (server.room_minimum), said before asking it:
 * null when `user` may sit in the room of `entry`. */
export function roomShortfall(user, entry) {
  const room = roomOf(entry);
  if (!room || !user || user.guest) return null;
  const chips = user.chips ?? 0;
  return chips < room.min_balance ? t("room_short", { room: room.name, min: room.min_balance, chips }) : null;
}

/** The seated people of `tables` (each once, in the order met): {id, name}. */
export function peopleAt(tables) {
  const seen = new Map();
  for (const tb of tables) for (const s of tb.seats) if (s.user && !s.left && !seen.has(s.user.id)) seen.set(s.user.id, s.user);
  return [...seen.values()];
}

/** The lobby's room tabs: "Tümü" and each room with its range and table count;
 * `onPick(name | null)` when one is chosen. */
export function roomTabs(selected, tables, onPick) {
  if (!rooms.list.length) return null;
  const tab = (name, label, small, count) =>
    h(
      "button",
      { type: "button", class: "room-tab" + (selected === name ? " active" : ""), "data-room": name ?? "", "aria-pressed": selected === name ? "true" : "false", onclick: () => onPick(name) },
      h("b", {}, label),
      small ? h("small", {}, small) : null,
      h("span", { class: "count" }, String(count)),
    );
  return h(
    "nav",
    { class: "room-tabs", id: "room-tabs", "aria-label": t("rooms_label") },
    tab(null, t("rooms_all"), null, tables.length),
    rooms.list.map((r) => tab(r.name, r.name, roomRange(r), tables.filter((tb) => tb.room === r.name).length)),
  );
}

/** A chosen room's head: its name, range, minimum, counts and its people (names as
 * `person(user)` draws them: a link with the level). */
export function roomHead(name, tables, person) {
  const room = rooms.list.find((r) => r.name === name);
  if (!room) return null;
  const people = peopleAt(tables);
  return h(
    "div",
    { class: "room-head", id: "room-head", "data-room": room.name },
    h("h3", {}, t("room_title", { room: room.name })),
    h("p", { class: "hint" }, `${roomRange(room)} · ${roomMinimum(room)} · `, h("span", { id: "room-counts" }, t("room_counts", { tables: tables.length, people: people.length }))),
    h(
      "div",
      { class: "room-people", id: "room-people" },
      h("span", { class: "label" }, t("room_people"), ": "),
      people.length ? people.map((u) => h("span", { class: "person", "data-person": u.name }, person(u))) : h("span", { class: "empty" }, t("room_no_people")),
    ),
  );
}
