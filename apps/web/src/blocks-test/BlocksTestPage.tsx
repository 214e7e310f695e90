// The blocks test page: BlocksEditor with a program from the address, the generated JavaScript
// beside it, and buttons for theme, undo/redo and zoom, so journeys can drive the editor the way
// the editor page will. Address: /blocks-test/?case=cases/x.blocks | ?toolbox=<name> | ?xml=...
// | ?program=fields (a block for each field editor)
// and &theme=high-contrast, &readonly=1.

import {
  BlocksEditor,
  createSoundEnginePreview,
  type AudioPreview,
  type BlockError,
  type BlocksEditorHandle,
  type BlocksEnvironment,
  type BlocksThemeName,
} from '@blockyard/blocks';
import { blocksToTypeScript, readBlocksXml } from '@blockyard/language';
import { WebAudioOutput } from '@blockyard/platform';
import { SoundEngine } from '@blockyard/sound';
import { useEffect, useMemo, useRef, useState } from 'react';
import { recordingPreview, type PlayedSound } from './recording-preview.ts';
import { createTestApi, type BlocksTestApi } from './test-api.ts';

declare global {
  interface Window {
    blockyardBlocksTest?: BlocksTestApi;
  }
}

function generated(environment: BlocksEnvironment, xml: string): string {
  try {
    return blocksToTypeScript(readBlocksXml(xml), environment.registry).code;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function BlocksTestPage(props: {
  environment: BlocksEnvironment;
  initialXml: string;
  initialTheme: BlocksThemeName;
  readOnly: boolean;
  errors: readonly BlockError[];
}) {
  const { environment } = props;
  const editor = useRef<BlocksEditorHandle>(null);
  const [xml, setXml] = useState(props.initialXml);
  const [theme, setTheme] = useState<BlocksThemeName>(props.initialTheme);
  // A new key mounts a new editor (the journeys check that nothing of the old one stays).
  const [mount, setMount] = useState(0);
  const played = useMemo<PlayedSound[]>(() => [], []);
  const changes = useMemo<string[]>(() => [], []);
  const audio = useMemo<{ preview: AudioPreview; output: WebAudioOutput }>(() => {
    const engine = new SoundEngine();
    const output = new WebAudioOutput({ source: engine });
    return { preview: recordingPreview(createSoundEnginePreview(engine), played), output };
  }, [played]);

  useEffect(() => () => audio.output.dispose(), [audio]);
  useEffect(() => {
    window.blockyardBlocksTest = createTestApi(
      environment,
      () => editor.current?.controller() ?? null,
      played,
      changes,
    );
    document.body.dataset['blocksReady'] = 'true';
    return () => {
      delete window.blockyardBlocksTest;
    };
  }, [environment, played, changes]);

  useEffect(() => {
    document.documentElement.dataset['theme'] = theme === 'high-contrast' ? 'high-contrast' : '';
  }, [theme]);

  const code = useMemo(() => generated(environment, xml), [environment, xml]);
  const button = (label: string, action: () => void) => (
    <button type="button" className="blocks-test__button" onClick={action}>
      {label}
    </button>
  );
  return (
    <main className="blocks-test">
      <header className="blocks-test__header">
        <h1>Blocks</h1>
        {button('Undo', () => editor.current?.undo())}
        {button('Redo', () => editor.current?.redo())}
        {button('Zoom in', () => editor.current?.zoomIn())}
        {button('Zoom out', () => editor.current?.zoomOut())}
        {button('Reset zoom', () => editor.current?.zoomReset())}
        {button('Remount editor', () => setMount((n) => n + 1))}
        <label className="blocks-test__toggle">
          <input
            type="checkbox"
            checked={theme === 'high-contrast'}
            onChange={(event) => setTheme(event.target.checked ? 'high-contrast' : 'light')}
          />
          High contrast
        </label>
      </header>
      <div className="blocks-test__body">
        <div className="blocks-test__editor">
          <BlocksEditor
            key={mount}
            ref={editor}
            environment={environment}
            xml={xml}
            theme={theme}
            readOnly={props.readOnly}
            errors={props.errors}
            audioPreview={audio.preview}
            onChange={(next) => {
              changes.push(next);
              setXml(next);
            }}
          />
        </div>
        <section className="blocks-test__code" aria-label="Generated JavaScript">
          <pre>{code}</pre>
        </section>
      </div>
    </main>
  );
}
