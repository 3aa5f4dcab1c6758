// The salon's wire: HTTP calls (/api/...) and one WebSocket (/ws) that reconnects by
// itself. See docs/protocol.md; this module knows nothing about games.

export class ApiError extends Error {
  /** An HTTP error answer: its protocol `code`, the English `message`, the `rule` it
   * cites and `i18n` ({code, params}: the message in any language, docs/protocol.md). */
  constructor(status, code, message, { rule = null, i18n = null } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.rule = rule;
    this.i18n = i18n;
  }
}

/** A JSON request to the salon's HTTP API. Throws ApiError on a 4xx/5xx answer. */
export async function api(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", String(err));
  }
  let data = null;
  try {
    data = await resp.json();
  } catch {
    data = null;
  }
  if (!resp.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(resp.status, e.code || "http_" + resp.status, e.message || resp.statusText, { rule: e.rule || null, i18n: e.i18n || null });
  }
  return data;
}

/**
 * The live connection. Emits every server message to `onMessage(msg)`, and
 * `onStatus("connecting" | "open" | "closed")`. When the socket drops it reconnects with a
 * growing pause (0.3 s … 5 s) and calls `onOpen()` again, so the owner re-subscribes and
 * re-joins (with `last` and `epoch`, to catch up on missed events).
 */
/** How long a request waits for its answer, ms: past it the request fails with `timeout`
 * and the connection is dropped, so that it comes back and the page re-joins its table
 * (a node that died, a table between owners on a cluster: docs/scaling.md). Longer than
 * a cluster's failover (15 s), so a held `join` is answered first. */
export const REQUEST_TIMEOUT = 20000;

export class Socket {
  constructor({ onMessage, onOpen, onStatus, requestTimeout = REQUEST_TIMEOUT }) {
    this.onMessage = onMessage;
    this.requestTimeout = requestTimeout;
    this.onOpen = onOpen;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.attempt = 0;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.offset = 0; // server clock minus ours, ms
    this.stopped = false;
    this.pingTimer = null;
    this.lastPong = 0;
    this.retryTimer = null;
    this.greeted = false; // the server's hello came on this connection
    this.greetWaiters = [];
  }

  /** Resolves once the connection is open and greeted (after a sign-in's reconnect:
   * the server knows the new session then). */
  whenGreeted() {
    if (this.open && this.greeted) return Promise.resolve();
    return new Promise((resolve) => this.greetWaiters.push(resolve));
  }

  /** Server time now, in ms since the epoch. */
  now() {
    return Date.now() + this.offset;
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.retryTimer);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    this.greeted = false;
    this.onStatus("connecting");
    ws.onopen = () => {
      this.attempt = 0;
      this.lastPong = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this._ping(), 10000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "hello") {
        this.offset = msg.time - Date.now();
        this.greeted = true;
        for (const resolve of this.greetWaiters.splice(0)) resolve();
        this.onStatus("open");
        this.onMessage(msg);
        this.onOpen(msg);
        return;
      }
      if (msg.type === "pong") {
        this.lastPong = Date.now();
        if (typeof msg.time === "number") this.offset = msg.time - Date.now();
      }
      if ((msg.type === "ok" || msg.type === "error") && msg.id != null && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.type === "ok") p.resolve(msg);
        else p.reject(msg);
      } else if ((msg.type === "created" || msg.type === "quick") && msg.id != null && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p.resolve(msg);
      } else if (msg.type === "suggestions" && msg.id != null && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p.resolve(msg);
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      // Requests that were in flight are lost with the socket: say so.
      for (const [, p] of this.pending) p.reject({ type: "error", code: "disconnected", message: "" });
      this.pending.clear();
      this.onStatus("closed");
      if (this.stopped) return;
      const delay = Math.min(5000, 300 * 2 ** this.attempt);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry
    };
  }

  /** Close and open again (after signing in: the cookie changed). */
  reconnect() {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    clearInterval(this.pingTimer);
    for (const [, p] of this.pending) p.reject({ type: "error", code: "disconnected", message: "" });
    this.pending.clear();
    this.connect();
  }

  /** Drop the connection as a network failure would (it comes back by itself). */
  drop() {
    if (this.ws) this.ws.close();
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  _ping() {
    if (!this.open) return;
    if (Date.now() - this.lastPong > 25000) {
      // a half-open connection: nothing came back for too long
      this.ws.close();
      return;
    }
    this.send({ type: "ping" });
  }

  /** Send without waiting for an answer. Returns false when not connected. */
  send(msg) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Send with an `id`; resolves with `ok` (or `created`, `quick`, `suggestions`), rejects with `error`. */
  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...msg, id })) {
        reject({ type: "error", code: "disconnected", message: "" });
        return;
      }
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        reject({ type: "error", code: "timeout", message: "" });
        this.drop(); // the connection comes back and the owner re-joins
      }, this.requestTimeout);
      const done = (settle) => (answer) => {
        clearTimeout(timer);
        settle(answer);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject) });
    });
  }
}
