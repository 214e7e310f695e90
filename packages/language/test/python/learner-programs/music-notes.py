notes = [262, 294, 330, 349]

def on_button_pressed_a():
    for note in notes:
        music.play_tone(note, music.beat(BeatFraction.HALF))
    music.rest(music.beat(BeatFraction.QUARTER))
    serial.write_line("done")
input.on_button_pressed(Button.A, on_button_pressed_a)

music.set_tempo(160)
serial.write_value("tempo", music.tempo())
music.play_tone(Note.C, music.beat(BeatFraction.WHOLE))
serial.write_line("start")
