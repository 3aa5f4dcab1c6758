// A table's state and its reducer: what the page knows of one table (its info, your
// seat, the match and its view, the last result) and how a snapshot or an event changes
// it. Pure: no DOM, no socket; what the page must do besides (call you, read the chips
// again, tell the game's module) comes back as a list of effects the table's controller
// runs (table.js). Tested without a browser: tests/js/table_state.test.mjs.

/** A table's state before its first snapshot. */
export function emptyState() {
  return {
    info: null, // TableInfo
    you: null, // our seat or null
    epoch: null,
    n: null, // last event number applied
    catchingUp: false,
    match: null, // {id, players, score, view, legal, clock, away, deal, over}
    result: null, // the last match_end data (+ names)
    showResult: false,
    dealEnd: null, // the last deal_end data while between deals
    log: [], // the game events of the move log (the game's module words them)
    viewSeq: 0, // how many views have arrived (an `act` waits for the next)
    notFound: false,
    refused: null,
    invite: null,
  };
}

/** Our seat among `seats` for the signed-in user id `me`, or null. */
export function seatOf(seats, me) {
  if (!seats || me === null || me === undefined) return null;
  const idx = seats.findIndex((s) => s.user && s.user.id === me);
  return idx >= 0 ? idx : null;
}

/** A full snapshot (on join and after a resync). Effects: "game_resync", and
 * "load_result" with the match id when the table shows a finished match we have not. */
export function applySnapshot(st, s, me) {
  const effects = [];
  st.epoch = s.epoch;
  st.n = s.n;
  st.catchingUp = false;
  st.info = s.info;
  st.you = s.you;
  st.invite = s.invite || null;
  st.notFound = false;
  st.refused = null;
  if (s.match) {
    st.match = {
      id: s.match.id,
      players: s.match.players || [],
      score: s.match.score || { deals: [], totals: [] },
      view: s.match.view,
      legal: s.match.legal || [],
      clock: s.match.clock || null,
      away: s.match.away || [],
      deal: s.match.deal,
    };
    st.dealEnd = null;
  } else {
    st.match = null;
    if (s.info.match && !st.result) effects.push({ kind: "load_result", match: s.info.match });
  }
  effects.push({ kind: "game_resync" });
  return effects;
}

/** A `sync` (after catching up): the newest view without the events between. */
export function applySync(st, msg) {
  st.catchingUp = false;
  st.n = msg.n;
  if (st.match && msg.view) {
    st.match.view = msg.view;
    st.match.legal = msg.legal || [];
    st.match.clock = msg.clock;
  }
  return [{ kind: "game_resync" }];
}

/**
 * One table event. `me` is the signed-in user's id (or null). Returns the effects:
 * "gap" (events were missed: ask for them), "unseated" (you were), "refresh_user" (your
 * chips changed), "attention" (your match starts), "game_resync", "game_deal_start",
 * "game_event" ({data, auto}), "log" ({data}), "view" (a new view arrived).
 */
export function applyEvent(st, ev, me) {
  if (st.n !== null && ev.n <= st.n) return []; // seen already (a replay overlap)
  if (st.n !== null && ev.n !== st.n + 1) {
    // a gap: ask for what we missed; the replay brings this event again
    if (st.catchingUp) return [];
    st.catchingUp = true;
    return [{ kind: "gap" }];
  }
  st.n = ev.n;
  const effects = [];
  const d = ev.data || {};
  const info = st.info;
  switch (ev.kind) {
    case "seats":
      if (info) {
        info.seats = d.seats;
        if (d.manager) info.manager = d.manager;
        if (d.rematch) info.rematch = d.rematch;
        st.you = seatOf(info.seats, me);
      }
      break;
    case "unseated":
      if (me !== null && me !== undefined && d.user && d.user.id === me) effects.push({ kind: "unseated" });
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
        st.you = seatOf(info.seats, me);
      }
      if (info && info.entry && st.you !== null) effects.push({ kind: "refresh_user" }); // the entry is paid
      st.match = {
        id: d.match,
        players: d.players,
        score: { deals: [], totals: d.players.map(() => 0) },
        view: null,
        legal: [],
        clock: null,
        away: d.players.map(() => false),
        deal: 0,
      };
      st.result = null;
      st.showResult = false;
      st.log = [];
      if (st.you !== null) effects.push({ kind: "attention" });
      effects.push({ kind: "game_resync" });
      break;
    case "deal_start":
      if (st.match) st.match.deal = d.deal;
      st.dealEnd = null;
      effects.push({ kind: "game_deal_start" });
      break;
    case "game":
      effects.push({ kind: "game_event", data: d, auto: ev.auto }, { kind: "log", data: d });
      break;
    case "away":
      if (st.match) st.match.away[d.seat] = true;
      if (d.seat === st.you) effects.push({ kind: "away_changed" });
      break;
    case "back":
      if (st.match) st.match.away[d.seat] = false;
      if (d.seat === st.you) effects.push({ kind: "away_changed" });
      break;
    case "deal_end":
      st.dealEnd = d;
      break;
    case "score":
      if (st.match) st.match.score = d;
      break;
    case "match_end":
      st.result = { ...d, names: st.match ? st.match.players : [], score: st.match ? st.match.score : null };
      st.showResult = true;
      if (info) info.status = "waiting";
      if (d.chips) effects.push({ kind: "refresh_user" });
      if (st.you !== null && winnersOf(d.result || {}).includes(st.you)) effects.push({ kind: "match_won" });
      break;
    case "kasa":
      if (info) info.kasa = d.kasa;
      break;
    default:
      break;
  }
  if (ev.view !== undefined && st.match) {
    st.viewSeq += 1;
    st.match.view = ev.view;
    st.match.legal = ev.legal || [];
    st.match.clock = ev.clock || null;
    effects.push({ kind: "view" });
  }
  if (ev.kind === "match_end" || (ev.kind === "seats" && st.result && info && info.status === "waiting")) {
    // the match is over: keep its last view for the final picture, but no more moves
    if (st.match) {
      st.match.legal = [];
      st.match.clock = null;
      st.match.over = true;
    }
  }
  return effects;
}

/** Whether seat `you` may move now (`pending`: a move of ours is on its way). */
export function myTurn(st, pending = false) {
  const m = st.match;
  return !!(m && st.you !== null && m.legal && m.legal.length && !pending && !m.over);
}

/** Who plays (or played) seat s: during and after a match the match's own players, as
 * its record names them (a bot as "Bot 3", `botWord` the page's word), never whoever sits
 * there now; between matches without one, the seat's holder. Null for an empty seat. */
export function seatName(st, s, botWord) {
  if (s === null || s === undefined) return "";
  const players = st.match ? st.match.players : st.result ? st.result.names : null;
  const p = players && players[s];
  if (p) return p.startsWith("bot:") ? `${botWord} ${s + 1}` : p;
  const seat = st.info && st.info.seats[s];
  if (seat && seat.user) return seat.user.name;
  if (seat && seat.bot) return `${botWord} ${s + 1}`;
  return null;
}

/** Position of seat s around the table: 0 bottom (you), 1 right, 2 top, 3 left. */
export function relSeat(n, you, s) {
  const base = you === null ? 0 : you;
  const r = (s - base + n) % n;
  if (n === 2) return r === 0 ? 0 : 2;
  if (n === 3) return [0, 1, 3][r];
  return r;
}

/** The score table to show: the match's, else the last result's. */
export function currentScore(st) {
  if (st.match) return st.match.score;
  if (st.result) {
    const r = st.result.result;
    return { deals: r.deals.filter((d) => d.scores).map((d) => ({ scores: d.scores, end: d.end, detail: d.detail })), totals: r.totals };
  }
  return null;
}

/** The winners of a result (one seat, a team, or none for a draw) as a list. */
export function winnersOf(res) {
  if (Array.isArray(res.winner)) return res.winner;
  return res.winner === null || res.winner === undefined ? [] : [res.winner];
}
