import { useEffect } from 'react';
import { useDesk } from '../store/store-context';
import { Icon } from './icons';

const AUTO_DISMISS_MS = 6000;

function NoticeItem({
  id,
  level,
  message,
  sticky,
}: {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  sticky?: boolean;
}) {
  const dismiss = useDesk((s) => s.dismissNotice);
  useEffect(() => {
    // Errors stay until dismissed: a person may be away when one happens.
    if (level === 'error' || sticky) return;
    const t = setTimeout(() => dismiss(id), AUTO_DISMISS_MS);
    return () => clearTimeout(t);
  }, [id, level, sticky, dismiss]);
  return (
    <div className={`notice notice-${level}`} role={level === 'error' ? 'alert' : 'status'}>
      <span className="notice-text">{message}</span>
      <button type="button" className="btn btn-ghost btn-icon" aria-label="Dismiss" onClick={() => dismiss(id)}>
        <Icon name="x" size={14} />
      </button>
    </div>
  );
}

/** Toasts for host notices and failed actions, bottom-right, newest last. */
export function Notices() {
  const notices = useDesk((s) => s.notices);
  if (notices.length === 0) return null;
  return (
    <div className="notices" data-testid="notices">
      {notices.map((n) => (
        <NoticeItem key={n.id} {...n} />
      ))}
    </div>
  );
}
