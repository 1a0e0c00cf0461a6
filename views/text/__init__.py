"""The app's words in each language, and the fonts that draw them."""
