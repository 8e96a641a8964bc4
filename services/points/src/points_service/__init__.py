"""The points service: loyalty points by each brand's rules (ARCHITECTURE §2)."""
