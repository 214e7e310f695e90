import { serialClock } from '@blockyard/sim';
import { useEffect } from 'react';
import { useServices } from '../app/services-context.tsx';
import { NO_BOARD } from '../device/board-link.ts';
import { pipeBoardSerial } from '../device/board-serial.ts';
import { useBoard } from '../device/use-board.ts';
import { BLUETOOTH_BOARD_SOURCE } from '../sim-host/serial-sources.ts';
import type { Simulator } from '../sim-host/use-simulator.ts';

/**
 * The micro:bits the editor talks to: one on the cable and one by Bluetooth (each NO_BOARD when
 * the browser has no way to reach it). What they write shows in the simulator's console and chart.
 */
export function useEditorBoards(simulator: Simulator) {
  const services = useServices();
  const usbLink = services.board?.link ?? NO_BOARD;
  const bluetoothLink = services.board?.bluetooth ?? NO_BOARD;
  const usb = useBoard(usbLink, 'usb');
  const bluetooth = useBoard(bluetoothLink, 'bluetooth');
  // Stamped on the epoch clock the simulator's worker stamps its boards' lines with (serial-time.ts).
  useEffect(
    () => pipeBoardSerial(usbLink, simulator.controller.console, serialClock(services.clock, performance.timeOrigin)),
    [usbLink, simulator.controller, services.clock],
  );
  useEffect(
    () =>
      pipeBoardSerial(
        bluetoothLink,
        simulator.controller.console,
        serialClock(services.clock, performance.timeOrigin),
        BLUETOOTH_BOARD_SOURCE,
      ),
    [bluetoothLink, simulator.controller, services.clock],
  );
  // Download goes over the cable when there is one, else over Bluetooth.
  const downloadTo = usb.flashes || !bluetooth.flashes ? usb : bluetooth;
  return { usb, bluetooth, usbLink, bluetoothLink, downloadTo };
}
