player = game.create_sprite(2, 4)
enemy = game.create_sprite(0, 0)

def on_button_pressed_a():
    player.move(-1)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    player.move(1)
input.on_button_pressed(Button.B, on_button_pressed_b)

for step in range(4):
    enemy.change(LedSpriteProperty.Y, 1)
    basic.pause(300)
    if enemy.is_touching(player):
        game.add_score(1)
serial.write_value("x", player.get(LedSpriteProperty.X))
serial.write_value("score", game.score())
