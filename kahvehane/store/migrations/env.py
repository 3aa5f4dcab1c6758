"""Alembic environment of the salon's database.

Migrations live inside the package, so an installed kahvehane can migrate its database
(``kahvehane.store.db.migrate``); the connection comes from ``config.attributes``.
Importing this module outside a migration (a doctest run, say) does nothing.
"""

from __future__ import annotations

from alembic import context

from kahvehane.store.models import Base


def run_migrations() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run the migrations through kahvehane.store.db.migrate(url)")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # set only while Alembic runs this file
    run_migrations()
