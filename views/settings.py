"""Settings: language and theme, remembered on this device (SharedPreferences)."""

from __future__ import annotations

import flet as ft

from views.i18n import LANGUAGES
from views.session import THEMES, Screen
from views.widgets.common import do, pill, section, text


class SettingsScreen(Screen):
    route = "/settings"

    def refresh(self) -> None:
        self.view.appbar = ft.AppBar(title=text(self.t("settings.title")))
        self.view.padding = 16
        languages = [pill(f"lang-{lang}", self.t(f"language.{lang}"),
                          do(self.app.set_language, lang),
                          selected=self.app.lang == lang) for lang in LANGUAGES]
        themes = [pill(f"theme-{theme}", self.t(f"theme.{theme}"),
                       do(self.app.set_theme, theme),
                       selected=self.app.theme == theme) for theme in THEMES]
        self.view.controls = [ft.Column([
            section(self.t("settings.language")), ft.Row(languages, wrap=True),
            section(self.t("settings.theme")), ft.Row(themes, wrap=True),
            text(self.t("settings.device_note"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=14)]
