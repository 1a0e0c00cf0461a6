"""Forest Shuffle: each player's forest of trees with the cards around them, entered after the
game, with the boxes in play."""

from views.forest_shuffle.model import ForestTable
from views.forest_shuffle.play import Play
from views.forest_shuffle.sheet import Sheet
from views.tables.registry import BgStatsGame, GameViews

# boardgamegeek.com/boardgame/391163/forest-shuffle
GAME = GameViews("forest-shuffle", ForestTable, play=Play, sheet=Sheet,
                 bgstats=BgStatsGame("Forest Shuffle", "Kosch", 391163))
