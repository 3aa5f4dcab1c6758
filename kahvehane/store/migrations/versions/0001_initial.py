"""the salon: users, ledger, tables, matches, records

Revision ID: 0001
Revises:
Create Date: 2026-11-30 21:47:12.056936
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ledger_txns",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("memo", sa.Text(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_txns")),
    )
    with op.batch_alter_table("ledger_txns", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ledger_txns_match_id"), ["match_id"], unique=False)

    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("name_key", name=op.f("uq_users_name_key")),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_accounts_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("user_id", name=op.f("uq_accounts_user_id")),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_accounts_table_id"), ["table_id"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("txn_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_ledger_entries_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["txn_id"], ["ledger_txns.id"], name=op.f("fk_ledger_entries_txn_id_ledger_txns")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_entries")),
    )
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_ledger_entries_account_id"), ["account_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_ledger_entries_txn_id"), ["txn_id"], unique=False)

    op.create_table(
        "salon_tables",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("entry", sa.BigInteger(), nullable=True),
        sa.Column("clock", sa.Integer(), nullable=False),
        sa.Column("manager_id", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("kasa_account_id", sa.Integer(), nullable=False),
        sa.Column("pot_account_id", sa.Integer(), nullable=False),
        sa.Column("matches_played", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("closed_at", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["kasa_account_id"],
            ["accounts.id"],
            name=op.f("fk_salon_tables_kasa_account_id_accounts"),
        ),
        sa.ForeignKeyConstraint(
            ["manager_id"], ["users.id"], name=op.f("fk_salon_tables_manager_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["pot_account_id"],
            ["accounts.id"],
            name=op.f("fk_salon_tables_pot_account_id_accounts"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_salon_tables")),
    )
    with op.batch_alter_table("salon_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_salon_tables_closed_at"), ["closed_at"], unique=False)

    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("seat_users", sa.JSON(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("entry", sa.BigInteger(), nullable=True),
        sa.Column("kasa_before", sa.BigInteger(), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("started_at", sa.BigInteger(), nullable=False),
        sa.Column("finished_at", sa.BigInteger(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["salon_tables.id"], name=op.f("fk_matches_table_id_salon_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matches_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_matches_table_id"), ["table_id"], unique=False)

    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("k", sa.Integer(), nullable=False),
        sa.Column("i", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_actions_match_id_matches")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_actions")),
        sa.UniqueConstraint("match_id", "k", "i", name=op.f("uq_actions_match_id")),
    )
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("k", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_deals_match_id_matches")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deals")),
        sa.UniqueConstraint("match_id", "k", name=op.f("uq_deals_match_id")),
    )
    op.create_table(
        "match_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("result", sa.String(length=5), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("points_x12", sa.BigInteger(), nullable=False),
        sa.Column("chips_net", sa.BigInteger(), nullable=False),
        sa.Column("finished_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_match_players_match_id_matches")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_match_players_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_match_players")),
        sa.UniqueConstraint("match_id", "seat", name=op.f("uq_match_players_match_id")),
    )
    with op.batch_alter_table("match_players", schema=None) as batch_op:
        batch_op.create_index("ix_match_players_user_game", ["user_id", "game"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("match_players", schema=None) as batch_op:
        batch_op.drop_index("ix_match_players_user_game")

    op.drop_table("match_players")
    op.drop_table("deals")
    op.drop_table("actions")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_table_id"))
        batch_op.drop_index(batch_op.f("ix_matches_status"))

    op.drop_table("matches")
    with op.batch_alter_table("salon_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_salon_tables_closed_at"))

    op.drop_table("salon_tables")
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_entries_txn_id"))
        batch_op.drop_index(batch_op.f("ix_ledger_entries_account_id"))

    op.drop_table("ledger_entries")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_user_id"))

    op.drop_table("sessions")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_accounts_table_id"))

    op.drop_table("accounts")
    op.drop_table("users")
    with op.batch_alter_table("ledger_txns", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_txns_match_id"))

    op.drop_table("ledger_txns")
