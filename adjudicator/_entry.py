"""The console-script entry point: the cyclic GC is switched off before the heavy imports.

A command runs well under a second and its objects (one per chat line, pydantic's and
Jinja's classes) hold no cycles that need collecting: the collector only re-walked them,
a third of the run time of a 50,000-line game.  Reference counting still frees memory.
Library users importing ``adjudicator`` keep their GC as it is.
"""

import gc
import os
import sys

from .finish import run_jobs


def run() -> None:
    gc.disable()
    try:
        from .cli.main import main

        code = main()
    except KeyboardInterrupt:  # Ctrl-C while the modules load
        code = 130
    run_jobs()  # caches kept once, as the command finishes (adjudicator.finish)
    # Every file was written and closed inside main(); flush the two streams and leave
    # without tearing down the interpreter's modules and objects one by one, which took
    # a fifth of a small game's run.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # the reader left: nothing more to say
            pass
        except OSError as e:  # standard output on a full disk
            if stream is sys.stdout and code == 0:
                code = 1
                try:
                    from .fsio import os_error_message

                    sys.stderr.write(f"adjudicator: 出力を書けません：{os_error_message(e)}\n")
                    sys.stderr.flush()
                except (OSError, ValueError):
                    pass
    os._exit(code)
