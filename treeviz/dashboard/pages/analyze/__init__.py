"""The Analyze page: a position, an agent, its search and why it chose its column."""
