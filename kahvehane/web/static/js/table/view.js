// The table's view: everything drawn from the table's state (table/state.js) — the top
// bar, the seats' tags and clocks, the waiting room, the countdown, the side panel with
// the yazboz and the move log, the final result and the help. The game's own felt is
// drawn by its family module (games/*.js) through the context table.js gives it.

import { t, refusalText } from "../i18n.js";
import { h, clear, fmtSigned } from "../ui.js";
import { icon } from "../icons.js";
import { navigate } from "../shell.js";
import { callAttention, soundOn, setSound } from "../attention.js";
import { botBadge, gameName, gameSpec, optionsSummary } from "../registry.js";
import { hasLeft, inviteBox, leaveOverlay, leaveMatchButton, rematchBox, unseatButton } from "../social.js";
import { currentScore, winnersOf } from "./state.js";
import { inviteByName } from "../friends.js";
import { levelOf } from "../standing.js";
import { animateFresh } from "./motion.js";
import { chipMoves } from "./chips.js";

export function render(tv) {
  if (!tv.root) return;
  const root = tv.root;
  const mine = tv.myTurn();
  if (mine && !tv.wasMyTurn) callAttention();
  tv.wasMyTurn = mine;
  const focusKey = document.activeElement && root.contains(document.activeElement) ? focusId(document.activeElement) : null;
  clear(root);
  tv.chat.render();
  if (tv.refused) {
    root.append(h("section", { class: "panel", id: "join-refused" }, h("p", {}, refusalText(tv.refused)), h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby"))));
    return;
  }
  if (tv.notFound) {
    root.append(h("section", { class: "panel" }, h("p", {}, t("err_not_found")), h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby"))));
    return;
  }
  if (!tv.info) {
    root.append(h("p", { class: "loading" }, t("connecting")));
    return;
  }
  const info = tv.info;
  const status = info.status;
  // during play the table takes the whole screen on a phone (css: body[data-playing])
  document.body.dataset.playing = tv.match && !tv.match.over && status === "playing" ? "1" : "0";
  const el = h("div", {
    id: "table",
    class: `table-view game-${info.game} status-${status}` + (tv.you === null ? " spectator" : ""),
    "data-status": status,
    "data-game": info.game,
    "data-you": tv.you === null ? "" : tv.you,
    "data-my-turn": tv.myTurn() ? "1" : "0",
    "data-pending": tv.pending ? "1" : "0",
    "data-n": tv.n ?? "",
    "data-match": tv.match ? tv.match.id : "",
    "data-deal": tv.match ? tv.match.deal : "",
    "data-result": tv.result ? "1" : "0",
  });
  el.append(topBar(tv));
  const main = h("div", { class: "table-main" });
  const gameBox = h("div", { id: "game", class: "game" });
  if (tv.match && tv.match.view && tv.game && !tv.match.over) {
    tv.game.render(gameBox);
  } else if (tv.match && tv.match.view && !tv.game && !tv.match.over) {
    gameBox.append(h("p", { class: "form-error", id: "no-game-module" }, t("no_game_module", { game: gameName(info.game) })));
  } else {
    gameBox.append(waitingRoom(tv));
  }
  main.append(gameBox, sidePanel(tv));
  el.append(main);
  if (status === "countdown") el.append(waitingForPeople(tv) ? quickWaitOverlay(tv) : countdownOverlay(tv));
  if (tv.result && tv.showResult) el.append(resultOverlay(tv));
  if (tv.showHelp) el.append(helpOverlay(tv));
  if (tv.confirmLeave && tv.you !== null && status === "playing") el.append(leaveOverlay(tv));
  root.append(el);
  // a move seen for the first time slides in; the first drawing of a match only learns
  animateFresh(root, tv.animSeen, !tv.animPrimed);
  if (tv.match && tv.match.view) tv.animPrimed = true;
  if (focusKey) {
    const again = root.querySelector(focusKey);
    if (again) again.focus({ preventScroll: true });
  }
  tick(tv);
}

function topBar(tv) {
  const info = tv.info;
  const buttons = [];
  const me = tv.app.user;
  const manager = me && info.manager && info.manager.id === me.id;
  if (manager && info.status === "waiting") buttons.push(h("button", { type: "button", class: "primary", id: "start-button", onclick: () => tv.simple("start") }, t("start")));
  if (manager && info.status === "countdown") buttons.push(h("button", { type: "button", id: "cancel-button", onclick: () => tv.simple("cancel") }, t("cancel")));
  if (tv.you !== null && info.status === "waiting") buttons.push(h("button", { type: "button", id: "leave-button", onclick: () => tv.simple("leave") }, t("leave_seat")));
  const leaveMatch = leaveMatchButton(tv);
  if (leaveMatch) buttons.push(leaveMatch);
  if (tv.result && !tv.showResult) buttons.push(h("button", { type: "button", id: "show-result", onclick: () => { tv.showResult = true; render(tv); } }, t("show_result")));
  const away = tv.match && tv.you !== null && tv.match.away[tv.you] && info.status === "playing";
  if (tv.match) buttons.push(h("button", { type: "button", class: "link yazboz-button", id: "yazboz-button", "aria-expanded": tv.showYazboz ? "true" : "false", onclick: () => { tv.showYazboz = !tv.showYazboz; render(tv); } }, t("yazboz")));
  const sound = soundOn();
  buttons.push(h("button", { type: "button", class: "link sound", id: "sound-switch", "aria-pressed": sound ? "true" : "false", title: t(sound ? "sound_on" : "sound_off"), "aria-label": t(sound ? "sound_on" : "sound_off"), onclick: () => { setSound(!sound); render(tv); } }, icon(sound ? "bell" : "bell-off", { size: 20 })));
  return h(
    "div",
    { class: "top-bar" },
    h("button", { type: "button", class: "link back", id: "back-to-lobby", onclick: () => navigate("#/"), title: t("back_to_lobby") }, icon("back", { size: 16 }), h("span", { class: "back-word" }, t("lobby"))),
    h("div", { class: "title" }, h("b", {}, gameName(info.game)), h("span", { class: "opts" }, optionsSummary(info.game, info.options)), info.kasa !== null && info.kasa !== undefined ? h("span", { class: "kasa", id: "kasa" }, `${t("kasa")}: ${info.kasa}`) : null),
    turnLine(tv),
    tv.result && info.status === "waiting" ? h("span", { class: "status-line", id: "match-status" }, t("final_result")) : null,
    info.entry && info.status === "playing" && tv.you !== null ? h("span", { class: "entry-paid", id: "entry-paid" }, t("entry_paid", { n: info.entry })) : null,
    h("div", { class: "buttons" }, buttons),
    away ? h("div", { class: "away-banner", id: "away-banner" }, hasLeft(tv) ? t("left_seat") : t("you_are_away"), " ", h("button", { type: "button", class: "primary", id: "come-back", onclick: () => { if (!tv.backSent) tv.simple("back"); } }, t("come_back"))) : null,
  );
}

function turnLine(tv) {
  if (!tv.match || !tv.match.clock || tv.match.over) {
    if (tv.you === null) return h("div", { class: "turn-line" }, t("watching"));
    return h("div", { class: "turn-line" });
  }
  const toAct = tv.match.clock.to_act || [];
  if (tv.you !== null && toAct.includes(tv.you)) return h("div", { class: "turn-line mine", id: "turn-line" }, t("your_turn"), " ", clockEl(tv, tv.you, true));
  if (toAct.length) return h("div", { class: "turn-line", id: "turn-line" }, t("turn_of", { name: tv.seatName(toAct[0]) }), " ", clockEl(tv, toAct[0], true));
  if (tv.dealEnd) return h("div", { class: "turn-line" }, t("deal_over"));
  return h("div", { class: "turn-line" });
}

export function clockEl(tv, seat, inline = false) {
  const c = tv.match && tv.match.clock;
  if (!c || !(c.to_act || []).includes(seat)) return null;
  return h("span", { class: "clock" + (inline ? " inline" : ""), "data-clock-seat": seat }, h("span", { class: "bar" }, h("span", { class: "fill" })), h("span", { class: "txt" }));
}

export function seatTag(tv, s, extra) {
  const seat = tv.info.seats[s] || {};
  const isBot = !!seat.bot || (!seat.user && tv.match && (tv.match.players[s] || "").startsWith("bot:"));
  const away = tv.match && tv.match.away[s];
  const toAct = tv.match && tv.match.clock && (tv.match.clock.to_act || []).includes(s);
  return h(
    "div",
    { class: "seat-tag" + (toAct ? " to-act" : "") + (s === tv.you ? " me" : ""), "data-seat": s },
    avatar(tv.seatName(s), isBot, toAct ? s : null),
    h(
      "span",
      { class: "who" },
      h("span", { class: "name" }, tv.seatName(s), s === tv.you ? h("small", { class: "you-mark" }, ` (${t("you")})`) : null, away ? h("small", { class: "away" }, ` ${t("away")}`) : null),
      isBot ? h("span", { class: "level" }, botBadge(tv.info.game, seat.level)) : seat.user ? h("span", { class: "level person" }, levelOf(seat.user.id)) : null,
    ),
    extra || null,
    clockEl(tv, s),
  );
}

function waitingRoom(tv) {
  const info = tv.info;
  const me = tv.app.user;
  const seats = info.seats.map((s) => {
    let who;
    if (s.user) who = h("span", { class: "who" + (me && s.user.id === me.id ? " me" : "") }, s.user.name, levelOf(s.user.id));
    else if (s.bot) who = h("span", { class: "who bot" }, botBadge(info.game, s.level), " ", t("bot"));
    else if (me && info.status === "waiting") who = h("button", { type: "button", class: "sit", "data-seat": s.seat, onclick: () => tv.sit(s.seat) }, t("sit"));
    else who = h("span", { class: "who empty" }, t("empty_seat"));
    return h("li", { "data-seat": s.seat }, h("span", { class: "seat-no" }, t("seat_n", { n: s.seat + 1 })), who, unseatButton(tv, s));
  });
  const manager = me && info.manager && info.manager.id === me.id;
  return h(
    "div",
    { class: "waiting-room" },
    h("h2", {}, gameName(info.game)),
    h("p", { class: "opts" }, optionsSummary(info.game, info.options)),
    info.private ? h("p", { class: "badge private", id: "private-badge" }, icon("lock", { size: 14 }), " ", t("private_badge")) : null,
    inviteBox(tv.invite),
    inviteByName(tv),
    h("ul", { class: "seats", id: "seat-list" }, seats),
    rematchBox(tv),
    seriesBox(tv),
    h("p", { class: "hint" }, manager ? t("you_are_manager") : me ? t("waiting_for_start") : t("signin_needed")),
    tv.result ? h("div", { class: "last-result" }, h("h3", {}, t("final_result")), finalTable(tv)) : null,
  );
}

/** A quick table's wait for people ("Hemen oyna", docs/protocol.md §3.2): its manager
 * is still the only person seated, so the countdown running is the wait that bots end. */
function waitingForPeople(tv) {
  const info = tv.info;
  const me = tv.app.user;
  const people = info.seats.filter((s) => s.user).length;
  return !!(info.quick && me && info.manager && info.manager.id === me.id && people === 1 && tv.you !== null);
}

/** The wait for people, with the button that skips it (the server's `start`). */
function quickWaitOverlay(tv) {
  return h(
    "div",
    { class: "overlay countdown quick-wait", id: "quick-wait" },
    h(
      "div",
      { class: "box" },
      h("div", {}, t("quick_waiting")),
      h("div", { class: "big", id: "countdown-seconds" }, ""),
      h("p", { class: "hint" }, t("quick_waiting_hint")),
      h("button", { type: "button", class: "primary", id: "skip-wait", onclick: () => tv.simple("start") }, t("quick_skip")),
    ),
  );
}

function countdownOverlay(tv) {
  const me = tv.app.user;
  const manager = me && tv.info.manager && tv.info.manager.id === me.id;
  return h(
    "div",
    { class: "overlay countdown", id: "countdown" },
    h(
      "div",
      { class: "box" },
      h("div", {}, t("starts_in")),
      h("div", { class: "big", id: "countdown-seconds" }, ""),
      manager ? h("button", { type: "button", id: "countdown-cancel", onclick: () => tv.simple("cancel") }, t("cancel")) : null,
    ),
  );
}

function sidePanel(tv) {
  const yaz = yazboz(tv);
  return h(
    "aside",
    { class: "side" + (tv.showYazboz ? " open" : "") },
    h(
      "button",
      { type: "button", class: "yazboz-toggle", id: "yazboz-toggle", onclick: () => { tv.showYazboz = !tv.showYazboz; render(tv); }, "aria-expanded": tv.showYazboz ? "true" : "false" },
      t("yazboz"),
      " ",
      totalsInline(tv),
    ),
    yaz,
    logList(tv),
    h("p", { class: "keys-hint" }, h("button", { type: "button", class: "link", onclick: () => { tv.showHelp = true; render(tv); } }, icon("keyboard"), " ", t("keys_help"))),
  );
}

function totalsInline(tv) {
  const score = currentScore(tv);
  if (!score) return null;
  return h("span", { class: "totals-inline" }, score.totals.map((v, i) => h("span", { class: "tot" }, `${shortName(tv, i)} ${v}`)));
}

function shortName(tv, s) {
  const n = tv.seatName(s);
  return n.length > 8 ? n.slice(0, 7) + "…" : n;
}


/** What the game's module says of a finished deal under its row (Balayı Kingi: the
 * contract played), or nothing. */
function dealNote(tv, d) {
  const label = tv.gameMod && tv.gameMod.dealLabel && d.detail ? tv.gameMod.dealLabel(d.detail) : null;
  return label ? h("small", { class: "deal-label" }, label) : null;
}

function yazboz(tv) {
  const score = currentScore(tv);
  const n = tv.info.seats.length;
  const head = h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", { class: s === tv.you ? "me" : "" }, shortName(tv, s))));
  const rows = [];
  if (score) {
    let k = 0;
    for (const d of score.deals) {
      const isVoid = d.end === "void";
      if (!isVoid) k += 1;
      rows.push(h("tr", { class: isVoid ? "void" : "" }, h("th", {}, isVoid ? t("void_deal") : t("deal_n", { n: k }), dealNote(tv, d)), d.scores.map((v) => h("td", {}, isVoid ? "–" : fmtSigned(v)))));
    }
  }
  const totals = score ? score.totals : Array(n).fill(0);
  const spec = gameSpec(tv.info.game);
  return h(
    "div",
    { class: "yazboz", id: "yazboz" },
    h("h3", {}, t("yazboz"), spec && spec.lower_totals_win ? h("small", {}, ` (${t("lower_is_better")})`) : null),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, h("tr", {}, h("th", {}, t("total")), totals.map((v) => h("td", {}, String(v)))))),
    seriesBox(tv),
  );
}

/** The running series of the table's rematches beside the yazboz: each person's
 * matches won here (bots not listed), once a match has finished and two people have
 * played here (table.js loadStanding). */
export function seriesBox(tv) {
  const sr = tv.series;
  if (!sr || sr.matches < 1 || sr.people.length < 2) return null;
  return h(
    "div",
    { class: "series", id: "series" },
    h("h4", {}, t("series_title", { n: sr.matches })),
    h("ol", {}, sr.people.map((p) => h("li", { "data-person": p.user.name }, h("span", { class: "name" }, p.user.name), " ", h("b", { class: "wins" }, String(p.wins))))),
  );
}

export function finalTable(tv) {
  const r = tv.result;
  const res = r.result;
  const n = res.totals.length;
  const names = Array.from({ length: n }, (_, s) => tv.seatName(s));
  const rows = [];
  let k = 0;
  for (const d of res.deals) {
    if (!d.scores) continue;
    const isVoid = d.end === "void";
    if (!isVoid) k += 1;
    rows.push(h("tr", { class: isVoid ? "void" : "" }, h("th", {}, isVoid ? t("void_deal") : t("deal_n", { n: k }), dealNote(tv, d)), d.scores.map((v) => h("td", {}, isVoid ? "–" : fmtSigned(v)))));
  }
  const winners = Array.isArray(res.winner) ? res.winner : res.winner === null || res.winner === undefined ? [] : [res.winner];
  const foot = [h("tr", { class: "totals" }, h("th", {}, t("total")), res.totals.map((v, s) => h("td", { class: winners.includes(s) ? "win" : "" }, String(v))))];
  const rp = r.ranking_points || res.ranking_points;
  if (rp) foot.push(h("tr", {}, h("th", {}, t("ranking_points")), rp.map((v) => h("td", {}, fmtSigned(v)))));
  if (r.chips && r.chips.net) foot.push(h("tr", {}, h("th", {}, t("chips_net")), r.chips.net.map((v) => h("td", {}, fmtSigned(v)))));
  return h(
    "table",
    { class: "final-yazboz", id: "final-yazboz" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), names.map((x, s) => h("th", { class: (s === tv.you ? "me " : "") + (winners.includes(s) ? "win" : "") }, x)))),
    h("tbody", {}, rows),
    h("tfoot", {}, foot),
  );
}

function resultOverlay(tv) {
  const r = tv.result;
  const res = r.result;
  const winners = Array.isArray(res.winner) ? res.winner : res.winner === null || res.winner === undefined ? [] : [res.winner];
  const me = tv.app.user;
  const manager = me && tv.info.manager && tv.info.manager.id === me.id;
  return h(
    "div",
    { class: "overlay result", id: "match-result", role: "dialog", "aria-modal": "true" },
    h(
      "div",
      { class: "box" },
      h("h2", {}, t("final_result")),
      h("p", { class: "winner", id: "winner-line" }, winners.length ? t("winner", { name: winners.map((s) => tv.seatName(s)).join(" & ") }) : t("draw_result")),
      finalTable(tv),
      chipMoves(r.chips, (s) => tv.seatName(s)),
      rematchBox(tv),
      h(
        "div",
        { class: "row" },
        r.record ? h("a", { href: r.record, class: "button", download: "" }, t("download_record")) : null,
        manager && tv.info.status === "waiting" ? h("button", { type: "button", class: "primary", id: "new-match", onclick: () => { tv.closeResult(); tv.simple("start"); } }, t("new_match")) : null,
        h("button", { type: "button", id: "close-result", onclick: () => { tv.closeResult(); render(tv); } }, t("close")),
        h("button", { type: "button", onclick: () => navigate("#/") }, t("back_to_lobby")),
      ),
    ),
  );
}

function helpOverlay(tv) {
  // a game module may name its own keys (KEYS_HELP, a string key); card games share one
  const keys = (tv.gameMod && tv.gameMod.KEYS_HELP) || "keys_cards";
  return h(
    "div",
    { class: "overlay help", id: "help", onclick: () => { tv.showHelp = false; render(tv); } },
    h("div", { class: "box" }, h("h2", {}, t("help_title")), h("p", {}, t(keys)), h("p", {}, "Tab · Enter · Esc"), h("button", { type: "button" }, t("close"))),
  );
}

// ================================================================ clocks
export function tick(tv) {
  const now = tv.app.socket ? tv.app.socket.now() : Date.now();
  if (tv.info && tv.info.status === "countdown") {
    const el = document.getElementById("countdown-seconds");
    if (el && tv.info.countdown_ends_at) el.textContent = String(Math.max(0, Math.ceil((tv.info.countdown_ends_at - now) / 1000)));
  }
  const c = tv.match && tv.match.clock;
  for (const el of document.querySelectorAll("[data-ring-seat]")) {
    // the avatar's ring: the share of the move's time left
    const share = c && c.deadline ? Math.max(0, Math.min(1, (c.deadline - now) / 1000 / (c.seconds || 30))) : 1;
    el.style.setProperty("--left", String(share));
    el.classList.toggle("low", !!(c && c.deadline) && share * (c.seconds || 30) < 6);
  }
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

/** A CSS selector that finds an equivalent element after a re-render (to keep the focus). */
function focusId(el) {
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ["data-card", "data-tile-slot", "data-act", "data-bid", "data-contract", "data-option"]) {
    const v = el.getAttribute(attr);
    if (v !== null) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

/** The last moves, worded in the page's language now (a language switch words them again). */
function logList(tv) {
  const lines = tv.logLines();
  return lines.length ? h("ol", { class: "log", id: "event-log" }, lines.slice(-6).map((x) => h("li", {}, x))) : null;
}

/** A seat's avatar: initials on a colour of its own (the same name, the same colour), and
 * for the seat to act a ring that empties as its time runs out (tick sets --left). */
function avatar(name, isBot, ringSeat) {
  // letters only: a bot shows a drawn face, a person the first letters of their name
  const letters = String(name).trim().split(/\s+/).map((w) => (w.match(/\p{L}/u) || [""])[0]).join("").slice(0, 2);
  let hash = 0;
  for (const ch of String(name)) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return h(
    "span",
    { class: "avatar" + (isBot ? " bot" : "") + (ringSeat !== null ? " ring" : ""), "aria-hidden": "true", "data-ring-seat": ringSeat === null ? null : ringSeat, style: `--hue: ${hash % 360}` },
    isBot ? icon("bot", { size: 18 }) : h("span", { class: "initials" }, (letters || "?").toLocaleUpperCase("tr")),
  );
}
