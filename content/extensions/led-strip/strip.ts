/**
 * Colours with names, as 0xRRGGBB.
 */
enum StripColor {
  //% block=red
  Red = 0xff0000,
  //% block=orange
  Orange = 0xffa500,
  //% block=yellow
  Yellow = 0xffff00,
  //% block=green
  Green = 0x00ff00,
  //% block=blue
  Blue = 0x0000ff,
  //% block=purple
  Purple = 0x8a2be2,
  //% block=white
  White = 0xffffff,
  //% block=black
  Black = 0x000000,
}

/**
 * RGB LED strips on a pin.
 */
//% color="#2f855a" weight=60 icon="\uf110" block="LED strip"
namespace ledstrip {
  /**
   * A strip of RGB LEDs on one pin.
   */
  export class Strip {
    pin: number;
    count: number;
    brightness: number;
    colours: number[];

    constructor(pin: number, count: number) {
      this.pin = pin;
      this.count = Math.max(1, Math.min(count, 256));
      this.brightness = 128;
      this.colours = [];
      for (let i = 0; i < this.count; i++) this.colours.push(0);
    }

    /**
     * Set one LED's colour; it shows after "show".
     */
    //% blockId=ledstrip_set_pixel block="%strip|set LED %index|to %rgb=ledstrip_colors"
    setPixelColor(index: number, rgb: number): void {
      if (index < 0 || index >= this.count) return;
      this.colours[index] = rgb & 0xffffff;
    }

    /**
     * Show one colour on every LED.
     */
    //% blockId=ledstrip_show_color block="%strip|show color %rgb=ledstrip_colors"
    showColor(rgb: number): void {
      for (let i = 0; i < this.count; i++) this.colours[i] = rgb & 0xffffff;
      this.show();
    }

    /**
     * Show a rainbow from red to purple along the strip.
     */
    //% blockId=ledstrip_rainbow block="%strip|show rainbow"
    showRainbow(): void {
      for (let i = 0; i < this.count; i++) {
        this.colours[i] = hue(Math.idiv(i * 300, this.count));
      }
      this.show();
    }

    /**
     * Set the brightness, 0 (off) to 255 (brightest).
     */
    //% blockId=ledstrip_brightness block="%strip|set brightness %value"
    //% value.min=0 value.max=255 value.defl=128
    setBrightness(value: number): void {
      this.brightness = Math.max(0, Math.min(255, value));
    }

    /**
     * Turn every LED off.
     */
    //% blockId=ledstrip_clear block="%strip|clear"
    clear(): void {
      for (let i = 0; i < this.count; i++) this.colours[i] = 0;
      this.show();
    }

    /**
     * The colour of one LED (0 when there is no such LED).
     */
    //% blockId=ledstrip_pixel_color block="%strip|color of LED %index"
    pixelColor(index: number): number {
      if (index < 0 || index >= this.count) return 0;
      return this.colours[index];
    }

    /**
     * The bytes sent down the wire: green, red, blue for each LED, brightness applied.
     */
    bytes(): Buffer {
      const buf = pins.createBuffer(this.count * 3);
      for (let i = 0; i < this.count; i++) {
        const c = this.colours[i];
        buf.setUint8(i * 3, scale((c >> 8) & 0xff, this.brightness));
        buf.setUint8(i * 3 + 1, scale((c >> 16) & 0xff, this.brightness));
        buf.setUint8(i * 3 + 2, scale(c & 0xff, this.brightness));
      }
      return buf;
    }

    /**
     * Light the LEDs with the colours set.
     */
    //% blockId=ledstrip_show block="%strip|show"
    show(): void {
      light.sendWS2812Buffer(this.bytes(), this.pin);
    }
  }

  /**
   * A strip of LEDs on a pin.
   */
  //% blockId=ledstrip_create block="LED strip at pin %pin|with %count|LEDs"
  //% count.defl=24 blockSetVariable=strip
  export function create(pin: DigitalPin, count: number): Strip {
    return new Strip(pin, count);
  }

  /**
   * A colour from its red, green and blue parts (0 to 255 each).
   */
  //% blockId=ledstrip_rgb block="red %red|green %green|blue %blue"
  export function rgb(red: number, green: number, blue: number): number {
    return (clamp(red) << 16) | (clamp(green) << 8) | clamp(blue);
  }

  /**
   * A colour by its name.
   */
  //% blockId=ledstrip_colors block="%color"
  export function colors(color: StripColor): number {
    return color;
  }

  function clamp(value: number): number {
    return Math.max(0, Math.min(255, Math.round(value)));
  }

  function scale(value: number, brightness: number): number {
    return Math.idiv(value * brightness, 255);
  }

  /** A fully saturated colour at `degrees` on the colour wheel (0 red, 120 green, 240 blue). */
  function hue(degrees: number): number {
    const h = degrees % 360;
    const x = Math.idiv(255 * (60 - Math.abs((h % 120) - 60)), 60);
    if (h < 60) return rgb(255, x, 0);
    if (h < 120) return rgb(x, 255, 0);
    if (h < 180) return rgb(0, 255, x);
    if (h < 240) return rgb(0, x, 255);
    if (h < 300) return rgb(x, 0, 255);
    return rgb(255, 0, x);
  }
}
