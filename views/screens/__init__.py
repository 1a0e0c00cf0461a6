"""The app's own screens (home, history, players, rules, settings, new game, join, a table's host
screen), the routes that stack them, and the root component."""
