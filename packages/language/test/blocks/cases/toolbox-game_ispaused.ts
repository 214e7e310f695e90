// The "game_ispaused" block (game.isPaused) as it comes out of the toolbox.

let result = game.isPaused()
