import gc
import os
import sys

# A CLI call lives ~0.1 s and frees everything at exit; the cyclic collector would only rescan
# the many objects pydantic builds while importing (~9 ms of a call). Before any import, so it
# covers them.
gc.disable()
# The CLI uses no pydantic plugin; looking for them scans every installed package's metadata
# (~5 ms) when the first model is built. pydantic's documented switch; a caller may still set it.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from scorer.cli import main  # noqa: E402

sys.exit(main())
