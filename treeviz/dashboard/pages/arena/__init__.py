"""The Arena page: tournaments and sweeps."""
