"""What every route module shares: the :class:`Context` a handler serves, the JSON
body of a request, coded errors as JSON answers, bounded query and path integers, the
signed-in person and the session cookie."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from kahvehane.positions import MatchPositions
from kahvehane.server.addresses import Network, client_address, forwarded_scheme
from kahvehane.server.errors import (
    BODY_NOT_JSON,
    BODY_NOT_OBJECT,
    BODY_TOO_LARGE,
    NOT_JSON_CONTENT,
    NOT_WHOLE_NUMBER,
    SIGN_IN_FIRST,
    STORAGE_FAILED,
    HTTPError,
    ProtocolError,
    i18n,
)
from kahvehane.server.gateway import Gateway
from kahvehane.server.limits import Limiter
from kahvehane.server.metrics import Metrics
from kahvehane.server.protocol import JSONObj
from kahvehane.server.salon import Salon
from kahvehane.server.settings import Settings
from kahvehane.store.accounts import (
    BAD_NAME,
    BAD_PASSWORD,
    NAME_LOOKS_TAKEN,
    NAME_NOT_STRING,
    NAME_TAKEN,
    AccountError,
    UserInfo,
    chips_of,
)

log = logging.getLogger("kahvehane.server.http")

COOKIE = "kahvehane_session"
#: The largest request body read (``413 too_large`` beyond).
MAX_BODY = 16 * 1024
#: Seconds a client is asked to wait (``Retry-After``) after the database failed.
RETRY_AFTER = 2
#: The largest row id of the database (a 32-bit ``INTEGER`` on PostgreSQL): a larger one
#: in a path or a query names nothing, and is never sent to the database.
MAX_ROW_ID = 2**31 - 1

#: The HTTP status and protocol code of each refusal of a sign-up or sign-in.
ACCOUNT_REFUSALS: dict[str, tuple[int, str]] = {
    NAME_NOT_STRING.code: (400, "bad_name"),
    BAD_NAME.code: (400, "bad_name"),
    BAD_PASSWORD.code: (400, "bad_password"),
    NAME_TAKEN.code: (409, "name_taken"),
    NAME_LOOKS_TAKEN.code: (409, "name_taken"),
}


@dataclass
class Context:
    """Everything a handler needs of the salon it serves: made once by the composition
    root (:func:`kahvehane.server.app.create_app`), or by a test over its own salon."""

    settings: Settings
    salon: Salon
    gateway: Gateway
    limiter: Limiter
    #: ``--trusted-proxy`` networks: forwarded headers are believed from these only
    proxies: tuple[Network, ...] = ()
    #: finished matches replayed for their match pages, newest use last (a few only:
    #: a record replays in milliseconds, a deal's positions are made on each request)
    replayed: dict[int, MatchPositions] = field(default_factory=dict)
    #: the Prometheus registry (``None``: metrics are off, ``GET /metrics`` is 404)
    metrics: Metrics | None = None
    #: ``--ops-allow`` networks: who may scrape the metrics and ask for a backup
    ops_allow: tuple[Network, ...] = ()


def context(conn: HTTPConnection) -> Context:
    """The :class:`Context` of the app serving ``conn`` (``app.state.context``)."""
    ctx = conn.app.state.context
    assert isinstance(ctx, Context)
    return ctx


# ---------------------------------------------------------------- answers
def error_response(exc: HTTPError) -> JSONResponse:
    """``{"error": {"code", "message", "i18n"}}`` with the error's status."""
    return JSONResponse({"error": {"code": exc.protocol_code, "message": exc.reason,
                                   "i18n": i18n(exc)}}, status_code=exc.status)


def storage_failed(request: Request, exc: BaseException) -> JSONResponse:
    """A request the database could not serve (a full disk, an unwritable file, an
    outage, a lock past its deadline): ``503`` with ``Retry-After`` and the documented
    ``storage_failed`` error, and one log line, not a traceback. What the request would
    have written was one transaction, rolled back whole."""
    reason = (str(exc).splitlines() or [type(exc).__name__])[0]
    log.warning("%s %s: the database failed (%s); answered 503", request.method,
                request.url.path, reason)
    resp = error_response(HTTPError(503, "storage_failed", STORAGE_FAILED))
    resp.headers["Retry-After"] = str(RETRY_AFTER)
    return resp


def http_error(exc: ProtocolError, status: int = 400) -> HTTPError:
    """A protocol refusal (``bad_options``, ...) as an HTTP one, same code and text."""
    return HTTPError.wrap(status, exc.protocol_code, exc)


Handler = Callable[[Request], Awaitable[Response]]


def endpoint(fn: Handler) -> Handler:
    """``fn`` answering its refusals as coded JSON errors: an :class:`HTTPError` with
    its status, an account refusal by :data:`ACCOUNT_REFUSALS`, a database failure
    with :func:`storage_failed`."""
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)
        except HTTPError as exc:
            return error_response(exc)
        except AccountError as exc:
            status, code = ACCOUNT_REFUSALS.get(exc.code, (400, "bad_request"))
            return error_response(HTTPError.wrap(status, code, exc))
        except SQLAlchemyError as exc:
            return storage_failed(request, exc)
    wrapped.__name__ = fn.__name__
    wrapped.__doc__ = fn.__doc__
    return wrapped


# ---------------------------------------------------------------- reading requests
async def read_body(request: Request) -> JSONObj:
    """The request's JSON object: ``400`` if it is not one (not JSON, nested past the
    parser's depth, a string that is not Unicode), ``413`` past :data:`MAX_BODY`.

    Why streamed: a body is refused by its ``Content-Length`` before any of it is read,
    and a body without one (chunked) as soon as what has come passes the limit, so no
    request holds more than :data:`MAX_BODY` of this process's memory."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPError(400, "bad_request", NOT_JSON_CONTENT)
    too_large = HTTPError(413, "too_large", BODY_TOO_LARGE, max=MAX_BODY)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        obj = json.loads(raw or b"{}")
        # a lone surrogate (``"\\ud800"``) is JSON's grammar but no text: refused here,
        # before a password hash or a database driver fails on it
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):
        raise HTTPError(400, "bad_request", BODY_NOT_JSON) from None
    if not isinstance(obj, dict):
        raise HTTPError(400, "bad_request", BODY_NOT_OBJECT)
    return obj


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    """Query parameter ``name``, a whole number held to [low, high]; ``default`` if
    absent, ``400`` if it is not a whole number."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HTTPError(400, "bad_request", NOT_WHOLE_NUMBER, name=repr(name)) from None
    return max(low, min(high, value))


def row_id(raw: str | None) -> int | None:
    """``raw`` as the id of a database row, or ``None`` if it cannot be one (not a
    whole number, below 1, past :data:`MAX_ROW_ID`).

    >>> [row_id(v) for v in ("12", "0", "-3", "x", None, str(2**31), "99999999999999999999")]
    [12, None, None, None, None, None, None]
    """
    if raw is None or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if 1 <= value <= MAX_ROW_ID else None


def plausible_name(name: str) -> bool:
    """Whether ``name`` could be someone's: short and printable (no control character,
    no lone surrogate), so that looking it up cannot trouble the database.

    >>> [plausible_name(n) for n in ("Ayşe Nur", "a\\x00b", "\\ud800", "x" * 101)]
    [True, False, False, False]
    """
    return len(name) <= 100 and name.isprintable()


def address(request: HTTPConnection) -> str:
    """The client's address, the key of the per-address limits (forwarded headers
    only from ``--trusted-proxy``)."""
    return client_address(request.client.host if request.client else None,
                          request.headers, context(request).proxies)


def public_scheme(conn: HTTPConnection) -> str:
    """``https`` if the client reached the salon over TLS (its own, or a
    ``--trusted-proxy``'s that says so), else ``http``."""
    if conn.scope.get("scheme") in ("https", "wss"):
        return "https"
    said = forwarded_scheme(conn.client.host if conn.client else None, conn.headers,
                            context(conn).proxies)
    return said or "http"


# ---------------------------------------------------------------- who is asking
async def current_user(request: Request) -> UserInfo | None:
    """The person signed in by the request's session cookie, if any."""
    return await context(request).gateway.user_for_token(request.cookies.get(COOKIE))


async def require_user(request: Request) -> UserInfo:
    """The person signed in, or ``401 auth_required``."""
    user = await current_user(request)
    if user is None:
        raise HTTPError(401, "auth_required", SIGN_IN_FIRST)
    return user


async def user_json(ctx: Context, user: UserInfo) -> JSONObj:
    """``{"id", "name", "guest", "chips"}`` of ``user`` (``User`` in docs/protocol.md)."""
    chips = await ctx.salon.store.read(lambda s: chips_of(s, user.id))
    return {"id": user.id, "name": user.name, "guest": user.guest, "chips": chips}


def with_cookie(request: Request, resp: Response, token: str) -> Response:
    """``resp`` setting the session cookie to ``token`` (HttpOnly, SameSite=Lax;
    Secure with ``--secure-cookies`` or when the client came over HTTPS)."""
    settings = context(request).settings
    secure = settings.secure_cookies or public_scheme(request) == "https"
    resp.set_cookie(COOKIE, token, max_age=int(settings.session_days * 86400),
                    httponly=True, samesite="lax", secure=secure, path="/")
    return resp
