// A small annotated API library for the package's tests (Blockyard's own text, in the MakeCode
// annotation format): events with enum dropdowns and handler parameters, an LED picture, an
// icon picker with pictures, a note picker shadow, a slider range, optional parameters after
// `||`, a pin picker (as a field, and in a pin input's shadow), a melody field and a sound expression field.

import ts from 'typescript';
import { createBlockRegistry, type BlockRegistry } from '@blockyard/language';

const testLibrary = `
declare const enum Button {
    //% block="A"
    A = 1,
    //% block="B"
    B = 2,
}

declare const enum IconNames {
    //% block="heart" blockImage=1
    Heart = 0,
    //% block="small heart" blockImage=1
    SmallHeart = 1,
    //% block="yes" blockImage=1
    Yes = 2,
}

declare const enum Note {
    //% block=C4
    C = 262,
    //% block=D4
    D = 294,
    //% block=E4
    E = 330,
}

declare const enum DigitalPin {
    //% block="P0"
    P0 = 100,
    //% block="P1"
    P1 = 101,
}

//% color=#1E90FF weight=100 icon="\\uf00a"
namespace basic {
    /**
     * Shows a number on the screen.
     * @param value the number to show
     */
    //% blockId=device_show_number block="show number %number" help=basic/show-number weight=96
    function showNumber(value: number): void;

    /** Draws a picture on the LED screen. */
    //% blockId=device_show_leds block="show leds" imageLiteral=1 weight=95
    function showLeds(leds: string, interval?: number): void;

    /** Shows a built-in picture. */
    //% blockId=basic_show_icon block="show icon %i" icon.fieldEditor="imagedropdown" weight=90
    function showIcon(icon: IconNames): void;

    /** Scrolls text. */
    //% blockId=device_print_message block="show string %text||at speed %interval" interval.defl=150
    //% expandableArgumentMode="enabled" weight=80
    function showString(text: string, interval?: number): void;

    /** Runs code again and again. */
    //% blockId=device_forever block="forever" weight=70 blockAllowMultiple=1
    function forever(body: () => void): void;
}

//% color=#D400D4 weight=99
namespace input {
    /** Runs code when a button is pressed. */
    //% blockId=device_button_event block="on button %NAME|pressed" weight=100
    function onButtonPressed(button: Button, body: () => void): void;
}

//% color=#E3008C weight=98
namespace radio {
    /** Runs code when a number arrives. */
    //% blockId=radio_on_number_drag block="on radio received" draggableParameters=reporter
    function onReceivedNumber(cb: (receivedNumber: number) => void): void;

    /** Sets the radio group. */
    //% blockId=radio_set_group block="radio set group %ID" ID.min=0 ID.max=255
    function setGroup(id: number): void;
}

//% color=#E63022 weight=97
namespace music {
    /** Plays a tone. */
    //% blockId=device_play_note block="play tone %note=device_note|for %duration ms" duration.defl=500
    function playTone(frequency: number, ms: number): void;

    /** A note. */
    //% blockId=device_note block="%name" shim=TD_ID name.fieldEditor="note" name.defl=262
    function noteFrequency(name: Note): number;

    /** Plays a melody. */
    //% blockId=melody_play block="play melody $melody at tempo $tempo" melody.fieldEditor="melody"
    //% melody.defl="C D E F G A B C5 " tempo.defl=120
    function playMelody(melody: string, tempo: number): void;

    /** Plays a sound. */
    //% blockId=sound_play block="play sound $sound" sound.fieldEditor="soundeffect"
    function playSound(sound: string): void;
}

//% color=#B22222 weight=96
namespace pins {
    /** Writes a pin. */
    //% blockId=device_set_digital_pin block="digital write|pin %name|to %value" name.fieldEditor="gridpicker"
    function digitalWritePin(name: DigitalPin, value: number): void;

    /** Reads a pin. */
    //% blockId=device_get_digital_pin block="digital read|pin %name" name.shadow=digital_pin_shadow
    function digitalReadPin(name: number): number;

    /** A pin (the shadow of a pin input). */
    //% blockId=digital_pin_shadow block="$pin" shim=TD_ID blockHidden=1 pin.fieldEditor="gridpicker"
    function _digitalPinShadow(pin: DigitalPin): number;
}
`;

export function testRegistry(): BlockRegistry {
  return createBlockRegistry({ ts, library: [{ name: 'test-api.d.ts', text: testLibrary }] });
}
