"""portal_kit: the shared chassis of every portal service (ARCHITECTURE §7). It holds no business rules."""
