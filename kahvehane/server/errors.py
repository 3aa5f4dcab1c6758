"""The salon's refusals: every error a client can be sent, as a :class:`Message` in
English and Turkish, and the error types that carry them.

A refusal has two codes. The **protocol code** (``not_seated``, ``bad_options``, ...;
``docs/protocol.md`` §7) says what kind of refusal it is and is what clients branch on;
the **message code** (``server.not_seated``, or an engine's own, ``okey.not_your_turn``)
names the text, which the client renders in its language from ``GET /api/messages``
with the error's params. Both travel in every error the server sends::

    {"type": "error", "code": "not_seated", "message": "you have no seat at this table",
     "rule": null, "i18n": {"code": "server.not_seated", "params": {}}, ...}

>>> exc = ProtocolError("seat_taken", SEAT_TAKEN, seat=2)
>>> exc.protocol_code, exc.code, exc.reason
('seat_taken', 'server.seat_taken', 'seat 2 is taken')
>>> exc.render("tr")
'2. koltuk dolu'
"""

from __future__ import annotations

from typing import Any

from kahvehane.errors import ActionError, KahvehaneError, Message

__all__ = ["HTTPError", "NotSaved", "ProtocolError", "i18n"]


def i18n(exc: KahvehaneError) -> dict[str, Any]:
    """What a client needs to render ``exc`` in its language: the message code and the
    params (JSON values)."""
    out = exc.to_json()
    return {"code": out["code"], "params": out["params"]}


class ProtocolError(KahvehaneError):
    """A client message answered with ``error`` (to its sender only); nothing changed.

    ``protocol_code`` is the protocol's error code; ``rule`` the rule an engine cited (or
    ``None``). Made from a :class:`Message` and its params, or from another error
    (:meth:`wrap`), whose message code, params and rule it keeps.
    """

    default_code = "server.refused"

    def __init__(self, protocol_code: str, message: Message, rule: str | None = None, /,
                 **params: Any) -> None:
        self.protocol_code = protocol_code
        self.rule = rule
        super().__init__(message, **params)

    @classmethod
    def wrap(cls, protocol_code: str, exc: KahvehaneError) -> ProtocolError:
        """``exc`` (an engine's refusal, bad options, ...) as the protocol's
        ``protocol_code``, with ``exc``'s own message code, params and rule."""
        rule = exc.rule if isinstance(exc, ActionError) else None
        out = cls(protocol_code, exc.message, rule, **exc.params)
        out.code = exc.code
        return out


class HTTPError(KahvehaneError):
    """An HTTP request answered with ``status`` and ``{"error": {...}}``."""

    default_code = "http.refused"

    def __init__(self, status: int, protocol_code: str, message: Message, /,
                 **params: Any) -> None:
        self.status = status
        self.protocol_code = protocol_code
        super().__init__(message, **params)

    @classmethod
    def wrap(cls, status: int, protocol_code: str, exc: KahvehaneError) -> HTTPError:
        out = cls(status, protocol_code, exc.message, **exc.params)
        out.code = exc.code
        return out


class NotSaved(KahvehaneError):
    """A database write failed; the change it would have saved was undone in memory
    (the cause is the exception's ``__cause__``)."""

    default_code = "server.not_saved"


# ---------------------------------------------------------------- the WebSocket
NOT_JSON = Message("server.not_json", "the message is not JSON", "mesaj JSON değil")
NOT_UTF8 = Message("server.not_utf8", "frames are UTF-8 JSON text",
                   "çerçeveler UTF-8 JSON metni olmalı")
NOT_OBJECT = Message("server.not_object", "a message is a JSON object",
                     "bir mesaj JSON nesnesi olmalı")
UNKNOWN_TYPE = Message("server.unknown_type", "unknown message type {type}",
                       "bilinmeyen mesaj türü {type}")
MISSING_FIELD = Message("server.missing_field", "the message has no {field} field",
                        "mesajda {field} alanı yok")
BAD_ID = Message("server.bad_id",
                 "'id' is a string of at most 64 characters or an integer",
                 "'id' en fazla 64 karakterlik bir metin ya da bir tam sayı olmalı")
FIELD_IS_BOOL = Message("server.field_is_bool", "{field} must not be true or false",
                        "{field} true ya da false olamaz")
FIELD_TYPE = Message("server.field_type", "{field} has the wrong type",
                     "{field} alanının türü yanlış")
RATE_LIMITED = Message("server.rate_limited", "at most {rate} messages a second",
                       "saniyede en fazla {rate} mesaj gönderilebilir")
NO_TABLE = Message("server.no_table", "no open table {table}", "{table} diye açık masa yok")
SIGN_IN_TO_OPEN = Message("server.sign_in_to_open",
                          "sign in (or play as a guest) to open a table",
                          "masa açmak için giriş yapın (ya da misafir olarak oynayın)")
SIGN_IN_TO_SIT = Message("server.sign_in_to_sit",
                         "sign in (or play as a guest) to take a seat",
                         "oturmak için giriş yapın (ya da misafir olarak oynayın)")
UNKNOWN_GAME = Message("server.unknown_game", "'game' must be one of {games}",
                       "'game' şunlardan biri olmalı: {games}")
BAD_OPTIONS = Message("server.bad_options", "the options cannot be read: {detail}",
                      "seçenekler okunamadı: {detail}")
OPTIONS_NOT_OBJECT = Message("server.options_not_object", "'options' must be an object",
                             "'options' bir nesne olmalı")
ENTRY_NEEDED = Message(
    "server.entry_needed",
    "a {game} table needs 'entry': a whole number of chips from {min} to {max}",
    "{game} masası 'entry' ister: {min} ile {max} arasında tam sayı bir çip miktarı")
NO_ENTRY = Message("server.no_entry", "{game} tables have no entry (P-4)",
                   "{game} masalarında giriş ücreti yoktur (P-4)")
BAD_CLOCK = Message("server.bad_clock", "'clock' is a whole number of seconds, 1 to 600",
                    "'clock' 1 ile 600 arasında tam sayı bir saniye değeri olmalı")
NO_SUCH_SEAT = Message("server.no_such_seat", "seats are 0..{last}",
                       "koltuklar 0 ile {last} arasında")
SEAT_TAKEN = Message("server.seat_taken", "seat {seat} is taken", "{seat}. koltuk dolu")
SEATS_TAKEN = Message("server.seats_taken", "a match is being played: seats are taken",
                      "masada oyun sürüyor: koltuklar dolu")
NOT_SEATED = Message("server.not_seated", "you have no seat at this table",
                     "bu masada koltuğunuz yok")
NOT_YOUR_SEAT = Message("server.not_your_seat",
                        "you hold seat {seat}: you cannot act for another",
                        "sizin koltuğunuz {seat}: başka bir koltuk adına oynayamazsınız")
MANAGER_STARTS = Message("server.manager_starts",
                         "only the table manager starts the match (P-1)",
                         "oyunu yalnızca masa yöneticisi başlatır (P-1)")
MANAGER_CANCELS = Message("server.manager_cancels",
                          "only the table manager stops the countdown",
                          "geri sayımı yalnızca masa yöneticisi durdurur")
NOT_WAITING = Message("server.not_waiting", "the table is not waiting ({status})",
                      "masa beklemede değil ({status})")
NO_COUNTDOWN = Message("server.no_countdown", "no countdown is running",
                       "süren bir geri sayım yok")
ENTRY_SHORT = Message("server.entry_short",
                      "this table's entry is {entry} chips; you have {chips}",
                      "bu masanın giriş ücreti {entry} çip; sizde {chips} çip var")
ROOM_MINIMUM = Message("server.room_minimum",
                       "to sit in the {room} room you need at least {min} chips; you have"
                       " {chips}",
                       "{room} salonunda oturmak için en az {min} çip gerekir; sizde"
                       " {chips} çip var")
GUEST_NO_ENTRY = Message(
    "server.guest_no_entry",
    "guests play only at tables without an entry: sign up to play for chips",
    "misafirler yalnızca giriş ücreti olmayan masalarda oynar: çiple oynamak için üye olun")
NO_DEAL = Message("server.no_deal", "no deal is in progress", "süren bir el yok")
BAD_ACTION = Message("server.bad_action", "the action cannot be read: {detail}",
                     "hamle okunamadı: {detail}")
NO_SUGGESTIONS = Message("server.no_suggestions",
                         "this game does not suggest arrangements",
                         "bu oyunda dizilim önerisi yok")
STORAGE_FAILED = Message("server.storage_failed",
                         "the server could not save that; nothing changed: try again",
                         "sunucu bunu kaydedemedi; hiçbir şey değişmedi: yeniden deneyin")
OPS_OFF = Message("server.ops_off",
                  "this salon serves no operations endpoints (kahvehane serve --ops-token"
                  " or --ops-allow)",
                  "bu salon işletim uçları sunmuyor (kahvehane serve --ops-token ya da"
                  " --ops-allow)")
OPS_FORBIDDEN = Message("server.ops_forbidden",
                        "an operations endpoint: give the salon's ops token, or ask from an"
                        " allowed address",
                        "bir işletim ucu: salonun işletim anahtarını verin ya da izin"
                        " verilen bir adresten isteyin")
BACKUP_NOT_SQLITE = Message("server.backup_not_sqlite",
                            "this salon's database is PostgreSQL: back it up with kahvehane"
                            " backup --db URL (pg_dump)",
                            "bu salonun veritabanı PostgreSQL: kahvehane backup --db URL"
                            " (pg_dump) ile yedekleyin")
NODES_UNREACHABLE = Message(
    "server.nodes_unreachable",
    "this server cannot reach the table's server just now; nothing changed: try again",
    "bu sunucu masanın sunucusuna şu an ulaşamıyor; hiçbir şey değişmedi: yeniden deneyin")
TABLE_MOVING = Message(
    "server.table_moving",
    "the table is moving to another server; nothing changed: try again in a moment",
    "masa başka bir sunucuya geçiyor; hiçbir şey değişmedi: birazdan yeniden deneyin")
# ---------------------------------------------------------- what one account may open
TABLES_OPEN = Message(
    "server.tables_open",
    "you already have {limit} open tables, the most one person may have: close one first",
    "zaten {limit} açık masanız var, bir kişinin açabileceği en fazla bu: önce birini"
    " kapatın")
GUEST_TABLES_OPEN = Message(
    "server.guest_tables_open",
    "a guest may have at most {limit} open tables at once: sign up for more",
    "bir misafirin aynı anda en fazla {limit} açık masası olabilir: daha fazlası için"
    " üye olun")
TABLES_PER_MINUTE = Message(
    "server.tables_per_minute",
    "at most {limit} new tables a minute: try again in {seconds} s",
    "dakikada en fazla {limit} yeni masa açılabilir: {seconds} sn sonra yeniden deneyin")
LOBBY_FULL = Message(
    "server.lobby_full",
    "the lobby is full ({limit} tables): sit at one of them, or open a friends' table",
    "salon dolu ({limit} masa): birine oturun ya da bir arkadaş masası açın")
INTERNAL = Message("server.internal", "the server failed to do that",
                   "sunucu bunu yapamadı")

# ------------------------------------------------- why the server cancelled a countdown
CANCEL_NO_ENTRY = Message("server.cancel.no_entry",
                          "a seated player no longer has the entry",
                          "oturan oyunculardan birinin artık giriş ücreti yok")
CANCEL_NOT_SAVED = Message("server.cancel.not_saved",
                           "the server could not save the start of the match",
                           "sunucu oyunun başlangıcını kaydedemedi")
CANCEL_CANNOT_SET_UP = Message("server.cancel.cannot_set_up",
                               "the game could not set up a match with these options",
                               "oyun bu seçeneklerle bir maç kuramadı")

# ------------------------------------------------------------- a match ended without result
MATCH_FAILED = Message(
    "server.aborted.failed",
    "the match could not go on (the game failed while dealing or playing): it ended"
    " without a result and every entry was refunded",
    "oyun sürdürülemedi (dağıtırken ya da oynarken hata oldu): sonuçsuz bitti ve bütün"
    " giriş ücretleri geri ödendi")
RESUME_FAILED = Message(
    "server.aborted.not_resumed",
    "the match could not be resumed after the server restarted: it ended without a"
    " result and every entry was refunded",
    "oyun sunucu yeniden başladıktan sonra sürdürülemedi: sonuçsuz bitti ve bütün giriş"
    " ücretleri geri ödendi")

# ------------------------------------------------------------- what was not saved (logs)
DEAL_NOT_SAVED = Message("server.not_saved.deal", "deal {deal} was not saved",
                         "{deal}. el kaydedilemedi")
ACTION_NOT_SAVED = Message("server.not_saved.action",
                           "action {action} of deal {deal} was not saved",
                           "{deal}. elin {action}. hamlesi kaydedilemedi")
END_NOT_SAVED = Message("server.not_saved.end", "the end of match {match} was not saved",
                        "{match} numaralı oyunun sonu kaydedilemedi")
SEATS_NOT_SAVED = Message("server.not_saved.seats", "the seats were not saved",
                          "koltuklar kaydedilemedi")
CLOSE_NOT_SAVED = Message("server.not_saved.close", "the table's closing was not saved",
                          "masanın kapanışı kaydedilemedi")

# ---------------------------------------------------------------- HTTP
NOT_JSON_CONTENT = Message("http.not_json_content",
                           "send JSON with Content-Type: application/json",
                           "JSON'u Content-Type: application/json ile gönderin")
BODY_TOO_LARGE = Message("http.body_too_large", "a request body is at most {max} bytes",
                         "istek gövdesi en fazla {max} bayt olabilir")
BODY_NOT_JSON = Message("http.body_not_json", "the body is not JSON", "gövde JSON değil")
BODY_NOT_OBJECT = Message("http.body_not_object", "the body is a JSON object",
                          "gövde bir JSON nesnesi olmalı")
NAME_AND_PASSWORD = Message("http.name_and_password", "send 'name' and 'password'",
                            "'name' ve 'password' gönderin")
NOT_WHOLE_NUMBER = Message("http.not_whole_number", "{name} must be a whole number",
                           "{name} tam sayı olmalı")
SIGN_IN_FIRST = Message("http.sign_in_first", "sign in first", "önce giriş yapın")
LOGIN_THROTTLED = Message("http.login_throttled",
                          "too many failed sign-ins: try again in {seconds} s",
                          "çok fazla başarısız giriş: {seconds} sn sonra yeniden deneyin")
NEW_ACCOUNTS_LIMITED = Message(
    "http.new_accounts_limited",
    "at most {limit} new accounts an hour from one address: try again in {seconds} s",
    "bir adresten saatte en fazla {limit} yeni hesap açılabilir: {seconds} sn sonra"
    " yeniden deneyin")
BAD_CREDENTIALS = Message("http.bad_credentials", "wrong name or password",
                          "ad ya da şifre yanlış")
NO_OPEN_TABLE = Message("http.no_open_table", "no such open table", "böyle açık bir masa yok")
NO_SUCH_TABLE = Message("http.no_table", "no such table", "böyle bir masa yok")
NO_MATCH = Message("http.no_match", "no such match", "böyle bir oyun yok")
NO_GAME = Message("http.no_game", "no game {game}", "{game} diye bir oyun yok")
NO_SUCH_DEAL = Message("http.no_such_deal", "the match has deals 0 to {last}, not {deal}",
                      "oyunun elleri 0 ile {last} arası, {deal} yok")
BAD_PERIOD = Message("http.bad_period", "period must be {choices}, not {period}",
                     "dönem {choices} olmalı, {period} değil")
BAD_ORDER = Message("http.bad_order", "by must be {choices}, not {by}",
                    "sıralama {choices} olmalı, {by} değil")
BAD_IDS = Message("http.bad_ids", "ids is up to {max} account numbers, comma separated",
                  "ids virgülle ayrılmış en çok {max} hesap numarası olmalı")
NO_PLAYER = Message("http.no_player", "no such player", "böyle bir oyuncu yok")
GUEST_NO_PASSWORD = Message("http.guest_no_password",
                            "a guest has no password to change: sign up for an account",
                            "misafirin değiştirilecek şifresi yok: bir hesap açın")
OLD_AND_NEW = Message("http.old_and_new_password",
                      "send old_password and new_password, both strings",
                      "old_password ve new_password gönderin, ikisi de metin olmalı")
MATCH_ABORTED = Message("http.match_aborted",
                        "the match ended without a result and has no record",
                        "oyun sonuçsuz bitti, kaydı yok")
MATCH_IN_PROGRESS = Message("http.match_in_progress",
                            "the record is published when the match is over",
                            "oyunun kaydı oyun bitince yayımlanır")

# ---------------------------------------------------------------- table talk, seats (21)
CHAT_JOIN_FIRST = Message("server.chat.join_first", "join the table to talk at it",
                          "masada konuşmak için önce masaya girin")
CHAT_SIGN_IN = Message("server.chat.sign_in", "sign in (or play as a guest) to talk",
                       "konuşmak için giriş yapın (ya da misafir olarak oynayın)")
CHAT_EMPTY = Message("server.chat.empty", "send 'text' (not empty) or a known 'phrase'",
                     "'text' (boş olmayan) ya da bilinen bir 'phrase' gönderin")
CHAT_TOO_LONG = Message("server.chat.too_long",
                        "a line is at most {max} characters; this one has {length}",
                        "bir satır en fazla {max} karakter olabilir; bu {length} karakter")
CHAT_UNKNOWN_PHRASE = Message("server.chat.unknown_phrase", "no quick phrase {phrase}",
                              "{phrase} diye hazır bir söz yok")
CHAT_RATE = Message("server.chat.rate_limited",
                    "at most {lines} lines in {seconds} s: wait a moment",
                    "{seconds} sn içinde en fazla {lines} satır: biraz bekleyin")
CHAT_WATCHERS_OFF = Message("server.chat.watchers_off",
                            "the table manager has turned watchers' talk off",
                            "masa yöneticisi izleyicilerin konuşmasını kapattı")
MANAGER_SETTINGS = Message("server.manager_settings",
                           "only the table manager changes the table's settings",
                           "masanın ayarlarını yalnızca masa yöneticisi değiştirir")
BAD_SETTINGS = Message("server.bad_settings", "{field} must be true or false",
                       "{field} true ya da false olmalı")
INVITE_ONLY = Message("server.invite_only",
                      "this is a friends' table: open it with its invitation link",
                      "bu bir arkadaş masası: davet bağlantısıyla açın")
INVITED_WATCH_NEEDS_PRIVATE = Message(
    "server.invited_watch_needs_private",
    "'invited_watch' is for private tables ('private': true)",
    "'invited_watch' yalnızca özel masalar içindir ('private': true)")
NO_INVITE = Message("http.no_invite", "no open table has this invitation",
                    "bu davetle açık bir masa yok")
MANAGER_UNSEATS = Message("server.manager_unseats",
                          "only the table manager removes a person from a seat",
                          "bir kişiyi koltuktan yalnızca masa yöneticisi kaldırır")
SEAT_EMPTY = Message("server.seat_empty", "nobody sits at seat {seat}",
                     "{seat}. koltukta kimse oturmuyor")
UNSEAT_BEFORE_MATCH = Message("server.unseat_before_match",
                              "a person is removed from a seat only before the match",
                              "bir kişi koltuktan yalnızca oyun başlamadan kaldırılır")
UNSEAT_SELF = Message("server.unseat_self", "to give up your own seat, leave it",
                      "kendi koltuğunuzu bırakmak için kalkın")
REMATCH_AFTER = Message("server.rematch_after",
                        "a rematch is agreed after a match, while the table waits",
                        "rövanşa bir oyun bittikten sonra, masa beklerken karar verilir")
