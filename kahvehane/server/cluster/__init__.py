"""The salon on several nodes: the Redis bus, table leases and failover
(``docs/scaling.md``). Without ``--redis`` none of it is imported."""
