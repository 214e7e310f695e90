// The "game_game_over" block (game.gameOver) as it comes out of the toolbox.

game.gameOver()
