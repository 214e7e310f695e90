// The `light` namespace: RGB LED strips (WS2812B, "NeoPixel") on a pin. Extensions such as
// MakeCode's neopixel send their colour bytes through it; it has no blocks of its own.

/**
 * Send colours to RGB LED strips.
 */
//% advanced=true
declare namespace light {
  /**
   * Sends colour bytes down an LED strip's wire (green, red, blue for each LED unless setMode
   * says otherwise).
   * @param buf the bytes, 3 per LED
   * @param pin the pin the strip is on
   */
  //% help=light/send-ws2812-buffer advanced=true
  function sendWS2812Buffer(buf: Buffer, pin: number): void;

  /**
   * Sends colour bytes down an LED strip's wire, each byte scaled by a brightness.
   * @param buf the bytes, 3 per LED
   * @param pin the pin the strip is on
   * @param brightness from 0 (off) to 255 (as sent)
   */
  //% help=light/send-ws2812-buffer-with-brightness advanced=true
  function sendWS2812BufferWithBrightness(buf: Buffer, pin: number, brightness: number): void;

  /**
   * Says how a strip on a pin orders its bytes: 1 green-red-blue, 2 green-red-blue-white,
   * 3 red-green-blue.
   * @param pin the pin the strip is on
   * @param mode the byte order, eg: 1
   */
  //% help=light/set-mode advanced=true
  function setMode(pin: number, mode: number): void;
}
