// A labelled text field of the GitHub dialog: the label above, a large input (or a few lines of
// text), the label tied to the field so screen readers and tests find it by its words.
import { useId, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

export interface GitHubFieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** A few lines (a description) instead of one. */
  multiline?: boolean;
}

export function GitHubField({ label, value, onValue, multiline = false, maxLength, ...input }: GitHubFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className="text-input github-textarea"
          value={value}
          rows={3}
          maxLength={maxLength}
          onChange={(event) => onValue(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className="text-input"
          type="text"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onValue(event.target.value)}
          {...input}
        />
      )}
    </>
  );
}
