"""Settlement: what each contract pays for each of its periods, written as lines and paid through the wallet."""
