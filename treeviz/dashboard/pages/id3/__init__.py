"""The "Decision trees" page: ID3 trees learnt and explored."""
