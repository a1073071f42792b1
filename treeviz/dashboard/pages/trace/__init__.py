"""The "Explore a trace file" page: a trace file uploaded and explored."""
