// The micro:bit's Bluetooth UART service (the Nordic UART service as the micro:bit exposes it;
// facts from the Lancaster micro:bit Bluetooth profile and CODAL's MicroBitUARTService):
// - service 6e400001-…; a program has it only after `bluetooth.startUartService()`;
// - TX 6e400002-… (the micro:bit's name: it transmits): board -> host by indication, at most 20
//   bytes each (the default ATT MTU of 23 less 3), one in flight at a time; what the program
//   writes while no host has indications on is dropped;
// - RX 6e400003-…: host -> board, written with or without response, at most 20 bytes a write.
// Nordic's own UART service names the two characteristics the other way round.
// MakeCode starts the service with a 61-byte receive ring (three 20-byte writes and the slot a
// ring keeps free) and a 60-byte transmit ring: a line sent to the program must fit in 60 bytes,
// its delimiter included, or the board drops the rest.

export const UART_SERVICE = '6e400001-b5a3-f393-e0a9-e50e24dcca9e';
/** Board -> host (indications). */
export const UART_TX_CHARACTERISTIC = '6e400002-b5a3-f393-e0a9-e50e24dcca9e';
/** Host -> board (writes). */
export const UART_RX_CHARACTERISTIC = '6e400003-b5a3-f393-e0a9-e50e24dcca9e';

/** Bytes in one write or one indication. */
export const UART_PACKET_BYTES = 20;
/** MakeCode's receive ring; a ring holds one byte less than its size. */
export const UART_RX_BUFFER_BYTES = 61;
/** The most one line to the program may hold, delimiter included. */
export const UART_MAX_LINE_BYTES = UART_RX_BUFFER_BYTES - 1;
/** MakeCode's transmit ring. */
export const UART_TX_BUFFER_BYTES = 60;

/** Bytes cut into writes of at most 20. */
export function uartPackets(bytes: Uint8Array): Uint8Array[] {
  const packets: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += UART_PACKET_BYTES) packets.push(bytes.slice(at, at + UART_PACKET_BYTES));
  return packets;
}
