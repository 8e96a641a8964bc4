"""The site service (ARCHITECTURE §2): brands and everything a page needs before it renders."""
