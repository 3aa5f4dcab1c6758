"""Everything the Okey engine and solver can refuse, in English and Turkish.

Each refusal is a :class:`~kahvehane.errors.Message` with a stable ``okey.*`` code and
named params (seats as numbers, tiles as their names), so that the salon can show it in
the player's language. The English texts are the ones the engine has always given
(records, tests and replays cite them); the Turkish ones use the words players use at a
real table: taş, ıstaka, orta (the pile), gösterge, okey, sahte okey, per, çift.

They live in one module so that a translator reads every Okey text in one place.

>>> from kahvehane.errors import IllegalAction
>>> exc = IllegalAction(NOT_HELD, "rule 10", seat=2, tile="R7")
>>> str(exc), exc.render("tr")
('seat 2 does not hold R7 (rule 10)', '2. koltukta R7 yok (kural 10)')
"""

from __future__ import annotations

from kahvehane.errors import KahvehaneError, Message

__all__ = ["InvalidRack"]

# --------------------------------------------------------------------- turns (deal.py)
DEAL_OVER = Message(
    "okey.deal_over",
    "the deal is over: no action follows its end",
    "el bitti: bittikten sonra hamle yapılamaz",
)
NOT_YOUR_TURN = Message(
    "okey.not_your_turn",
    "it is seat {turn}'s turn, not seat {seat}'s",
    "sıra {turn}. koltukta, {seat}. koltukta değil",
)
ALREADY_DRAWN = Message(
    "okey.already_drawn",
    "seat {seat} has already drawn this turn (or, as the starter, has no draw on the"
    " first turn): discard or finish now",
    "{seat}. koltuk bu sırada zaten taş çekti (ya da oyunu başlatan olarak ilk sırasında"
    " taş çekmez): şimdi taş at ya da elini bitir",
)
DRAW_FIRST = Message(
    "okey.draw_first",
    "seat {seat} must draw first (from the pile or the left)",
    "{seat}. koltuk önce taş çekmeli (ortadan ya da soldan)",
)
NOT_AN_ACTION = Message(
    "okey.not_an_action",
    "not an Okey action: {action}",
    "bu bir Okey hamlesi değil: {action}",
)
NO_SUCH_SEAT = Message(
    "okey.no_such_seat",
    "seat {seat} does not exist",
    "{seat}. koltuk yok",
)
NOT_HELD = Message(
    "okey.not_held",
    "seat {seat} does not hold {tile}",
    "{seat}. koltukta {tile} yok",
)
PILE_EMPTY = Message(
    "okey.pile_empty",
    "the pile is empty",
    "ortada taş kalmadı",
)
NO_LEFT_DISCARD = Message(
    "okey.no_left_discard",
    "seat {left} (on the left) has no discard to take",
    "soldaki {left}. koltuğun alınacak atılmış taşı yok",
)

# --------------------------------------------------------------------- the rack (rule 29)
ARRANGE_EXTRA = Message(
    "okey.arrange_extra",
    "the arrangement must hold exactly the tiles on the rack: it lays out tiles seat"
    " {seat} does not hold: {extra}",
    "diziliş ıstakadaki taşların tam kendisi olmalı: {seat}. koltuğun elinde olmayan"
    " taşlar diziliyor: {extra}",
)
ARRANGE_MISSING = Message(
    "okey.arrange_missing",
    "the arrangement must hold exactly the tiles on the rack: it leaves out {missing}",
    "diziliş ıstakadaki taşların tam kendisi olmalı: {missing} dışarıda kalıyor",
)
ARRANGE_EXTRA_MISSING = Message(
    "okey.arrange_extra_missing",
    "the arrangement must hold exactly the tiles on the rack: it lays out tiles seat"
    " {seat} does not hold: {extra}; it leaves out {missing}",
    "diziliş ıstakadaki taşların tam kendisi olmalı: {seat}. koltuğun elinde olmayan"
    " taşlar diziliyor: {extra}; {missing} dışarıda kalıyor",
)

BAD_AT = Message(
    "okey.bad_at",
    "'at' must name a slot as [block, position], two non-negative integers, not {at}",
    "'at' bir yuvayı [blok, sıra] biçiminde, negatif olmayan iki tam sayıyla göstermeli;"
    " {at} değil",
)
AT_NO_BLOCK = Message(
    "okey.at_no_block",
    "seat {seat}'s rack has no block {block}: its blocks are 0 to {last}",
    "{seat}. koltuğun ıstakasında {block} numaralı blok yok: bloklar 0 ile {last} arası",
)
AT_NO_POSITION = Message(
    "okey.at_no_position",
    "block {block} of seat {seat}'s rack has no position {position}: its positions are"
    " 0 to {last}",
    "{seat}. koltuğun ıstakasındaki {block} numaralı blokta {position} numaralı yer yok:"
    " yerler 0 ile {last} arası",
)
AT_OTHER_TILE = Message(
    "okey.at_other_tile",
    "the slot [{block}, {position}] holds {there}, not {tile}",
    "[{block}, {position}] yuvasında {tile} değil, {there} duruyor",
)

# --------------------------------------------------------------------- gösterge (rule 14)
GOSTERGE_SHOWN = Message(
    "okey.gosterge_shown",
    "the indicator has already been shown in this deal",
    "bu elde gösterge zaten yapıldı",
)
GOSTERGE_FIRST_TURN = Message(
    "okey.gosterge_first_turn",
    "the indicator can be shown only on your first turn, before drawing",
    "gösterge yalnızca ilk sıranda, taş çekmeden önce yapılabilir",
)
GOSTERGE_NOT_HELD = Message(
    "okey.gosterge_not_held",
    "seat {seat} does not hold {tile}, the indicator tile",
    "{seat}. koltukta gösterge taşı {tile} yok",
)

# --------------------------------------------------------------------- finishing (rule 16)
FINISH_INVALID = Message(
    "okey.finish_invalid",
    "without {tile} the other 14 tiles are neither runs and groups nor 7 pairs",
    "{tile} olmadan kalan 14 taş ne perlere ne de 7 çifte ayrılıyor",
)

# --------------------------------------------------------------------- actions.py
BAD_SOURCE = Message(
    "okey.bad_source",
    "'from' must be 'pile' or 'left', not {source}",
    "'from' 'pile' (orta) ya da 'left' (sol) olmalı, {source} değil",
)
BAD_RACK = Message(
    "okey.bad_rack",
    "'rack' must be a list of blocks (lists of tiles)",
    "'rack' blokların (taş listelerinin) listesi olmalı",
)
UNKNOWN_ACT = Message(
    "okey.unknown_act",
    "unknown Okey action {act}: actions are show_indicator, draw, discard, finish, arrange",
    "bilinmeyen Okey hamlesi {act}: hamleler show_indicator, draw, discard, finish,"
    " arrange",
)

# --------------------------------------------------------------------- setups
INDICATOR_JOKER = Message(
    "okey.indicator_joker",
    "the indicator is never the false joker (J)",
    "gösterge hiçbir zaman sahte okey (J) olamaz",
)
HANDS_FOUR = Message(
    "okey.hands_four",
    "'hands' must list the 4 seats' hands",
    "'hands' 4 koltuğun elini sıralamalı",
)
TOO_MANY_COPIES = Message(
    "okey.too_many_copies",
    "{tile} is used more times than the set has copies",
    "{tile} takımda olduğundan daha çok kullanılmış",
)
HAND_TOO_BIG = Message(
    "okey.hand_too_big",
    "seat {seat} can hold at most {size} tiles here",
    "{seat}. koltuk burada en çok {size} taş alabilir",
)
TILES_DO_NOT_FIT = Message(
    "okey.tiles_do_not_fit",
    "the given tiles do not fit one deal",
    "verilen taşlar bir ele sığmıyor",
)

# --------------------------------------------------------------------- the solver
NOT_A_TILE = Message(
    "okey.solver.not_a_tile",
    "{value} is not a tile: give a tile like R7 or J, or a code 0..52",
    "{value} bir taş değil: R7 ya da J gibi bir taş ya da 0..52 arası bir kod ver",
)
NOT_A_TILE_CODE = Message(
    "okey.solver.not_a_tile_code",
    "{value} is not a tile code (0..52)",
    "{value} bir taş kodu değil (0..52)",
)
BAD_OKEY = Message(
    "okey.solver.bad_okey",
    "the okey must be a numbered tile code 0..51, not {okey}",
    "okey 0..51 arası numaralı bir taşın kodu olmalı, {okey} değil",
)
INDICATOR_IS_JOKER = Message(
    "okey.solver.indicator_joker",
    "the indicator cannot be a false joker (rule 5)",
    "gösterge sahte okey olamaz (kural 5)",
)
RACK_TOO_BIG = Message(
    "okey.solver.rack_too_big",
    "a rack holds at most {most} tiles, not {count}",
    "bir ıstakada en çok {most} taş olur, {count} değil",
)
TILE_THRICE = Message(
    "okey.solver.tile_thrice",
    "{tile} appears {count} times: the set has two of each",
    "{tile} {count} kez var: takımda her taştan iki tane bulunur",
)
CODE_THRICE = Message(
    "okey.solver.code_thrice",
    "tile code {code} appears more than twice: the set has two of each",
    "{code} taş kodu ikiden çok kez var: takımda her taştan iki tane bulunur",
)
OKEYS_THRICE = Message(
    "okey.solver.okeys_thrice",
    "more than two okeys: the set has two",
    "ikiden çok okey var: takımda iki tane bulunur",
)
INDICATOR_TWICE = Message(
    "okey.solver.indicator_twice",
    "{tile} is the indicator: its other copy lies face up, so a rack holds it at most once",
    "{tile} gösterge taşı: öbür eşi açıkta durduğundan bir ıstakada en çok bir tane olur",
)
FINISH_NEEDS_15 = Message(
    "okey.solver.finish_needs_15",
    "a finish needs 15 tiles, not {count}",
    "bitmek için 15 taş gerekir, {count} değil",
)
NOT_AMONG = Message(
    "okey.solver.not_among",
    "tile code {code} is not among the 15 tiles",
    "{code} taş kodu 15 taşın arasında yok",
)


class InvalidRack(KahvehaneError, ValueError):
    """Tiles no Okey rack can hold, given to the solver: a code that is no tile, three
    copies of a tile, three okeys, the indicator held twice, more than 15 tiles.

    Also a :class:`ValueError`, as it was before it had a code: callers that catch
    ``ValueError`` around the solver keep working."""

    default_code = "okey.solver.invalid_rack"

# --------------------------------------------------------------------- sampling
BAD_VIEW = Message(
    "okey.bad_view",
    "not a view of an Okey deal in progress: {problem}",
    "oynanmakta olan bir Okey elinin görünümü değil: {problem}",
)
WRONG_PLACES = Message(
    "okey.assignment_places",
    "the assignment must fill exactly the hidden places {places}, not {given}",
    "atama tam olarak gizli yerleri ({places}) doldurmalı, {given} değil",
)
WRONG_SIZE = Message(
    "okey.assignment_size",
    "the hidden place {place} holds {size} tiles, not {count}",
    "gizli yer {place} {size} taş tutar, {count} değil",
)
WRONG_TILES = Message(
    "okey.assignment_tiles",
    "the assignment must deal exactly the unseen tiles, each copy once: {problem}",
    "atama görünmeyen taşları, her kopyayı bir kez dağıtmalı: {problem}",
)
SHOWN_COPY_IN_PILE = Message(
    "okey.shown_copy_in_pile",
    "the indicator's copy {tile} cannot lie in the pile: seat {seat} showed it from its rack",
    "göstergenin eşi {tile} destede olamaz: {seat}. koltuk onu ıstakasından gösterdi",
)
