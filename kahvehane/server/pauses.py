"""The garbage collector on a schedule (docs/server.md, "Pauses").

A connection is some 125 objects that live as long as it does (its coroutines, protocol
and buffers), so 4,000 connections make half a million; each full collection walks all
of them and pauses every table for hundreds of milliseconds, as often as the allocator
decides. Instead, every ``gc_freeze_every`` seconds what has survived so far is frozen
(moved where collections do not look; freeing by reference count goes on as usual), and
every ``gc_full_every`` seconds one full collection takes the cyclic garbage among the
frozen (closed connections, mostly), at a known rate.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from kahvehane.server.settings import Settings

__all__ = ["collect_on_schedule", "freeze_now"]

log = logging.getLogger("kahvehane.server")


def freeze_now() -> None:
    """After start-up: collect once, and freeze what exists."""
    gc.collect()
    gc.freeze()


async def collect_on_schedule(settings: Settings) -> None:
    """Run until cancelled (see the module's text)."""
    loop = asyncio.get_running_loop()
    last_full = loop.time()
    while True:
        await asyncio.sleep(settings.gc_freeze_every)
        if loop.time() - last_full >= settings.gc_full_every:
            t0 = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            last_full = loop.time()
            log.info("full garbage collection: %d objects freed in %.0f ms", found,
                     1000 * (time.perf_counter() - t0))
        else:
            gc.freeze()
