"""friends, blocks, notifications, private messages and their reports (issue 30)

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _user(name: str, **kw: object) -> sa.Column[int]:
    return sa.Column(name, sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                     **kw)  # type: ignore[arg-type]


def upgrade() -> None:
    op.create_table(
        "friendships",
        _user("low", primary_key=True), _user("high", primary_key=True),
        sa.Column("requester", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("accepted_at", sa.BigInteger(), nullable=True))
    op.create_index("ix_friendships_high", "friendships", ["high"])
    op.create_table(
        "blocks",
        _user("blocker", primary_key=True), _user("blocked", primary_key=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False))
    op.create_index("ix_blocks_blocked", "blocks", ["blocked"])
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), primary_key=True),
        _user("user_id", nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("read_at", sa.BigInteger(), nullable=True))
    op.create_index("ix_notices_user_read", "notices", ["user_id", "read_at"])
    op.create_table(
        "private_messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        _user("sender_id", nullable=False), _user("recipient_id", nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("read_at", sa.BigInteger(), nullable=True))
    op.create_index("ix_private_messages_pair", "private_messages",
                    ["sender_id", "recipient_id", "id"])
    op.create_index("ix_private_messages_unread", "private_messages",
                    ["recipient_id", "read_at"])
    op.create_index("ix_private_messages_created_at", "private_messages", ["created_at"])
    op.create_table(
        "message_reports",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("message_id", sa.Integer(), nullable=False),
        _user("reporter_id", nullable=False), _user("sender_id", nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.UniqueConstraint("message_id", "reporter_id",
                            name="uq_message_reports_message_id"))


def downgrade() -> None:
    for table in ("message_reports", "private_messages", "notices", "blocks",
                  "friendships"):
        op.drop_table(table)
