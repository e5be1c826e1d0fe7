"""Training the models that ship in the package (not shipped itself; see training/README.md)."""
