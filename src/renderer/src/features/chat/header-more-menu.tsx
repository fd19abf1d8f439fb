import { ExportButtons } from '../../ui/export-buttons';
import { Icon } from '../../ui/icons';
import { usePopover } from '../../ui/use-popover';

/**
 * A narrow header's overflow: the export buttons, with their words, in a small panel under "More" (a thread's in the
 * chat header, a session's in the History's).
 */
export function HeaderMoreMenu({ target }: { target: { threadId: string } | { sessionId: string } }) {
  const { open, rootRef, panelId, buttonProps } = usePopover('threadId' in target ? target.threadId : target.sessionId);
  const what = 'threadId' in target ? 'thread' : 'session';
  return (
    <div className="header-popover" ref={rootRef}>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label={`More ${what} actions`}
        title={`More: copy or download this ${what} as Markdown`}
        data-testid="header-more"
        {...buttonProps}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div className="header-panel header-more-panel" id={panelId} role="group" aria-label={`More ${what} actions`}>
          <ExportButtons target={target} />
        </div>
      )}
    </div>
  );
}
