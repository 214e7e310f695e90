// The "game_isrunning" block (game.isRunning) as it comes out of the toolbox.

let result = game.isRunning()
