// A page that mounts SimulatorPane with a program from the address, for the end-to-end journeys
// and the simulator benchmark: /sim-test/#code=<url-encoded main.ts>&boards=2&autorun=0.
// It exposes the controller as window.blockyardSimTest so tests can read state and timings.

import '@fontsource-variable/nunito';
import '../theme/global.css';
import type { CompilerClient } from '@blockyard/compiler-worker';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n } from '../i18n/i18n.ts';
import { SimulatorPane } from './SimulatorPane.tsx';
import type { Simulator } from './use-simulator.ts';
import { browserEditorEnvironment } from '../editor/editor-environment.ts';
import { createCompiler } from './compiler-worker.ts';

declare global {
  interface Window {
    blockyardSimTest?: Simulator & { compiler: CompilerClient };
  }
}

function TestPage({ simulator, code }: { simulator: Simulator; code: string }) {
  const { t } = useTranslation();
  return (
    <main style={{ maxWidth: 900, margin: '0 auto', padding: '1rem' }}>
      <h1>{t('sim.pane.label')}</h1>
      <SimulatorPane simulator={simulator} getFiles={() => ({ 'main.ts': code })} />
    </main>
  );
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const params = new URLSearchParams(window.location.hash.slice(1));
  const code = params.get('code') ?? 'basic.showIcon(IconNames.Heart)\n';
  const boards = Number(params.get('boards') ?? '1') || 1;
  const i18n = await createI18n('en');
  // This page is its own composition root: one environment, one compiler worker.
  const environment = browserEditorEnvironment(createCompiler());
  const simulator = environment.createSimulator({ frameTitle: i18n.t('sim.frameTitle') });
  window.blockyardSimTest = { ...simulator, compiler: environment.compiler() };
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <TestPage simulator={simulator} code={code} />
      </I18nextProvider>
    </StrictMode>,
  );
  if (params.get('autorun') !== '0') void simulator.controller.run({ 'main.ts': code }, { boards });
}

void boot();
