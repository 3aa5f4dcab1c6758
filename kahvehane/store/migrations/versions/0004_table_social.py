"""the table's social side: private tables (invite code), watcher chat switch, chat
lines kept with the match, and the seat changes of a match (issue 21)

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("salon_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("private", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column("invite", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("invited_watch", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column("watcher_chat", sa.Boolean(), nullable=False,
                                      server_default=sa.true()))
        batch_op.create_index(batch_op.f("ix_salon_tables_invite"), ["invite"], unique=True)
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seat_changes", sa.JSON(), nullable=True))
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("phrase", sa.String(length=40), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["salon_tables.id"],
                                name=op.f("fk_chat_lines_table_id_salon_tables")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"],
                                name=op.f("fk_chat_lines_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_lines")),
    )
    with op.batch_alter_table("chat_lines", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_chat_lines_table_id"), ["table_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_chat_lines_match_id"), ["match_id"], unique=False)


def downgrade() -> None:
    op.drop_table("chat_lines")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("seat_changes")
    with op.batch_alter_table("salon_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_salon_tables_invite"))
        batch_op.drop_column("watcher_chat")
        batch_op.drop_column("invited_watch")
        batch_op.drop_column("invite")
        batch_op.drop_column("private")
