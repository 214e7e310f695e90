// One step of the GitHub dialog as a form: an optional heading and intro, its fields, then the
// actions row (an optional secondary button, and the main button that submits). Every form of the
// dialog (token, Save to GitHub, commit, branch, pull request, release) has this one layout.
import { useId, type FormEvent, type ReactNode } from 'react';

export interface GitHubStepProps {
  heading?: string;
  /** Said before the fields. */
  intro?: ReactNode;
  children?: ReactNode;
  onSubmit: () => void;
  /** The main button's words, and its words while the step runs. */
  submitLabel: string;
  busyLabel?: string;
  icon?: ReactNode;
  busy: boolean;
  /** Whether the fields are ready (the main button is off until then). */
  ready?: boolean;
  secondary?: { label: string; onClick: () => void; disabled?: boolean } | undefined;
}

export function GitHubStep({
  heading,
  intro,
  children,
  onSubmit,
  submitLabel,
  busyLabel,
  icon,
  busy,
  ready = true,
  secondary,
}: GitHubStepProps) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && ready) onSubmit();
  };
  return (
    <form onSubmit={submit} className="github-form" {...(heading ? { 'aria-labelledby': headingId } : {})}>
      {heading ? (
        <h3 id={headingId} className="github-subheading">
          {heading}
        </h3>
      ) : null}
      {intro}
      {children}
      <div className="dialog-actions">
        {secondary ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={secondary.disabled}
            onClick={secondary.onClick}
          >
            {secondary.label}
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy || !ready}>
          {icon}
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
