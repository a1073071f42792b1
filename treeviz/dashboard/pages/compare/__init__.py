"""The Compare page: two searches of one position side by side."""
