// The socket's requests (kahvehane/web/static/js/net.js), without a browser: an answer
// settles a request; one that never comes fails it with `timeout` and drops the
// connection, so that it comes back and the page re-joins (issue 32: a join sent to a
// node that died must not leave the page waiting for ever).
// node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.WebSocket = { OPEN: 1 };
const { Socket, REQUEST_TIMEOUT } = await import("../../kahvehane/web/static/js/net.js");

/** A Socket over a fake open connection that records what is sent and closed. */
function socket(requestTimeout) {
  const s = new Socket({ onMessage() {}, onOpen() {}, requestTimeout });
  const wire = { sent: [], closed: 0, readyState: 1 };
  s.ws = { readyState: 1, send: (text) => wire.sent.push(JSON.parse(text)), close: () => (wire.closed += 1) };
  return [s, wire];
}

function answer(s, msg) {
  const p = s.pending.get(msg.id);
  s.pending.delete(msg.id);
  if (msg.type === "ok") p.resolve(msg);
  else p.reject(msg);
}

test("a request waits longer than a cluster's failover", () => {
  assert.ok(REQUEST_TIMEOUT > 15000);
});

test("an answer settles a request and no timeout follows", async () => {
  const [s, wire] = socket(30);
  const req = s.request({ type: "join", table: "t1" });
  assert.equal(wire.sent[0].type, "join");
  answer(s, { type: "ok", id: wire.sent[0].id });
  assert.equal((await req).type, "ok");
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(wire.closed, 0);
});

test("a request with no answer fails with timeout and drops the connection", async () => {
  const [s, wire] = socket(20);
  const req = s.request({ type: "join", table: "t1" });
  await assert.rejects(req, (err) => err.code === "timeout");
  assert.equal(wire.closed, 1);
  assert.equal(s.pending.size, 0);
});
