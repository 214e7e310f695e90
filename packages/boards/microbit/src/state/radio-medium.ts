// The air between boards in one run: a board's radio sends packets into the medium, every other
// board listening on the same group receives them. The radio API (radio.sendNumber, onReceived…)
// builds on this; packets carry the fields MakeCode's radio packets have.

export type RadioPayload =
  | { kind: 'number'; value: number }
  | { kind: 'value'; name: string; value: number }
  | { kind: 'string'; text: string }
  | { kind: 'buffer'; bytes: Uint8Array };

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
  enabled: boolean;
  /** Called for each packet heard on this endpoint's group. */
  receive: (packet: RadioPacket) => void;
}

/** Signal strength for a transmit power: -42 dBm at full power, weaker as power drops. */
export function signalStrength(transmitPower: number): number {
  const power = Math.max(0, Math.min(7, Math.trunc(transmitPower)));
  return -42 - (7 - power) * 6;
}

export class RadioMedium {
  private readonly endpoints = new Set<RadioEndpoint>();
  /** Every packet sent, for tests and a future radio monitor. */
  readonly log: { from: number; group: number; packet: RadioPacket }[] = [];

  join(endpoint: RadioEndpoint): () => void {
    this.endpoints.add(endpoint);
    return () => this.endpoints.delete(endpoint);
  }

  /** Delivers `packet` from `sender` to every other enabled endpoint on the same group. */
  transmit(sender: RadioEndpoint, packet: Omit<RadioPacket, 'signal'>): number {
    if (!sender.enabled) return 0;
    const delivered = { ...packet, signal: signalStrength(sender.transmitPower) };
    this.log.push({ from: sender.boardId, group: sender.group, packet: delivered });
    let count = 0;
    for (const endpoint of this.endpoints) {
      if (endpoint === sender || !endpoint.enabled || endpoint.group !== sender.group) continue;
      endpoint.receive({ ...delivered });
      count++;
    }
    return count;
  }
}
