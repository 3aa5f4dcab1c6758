"""the owner node of each table and its incarnation (a salon on several nodes)

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("salon_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("incarnation", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("salon_tables") as batch:
        batch.drop_column("incarnation")
        batch.drop_column("owner")
