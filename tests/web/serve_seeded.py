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

from kahvehane.cli import main as cli_main
from kahvehane.fair import new_seed


def main(argv: list[str]) -> int:
    import kahvehane.server.table.session as session_module

    seeds = [s for s in os.environ.get("KAHVEHANE_WEB_SEEDS", "").split(",") if s]

    def seeded() -> str:
        return seeds.pop(0) if seeds else new_seed()

    session_module.new_seed = seeded  # type: ignore[assignment]
    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
