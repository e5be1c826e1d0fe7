"""Language server features, one module each, protocol-free where possible."""
