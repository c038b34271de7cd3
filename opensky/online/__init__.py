"""Online play: an authoritative host, remote seats, and a server for many tables (spec/online.md)."""
