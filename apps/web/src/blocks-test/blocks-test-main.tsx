// Boots the blocks test page: reads the program from the address, builds the environment and
// mounts the page. See BlocksTestPage.tsx for the address format.

import '@fontsource-variable/nunito';
import '../theme/global.css';
import './blocks-test.css';
import type { BlockError, BlocksThemeName } from '@blockyard/blocks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlocksTestPage } from './BlocksTestPage.tsx';
import { loadBlocksEnvironment } from './blocks-environment.ts';
import { defaultProgram, fieldEditorsProgram, goldenXml, toolboxPrograms } from './test-programs.ts';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const params = new URLSearchParams(window.location.search);
  const environment = await loadBlocksEnvironment();
  const caseName = params.get('case');
  const toolboxName = params.get('toolbox');
  let xml = params.get('xml') ?? defaultProgram;
  if (caseName) xml = (await goldenXml(caseName)) ?? `<xml><!-- no case ${caseName} --></xml>`;
  if (params.get('program') === 'fields') xml = fieldEditorsProgram(environment);
  if (toolboxName) xml = toolboxPrograms(environment).find((p) => p.name === toolboxName)?.xml ?? xml;
  const theme: BlocksThemeName = params.get('theme') === 'high-contrast' ? 'high-contrast' : 'light';
  const errors: BlockError[] = params.getAll('error').map((entry) => {
    const [blockId = '', ...message] = entry.split(':');
    return { blockId, message: message.join(':') };
  });
  createRoot(container).render(
    <StrictMode>
      <BlocksTestPage
        environment={environment}
        initialXml={xml}
        initialTheme={theme}
        readOnly={params.get('readonly') === '1'}
        errors={errors}
      />
    </StrictMode>,
  );
}

void boot();
