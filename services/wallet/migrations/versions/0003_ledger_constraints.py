"""the database itself keeps the ledger's rules: journal lines are never changed or removed, no line moves
nothing, deposits and withdrawals move a positive amount and a remainder lies within its withdrawal

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 10:30:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_check_constraint("amount_not_zero", "journal_entry", "amount <> 0")
    op.create_check_constraint("amount_positive", "deposit", "amount > 0")
    op.create_check_constraint("amount_positive", "withdrawal", "amount > 0")
    op.create_check_constraint(
        "remainder_within_amount", "withdrawal", "remainder IS NULL OR (remainder > 0 AND remainder <= amount)"
    )
    op.execute(
        """
        CREATE FUNCTION journal_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'journal entries are immutable: % refused (a correction is a new entry)', TG_OP
                USING ERRCODE = 'integrity_constraint_violation';
        END;
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER journal_entry_append_only BEFORE UPDATE OR DELETE ON journal_entry "
        "FOR EACH ROW EXECUTE FUNCTION journal_is_append_only()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER journal_entry_append_only ON journal_entry")
    op.execute("DROP FUNCTION journal_is_append_only()")
    op.drop_constraint("ck_withdrawal_remainder_within_amount", "withdrawal", type_="check")
    op.drop_constraint("ck_withdrawal_amount_positive", "withdrawal", type_="check")
    op.drop_constraint("ck_deposit_amount_positive", "deposit", type_="check")
    op.drop_constraint("ck_journal_entry_amount_not_zero", "journal_entry", type_="check")
