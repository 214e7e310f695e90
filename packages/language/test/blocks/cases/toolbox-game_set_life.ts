// The "game_set_life" block (game.setLife) as it comes out of the toolbox.

game.setLife(0)
