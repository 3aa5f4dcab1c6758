"""look-alike name keys, away flags of a running match, why a match was aborted

Revision ID: 0003
Revises: 0002

``users.name_skeleton`` (unique) is back-filled from every account's name
(:func:`kahvehane.store.names.name_skeleton`), oldest account first. Where two existing
accounts already share a key (``Ali`` and ``Alı`` both signed up before this), the
older one gets it and the younger keeps ``NULL``: it keeps its name and signs in by it
(``users.name_key``), and no new look-alike of either can sign up. Each such account is
logged (``alembic.runtime.migration``, a warning naming both).
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

from kahvehane.store.names import name_skeleton

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_skeleton", sa.String(length=200), nullable=True))
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_skeleton", sa.String))
    conn = op.get_bind()
    holder: dict[str, tuple[int, str]] = {}
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)):
        key = name_skeleton(name)
        if key in holder:
            log.warning("account %d %r looks like account %d %r: it keeps its name, the"
                        " look-alike key stays with the older one", uid, name, *holder[key])
            continue
        holder[key] = (uid, name)
        conn.execute(sa.update(users).where(users.c.id == uid).values(name_skeleton=key))
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.create_unique_constraint(batch_op.f("uq_users_name_skeleton"),
                                          ["name_skeleton"])
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seat_flags", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("aborted", sa.String(length=60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("aborted")
        batch_op.drop_column("seat_flags")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_users_name_skeleton"), type_="unique")
        batch_op.drop_column("name_skeleton")
