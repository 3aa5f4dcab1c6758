// The table's conversation with the server: joining (and catching up after a dropped
// connection, `last` and `epoch`, docs/protocol.md §3.4), the messages that arrive (a
// snapshot, events, a sync: given to the reducer of table/state.js, whose effects the
// controller runs), and what the page sends (a move, sit, start, back).

import { api } from "../net.js";
import { t, tMaybe, errorText, refusalText } from "../i18n.js";
import { toast } from "../ui.js";
import { applyEvent, applySnapshot, applySync } from "./state.js";

/** Join the table (again, after a reconnection: with what we have seen). */
export function join(tv) {
  const msg = { type: "join", table: tv.id };
  if (tv.inviteCode) msg.invite = tv.inviteCode;
  if (tv.epoch !== null && tv.n !== null) {
    msg.last = tv.n;
    msg.epoch = tv.epoch;
    tv.catchingUp = true;
  }
  tv.app.socket.request(msg).catch((err) => {
    if (err.code === "not_found") {
      tv.notFound = true;
      tv.render();
    } else if (err.code === "forbidden") {
      tv.refused = err;
      tv.render();
    }
  });
  if (tv.sitWanted !== null && tv.app.user) {
    const seat = tv.sitWanted;
    tv.sitWanted = null;
    history.replaceState(null, "", `#/t/${encodeURIComponent(tv.id)}`);
    const start = tv.startWanted;
    tv.startWanted = false;
    sit(tv, seat).then((ok) => (ok && start ? simple(tv, "start") : null));
  }
}

/** One message from the server for this page (the app gives every message to the view). */
export function onMessage(tv, msg) {
  if (msg.table !== undefined && msg.table !== tv.id && msg.type !== "lobby_update") return;
  const me = tv.app.user ? tv.app.user.id : null;
  switch (msg.type) {
    case "chat":
    case "chat_history":
      tv.chat.onMessage(msg);
      break;
    case "snapshot":
      window.kahvehane.stats.snapshots += 1;
      document.body.dataset.table = tv.id;
      {
        const effects = applySnapshot(tv, msg, me);
        tv.ensureGame();
        tv.runEffects(effects);
      }
      setPending(tv, false);
      tv.queueRender();
      break;
    case "event": {
      const before = tv.n;
      const effects = applyEvent(tv, msg, me);
      if (tv.n !== before) window.kahvehane.stats.events += 1;
      tv.runEffects(effects);
      tv.queueRender();
      break;
    }
    case "sync":
      window.kahvehane.stats.syncs += 1;
      tv.runEffects(applySync(tv, msg));
      // a change was not saved (the database failed or is locked): every seat is told
      if (msg.reason) toast(errorText(msg.reason), "error");
      tv.queueRender();
      break;
    case "ok":
      if (tv.pending && tv.pendingId === msg.id) {
        // the events of the move follow the ok: stay pending until a new view arrives
        tv.awaitingView = true;
      }
      break;
    case "error":
      if (msg.table === tv.id && msg.code === "not_found") {
        tv.notFound = true;
        tv.queueRender();
      }
      break;
    case "hello":
      tv.queueRender();
      break;
    default:
      break;
  }
}

/** The last finished match of a table we join between matches, for its result. */
export async function loadLastResult(tv, matchId) {
  try {
    const r = await api("GET", `/api/matches/${matchId}`);
    const m = r.match;
    if (m.status === "finished" && m.result && !tv.result) {
      tv.result = { match: m.id, result: m.result, record: m.record, names: m.players, chips: null, ranking_points: m.result.ranking_points || null };
      tv.queueRender();
    }
  } catch {
    // no result to show
  }
}

export function setPending(tv, on, id) {
  tv.pending = on;
  tv.pendingId = on ? id : null;
  tv.awaitingView = false;
  clearTimeout(tv.pendingTimer);
  if (on) {
    tv.pendingTimer = setTimeout(() => {
      setPending(tv, false);
      tv.queueRender();
    }, 4000);
  }
}

/** Play a move (a record action without `seat`). Resolves true when accepted. */
export async function act(tv, action, opts = {}) {
  if (tv.pending && action.act !== "arrange") return false;
  const socket = tv.app.socket;
  const id = socket.nextId;
  const isArrange = action.act === "arrange";
  const seqAtSend = tv.viewSeq;
  if (!isArrange) {
    setPending(tv, true, id);
    tv.queueRender();
  }
  try {
    await socket.request({ type: "act", table: tv.id, action });
    if (isArrange) return true;
    // The server answers `ok` before the move's events (then we wait for them); if
    // they came first, the new view is already here.
    if (tv.viewSeq > seqAtSend) {
      setPending(tv, false);
      tv.queueRender();
    } else if (tv.pending) tv.awaitingView = true;
    return true;
  } catch (err) {
    if (!isArrange) setPending(tv, false);
    // storage_failed: the table's `sync` that follows says so (its `reason`)
    if (opts.quiet || err.code === "storage_failed") {
      tv.queueRender();
      return false;
    }
    toast(err.code === "illegal_action" ? illegalText(err) : errorText(err), "error");
    tv.queueRender();
    return false;
  }
}

export async function sit(tv, seat) {
  try {
    await tv.app.socket.request({ type: "sit", table: tv.id, seat });
    return true;
  } catch (err) {
    toast(errorText(err), "error");
    return false;
  }
}

export async function simple(tv, type) {
  try {
    await tv.app.socket.request({ type, table: tv.id });
  } catch (err) {
    toast(errorText(err), "error");
  }
}

/** A refused move in words: a short reminder of the rule (ours, by rule id: its words,
 * never its number) and the server's own explanation — its coded message in the page's
 * language, tiles and cards named in words (i18n.js refusalText). */
export function illegalText(err) {
  const rule = err.rule || "";
  const key = rule.startsWith("rule ") ? rule : "rule_" + rule;
  const reminder = rule ? tMaybe(key) : null;
  const detail = refusalText(err);
  return reminder ? `${t("illegal")}: ${reminder} — ${detail}` : `${t("illegal")}: ${detail}`;
}
