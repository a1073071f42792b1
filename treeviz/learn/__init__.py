"""Learning by doing, built on recorded traces and exact scores: predict the search
step by step, alpha-beta by hand, and a player's own mistakes as puzzles."""
