"""standings that reflect play, ratings, daily chips: who decided each action, whether
a seat's match counts and whether they left it, a rating per game and person, the
daily claims (each once a day by a unique key)

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("auto", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("match_players") as batch:
        batch.add_column(sa.Column("counted", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))
        batch.add_column(sa.Column("left", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("last_match", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name=op.f("fk_ratings_user_id_users")),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_ratings")),
    )
    op.create_table(
        "daily_claims",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("txn_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name=op.f("fk_daily_claims_user_id_users")),
        sa.ForeignKeyConstraint(["txn_id"], ["ledger_txns.id"],
                                name=op.f("fk_daily_claims_txn_id_ledger_txns")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_daily_claims")),
        sa.UniqueConstraint("user_id", "kind", "day",
                            name=op.f("uq_daily_claims_user_id")),
    )


def downgrade() -> None:
    op.drop_table("daily_claims")
    op.drop_table("ratings")
    with op.batch_alter_table("match_players") as batch:
        batch.drop_column("left")
        batch.drop_column("counted")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("auto")
