// Lets a journey decide when the project import worker's answer reaches the page, so the import's
// progress dialog stays on screen for as long as the journey needs to look at it, on a fast
// machine or a loaded one: the journey waits on what the page shows, never on time.
import type { Page } from 'playwright-core';

export interface ImportGate {
  /** Resolves once a worker has finished reading its file (its answer is held). */
  answered(): Promise<void>;
  /** Lets held answers through (an answer to an import cancelled meanwhile is dropped). */
  release(): Promise<void>;
  /** How many progress messages have passed so far. */
  progressCount(): Promise<number>;
}

// A string, not a function: the test runner's transform would add helpers the page lacks.
const GATE_SCRIPT = `(() => {
  if (window !== window.top) return;
  const Native = window.Worker;
  const gate = { held: [], progress: 0 };
  window.blockyardImportGate = gate;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!options || options.name !== 'project-import') return;
      let handler = null;
      let ended = false;
      const terminate = this.terminate.bind(this);
      this.terminate = () => { ended = true; terminate(); };
      super.onmessage = (event) => {
        if (event.data && event.data.type === 'done') {
          // Seen from the journey as an attribute (the page's CSP rules out waitForFunction).
          document.documentElement.dataset.importAnswerHeld = 'true';
          gate.held.push(() => { if (!ended && handler) handler.call(this, event); });
        } else {
          gate.progress += 1;
          if (handler) handler.call(this, event);
        }
      };
      Object.defineProperty(this, 'onmessage', { get: () => handler, set: (value) => { handler = value; } });
    }
  };
})()`;

/**
 * Holds every import worker's final answer until `release()`; progress passes at once. Call
 * before the page loads (it wraps `Worker` for workers named "project-import" only).
 */
export async function holdImportAnswers(page: Page): Promise<ImportGate> {
  await page.addInitScript(GATE_SCRIPT);
  return {
    answered: async () => {
      await page.locator('html[data-import-answer-held]').waitFor({ state: 'attached', timeout: 50_000 });
    },
    release: () =>
      page.evaluate(`(() => {
        delete document.documentElement.dataset.importAnswerHeld;
        for (const deliver of window.blockyardImportGate.held.splice(0)) deliver();
      })()`),
    progressCount: () => page.evaluate<number>('window.blockyardImportGate.progress'),
  };
}
