// Composition root of the simulator page (served at /sim/, run in a sandboxed frame whose hash
// is the frame id). It wires the real clock, program workers (the learner's program runs in a
// worker, never in this page: see @blockyard/sim frame/worker/program-link.ts), Web Audio, the
// board pictures and window messages to FrameRunner.

import '@fontsource-variable/nunito';
import '../theme/global.css';
import './sim.css';
import { SystemClock, WebAudioOutput } from '@blockyard/platform';
import { FrameRunner, WholeMillisecondClock, browserProgramLinks, simulatorServiceWorkerUrl } from '@blockyard/sim';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { findLanguage, pickLocale } from '../i18n/languages.ts';
import { parsePageFlags } from '../app/page-flags.ts';
import { soundWorkletFactory } from '../audio/sound-worklet-url.ts';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { SimulatorPage } from './SimulatorPage.tsx';
import { createSvgCapture } from './svg-capture.ts';
import programWorkerSource from 'virtual:blockyard/program-worker-source';

declare global {
  interface Window {
    /** For tests and benchmarks inside the frame (the frame holds nothing a program cannot see). */
    blockyardSimFrame?: { runner: FrameRunner; animationFrames: () => number };
  }
}

async function boot(): Promise<void> {
  const container = document.getElementById('sim-root');
  if (!container) return;
  const frameId = decodeURIComponent(window.location.hash.slice(1)) || 'sim-frame';
  // The editor passes on the page flags this page honours (`nolocalhost=1`).
  const localHostMode = !parsePageFlags(window.location.search, { inFrame: true }).noLocalhost;
  // Only a language we translate: the address is the editor's, but anyone can type one.
  const language = pickLocale([new URLSearchParams(window.location.search).get('lang') ?? 'en'], translatedLanguages());
  document.documentElement.lang = language;
  document.documentElement.dir = findLanguage(language)?.rtl ? 'rtl' : 'ltr';

  let boardSvg: SVGSVGElement | null = null;
  // The output pulls from the runner's sound mix, and the runner mutes the output: a holder
  // breaks the circle.
  const sound: { output?: WebAudioOutput } = {};
  const runner = new FrameRunner({
    frameId,
    clock: new WholeMillisecondClock(new SystemClock()),
    // The editor's origin cannot be named from an opaque origin: any target (spec 002 §7).
    post: (message) => window.parent.postMessage(message, '*'),
    // The worker bundle's text comes with this page (build/program-worker-source-plugin.ts).
    links: browserProgramLinks(programWorkerSource),
    // This page comes from the editor's server, so the editor's origin is this URL's origin.
    policy: { allowedOrigins: [window.location.origin], hostname: window.location.hostname, localHostMode },
    capture: createSvgCapture(() => boardSvg),
    audio: { setMuted: (muted) => sound.output?.setMuted(muted), stop: () => sound.output?.stop() },
    log: (message) => console.warn(message),
  });
  sound.output = new WebAudioOutput({ source: runner.sound, factory: soundWorkletFactory });

  window.addEventListener('message', (event) => {
    // Only the editor that framed us drives the simulator; the origin check is the runner's.
    if (event.source !== window.parent) return;
    runner.receive(event.data, event.origin, event.ports);
  });
  let animationFrames = 0;
  const frame = () => {
    animationFrames++;
    runner.tick();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.blockyardSimFrame = { runner, animationFrames: () => animationFrames };

  // Spec 002 §2. A sandboxed (opaque-origin) frame may not register one, so this only acts
  // where the simulator is served from its own origin.
  const worker = simulatorServiceWorkerUrl(window.location.href, { localHostMode });
  if (worker && self.origin !== 'null' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register(worker).catch(() => undefined);
  }

  const i18n = await createI18n(language);
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SimulatorPage runner={runner} onBoardSvg={(element) => (boardSvg = element)} />
      </I18nextProvider>
    </StrictMode>,
  );
  runner.start();
}

void boot();
