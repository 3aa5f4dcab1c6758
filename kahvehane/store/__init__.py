"""Persistence: accounts, the chip ledger, tables, matches and their records.

SQLAlchemy 2 over SQLite (the default: one file, nothing to install) or PostgreSQL (by
URL, the same code); the schema comes from the Alembic migrations inside this package
(:func:`kahvehane.store.db.migrate`), so an installed kahvehane migrates its own database.
"""

from kahvehane.store.db import Store, migrate, normalise_url

__all__ = ["Store", "migrate", "normalise_url"]
