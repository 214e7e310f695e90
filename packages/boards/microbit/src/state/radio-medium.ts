// The air between boards in one run: a board's radio sends packets into the medium, every other
// board listening on the same group and frequency band receives them, with a signal strength
// that follows the sender's transmit power (and the distance, via `pathLoss`). The medium itself
// is instantaneous; the radio API adds the time a packet spends in the air (radio.ts).

export type RadioPayload =
  | { kind: 'number'; value: number }
  | { kind: 'value'; name: string; value: number }
  | { kind: 'string'; text: string }
  | { kind: 'buffer'; bytes: Uint8Array }
  /** radio.raiseEvent: the receivers raise (source, value) on their own message bus. */
  | { kind: 'event'; source: number; value: number };

export interface RadioPacket {
  payload: RadioPayload;
  /** Sender's running time (ms) when it sent the packet. */
  time: number;
  /** Sender's serial number (0 unless the sender chose to transmit it). */
  serial: number;
  /** Received signal strength in dBm, filled in per receiver (-128 weakest … -42 strongest). */
  signal: number;
}

export interface RadioEndpoint {
  readonly boardId: number;
  group: number;
  /** 0-7; higher reaches further and arrives stronger. */
  transmitPower: number;
  /** Frequency band 0-83 (2400 + band MHz); boards hear only their own band. Default 7. */
  band?: number;
  enabled: boolean;
  /** Called for each packet heard on this endpoint's group. */
  receive: (packet: RadioPacket) => void;
}

/** The radio settings a packet was sent with (they may change while it is in the air). */
export interface RadioSettings {
  group: number;
  transmitPower: number;
  band?: number;
}

/** The device's default frequency band (MICROBIT_RADIO_DEFAULT_FREQUENCY). */
export const DEFAULT_RADIO_BAND = 7;

/** Transmit power in dBm for each power setting 0-7, as the micro:bit V2's radio has them. */
const TRANSMIT_POWER_DBM: readonly number[] = [-40, -20, -16, -12, -8, -4, 0, 4];

/** Loss between two boards lying side by side: full power arrives at -42 dBm. */
const DEFAULT_PATH_LOSS_DB = 46;

/** Strongest and weakest signal the radio reports; weaker packets are not heard at all. */
const STRONGEST_SIGNAL = -42;
export const WEAKEST_SIGNAL = -128;

/** Signal strength (dBm) at a receiver for a transmit power and path loss, or undefined out of range. */
export function signalStrength(transmitPower: number, pathLoss = DEFAULT_PATH_LOSS_DB): number {
  const power = Math.max(0, Math.min(7, Math.trunc(transmitPower) || 0));
  return Math.min(STRONGEST_SIGNAL, TRANSMIT_POWER_DBM[power]! - pathLoss);
}

export class RadioMedium {
  private readonly endpoints = new Set<RadioEndpoint>();
  /** Every packet sent, for tests and a future radio monitor. */
  readonly log: { from: number; group: number; packet: RadioPacket }[] = [];
  /** dB lost between two boards (by board id); change it to move boards apart. */
  pathLoss: (fromBoard: number, toBoard: number) => number = () => DEFAULT_PATH_LOSS_DB;

  join(endpoint: RadioEndpoint): () => void {
    this.endpoints.add(endpoint);
    return () => this.endpoints.delete(endpoint);
  }

  /**
   * Delivers `packet` from `sender` to every other enabled endpoint on the same group and band
   * (using `settings` when given: the sender's settings when the packet left). Returns how many
   * boards heard it.
   */
  transmit(sender: RadioEndpoint, packet: Omit<RadioPacket, 'signal'>, settings: RadioSettings = sender): number {
    if (!sender.enabled) return 0;
    const band = settings.band ?? DEFAULT_RADIO_BAND;
    this.log.push({ from: sender.boardId, group: settings.group, packet: { ...packet, signal: STRONGEST_SIGNAL } });
    let count = 0;
    for (const endpoint of this.endpoints) {
      if (endpoint === sender || !endpoint.enabled || endpoint.group !== settings.group) continue;
      if ((endpoint.band ?? DEFAULT_RADIO_BAND) !== band) continue;
      const signal = signalStrength(settings.transmitPower, this.pathLoss(sender.boardId, endpoint.boardId));
      if (signal < WEAKEST_SIGNAL) continue;
      endpoint.receive({ ...packet, signal });
      count++;
    }
    return count;
  }
}
