// The simulator's own controls, inside the frame: restart, mute, stop sound and full screen.
// Mute lives here because browsers only start sound after a press inside the frame itself.
// Pictures and GIF recordings are the editor's buttons: files are saved only after a press in
// the editor (the frame is untrusted and cannot start a download).

import { type FrameRunner, type FrameViewState, MAX_BOARDS } from '@blockyard/sim';
import { BellOff, Maximize, Minimize, Minus, Plus, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SimToolbar({ runner, state }: { runner: FrameRunner; state: FrameViewState }) {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggleFullscreen = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // Full screen can be refused (an old browser, a frame without permission): nothing to undo.
    request.catch(() => undefined);
  };
  return (
    <div className="sim-toolbar" role="toolbar" aria-label={t('sim.toolbar')}>
      <button type="button" className="sim-tool" onClick={() => runner.requestRestart()} title={t('sim.restart')}>
        <RotateCcw aria-hidden="true" />
        <span className="visually-hidden">{t('sim.restart')}</span>
      </button>
      <button
        type="button"
        className="sim-tool"
        aria-pressed={state.muted}
        onClick={() => runner.setMuted(!state.muted, true)}
        title={state.muted ? t('sim.unmute') : t('sim.mute')}
      >
        {state.muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        <span className="visually-hidden">{t('sim.mute')}</span>
      </button>
      <button type="button" className="sim-tool" onClick={() => runner.stopSound()} title={t('sim.stopSound')}>
        <BellOff aria-hidden="true" />
        <span className="visually-hidden">{t('sim.stopSound')}</span>
      </button>
      <button
        type="button"
        className="sim-tool"
        onClick={toggleFullscreen}
        title={fullscreen ? t('sim.exitFullscreen') : t('sim.fullscreen')}
      >
        {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        <span className="visually-hidden">{fullscreen ? t('sim.exitFullscreen') : t('sim.fullscreen')}</span>
      </button>
      {state.usage.radio && state.phase === 'running' && (
        <span className="sim-tool-group" title={t('sim.radioHint')}>
          <button
            type="button"
            className="sim-tool sim-tool-text"
            disabled={state.boards.length >= MAX_BOARDS}
            onClick={() => runner.addBoard()}
          >
            <Plus aria-hidden="true" /> {t('sim.addBoard')}
          </button>
          <button
            type="button"
            className="sim-tool sim-tool-text"
            disabled={state.boards.length <= 1}
            onClick={() => runner.removeBoard()}
          >
            <Minus aria-hidden="true" /> {t('sim.removeBoard')}
          </button>
        </span>
      )}
    </div>
  );
}
