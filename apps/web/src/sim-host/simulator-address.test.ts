import { describe, expect, it } from 'vitest';
import { simulatorAddress } from './use-simulator.ts';

describe('the simulator page address', () => {
  it('names the language, asked again for each new frame', () => {
    let language = 'en';
    const options = { language: () => language };
    expect(simulatorAddress(options)).toBe('/sim/?lang=en');
    language = 'zh-CN';
    expect(simulatorAddress(options)).toBe('/sim/?lang=zh-CN');
    expect(simulatorAddress({})).toBe('/sim/');
  });

  it('passes nolocalhost=1 on, so the frame checks origins on this machine too', () => {
    expect(simulatorAddress({ language: 'de', flags: { noLocalhost: true } })).toBe('/sim/?lang=de&nolocalhost=1');
    expect(simulatorAddress({ language: 'de', flags: { noLocalhost: false } })).toBe('/sim/?lang=de');
  });
});
