import { describe, expect, it } from 'vitest';
import { EmulatedCharacteristic } from './emulated-characteristic.ts';

describe('EmulatedCharacteristic', () => {
  it('hands a host write to the board as a copy, and a throwing board as a rejected write', async () => {
    const received: Uint8Array[] = [];
    let refuse = false;
    const characteristic = new EmulatedCharacteristic('rx', {
      notifies: false,
      onWrite: (bytes) => {
        if (refuse) throw new Error('NetworkError: GATT server is disconnected.');
        received.push(bytes);
      },
    });
    const sent = Uint8Array.of(1, 2, 3);
    await characteristic.writeValueWithoutResponse(sent);
    sent[0] = 9;
    expect(received).toEqual([Uint8Array.of(1, 2, 3)]);
    refuse = true;
    await expect(characteristic.writeValueWithoutResponse(Uint8Array.of(4))).rejects.toThrow(/^NetworkError/);
  });

  it('refuses what the characteristic does not offer, as a browser does', async () => {
    const indicateOnly = new EmulatedCharacteristic('tx', { notifies: true });
    await expect(indicateOnly.writeValueWithoutResponse(Uint8Array.of(1))).rejects.toThrow(/^NotSupportedError/);
    const writeOnly = new EmulatedCharacteristic('rx', { notifies: false, onWrite: () => undefined });
    await expect(writeOnly.startNotifications()).rejects.toThrow(/^NotSupportedError/);
    expect(writeOnly.subscribed).toBe(false);
  });

  it('notifies each listener with the value set, until it is removed', async () => {
    const characteristic = new EmulatedCharacteristic('tx', { notifies: true });
    expect(await characteristic.startNotifications()).toBe(characteristic);
    expect(characteristic.subscribed).toBe(true);
    const heard: number[][] = [];
    const listener = (event: { target: unknown }) => {
      const { value } = event.target as EmulatedCharacteristic;
      heard.push([...new Uint8Array(value!.buffer, value!.byteOffset, value!.byteLength)]);
    };
    characteristic.addEventListener('characteristicvaluechanged', listener);
    characteristic.notify(Uint8Array.of(0xaa, 0x01));
    characteristic.removeEventListener('characteristicvaluechanged', listener);
    characteristic.notify(Uint8Array.of(0xff));
    expect(heard).toEqual([[0xaa, 0x01]]);
    expect(characteristic.value?.getUint8(0)).toBe(0xff);
  });
});
