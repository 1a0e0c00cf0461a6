"""The tables in play (one shared model per table), tables being set up, and the registry of the
games the app offers."""
