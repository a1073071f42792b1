"""connect4"""
