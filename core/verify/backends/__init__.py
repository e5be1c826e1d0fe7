"""Index clients: one module per scholarly API, native JSON in, Records out."""
