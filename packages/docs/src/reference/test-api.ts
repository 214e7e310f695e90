// A tiny API library in the board's style, read with the real metadata reader, for the reference
// tests (the web app's tests cover the whole board library).
import ts from 'typescript';
import { readApiMetadata, type ApiMetadata } from '@blockyard/language';

const library = `
declare const enum Button {
    //% block="A"
    A = 1,
    //% block="B"
    B = 2,
}
declare const enum Note {
    C = 262,
    D = 294,
}
//% color=#1E90FF weight=100
declare namespace basic {
    /**
     * Shows a number on the screen.
     * @param value the number to show, eg: 5
     */
    //% blockId=show_number block="show number %value" help=basic/show-number weight=96
    function showNumber(value: number, interval?: number): void;
    /** Shows text. */
    //% blockId=show_text block="show string %text||at speed %interval" help=basic/show-string
    //% text.defl="Hi!" weight=90
    function showString(text: string, interval?: number): void;
    /** Draws a picture. */
    //% blockId=show_leds block="show leds" imageLiteral=1 help=basic/show-leds
    function showLeds(leds: string, interval?: number): void;
    /** Runs code again and again. */
    //% blockId=forever block="forever" help=basic/forever
    function forever(body: () => void): void;
}
//% color=#D400D4 weight=99
declare namespace input {
    /** Runs code when a button is pressed. */
    //% blockId=on_button block="on button %NAME|pressed" help=input/on-button-pressed
    function onButtonPressed(button: Button, body: () => void): void;
    /** True while the button is held down. */
    //% blockId=button_pressed block="button %NAME|is pressed" help=input/button-is-pressed
    //% button.defl=Button.B
    function buttonIsPressed(button: Button): boolean;
    /** The temperature. */
    //% blockId=temperature block="temperature"
    function temperature(): number;
    /** Not a block, but documented. */
    //% help=input/calibrate
    function calibrate(): void;
    /** Neither a block nor a page. */
    function hidden(): void;
}
//% color=#E63022
declare namespace music {
    /** The frequency of a note. */
    //% blockId=note_frequency block="%note" note.defl=262 help=music/note-frequency
    function noteFrequency(note: Note): number;
}
//% color=#007A4B
declare namespace game {
    /** Makes a sprite. */
    //% blockId=create_sprite block="create sprite at x %x y %y" x.defl=2 y.defl=2 help=game/create-sprite
    function createSprite(x: number, y: number): LedSprite;
    //%
    class LedSprite {
        /** Moves the sprite. */
        //% blockId=sprite_move block="%sprite|move by %leds" leds.defl=1 help=game/move
        move(leds: number): void;
    }
}
`;

export const testApi: ApiMetadata = readApiMetadata(ts, [{ name: 'test.d.ts', text: library }]);
