"""The team tree: each account's upline and every ancestor at every depth (a closure table), fed by
``auth.member.registered.v1`` and changed only by an audited ops move."""
