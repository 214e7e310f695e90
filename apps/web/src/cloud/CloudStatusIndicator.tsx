import type { CloudStatus, ProjectSync } from '@blockyard/cloud';
import { AlertTriangle, Cloud, CloudCheck, CloudOff, CloudUpload, PencilLine } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudConflictDialog } from './CloudConflictDialog.tsx';
import './cloud.css';

const icons: Record<Exclude<CloudStatus, 'none'>, typeof Cloud> = {
  synced: Cloud,
  justSynced: CloudCheck,
  syncing: CloudUpload,
  localEdits: PencilLine,
  offline: CloudOff,
  conflict: AlertTriangle,
};

interface CloudStatusIndicatorProps {
  readonly sync: ProjectSync;
  readonly projectId: string;
  /** The project card's smaller form. */
  readonly compact?: boolean;
  /** Where a conflict can be settled (the editor): the indicator becomes a button. */
  readonly resolvable?: boolean;
}

/**
 * A project's cloud status (spec 000 §3: icon, tooltip, short and long status, indicator):
 * the short status is shown, the long one is the tooltip and is read by screen readers. Nothing
 * while signed out. In the editor a conflict opens the choice of versions.
 */
export function CloudStatusIndicator({
  sync,
  projectId,
  compact = false,
  resolvable = false,
}: CloudStatusIndicatorProps) {
  const { t } = useTranslation();
  const status = useSyncExternalStore(sync.subscribe, () => sync.status(projectId));
  const [choosing, setChoosing] = useState(false);
  if (status === 'none') return null;
  const Icon = icons[status];
  const short = t(`cloud.status.${status}.short`);
  const long = t(`cloud.status.${status}.long`);
  const tone = status === 'conflict' ? ' status-pill-danger' : status.endsWith('ynced') ? ' status-pill-success' : '';
  const className = `status-pill${tone} cloud-status cloud-status-${status}${compact ? ' cloud-status-compact' : ''}`;
  const content = (
    <>
      <Icon aria-hidden="true" size={compact ? 16 : 18} />
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{long}</span>
    </>
  );
  if (status === 'conflict' && resolvable) {
    return (
      <>
        <button
          type="button"
          className={className}
          title={long}
          data-cloud-status={status}
          onClick={() => setChoosing(true)}
        >
          {content}
        </button>
        {choosing ? <CloudConflictDialog sync={sync} projectId={projectId} onClose={() => setChoosing(false)} /> : null}
      </>
    );
  }
  return (
    <p className={className} role={compact ? undefined : 'status'} title={long} data-cloud-status={status}>
      {content}
    </p>
  );
}
