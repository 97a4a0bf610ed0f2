"""The channel's publishers: the board, the turn's lines, live messages and the open panels."""
