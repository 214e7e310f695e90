// Who wrote a serial line. The simulator numbers its boards from 1; the micro:bit on the USB
// cable writes into the same console and chart as board 0 and a micro:bit connected by Bluetooth
// (its UART service) as board -1, both shown by name.

/** The board number of lines read from a real (or emulated) micro:bit over USB. */
export const USB_BOARD_SOURCE = 0;

/** The board number of lines from a micro:bit's Bluetooth UART service. */
export const BLUETOOTH_BOARD_SOURCE = -1;
