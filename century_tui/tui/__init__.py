"""The Textual app. Imported only when a game window opens (never by `sim` or `cards`)."""
