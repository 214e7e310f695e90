// The Python names of the API: MakeCode's snake-case rule on a table of cases, overrides, and the
// whole micro:bit table against its golden file (regenerate with UPDATE_PYTHON_BASELINES=1 and
// review the diff).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enumMemberCase, snakeCase } from '../../src/python/snake-case.ts';
import { pythonNames } from '../../src/python/python-names.ts';
import { microbitLibrary, names, ts } from './harness.ts';

describe('snakeCase', () => {
  it.each([
    ['showNumber', 'show_number'],
    ['onButtonPressed', 'on_button_pressed'],
    ['runningTime', 'running_time'],
    ['show', 'show'],
    ['P0', 'P0'],
    ['LED', 'LED'],
    ['already_snake', 'already_snake'],
    ['setIOPin', 'set_io_pin'],
    ['ABCdef', 'ab_cdef'],
    ['TShirt', 'tshirt'],
    ['analogReadPin', 'analog_read_pin'],
    ['x2', 'x2'],
    ['rssi', 'rssi'],
    ['createSong', 'create_song'],
  ])('%s -> %s', (name, expected) => {
    expect(snakeCase(name)).toBe(expected);
  });

  it.each([
    ['Heart', 'HEART'],
    ['SmallHeart', 'SMALL_HEART'],
    ['TShirt', 'TSHIRT'],
    ['CSharp', 'CSHARP'],
    ['A', 'A'],
    ['AB', 'AB'],
    ['P10', 'P10'],
    ['ThreeG', 'THREE_G'],
  ])('enum member %s -> %s', (name, expected) => {
    expect(enumMemberCase(name)).toBe(expected);
  });
});

describe('pythonNames', () => {
  it('names the API as MakeCode does', () => {
    expect(names.qualifiedToPython('basic.showNumber')).toBe('basic.show_number');
    expect(names.qualifiedToPython('input.onButtonPressed')).toBe('input.on_button_pressed');
    expect(names.qualifiedToPython('IconNames.Heart')).toBe('IconNames.HEART');
    expect(names.qualifiedToPython('music.playTone')).toBe('music.play_tone');
    expect(names.qualifiedToPython('radio.onReceivedNumber')).toBe('radio.on_received_number');
    expect(names.qualifiedToPython('Button.AB')).toBe('Button.AB');
    expect(names.qualifiedToPython('randint')).toBe('randint');
    expect(names.qualifiedToTypeScript('basic.show_leds')).toBe('basic.showLeds');
    expect(names.qualifiedToTypeScript('IconNames.SMALL_HEART')).toBe('IconNames.SmallHeart');
  });

  it('names instance members, with the list overrides', () => {
    expect(names.memberToPython('push')).toBe('append');
    expect(names.memberToTypeScript('append')).toBe('push');
    expect(names.memberToPython('indexOf')).toBe('index');
    // MakeCode writes removeAt as remove_at (its Python refuses pop(i) as a value); plain
    // snake-case names of the overridden members read too.
    expect(names.memberToPython('removeAt')).toBe('remove_at');
    expect(names.memberToTypeScript('pop')).toBe('pop');
    expect(names.memberToTypeScript('index_of')).toBe('indexOf');
    expect(names.memberToTypeScript('insert_at')).toBe('insertAt');
    expect(names.memberToPython('showImage')).toBe('show_image');
    expect(names.memberToTypeScript('char_at')).toBe('charAt');
  });

  it('takes //% py.name overrides from the declarations', () => {
    const library = [
      {
        name: 'x.d.ts',
        provides: 'host' as const,
        text: 'declare namespace things {\n  //% py.name=do_it_now\n  function doIt(): void;\n  function doOther(): void;\n}\ndeclare const enum Mode {\n  //% py.name=FAST\n  Quick = 0,\n}\n',
      },
    ];
    const table = pythonNames(ts, library);
    expect(table.qualifiedToPython('things.doIt')).toBe('things.do_it_now');
    expect(table.qualifiedToPython('things.doOther')).toBe('things.do_other');
    expect(table.qualifiedToPython('Mode.Quick')).toBe('Mode.FAST');
    expect(table.qualifiedToTypeScript('things.do_it_now')).toBe('things.doIt');
  });

  it('is built once per library', () => {
    expect(pythonNames(ts, microbitLibrary)).toBe(names);
  });

  it('matches the golden table of every micro:bit name', () => {
    const path = join(import.meta.dirname, 'baselines', 'names.txt');
    const table = names.entries.map((e) => `${e.kind} ${e.ts} -> ${e.py}`).join('\n') + '\n';
    if (process.env['UPDATE_PYTHON_BASELINES']) writeFileSync(path, table);
    expect(table).toBe(readFileSync(path, 'utf8'));
  });
});
