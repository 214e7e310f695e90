// The block editor component the editor page uses: Blockly with our blocks, toolbox, search and
// field editors, loading `main.blocks` from `xml` and reporting edits through `onChange`
// (debounced, only real changes). Errors show as warnings on their blocks. Keyboard navigation
// is Blockly 13's own. Everything is undone on unmount (an edit still waiting is saved first).
// `hidden` keeps the workspace on the page behind another editor, out of sight and out of reach.

import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { AudioPreview } from '../audio/audio-preview.ts';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import type { ToolboxFilter } from '../toolbox/toolbox-filter.ts';
import type { WorkspaceServices } from '../environment/environment-link.ts';
import { formatMessage } from '../environment/messages.ts';
import type { BlocksThemeName } from '../theme/blockly-theme.ts';
import { BlocksWorkspaceController, type BlockError } from '../workspace/workspace-controller.ts';
import { BlocksDialog, type DialogState } from './BlocksDialogs.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import './blocks-editor.css';

export interface BlocksEditorHandle {
  undo(): void;
  redo(): void;
  zoomIn(): void;
  zoomOut(): void;
  zoomReset(): void;
  /** The workspace as `main.blocks` text, now (pending edits included). */
  getXml(): string;
  /** The same text a frame later, made from what the last saves kept (see the controller's). */
  settledXml(): Promise<string>;
  focus(): void;
  /** The workspace's controller, for hosts that need Blockly itself (highlighting, tests). */
  controller(): BlocksWorkspaceController | null;
}

export interface BlocksEditorProps {
  /** The blocks of this project (one environment per project; see BlocksEnvironment). */
  readonly environment: BlocksEnvironment;
  /** `main.blocks`. A new value that differs from what the editor last reported is loaded. */
  readonly xml: string;
  /** Called after edits settle, with the new `main.blocks` (never for loading, never unchanged). */
  readonly onChange?: (xml: string) => void;
  /** The loaded file as the first save will write it, when that differs (WorkspaceControllerOptions.onPrimed). */
  readonly onPrimed?: (xml: string) => void;
  /** Problems to show on blocks, in plain words (compile or runtime errors mapped to block ids). */
  readonly errors?: readonly BlockError[];
  readonly readOnly?: boolean;
  readonly theme?: BlocksThemeName;
  /** Lets note, melody and sound editors play what they show; play buttons hide without it. */
  readonly audioPreview?: AudioPreview;
  /** Where the app serves Blockly's media folder. */
  readonly media?: string;
  /** Quiet time after the last edit before `onChange` (ms). */
  readonly changeDelayMs?: number;
  /** Told when a file cannot be shown (the editor then stays read-only and keeps the file). */
  readonly onLoadProblem?: (message: string | null) => void;
  readonly sounds?: boolean;
  /** Lay the workspace out right to left (the learner's language is written that way). */
  readonly rtl?: boolean;
  /** A tutorial's view of the toolbox: limited, its blocks' defaults, categories marked. */
  readonly toolboxFilter?: ToolboxFilter;
  readonly className?: string;
  /**
   * Out of sight behind another editor (the host shows Python or JavaScript), kept so that
   * showing it again is instant: same workspace, undo, selection and view. Hidden, it is not
   * drawn, takes no pointer or keyboard focus (inert) and is not read by screen readers; a
   * new `xml` waits until it shows. Shown again, Blockly sizes it to its place.
   */
  readonly hidden?: boolean;
  /**
   * The debugger (issue 18): blocks marked with a breakpoint, the block a paused program is at,
   * and what "Add breakpoint" in a block's menu (or F9) does. Without it, no menu item.
   */
  readonly debug?: BlocksDebug;
  readonly ref?: Ref<BlocksEditorHandle>;
}

export interface BlocksDebug {
  readonly breakpoints: readonly string[];
  readonly current: string | null;
  readonly onToggle: (blockId: string) => void;
}

const noErrors: readonly BlockError[] = [];

export function BlocksEditor(props: BlocksEditorProps) {
  const {
    environment,
    xml,
    errors = noErrors,
    readOnly = false,
    theme = 'light',
    rtl = false,
    hidden = false,
    ref,
  } = props;
  const host = useRef<HTMLDivElement>(null);
  const controller = useRef<BlocksWorkspaceController | null>(null);
  // A workspace rebuilt for another environment or direction (the learner changed language)
  // takes over from the one before it: the old one retires in the cleanup and hands over when
  // its successor is made, or is disposed when the editor closes.
  const retiring = useRef<BlocksWorkspaceController | null>(null);
  const latest = useRef(props);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<number | null>(null);
  const searchId = useId();
  const messages = environment.messages;

  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    const predecessor = retiring.current;
    retiring.current = null;
    const carried = predecessor?.handOver();
    predecessor?.dispose();
    const services: WorkspaceServices = {
      get audioPreview(): AudioPreview | undefined {
        return latest.current.audioPreview;
      },
      prompt: (request) => setDialog({ ...request, kind: 'prompt' }),
      confirm: (message, onDone) => setDialog({ kind: 'confirm', message, alertOnly: false, onDone }),
      alert: (message, onDone) => setDialog({ kind: 'confirm', message, alertOnly: true, onDone: () => onDone() }),
      newFunction: (request) => setDialog({ kind: 'function', onDone: request.onDone }),
    };
    const current = new BlocksWorkspaceController({
      environment,
      container,
      theme: latest.current.theme ?? 'light',
      readOnly,
      media: latest.current.media ?? '/blockly-media/',
      services,
      changeDelayMs: latest.current.changeDelayMs ?? 300,
      onChange: (text) => latest.current.onChange?.(text),
      onPrimed: (text) => latest.current.onPrimed?.(text),
      onLoadProblem: (problem) => {
        setLoadProblem(problem);
        latest.current.onLoadProblem?.(problem);
      },
      ...(latest.current.sounds === undefined ? {} : { sounds: latest.current.sounds }),
      rtl,
      ...(latest.current.toolboxFilter ? { toolboxFilter: latest.current.toolboxFilter } : {}),
    });
    controller.current = current;
    if (carried) current.continueFrom(carried);
    else current.load(latest.current.xml);
    if (latest.current.hidden) current.hide();
    current.setErrors(latest.current.errors ?? noErrors);
    const debugNow = latest.current.debug;
    if (debugNow) {
      current.breakpoints.setHost({
        label: (has) => (has ? environment.messages.removeBreakpoint : environment.messages.addBreakpoint),
        toggle: (blockId) => latest.current.debug?.onToggle(blockId),
      });
      void current.loaded().then(() => {
        current.breakpoints.show(debugNow.breakpoints);
        current.breakpoints.setCurrent(debugNow.current);
      });
    }
    // Hidden, it keeps its size (show() sizes it again).
    const observer = new ResizeObserver(() => {
      if (!latest.current.hidden) current.resize();
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      controller.current = null;
      retiring.current = current;
    };
  }, [environment, readOnly, rtl]);
  // Declared after the effect above, so on unmount its cleanup runs second and finds the retired
  // workspace (an edit still waiting is saved by dispose).
  useEffect(
    () => () => {
      // The editor is off the page: Blockly's teardown waits until what replaced it is drawn.
      retiring.current?.dispose(true);
      retiring.current = null;
    },
    [],
  );

  // Before the effects below (a layout effect): the file shown on return loads into a workspace
  // already sized to its place.
  const shownBefore = useRef(!hidden);
  useLayoutEffect(() => {
    if (shownBefore.current === !hidden) return;
    shownBefore.current = !hidden;
    if (hidden) controller.current?.hide();
    else controller.current?.show();
  }, [hidden]);
  useEffect(() => {
    if (!hidden) controller.current?.setXml(xml);
  }, [xml, hidden]);
  useEffect(() => controller.current?.setToolboxFilter(props.toolboxFilter), [props.toolboxFilter]);
  useEffect(() => controller.current?.setTheme(theme), [theme]);
  useEffect(() => controller.current?.setErrors(errors), [errors]);
  const debug = props.debug;
  useEffect(() => {
    controller.current?.breakpoints.setHost(
      debug
        ? {
            label: (has) => (has ? messages.removeBreakpoint : messages.addBreakpoint),
            toggle: (blockId) => latest.current.debug?.onToggle(blockId),
          }
        : null,
    );
    controller.current?.breakpoints.show(debug?.breakpoints ?? []);
    controller.current?.breakpoints.setCurrent(debug?.current ?? null);
  }, [debug, messages]);

  useImperativeHandle(
    ref,
    () => ({
      undo: () => controller.current?.undo(),
      redo: () => controller.current?.redo(),
      zoomIn: () => controller.current?.zoomIn(),
      zoomOut: () => controller.current?.zoomOut(),
      zoomReset: () => controller.current?.zoomReset(),
      getXml: () => controller.current?.getXml() ?? latest.current.xml,
      settledXml: () => controller.current?.settledXml() ?? Promise.resolve(latest.current.xml),
      focus: () => controller.current?.focus(),
      controller: () => controller.current,
    }),
    [],
  );

  const search = (text: string) => {
    setQuery(text);
    const count = controller.current?.setQuery(text) ?? 0;
    setFound(text.trim() ? count : null);
  };

  const classes = [
    'blockyard-blocks',
    theme === 'high-contrast' ? 'blockyard-blocks--high-contrast' : '',
    hidden ? 'blockyard-blocks--hidden' : '',
    props.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} inert={hidden} aria-hidden={hidden || undefined}>
      {!readOnly && (
        <div className="blockyard-blocks__bar">
          <div className="blockyard-blocks__search" role="search">
            <SearchIcon />
            <input
              id={searchId}
              type="search"
              value={query}
              placeholder={messages.searchPlaceholder}
              aria-label={messages.searchLabel}
              onChange={(event) => search(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') search('');
                else if ((event.key === 'ArrowDown' || event.key === 'Enter') && query.trim()) {
                  event.preventDefault();
                  controller.current?.focusFlyout();
                }
              }}
            />
          </div>
          <span className="blockyard-blocks__status" role="status" aria-live="polite">
            {found === null
              ? ''
              : found === 0
                ? formatMessage(messages.searchNoResults, { query })
                : `${messages.searchResults}: ${found}`}
          </span>
        </div>
      )}
      {loadProblem && (
        <p className="blockyard-blocks__error" role="alert">
          {loadProblem}
        </p>
      )}
      <div className="blockyard-blocks__workspace" ref={host} aria-label={messages.workspaceLabel} />
      {dialog && <BlocksDialog state={dialog} messages={messages} onClose={() => setDialog(null)} />}
    </div>
  );
}
