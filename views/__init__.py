"""Tallybook's app (Flet), in layers: each imports only from its own package and the layers
under it (tests/views/test_layers.py holds this order; the three games share a layer and do
not import one another).

    app.py                          the `tallybook` command: wires the layers, serves
    screens/                        home, history, players, rules, settings, new game, join,
                                    a table's host screen; routes.py stacks them, shell.py
    symbiose/ forest_shuffle/ fossil/   each game's table model and screens
    widgets/                        shared pieces: top bar, totals, score sheet, share sheet
    web/                            server, sockets, frames, hosts, caps, access, the page's
                                    connection, each tab's session (`use_app`)
    picture/                        a finished sheet as a PNG
    records/                        finished games: results, archive, BG Stats
    tables/                         `Table` (one shared model per game), tables being set
                                    up, the registry of games
    storage/                        SQLite store, one server per data folder, work off the loop
    text/                           the app's words (locales/ beside it) and fonts
"""
