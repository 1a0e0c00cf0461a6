import gc
import sys

# A CLI call lives ~0.1 s and frees everything at exit; the cyclic collector would only rescan
# the many objects pydantic builds while importing (~9 ms of a call). Before any import, so it
# covers them.
gc.disable()

from scorer.cli import main  # noqa: E402

sys.exit(main())
