"""The final score sheet as a PNG, for a group chat: `sheet_picture` (views/picture/sheet.py)."""

from views.picture.sheet import sheet_picture

__all__ = ["sheet_picture"]
