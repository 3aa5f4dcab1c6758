"""a table opened by "Hemen oyna" (quick play): other quick players are seated at it

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("salon_tables") as batch:
        batch.add_column(sa.Column("quick", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("salon_tables") as batch:
        batch.drop_column("quick")
