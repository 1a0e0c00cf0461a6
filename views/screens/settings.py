"""Settings: language and theme, remembered on this device (SharedPreferences)."""

from __future__ import annotations

import flet as ft

from views.text.i18n import LANGUAGES
from views.web.session import THEMES, use_app
from views.widgets.common import do, pill, section, text
from views.widgets.top_bar import top_bar


@ft.component
def Settings() -> ft.View:
    app = use_app()
    languages: list[ft.Control] = [
        pill(f"lang-{lang}", app.t(f"language.{lang}"), do(app.set_language, lang),
             selected=app.lang == lang) for lang in LANGUAGES]
    themes: list[ft.Control] = [
        pill(f"theme-{theme}", app.t(f"theme.{theme}"), do(app.set_theme, theme),
             selected=app.theme == theme) for theme in THEMES]
    return ft.View(route="/settings", padding=16,
                   appbar=top_bar(app, app.t("settings.title")),
                   controls=[ft.Column([
                       section(app.t("settings.language")), ft.Row(languages, wrap=True),
                       section(app.t("settings.theme")), ft.Row(themes, wrap=True),
                       text(app.t("settings.device_note"), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                   ], spacing=14)])
