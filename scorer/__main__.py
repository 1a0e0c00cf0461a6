import gc
import os
import sys
import types

# A CLI call lives ~0.1 s and frees everything at exit; the cyclic collector would only rescan
# the many objects pydantic builds while importing (~9 ms of a call). Before any import, so it
# covers them.
gc.disable()
# The CLI uses no pydantic plugin; looking for them scans every installed package's metadata
# (~5 ms) when the first model is built. pydantic's documented switch; a caller may still set it.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
if os.environ["PYDANTIC_DISABLE_PLUGINS"] in ("__all__", "1", "true"):
    # With every plugin off, pydantic's plugin loader (imported when the first model is built)
    # answers "no plugins", but importing it imports importlib.metadata, and with it email,
    # zipfile and socket, at every call, for that answer. So the answer stands in for it
    # (tests/scorer/test_cli.py holds it to the real loader's).
    no_plugins = types.ModuleType("pydantic.plugin._loader")
    no_plugins.get_plugins = lambda: ()  # type: ignore[attr-defined]
    sys.modules.setdefault(no_plugins.__name__, no_plugins)

from scorer.cli import main  # noqa: E402

sys.exit(main())
