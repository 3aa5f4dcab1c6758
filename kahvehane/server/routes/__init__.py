"""The salon's HTTP routes and its WebSocket endpoint, one module per area.

Each module holds its handlers at module level and a ``ROUTES`` list of them; a handler
finds the salon it serves in the app's state (:func:`~.base.context`), so a module can be
mounted alone on a Starlette app over any :class:`~.base.Context` (how its tests run,
without a server process). :mod:`kahvehane.server.app` puts them together.

- :mod:`.base`: the context, JSON bodies, errors, query parameters, the session cookie;
- :mod:`.pages`: health, the games' and messages' catalogues, the web client's files;
- :mod:`.accounts`: sign-up, sign-in, guests, sign-out, passwords, ``/api/me``;
- :mod:`.tables`: the lobby, opening a table, a table, an invite;
- :mod:`.matches`: matches, records, positions, leaderboards, people's pages;
- :mod:`.social`: friends, blocks, invitations by name, notifications;
- :mod:`.messages`: private messages between friends, and reporting one;
- :mod:`.ws`: the WebSocket endpoint, its Origin check and its frame checks;
- :mod:`.ops`: readiness, Prometheus metrics, an online backup (docs/operations.md);
- :mod:`.security`: the headers every HTTP answer carries (CSP, frames, sniffing,
  referrer, no caching of the API).
"""
