// The application's shared state and the few things every page asks of the shell:
// go to an address, note a sign-in, read the chips again, redraw the header. The pages
// import this module, never app.js (which imports the pages): app.js fills in the
// hooks at start-up, so the client's imports form no circle (docs/web.md "Modules").

import { api } from "./net.js";

export const app = {
  user: null, // {id, name, guest, chips} or null
  passwordForm: false, // the account menu's password form is open
  socket: null,
  view: null,
  connected: false,
  everConnected: false,
  route: null,
};

const hooks = { renderHeader: () => {}, route: () => {} };

/** app.js gives the header's drawing and the router here once, at start-up. */
export function setShellHooks(given) {
  Object.assign(hooks, given);
}

export function refreshHeader() {
  hooks.renderHeader();
}

export function navigate(hash) {
  if (location.hash === hash) hooks.route();
  else location.hash = hash;
}

/** After signing in: remember the user and reconnect so the socket carries the cookie. */
export function signedIn(user) {
  app.user = user;
  hooks.renderHeader();
  if (app.socket) app.socket.reconnect();
  if (app.view) app.view.render();
}

/** Refresh the signed-in user's chip count (after a match with an entry). */
export async function refreshUser() {
  try {
    const me = await api("GET", "/api/me");
    app.user = me.user;
    hooks.renderHeader();
  } catch {
    // not signed in
  }
}
