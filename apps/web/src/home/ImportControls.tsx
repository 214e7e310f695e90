import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** File types offered in the picker; the importer explains anything it cannot read yet. */
const IMPORT_ACCEPT = '.mkcd,.json,.hex,.uf2,.png';

export interface ImportButtonProps {
  onFile: (file: File) => void;
  /** Extra class for where the button sits (home header, editor bottom bar). */
  className?: string;
  iconSize?: number;
}

/** The "Import" button: opens the file picker and hands the chosen file on. */
export function ImportButton({ onFile, className = 'home-import', iconSize = 22 }: ImportButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={`button button-secondary ${className}`} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" size={iconSize} />
        {t('home.import')}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        // The visible Import button is the control; this input only opens the picker.
        aria-hidden="true"
        aria-label={t('home.importLabel')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** A region that takes a dropped file; it shows that it will when something is dragged over it. */
export function DropZone({ onFile, children }: { onFile: (file: File) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-active' : ''}`}
      onDragEnter={(event) => {
        if (hasFiles(event)) setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      {children}
      {over ? (
        <div className="drop-zone-overlay" aria-hidden="true">
          <Upload size={36} />
          {t('home.dropHere')}
        </div>
      ) : null}
    </div>
  );
}
