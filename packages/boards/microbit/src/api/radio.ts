// The runtime side of `radio`. Sending puts a packet in the air for RADIO_AIR_TIME_MS (with the
// sender's group, band and power of that moment) and costs the sender the radio's transmit time
// in virtual CPU; the shared RadioMedium then hands it to every board on the same group and band.
// A receiving board keeps at most RADIO_RX_QUEUE packets (more are lost, as on the device) and
// raises the datagram event; the handlers of onReceivedNumber/String/Value/Buffer take every
// waiting packet, in order, and run the matching one.

import { RtBuffer, RuntimeError, type Waiting, runtimeMessages } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { DEFAULT_RADIO_BAND, type RadioPacket, type RadioPayload } from '../state/radio-medium.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';
import {
  RADIO_DATAGRAM_EVENT as RADIO_EVENT,
  RADIO_RX_QUEUE,
  bufferPayload,
  numberPayload,
  packetBytes,
  packetJson,
  packetNumber,
  packetText,
  stringPayload,
  valuePayload,
} from './radio-packet.ts';

/** How long a packet takes to reach the other boards, in ms. */
const RADIO_AIR_TIME_MS = 1;
/** Virtual CPU the sender spends per packet (the radio's transmit time, about 0.3 ms). */
const RADIO_SEND_WORK_UNITS = 300;
/** The device's default transmit power. */
const DEFAULT_TRANSMIT_POWER = 6;

/** Event source of radio broadcast messages (MES_BROADCAST_GENERAL_ID). */
const BROADCAST_EVENT_SOURCE = 2000;

/** `RadioPacketProperty`. */
const PacketProperty = { Time: 0, SerialNumber: 1, SignalStrength: 2 } as const;

type Callback = (...args: unknown[]) => unknown;

class Packet {
  receivedNumber = 0;
  receivedString = '';
  receivedBuffer: RtBuffer = RtBuffer.create(0);
  time = 0;
  serial = 0;
  signal = 0;
}

function requireBuffer(value: unknown): RtBuffer {
  if (value instanceof RtBuffer) return value;
  throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
}

export const radioModule: NamespaceModule = {
  names: ['radio'],
  create(board: BoardHost) {
    const endpoint = board.radio;
    endpoint.group = 0;
    endpoint.transmitPower = DEFAULT_TRANSMIT_POWER;
    endpoint.band = DEFAULT_RADIO_BAND;
    endpoint.enabled = true;
    let transmittingSerial = false;
    let lastPacket: RadioPacket | undefined;
    let initialized = false;
    const handlers: { number?: Callback; value?: Callback; string?: Callback; buffer?: Callback } = {};

    // This board's receiver: a short queue of datagrams, and radio events raised at once.
    endpoint.receive = (packet) => {
      const payload = packet.payload;
      if (payload.kind === 'event') {
        board.raise(payload.source, payload.value);
        return;
      }
      if (board.radioInbox.length >= RADIO_RX_QUEUE) return;
      board.radioInbox.push(packet);
      board.raise(RADIO_EVENT.source, RADIO_EVENT.datagram);
    };

    function send(payload: RadioPayload): void {
      const settings = { group: endpoint.group, transmitPower: endpoint.transmitPower, band: endpoint.band };
      const packet = {
        payload,
        time: Math.trunc(board.runningTime()),
        serial: transmittingSerial ? board.serialNumber : 0,
      };
      // Sending takes the radio a moment, during which the program does not run.
      board.runtime.exec.budget -= RADIO_SEND_WORK_UNITS;
      board.clock.setTimeout(() => board.radioMedium.transmit(endpoint, packet, settings), RADIO_AIR_TIME_MS);
    }

    const take = (): RadioPacket | undefined => board.radioInbox.shift();
    function* callHandler(handler: Callback | undefined, args: unknown[]): Waiting {
      if (handler) yield* board.runtime.exec.call(handler, undefined, args);
    }

    /** The device's one datagram handler: every waiting packet goes to its kind's handler. */
    function* handleDataReceived(): Waiting {
      for (let packet = take(); packet; packet = take()) {
        lastPacket = packet;
        const p = packet.payload;
        if (p.kind === 'number') yield* callHandler(handlers.number, [p.value]);
        else if (p.kind === 'value') yield* callHandler(handlers.value, [p.name, p.value]);
        else if (p.kind === 'string') yield* callHandler(handlers.string, [p.text]);
        else if (p.kind === 'buffer') yield* callHandler(handlers.buffer, [bufferOf(p.bytes)]);
      }
    }

    function init(): void {
      if (initialized) return;
      initialized = true;
      radio.onDataReceived(handleDataReceived);
    }

    function on(kind: keyof typeof handlers, cb: unknown): void {
      init();
      if (typeof cb === 'function') handlers[kind] = cb as Callback;
    }

    function bufferOf(bytes: Uint8Array): RtBuffer {
      const buffer = board.runtime.createBuffer(bytes.length);
      buffer.data.set(bytes);
      return buffer;
    }

    const radio = {
      Packet,
      onReceivedNumber(cb: Callback): void {
        on('number', cb);
      },
      onReceivedValue(cb: Callback): void {
        on('value', cb);
      },
      onReceivedString(cb: Callback): void {
        on('string', cb);
      },
      onReceivedBuffer(cb: Callback): void {
        on('buffer', cb);
      },
      onReceivedNumberDeprecated(cb: Callback): void {
        on('number', cb);
      },
      onReceivedValueDeprecated(cb: Callback): void {
        on('value', cb);
      },
      onReceivedStringDeprecated(cb: Callback): void {
        on('string', cb);
      },
      onReceivedBufferDeprecated(cb: Callback): void {
        on('buffer', cb);
      },
      onDataPacketReceived(cb: Callback): void {
        if (typeof cb !== 'function') return;
        radio.onDataReceived(function* (): Waiting {
          lastPacket = take();
          const packet = new Packet();
          packet.receivedNumber = radio.receivedNumber();
          packet.receivedString = radio.receivedString();
          packet.receivedBuffer = radio.receivedBuffer();
          packet.time = radio.receivedTime();
          packet.serial = radio.receivedSerial();
          packet.signal = radio.receivedSignalStrength();
          yield* board.runtime.exec.call(cb, undefined, [packet]);
        });
      },
      onDataReceived(body: Callback): void {
        if (typeof body !== 'function') return;
        board.runtime.bus.listen(RADIO_EVENT.source, RADIO_EVENT.datagram, body, 'radio on data received');
      },

      receivedPacket(type: number): number {
        if (!lastPacket) return 0;
        switch (toInt(type)) {
          case PacketProperty.Time:
            return lastPacket.time;
          case PacketProperty.SerialNumber:
            return lastPacket.serial;
          case PacketProperty.SignalStrength:
            return lastPacket.signal;
          default:
            return 0;
        }
      },
      _packetProperty(type: number): number {
        return type;
      },

      sendNumber(value: number): void {
        send(numberPayload(Number(value)));
      },
      sendValue(name: string, value: number): void {
        send(valuePayload(name === null || name === undefined ? '' : toText(name), Number(value)));
      },
      sendString(msg: string): void {
        send(stringPayload(msg === null || msg === undefined ? '' : toText(msg)));
      },
      sendBuffer(msg: RtBuffer): void {
        send(bufferPayload(requireBuffer(msg).data));
      },
      raiseEvent(src: number, value: number): void {
        send({ kind: 'event', source: toInt(src), value: toInt(value) });
      },
      sendMessage(msg: number): void {
        // Value 0 would mean "any event", so messages travel as msg + 1.
        send({ kind: 'event', source: BROADCAST_EVENT_SOURCE, value: toInt(msg) + 1 });
      },
      onReceivedMessage(msg: number, handler: Callback): void {
        if (typeof handler !== 'function') return;
        board.runtime.bus.listen(BROADCAST_EVENT_SOURCE, toInt(msg) + 1, handler, 'on radio message received');
      },
      __message(msg: number): number {
        return msg;
      },

      setTransmitSerialNumber(transmit: boolean): void {
        transmittingSerial = Boolean(transmit);
      },
      setGroup(id: number): void {
        endpoint.group = toInt(id) & 0xff;
      },
      setTransmitPower(power: number): void {
        endpoint.transmitPower = Math.max(0, Math.min(7, toInt(power)));
      },
      setFrequencyBand(band: number): void {
        const value = toInt(band);
        // The device ignores bands outside 0-83.
        if (value >= 0 && value <= 83) endpoint.band = value;
      },
      off(): void {
        endpoint.enabled = false;
      },
      on(): void {
        endpoint.enabled = true;
      },

      writeValueToSerial(): void {
        const packet = take();
        if (packet) board.serial.write(packetJson(packet));
      },
      writeReceivedPacketToSerial(): void {
        if (lastPacket) board.serial.write(packetJson(lastPacket));
      },
      receiveNumber(): number {
        lastPacket = take();
        return radio.receivedNumber();
      },
      receiveString(): string {
        lastPacket = take();
        return radio.receivedString();
      },
      receivedNumber(): number {
        return packetNumber(lastPacket) ?? 0;
      },
      receivedString(): string {
        return packetText(lastPacket) ?? '';
      },
      receivedBuffer(): RtBuffer {
        return bufferOf(packetBytes(lastPacket) ?? new Uint8Array(0));
      },
      receivedTime(): number {
        return lastPacket?.time ?? 0;
      },
      receivedSerial(): number {
        return lastPacket?.serial ?? 0;
      },
      receivedSignalStrength(): number {
        return lastPacket?.signal ?? 0;
      },
    };
    return { radio };
  },
};
