// The "game_pause" block (game.pause) as it comes out of the toolbox.

game.pause()
