import { checkProjectName } from '@blockyard/projects';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The project's name, editable in place; an invalid name is explained and never saved. */
export function NameField({
  value,
  onChange,
  onRevert,
}: {
  value: string;
  onChange: (value: string) => void;
  onRevert: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const problem = checkProjectName(value);
  const message =
    problem === 'empty'
      ? t('editor.nameEmpty')
      : problem === 'too-long'
        ? t('editor.nameTooLong')
        : t('editor.nameInvalid');
  return (
    <div className="editor-name">
      <input
        className="editor-name-input"
        value={value}
        aria-label={t('editor.nameLabel')}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          if (problem) onRevert();
        }}
      />
      {problem ? (
        <p id={errorId} className="field-error editor-name-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
