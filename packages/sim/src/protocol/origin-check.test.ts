import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isLocalHost } from './origin-check.ts';
import { SIMULATOR_SERVICE_WORKER, simulatorServiceWorkerUrl } from './service-worker-rule.ts';

describe('origin check (spec 002 §5)', () => {
  const policy = { allowedOrigins: ['https://blockyard.example'], hostname: 'blockyard.example' };

  it('accepts messages from an allowed origin', () => {
    expect(isAllowedOrigin('https://blockyard.example', policy)).toBe(true);
  });

  it('ignores messages from any other origin', () => {
    expect(isAllowedOrigin('https://evil.example', policy)).toBe(false);
    expect(isAllowedOrigin('http://blockyard.example', policy)).toBe(false);
    expect(isAllowedOrigin('null', policy)).toBe(false);
    expect(isAllowedOrigin('', policy)).toBe(false);
  });

  it('accepts every origin when the frame is served from a local host', () => {
    for (const hostname of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'sim.localhost']) {
      expect(isAllowedOrigin('https://evil.example', { ...policy, hostname })).toBe(true);
    }
  });

  it('nolocalhost=1 (local-host mode off): a local host holds to the allow-list like any other', () => {
    const local = { allowedOrigins: ['http://localhost:3000'], hostname: 'localhost', localHostMode: false };
    expect(isAllowedOrigin('https://evil.example', local)).toBe(false);
    expect(isAllowedOrigin('http://localhost:4000', local)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3000', local)).toBe(true);
  });

  it('knows what a local host is', () => {
    expect(isLocalHost('LOCALHOST')).toBe(true);
    expect(isLocalHost('localhost.example.com')).toBe(false);
    expect(isLocalHost('128.0.0.1')).toBe(false);
    expect(isLocalHost('blockyard.example')).toBe(false);
  });
});

describe('service worker rule (spec 002 §2)', () => {
  it('registers for the simulator address on a real host, with its ending replaced', () => {
    expect(simulatorServiceWorkerUrl('https://blockyard.example/sim/#sim-frame-1')).toBe(
      `https://blockyard.example/sim/${SIMULATOR_SERVICE_WORKER}`,
    );
    expect(simulatorServiceWorkerUrl('https://blockyard.example/beta/sim/index.html?x=1#f')).toBe(
      `https://blockyard.example/beta/sim/${SIMULATOR_SERVICE_WORKER}`,
    );
  });

  it('does not register without the simulator marker', () => {
    expect(simulatorServiceWorkerUrl('https://blockyard.example/projects/1')).toBeUndefined();
    expect(simulatorServiceWorkerUrl('https://blockyard.example/simulator')).toBeUndefined();
  });

  it('does not register on a local host', () => {
    expect(simulatorServiceWorkerUrl('http://localhost:3000/sim/#f')).toBeUndefined();
    expect(simulatorServiceWorkerUrl('http://127.0.0.1/sim/')).toBeUndefined();
  });

  it('nolocalhost=1: registers on a local host too, as on any host', () => {
    expect(simulatorServiceWorkerUrl('http://localhost:3000/sim/#f', { localHostMode: false })).toBe(
      `http://localhost:3000/sim/${SIMULATOR_SERVICE_WORKER}`,
    );
  });

  it('does not register for addresses it cannot read', () => {
    expect(simulatorServiceWorkerUrl('not a url')).toBeUndefined();
    expect(simulatorServiceWorkerUrl('about:blank')).toBeUndefined();
  });
});
