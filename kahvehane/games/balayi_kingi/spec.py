"""Balayı Kingi as the salon knows it: two players, no table options."""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.spec import GameSpec

BALAYI_KINGI_SPEC = GameSpec(
    id="balayi_kingi",
    name=Message("game.balayi_kingi", "Balayı Kingi", "Balayı Kingi"),
    description=Message(
        "game.balayi_kingi.about",
        "King for two: ten contracts over a tableau of face-up and face-down cards.",
        "İki kişilik King: açık ve kapalı kartlardan bir düzenle on kontrat."),
    family="balayi_kingi",
    seats=(2,),
    rules="kahvehane.games.balayi_kingi.rules:BALAYI_KINGI",
    ranking="wins",
    position=3,
)

SPECS = (BALAYI_KINGI_SPEC,)
