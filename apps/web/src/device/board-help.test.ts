import { DeviceError, SPEC_MESSAGES, type DeviceErrorCode } from '@blockyard/device';
import { describe, expect, it } from 'vitest';
import english from '../i18n/locales/en/translation.json';
import { boardHelp } from './board-help.ts';

const helpTexts = english.board.help as Record<string, unknown>;

describe('help for a board that will not take a program', () => {
  it('another tab holding the board: close it, replug, try again; the spec text is the detail', () => {
    const help = boardHelp(new DeviceError('device-locked', SPEC_MESSAGES.deviceLocked));
    expect(help).toMatchObject({ topic: 'inUse', retry: true, saveFile: true, detail: 'Device in use or not found.' });
    expect(help?.steps).toEqual(['closeOthers', 'replug', 'tryAgain']);
  });

  it('"Device not found." ends with repairing the board (updating its firmware)', () => {
    const help = boardHelp(new DeviceError('device-not-found', SPEC_MESSAGES.deviceNotFound));
    expect(help?.topic).toBe('notFound');
    expect(help?.steps.at(-1)).toBe('updateFirmware');
  });

  it('no WebUSB: no "try again", the file instead; old Windows says so', () => {
    const notimpl = boardHelp(new DeviceError('unavailable', 'x', { reason: 'notimpl' }));
    expect(notimpl).toMatchObject({ topic: 'noWebUsb', retry: false, saveFile: true });
    expect(boardHelp(new DeviceError('unavailable', 'x', { reason: 'oldwindows' }))?.topic).toBe('oldWindows');
  });

  it('says nothing when the learner closed the chooser or pressed Cancel', () => {
    expect(boardHelp(new DeviceError('no-device-selected', 'x'))).toBeNull();
    expect(boardHelp(new DeviceError('cancelled', 'x'))).toBeNull();
  });

  it('something unexpected still gets steps and a way out', () => {
    expect(boardHelp(new Error('boom'))).toMatchObject({
      topic: 'failed',
      retry: true,
      saveFile: true,
      detail: 'boom',
    });
  });

  it('every topic and step has English words', () => {
    const codes = [
      'invalid-command',
      'execution-error',
      'out-of-sync',
      'timeout',
      'cannot-enter-bootloader',
      'not-started',
      'usb-error',
      'device-locked',
      'device-not-found',
      'disconnected',
      'unavailable',
      'invalid-file',
      'usb-flash-required',
      'failed-packet-transfer',
      'verify-failed',
    ] as const;
    for (const code of codes) {
      const help = boardHelp(new DeviceError(code, code))!;
      expect((helpTexts.title as Record<string, string>)[help.topic], code).toBeTruthy();
      for (const step of help.steps) expect((helpTexts.step as Record<string, string>)[step], step).toBeTruthy();
    }
  });

  it('over Bluetooth: no cable to replug; a board out of reach or not in pairing mode says so', () => {
    const lost = boardHelp(new DeviceError('disconnected', 'the Bluetooth link dropped'), 'bluetooth');
    expect(lost).toMatchObject({ topic: 'bleLost', retry: true });
    expect(lost?.steps).not.toContain('replug');
    const silent = boardHelp(new DeviceError('timeout', 'no answer within 20 seconds'), 'bluetooth');
    expect(silent).toMatchObject({ topic: 'bleNoAnswer', retry: true });
    expect(silent?.steps[0]).toBe('pairingMode');
    expect(
      boardHelp(new DeviceError('failed-packet-transfer', SPEC_MESSAGES.failedPacketTransfer), 'bluetooth'),
    ).toMatchObject({ topic: 'bleLost', detail: 'failed packet transfer' });
  });

  it('over Bluetooth, "USB flashing required" asks for one USB flash, without Try again', () => {
    const help = boardHelp(new DeviceError('usb-flash-required', SPEC_MESSAGES.usbFlashRequired), 'bluetooth');
    expect(help).toMatchObject({ topic: 'usbFirst', retry: false, saveFile: true, detail: 'USB flashing required' });
    expect(help?.steps).toEqual(['usbOnce', 'thenBluetooth']);
    expect(boardHelp(new DeviceError('unavailable', 'x', { reason: 'notimpl' }), 'bluetooth')).toMatchObject({
      topic: 'noBluetooth',
      retry: false,
    });
  });

  it('every code has English words over Bluetooth too', () => {
    const codes = [
      'out-of-sync',
      'timeout',
      'device-locked',
      'device-not-found',
      'disconnected',
      'unavailable',
      'invalid-file',
      'usb-flash-required',
      'failed-packet-transfer',
    ] as const;
    for (const code of codes) {
      const help = boardHelp(new DeviceError(code, code), 'bluetooth')!;
      expect((helpTexts.title as Record<string, string>)[help.topic], code).toBeTruthy();
      for (const step of help.steps) expect((helpTexts.step as Record<string, string>)[step], step).toBeTruthy();
    }
  });

  it('over Bluetooth no step speaks of a cable, except where one USB flash is the way out', () => {
    const cable = ['replug', 'checkCable', 'plugBackIn'];
    const codes: DeviceErrorCode[] = [
      'cannot-enter-bootloader',
      'not-started',
      'invalid-command',
      'execution-error',
      'out-of-sync',
      'timeout',
      'device-locked',
      'device-not-found',
      'disconnected',
      'unavailable',
      'invalid-file',
      'failed-packet-transfer',
      'verify-failed',
      'usb-error',
    ];
    for (const code of codes) {
      const help = boardHelp(new DeviceError(code, code), 'bluetooth')!;
      expect(
        help.steps.filter((step) => cable.includes(step)),
        code,
      ).toEqual([]);
    }
    // Something unexpected (not a DeviceError) over Bluetooth: power, distance, try again.
    expect(boardHelp(new Error('GATT operation failed'), 'bluetooth')?.steps).toEqual([
      'checkPower',
      'moveCloser',
      'tryAgain',
      'saveInstead',
    ]);
    // A board no one can reach may be held by a phone or another tab: that is one of the steps.
    expect(boardHelp(new DeviceError('timeout', 'x'), 'bluetooth')?.steps).toContain('closeOthersBluetooth');
  });
});
