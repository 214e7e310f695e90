// A stand-in for the window's timers and idle callbacks: the test runs each callback itself.
export function fakeIdleHost(options: { idle?: boolean; saveData?: boolean } = {}) {
  const timers: (() => void)[] = [];
  const idles: (() => void)[] = [];
  return {
    timers,
    idles,
    host: {
      setTimeout: (callback: () => void) => timers.push(callback) - 1,
      clearTimeout: (handle: number) => (timers[handle] = () => undefined),
      ...(options.idle === false
        ? {}
        : {
            requestIdleCallback: (callback: () => void) => idles.push(callback) - 1,
            cancelIdleCallback: (handle: number) => (idles[handle] = () => undefined),
          }),
      navigator: { connection: { saveData: options.saveData ?? false } },
    },
  };
}
