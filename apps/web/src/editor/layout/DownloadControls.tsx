// Download in the bottom bar: the main button writes the .hex for the micro:bit; "More ways to
// save" offers the picture (.png, the project hidden inside) and MakeCode's .mkcd. A disclosure
// of plain buttons (not an ARIA menu): Tab moves through them, Escape closes and returns focus.

import { ChevronUp, Download, FileCode2, Image, Loader2, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDisclosure } from '../../ui/use-disclosure.ts';
import type { DownloadFormat } from '../files/download-project.ts';

interface DownloadControlsProps {
  downloading: boolean;
  onDownload: (format: DownloadFormat) => void;
}

const ICONS = { hex: Download, png: Image, mkcd: FileCode2 } as const;

export function DownloadControls({ downloading, onDownload }: DownloadControlsProps) {
  const { t } = useTranslation();
  const { open, setOpen, toggle, panelId: menuId, container, button } = useDisclosure();

  const choose = (format: DownloadFormat) => {
    setOpen(false);
    onDownload(format);
  };

  return (
    <div className="download-controls" ref={container}>
      <button
        type="button"
        className="button button-primary editor-download"
        onClick={() => choose('hex')}
        aria-disabled={downloading || undefined}
      >
        {downloading ? (
          <Loader2 aria-hidden="true" size={20} className="spin" />
        ) : (
          <Download aria-hidden="true" size={20} />
        )}
        {downloading ? t('editor.downloading') : t('editor.download')}
      </button>
      <button
        ref={button}
        type="button"
        className="button button-secondary download-more"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('editor.saveAs.more')}
        title={t('editor.saveAs.more')}
        onClick={toggle}
      >
        <Save aria-hidden="true" size={20} />
        <ChevronUp aria-hidden="true" size={16} />
      </button>
      <div id={menuId} className="download-menu" role="group" aria-label={t('editor.saveAs.more')} hidden={!open}>
        {(['hex', 'png', 'mkcd'] as const).map((format) => {
          const Icon = ICONS[format];
          return (
            <button
              key={format}
              type="button"
              className="download-menu-item"
              disabled={downloading}
              onClick={() => choose(format)}
            >
              <Icon aria-hidden="true" size={20} />
              <span>
                <span className="download-menu-title">{t(`editor.saveAs.${format}`)}</span>
                <span className="download-menu-hint">{t(`editor.saveAs.${format}Hint`)}</span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
