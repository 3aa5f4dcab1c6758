"""Test-only: ``kahvehane serve`` whose first deals use fixed seeds.

The salon draws every deal's seed with ``secrets`` (docs/protocol.md §5), so no test can
know a deal in advance. The browser test that finishes an Okey deal by dropping a tile on
the indicator needs a deal where that is possible on the first move; this wrapper makes
the server's first deals use the seeds in ``KAHVEHANE_WEB_SEEDS`` (comma-separated), in
order, and fresh secret seeds after them. Nothing else changes: commit–reveal, records and
the engines are the real ones.
"""

from __future__ import annotations

import os
import sys

import kahvehane.server.table as table_module
from kahvehane.cli import main
from kahvehane.fair import new_seed

_SEEDS = [s for s in os.environ.get("KAHVEHANE_WEB_SEEDS", "").split(",") if s]


def _seeded() -> str:
    return _SEEDS.pop(0) if _SEEDS else new_seed()


table_module.new_seed = _seeded  # type: ignore[assignment]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
