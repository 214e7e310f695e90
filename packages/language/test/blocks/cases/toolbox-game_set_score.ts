// The "game_set_score" block (game.setScore) as it comes out of the toolbox.

game.setScore(0)
