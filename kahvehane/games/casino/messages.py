"""Everything Casino and Royal Casino refuse, in English and Turkish (codes ``casino.*``).

One :class:`~kahvehane.errors.Message` per distinct refusal; the raise sites fill in the
params (card names, seats, values) and name the rule. Card names (``7D``) and set
notation (``2C+3D``) read the same in both languages, so they are params; a Turkish text
puts a noun after a param (``{card} kartı``, ``{seat}. koltuk``, ``{value} yapısı``) so
that no suffix has to agree with it.

>>> from kahvehane.errors import IllegalAction
>>> exc = IllegalAction(NOT_IN_HAND, "C-16", card="7D", seat=1)
>>> str(exc), exc.render("tr")
("7D is not in seat 1's hand (C-16)", '7D kartı 1. koltuğun elinde yok (C-16)')
"""

from __future__ import annotations

from kahvehane.errors import Message


def _m(code: str, en: str, tr: str) -> Message:
    return Message(f"casino.{code}", en, tr)


# -- the turn (deal.py) ---------------------------------------------------------------------

NOT_AN_ACTION = _m("not_an_action", "{action} is not a Casino action",
                   "{action} bir Casino hamlesi değil")
HAND_OVER = _m("hand_over", "the hand is over: no action follows it",
               "el bitti: ardından hamle yapılamaz")
NO_SUCH_SEAT = _m("no_such_seat", "seat {seat} does not exist", "{seat} numaralı koltuk yok")
NOT_YOUR_TURN = _m("not_your_turn", "it is seat {turn}'s turn, not seat {seat}'s",
                   "sıra {turn}. koltukta, {seat}. koltukta değil")

# -- any move (moves.py) --------------------------------------------------------------------

NOT_IN_HAND = _m("not_in_hand", "{card} is not in seat {seat}'s hand",
                 "{card} kartı {seat}. koltuğun elinde yok")
KEEP_ONE = _m(
    "keep_one",
    "after playing {card} seat {seat} would own the {value}-build without a card of its own"
    " left to capture each",
    "{card} oynandıktan sonra {seat}. koltuğun elinde, sahibi olduğu {value} yapısını alacak"
    " kendi kartı kalmaz",
)
KEEP_SEVERAL = _m(
    "keep_several",
    "after playing {card} seat {seat} would own the builds of {values} without a card of its"
    " own left to capture each",
    "{card} oynandıktan sonra {seat}. koltuğun elinde, sahibi olduğu {values} yapılarının her"
    " birini alacak ayrı bir kartı kalmaz",
)
MUST_CAPTURE_IT = _m(
    "must_capture_it",
    "{card} matches the loose {cards} and must capture it (royal_dominican)",
    "{card} kartı masadaki açık {cards} kartıyla eşleşiyor ve onu toplamalı (royal_dominican)",
)
MUST_CAPTURE_THEM = _m(
    "must_capture_them",
    "{card} matches the loose {cards} and must capture them (royal_dominican)",
    "{card} kartı masadaki açık {cards} kartlarıyla eşleşiyor ve onları toplamalı"
    " (royal_dominican)",
)
MUST_ALSO_TAKE = _m(
    "must_also_take",
    "{card} must also take the loose {cards} of its rank (royal_dominican)",
    "{card} kartı masadaki kendisiyle aynı sayıdaki açık {cards} kartlarını da toplamalı"
    " (royal_dominican)",
)
NO_SET = _m("no_set", "playing {card} this way names no set",
            "{card} kartı bu şekilde oynanınca hiçbir küme belirtilmiyor")
EMPTY_SET = _m("empty_set", "a set may not be empty", "bir küme boş olamaz")
TWICE = _m("card_in_two_sets", "{card} appears in two sets", "{card} kartı iki kümede birden var")
NOT_ON_TABLE = _m("not_on_table", "{card} is not on the table", "{card} kartı masada yok")

# -- trail ----------------------------------------------------------------------------------

TRAIL_OWNER = _m(
    "trail_owner",
    "seat {seat} owns the {value}-build and may not trail {card}: capture, build or add"
    " instead",
    "{seat}. koltuk {value} yapısının sahibi, {card} kartını masaya açık atamaz: topla, yapı"
    " kur ya da yapıya ekle",
)

# -- capture --------------------------------------------------------------------------------

PLAYED_IN_SET = _m("played_in_set", "the played {card} cannot be in a captured set",
                   "oynanan {card} kartı toplanan bir kümede olamaz")
COURT_NO_VALUE = _m("court_no_value", "{card} is a court and has no value to declare",
                    "{card} resimli bir kart; bildirilecek bir değeri yok")
COURT_ONE = _m(
    "court_one",
    "{card} is a court: it captures exactly one loose card of its rank",
    "{card} resimli bir kart: masadan yalnızca kendi türünden tek bir açık kart toplar",
)
COURT_RANK = _m(
    "court_rank",
    "{card} captures only a loose court of its rank, not {other}",
    "{card} kartı yalnızca kendi türünden açık bir resimli kartı toplar, {other} kartını değil",
)
DECLARE = _m("declare", "declare what {card} counts: {values}",
             "{card} kartının kaç saydığını bildir: {values}")
COUNTS = _m("counts", "{card} counts {values}, not {value}",
            "{card} kartı {values} sayar, {value} değil")
BUILD_NEEDS_VALUE = _m(
    "build_needs_value",
    "the {value}-build ({cards}) is captured only by a card counting {value}, and {card}"
    " counts {counted}",
    "{value} yapısı ({cards}) yalnızca {value} sayan bir kartla toplanır; {card} kartı ise"
    " {counted} sayıyor",
)
CAPTURED_WHOLE = _m(
    "captured_whole",
    "{card} is in the {value}-build, which is captured whole, as one set of exactly its cards",
    "{card} kartı {value} yapısında; yapı bütün olarak, tam kendi kartlarından oluşan tek bir"
    " küme halinde toplanır",
)
NOT_ALONE = _m("not_alone", "{card} counting {value} cannot take {other} alone",
               "{value} sayan {card} kartı {other} kartını tek başına alamaz")
COURTS_IN_SUM = _m("courts_in_sum", "courts never count in a sum ({cards})",
                   "resimli kartlar hiçbir toplama girmez ({cards})")
SET_SUM = _m(
    "set_sum",
    "{cards} make {total}, not {value}: each set must be worth what {card} counts",
    "{cards} toplamı {total}, {value} değil: her küme {card} kartının saydığı kadar etmeli",
)

# -- build ----------------------------------------------------------------------------------

COURT_BUILD = _m("court_build", "{card} is a court: courts are never built",
                 "{card} resimli bir kart: resimli kartlarla yapı kurulmaz")
BUILD_RANGE = _m("build_range", "a build is worth 1 to {max}, not {value}",
                 "bir yapının değeri 1 ile {max} arasında olur, {value} değil")
PLAYED_ONCE = _m("played_once", "the played {card} must be in the build, in exactly one set",
                 "oynanan {card} kartı yapıda, tam olarak bir kümede olmalı")
FROZEN = _m(
    "frozen",
    "the {value}-build is a multiple build: its value is frozen and {card} cannot raise it",
    "{value} yapısı çoklu bir yapı: değeri sabittir, {card} kartı onu yükseltemez",
)
RAISES_TO = _m("raises_to", "{card} raises the {value}-build to {values}, not {target}",
               "{card} kartı {value} yapısını {values} yapar, {target} değil")
MERGE_SAME = _m(
    "merge_same",
    "the {value}-build cannot become part of a {target}-build: only builds of the same value"
    " merge",
    "{value} yapısı bir {target} yapısının parçası olamaz: yalnızca aynı değerdeki yapılar"
    " birleşir",
)
IN_BUILD_RAISE = _m(
    "in_build_raise",
    "{card} is in the {value}-build: table cards never change a build's value",
    "{card} kartı {value} yapısında: masadaki kartlar bir yapının değerini asla değiştirmez",
)
IN_BUILD_JOIN = _m(
    "in_build_join",
    "{card} is in the {value}-build: a build joins whole, as one set of exactly its cards",
    "{card} kartı {value} yapısında: bir yapı ancak bütün olarak, tam kendi kartlarından oluşan"
    " tek bir küme halinde katılır",
)
COURTS_BUILT = _m("courts_built", "courts are never built ({cards})",
                  "resimli kartlarla yapı kurulmaz ({cards})")
PLAYED_SET = _m("played_set", "{cards} make {values}, not {value}",
                "{cards} toplamı {values}, {value} değil")
BUILD_SET_SUM = _m(
    "build_set_sum",
    "{cards} make {total}, not {value}: every set of a build is worth its value",
    "{cards} toplamı {total}, {value} değil: bir yapının her kümesi yapının değeri kadar"
    " etmeli",
)
SECOND_BUILD = _m(
    "second_build",
    "there is already a {value}-build ({cards}): add to it, as one more set of this build,"
    " instead of making a second one",
    "masada zaten bir {value} yapısı var ({cards}): ikinci bir yapı kurmak yerine ona bir küme"
    " daha ekle",
)
TWO_CARDS = _m("two_cards", "a build needs at least two cards: {card} alone is a trail",
               "bir yapı en az iki karttan oluşur: tek başına {card} kartı masaya açık atılır")
NO_CAPTURE_CARD = _m(
    "no_capture_card",
    "seat {seat} would keep no card worth {value} to capture this build",
    "{seat}. koltuğun elinde bu yapıyı toplayacak {value} değerinde bir kart kalmaz",
)

# -- the record form of an action (actions.py) ----------------------------------------------

SET_NOT_LIST = _m("set_not_list", "'sets'[{index}] must be a list of cards, not {value}",
                  "'sets'[{index}] bir kart listesi olmalı, {value} değil")
NOT_AN_INTEGER = _m("not_an_integer", "{key} must be an integer, not {value}",
                    "{key} bir tam sayı olmalı, {value} değil")
UNKNOWN_ACT = _m(
    "unknown_act",
    "unknown act {act}: Casino's actions are trail, capture and build",
    "bilinmeyen hamle {act}: Casino'nun hamleleri trail (masaya at), capture (topla) ve build"
    " (yapı kur)",
)

# -- options (rules.py) ---------------------------------------------------------------------

PARTNERS_NEED_FOUR = _m("partners_need_four", "partners (2 v 2) needs 'players': 4",
                        "eşli oyun (2'ye 2) için 'players': 4 gerekir")
WRONG_DIRECTION = _m(
    "wrong_direction",
    "option 'direction' must be {want} at this table, not {direction} (counter-clockwise"
    " play comes with the royal_dominican preset, R-3a)",
    "bu masada 'direction' seçeneği {want} olmalı, {direction} değil (saat yönünün tersine"
    " oyun royal_dominican ön ayarıyla gelir, R-3a)",
)
NORDIC_IS_ROYAL = _m("nordic_is_royal", "'nordic_specials' is a Royal Casino option (C-5)",
                     "'nordic_specials' bir Royal Casino seçeneği (C-5)")
NO_PRESET = _m(
    "no_preset",
    "casino has no preset {preset}: 'royal_dominican' is a royal_casino preset (R-3)",
    "casino oyununda {preset} ön ayarı yok: 'royal_dominican' bir royal_casino ön ayarı (R-3)",
)
PRESET_NO_NORDIC = _m("preset_no_nordic",
                      "the royal_dominican preset has no nordic_specials (R-3)",
                      "royal_dominican ön ayarında nordic_specials yok (R-3)")

# -- setups (setup.py) ----------------------------------------------------------------------

ROUNDS = _m("setup_rounds", "'rounds' must be a list of {count} rounds for {players} players",
            "'rounds', {players} oyuncu için {count} turluk bir liste olmalı")
ROUND_NOT_OBJECT = _m("setup_round_object", "rounds[{round}] must be an object",
                      "rounds[{round}] bir nesne olmalı")
HANDS = _m("setup_hands", "rounds[{round}].hands must hold {players} hands (one per seat)",
           "rounds[{round}].hands {players} el içermeli (her koltuğa bir)")
LATER_TABLE = _m(
    "setup_later_table",
    "rounds[{round}] has a 'table': only the first round has (C-10)",
    "rounds[{round}] içinde 'table' var: masaya kart yalnızca ilk turda açılır (C-10)",
)
DEALER = _m("setup_dealer", "'dealer' must be a seat number, not {value}",
            "'dealer' bir koltuk numarası olmalı, {value} değil")

# -- a deal from a view (sampling.py) -------------------------------------------------------

VIEW_FIELD = _m("view_field", "the view has no valid {key}: {value}",
                "görünümde geçerli bir {key} yok: {value}")
VIEW_MISMATCH = _m(
    "view_mismatch",
    "the view's {key} is {seen}, but the table's options give {expected}",
    "görünümün {key} değeri {seen}, ama masanın seçenekleri {expected} diyor",
)
VIEW_OVER = _m("view_over", "the view is of a finished hand: there is nothing to deal",
               "görünüm bitmiş bir ele ait: dağıtılacak bir şey yok")
VIEW_STOCK = _m(
    "view_stock",
    "the view's stock holds {stock} cards, but {rounds} rounds still to deal hold {expected}",
    "görünümdeki destede {stock} kart var, ama dağıtılacak {rounds} tur {expected} kart eder",
)
VIEW_COUNTS = _m(
    "view_counts",
    "the view's hidden places hold {places} cards, but {unseen} cards are out of its sight",
    "görünümün gizli yerlerinde {places} kart var, ama görünmeyen kart sayısı {unseen}",
)
ASSIGNMENT_PLACES = _m(
    "assignment_places",
    "the assignment fills {given}, but the hidden places are {places}",
    "atama {given} yerlerini dolduruyor, ama gizli yerler {places}",
)
ASSIGNMENT_SIZE = _m("assignment_size", "the assignment gives {place} {given} cards, not {size}",
                     "atama {place} yerine {size} değil {given} kart veriyor")
ASSIGNMENT_CARDS = _m(
    "assignment_cards",
    "the assignment is not exactly the cards the view hides (given but not hidden: {extra};"
    " hidden but not given: {missing})",
    "atama, görünümün gizlediği kartların tam karşılığı değil (verilen ama gizli olmayan:"
    " {extra}; gizli ama verilmeyen: {missing})",
)
