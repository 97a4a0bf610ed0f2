"""What a game's face is written with: the faces' contract, control makers, the final record, drawing."""
