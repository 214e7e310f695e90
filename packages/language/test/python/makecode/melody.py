music.set_tempo(140)

def on_button_pressed_a():
    music.play_tone(262, music.beat(BeatFraction.HALF))
    music.play_tone(Note.E, music.beat(BeatFraction.QUARTER))
    music.rest(music.beat(BeatFraction.EIGHTH))
    music.play_tone(Note.G, music.beat(BeatFraction.WHOLE))
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    music.start_melody(music.built_in_melody(Melodies.POWER_UP), MelodyOptions.ONCE)
input.on_button_pressed(Button.B, on_button_pressed_b)

def on_logo_pressed():
    music.ring_tone(440)
    basic.pause(200)
    music.stop_all_sounds()
input.on_logo_event(TouchButtonEvent.PRESSED, on_logo_pressed)

for note in [262, 294, 330]:
    music.play_tone(note, music.beat(BeatFraction.QUARTER))
serial.write_line("tempo " + str(music.tempo()))
