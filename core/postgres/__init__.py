"""PostgreSQL for what many machines share: the catalog, the answer cache, the batch queue."""
