import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';
import { main } from '../main.ts';

async function run(source: string, ...args: string[]) {
  const result = await runCli(['run', 'main.ts', ...args], tempWorkspace('run-sensors', { 'main.ts': source }));
  return { ...result, lines: result.out.split('\n') };
}

describe('blockyard run: sensors, gestures, touches and pins', () => {
  it('raises gestures set by name or from the acceleration', async () => {
    const source = `input.onGesture(Gesture.Shake, () => serial.writeValue("shake", control.millis()))
input.onGesture(Gesture.LogoUp, () => serial.writeValue("logo up", control.millis()))
input.onGesture(Gesture.ThreeG, () => serial.writeValue("3g", control.millis()))
`;
    const result = await run(
      source,
      '--set',
      'gesture=shake@1000,accelerationY=-1023@2000,accelerationZ=0@2000,gesture=3g@3000',
    );
    expect(result.code).toBe(0);
    expect(result.lines.slice(0, 3)).toEqual(['shake:1000', 'logo up:2120', '3g:3000']);
  });

  it('reads every sensor set with --set, on one board or all', async () => {
    const source = `basic.pause(100)
serial.writeLine([input.lightLevel(), input.temperature(), input.compassHeading(), input.soundLevel(), input.acceleration(Dimension.X), input.magneticForce(Dimension.Z)].join(" "))
`;
    const result = await run(
      source,
      '--boards',
      '2',
      '--set',
      'lightLevel=200,temperature=-5,compassHeading=180,soundLevel=99,accelerationX=512,magneticForceZ=-30,2:lightLevel=7',
    );
    expect(result.lines.slice(0, 2)).toEqual(['[board 1] 200 -5 180 99 512 -30', '[board 2] 7 -5 180 99 512 -30']);
  });

  it('touches pins and the logo with --press or --set, and applies pin levels', async () => {
    const source = `input.onPinPressed(TouchPin.P0, () => serial.writeValue("P0", control.millis()))
input.onLogoEvent(TouchButtonEvent.Pressed, () => serial.writeValue("logo", control.millis()))
input.onLogoEvent(TouchButtonEvent.LongPressed, () => serial.writeValue("long", control.millis()))
pins.onPulsed(DigitalPin.P1, PulseValue.High, () => serial.writeValue("pulse", pins.pulseDuration()))
`;
    const result = await run(
      source,
      '--press',
      'P0@500,LOGO@800',
      '--set',
      'touchLogo=1@2000,touchLogo=0@3500,pinP1=1023@4000,pinP1=0@4020',
    );
    expect(result.lines.slice(0, 4)).toEqual(['P0:600', 'logo:900', 'long:3500', 'pulse:20000']);
  });

  it('keeps running after the program resets the board', async () => {
    const source = `serial.writeValue("start", control.millis())
basic.pause(1000)
control.reset()
`;
    const result = await run(source, '--time', '3500');
    expect(result.code).toBe(0);
    expect(result.lines.slice(0, 3)).toEqual(['start:0', 'start:0', 'start:0']);
  });

  it('explains wrong names and values', async () => {
    expect((await run('', '--set', 'gesture=wobble@100')).err).toContain(
      '--set "gesture=wobble@100": there is no gesture "wobble". Gestures: shake, logoUp',
    );
    expect((await run('', '--set', 'gesture=42')).err).toContain('There is no gesture 42');
    expect((await run('', '--set', 'lightLevel=bright')).err).toContain('the value of lightLevel must be a number');
    const unknown = await run('', '--set', 'pinP17=1');
    expect(unknown.err).toContain('there is no "pinP17". You can set lightLevel, compassHeading');
    expect(unknown.err).toContain('touchLogo, pinP0 to pinP20.');
    expect((await run('', '--press', 'P3@100')).err).toContain('a touch (P0, P1, P2 or LOGO)');
  });

  it('lists the --set names in its help', async () => {
    const out: string[] = [];
    await main(['run', '--help'], { stdout: (t) => out.push(t), stderr: (t) => out.push(t), cwd: tmpdir() });
    const help = out.join('');
    for (const name of [
      'lightLevel',
      'compassHeading',
      'accelerationX/Y/Z',
      'gesture',
      'touchLogo',
      'pinP0 to pinP20',
    ]) {
      expect(help).toContain(name);
    }
  });
});
