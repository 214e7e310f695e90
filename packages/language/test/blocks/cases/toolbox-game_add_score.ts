// The "game_add_score" block (game.addScore) as it comes out of the toolbox.

game.addScore(1)
