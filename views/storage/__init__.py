"""SQLite persistence, one server per data folder, and long work off the event loop."""
