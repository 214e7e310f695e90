// The editor's own dialogs (instead of the browser's): a name prompt (new variable, rename) and
// the new-function dialog (name and typed parameters). Keyboard first: focus starts in the first
// box, Enter confirms, Escape cancels.

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { BlocksMessages } from '../environment/messages.ts';

interface PromptDialogState {
  readonly kind: 'prompt';
  readonly title: string;
  readonly label: string;
  readonly defaultValue: string;
  readonly validate?: (value: string) => string | undefined;
  readonly onDone: (value: string | null) => void;
}

interface FunctionDialogState {
  readonly kind: 'function';
  readonly onDone: (result: { name: string; parameters: { name: string; type: string }[] } | null) => void;
}

interface ConfirmDialogState {
  readonly kind: 'confirm';
  readonly message: string;
  readonly alertOnly: boolean;
  readonly onDone: (ok: boolean) => void;
}

export type DialogState = PromptDialogState | FunctionDialogState | ConfirmDialogState;

const NAME = /^[A-Za-z_$][\w$]*$/;

function cancelOnEscape(event: KeyboardEvent, cancel: () => void): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }
}

export function BlocksDialog({
  state,
  messages,
  onClose,
}: {
  state: DialogState;
  messages: BlocksMessages;
  onClose: () => void;
}) {
  if (state.kind === 'prompt') return <PromptDialog state={state} messages={messages} onClose={onClose} />;
  if (state.kind === 'confirm') return <ConfirmDialog state={state} messages={messages} onClose={onClose} />;
  return <FunctionDialog state={state} messages={messages} onClose={onClose} />;
}

function PromptDialog({
  state,
  messages,
  onClose,
}: {
  state: PromptDialogState;
  messages: BlocksMessages;
  onClose: () => void;
}) {
  const [value, setValue] = useState(state.defaultValue);
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  useEffect(() => input.current?.select(), []);
  const cancel = () => {
    onClose();
    state.onDone(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = state.validate?.(value);
    if (error) {
      setProblem(error);
      return;
    }
    onClose();
    state.onDone(value);
  };
  return (
    <FormDialog
      titleId={titleId}
      title={state.title}
      problem={problem}
      onSubmit={submit}
      onCancel={cancel}
      cancelLabel={messages.cancel}
      okLabel={messages.ok}
    >
      <label>
        {state.label}
        <input
          ref={input}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
      </label>
    </FormDialog>
  );
}

function ConfirmDialog({
  state,
  messages,
  onClose,
}: {
  state: ConfirmDialogState;
  messages: BlocksMessages;
  onClose: () => void;
}) {
  const ok = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => ok.current?.focus(), []);
  const finish = (result: boolean) => {
    onClose();
    state.onDone(result);
  };
  return (
    <div className="blockyard-blocks__dialog-backdrop">
      <div
        className="blockyard-blocks__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => cancelOnEscape(e, () => finish(false))}
      >
        <h2 id={titleId}>{state.alertOnly ? state.message : messages.confirmTitle}</h2>
        {!state.alertOnly && <p>{state.message}</p>}
        <div className="blockyard-blocks__dialog-actions">
          {!state.alertOnly && (
            <button type="button" className="blockyard-blocks__button" onClick={() => finish(false)}>
              {messages.cancel}
            </button>
          )}
          <button
            ref={ok}
            type="button"
            className="blockyard-blocks__button blockyard-blocks__button--primary"
            onClick={() => finish(true)}
          >
            {messages.ok}
          </button>
        </div>
      </div>
    </div>
  );
}

const PARAMETER_TYPES = ['number', 'string', 'boolean', 'number[]'] as const;

function FunctionDialog({
  state,
  messages,
  onClose,
}: {
  state: FunctionDialogState;
  messages: BlocksMessages;
  onClose: () => void;
}) {
  const [name, setName] = useState('doSomething');
  const [parameters, setParameters] = useState<{ name: string; type: string }[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  useEffect(() => input.current?.select(), []);
  const cancel = () => {
    onClose();
    state.onDone(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const names = [name, ...parameters.map((p) => p.name)].map((n) => n.trim());
    if (names.some((n) => !NAME.test(n))) {
      setProblem(messages.nameInvalid);
      return;
    }
    if (new Set(names).size !== names.length) {
      setProblem(messages.nameTaken);
      return;
    }
    onClose();
    state.onDone({ name: name.trim(), parameters: parameters.map((p) => ({ name: p.name.trim(), type: p.type })) });
  };
  const update = (index: number, change: Partial<{ name: string; type: string }>) =>
    setParameters((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
  return (
    <FormDialog
      titleId={titleId}
      title={messages.newFunctionTitle}
      problem={problem}
      onSubmit={submit}
      onCancel={cancel}
      cancelLabel={messages.cancel}
      okLabel={messages.ok}
    >
      <label>
        {messages.functionNameLabel}
        <input ref={input} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {parameters.map((parameter, index) => (
        <div className="blockyard-blocks__param" key={index}>
          <label>
            {messages.parameterName}
            <input value={parameter.name} onChange={(e) => update(index, { name: e.target.value })} />
          </label>
          <label>
            {messages.parameterType}
            <select value={parameter.type} onChange={(e) => update(index, { type: e.target.value })}>
              {PARAMETER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="blockyard-blocks__button"
            onClick={() => setParameters((list) => list.filter((_, i) => i !== index))}
          >
            {messages.removeParameter}
          </button>
        </div>
      ))}
      <div className="blockyard-blocks__param">
        <button
          type="button"
          className="blockyard-blocks__button"
          onClick={() => setParameters((list) => [...list, { name: `value${list.length + 1}`, type: 'number' }])}
        >
          {messages.addParameter}
        </button>
      </div>
    </FormDialog>
  );
}

/** The frame of a block dialog with a form: title, content, the problem line (if any), Cancel / OK. */
function FormDialog(props: {
  titleId: string;
  title: string;
  problem: string | undefined;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  cancelLabel: string;
  okLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="blockyard-blocks__dialog-backdrop">
      <form
        className="blockyard-blocks__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.titleId}
        onSubmit={props.onSubmit}
        onKeyDown={(e) => cancelOnEscape(e, props.onCancel)}
      >
        <h2 id={props.titleId}>{props.title}</h2>
        {props.children}
        {props.problem && (
          <p className="blockyard-blocks__dialog-error" role="alert">
            {props.problem}
          </p>
        )}
        <div className="blockyard-blocks__dialog-actions">
          <button type="button" className="blockyard-blocks__button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="submit" className="blockyard-blocks__button blockyard-blocks__button--primary">
            {props.okLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
