# Dodge the falling rock with A and B; the score goes up each time it reaches the ground.
player: game.LedSprite = None
rock: game.LedSprite = None

def on_button_pressed_a():
    player.move(-1)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    player.move(1)
input.on_button_pressed(Button.B, on_button_pressed_b)

player = game.create_sprite(2, 4)
rock = game.create_sprite(randint(0, 4), 0)
game.set_score(0)

def on_forever():
    basic.pause(300)
    rock.change(LedSpriteProperty.Y, 1)
    if rock.is_touching(player):
        game.game_over()
    if rock.get(LedSpriteProperty.Y) >= 4:
        game.add_score(1)
        rock.set(LedSpriteProperty.Y, 0)
        rock.set(LedSpriteProperty.X, randint(0, 4))
basic.forever(on_forever)
