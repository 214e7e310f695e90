// The "game_start_countdown" block (game.startCountdown) as it comes out of the toolbox.

game.startCountdown(10000)
