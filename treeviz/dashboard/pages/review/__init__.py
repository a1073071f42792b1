"""The Review page: a whole game against the exact scores."""
