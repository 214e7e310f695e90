// Who wrote a serial line. The simulator numbers its boards from 1; the micro:bit on the USB
// cable writes into the same console and chart as board 0, shown by name.

/** The board number of lines read from a real (or emulated) micro:bit over USB. */
export const USB_BOARD_SOURCE = 0;
