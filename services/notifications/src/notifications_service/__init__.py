"""The notifications service: live push, the inbox, unread counts and customer-service chat."""
