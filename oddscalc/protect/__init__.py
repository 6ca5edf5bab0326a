"""Game protection: effects of removal, counting systems, shoes dealt to the cut, and their chunked exact
evaluation on local processes or a Dask cluster (docs/protect.md)."""
