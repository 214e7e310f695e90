import { DeviceError, SPEC_MESSAGES } from '@blockyard/device';
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
});
