import { ExportButtons } from '../../ui/export-buttons';
import { Icon } from '../../ui/icons';
import { usePopover } from '../../ui/use-popover';

/** The narrow header's overflow: the export buttons, with their words, in a small panel under "More". */
export function HeaderMoreMenu({ threadId }: { threadId: string }) {
  const { open, rootRef, panelId, buttonProps } = usePopover(threadId);
  return (
    <div className="header-popover" ref={rootRef}>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label="More thread actions"
        title="More: copy or download this thread as Markdown"
        data-testid="header-more"
        {...buttonProps}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div className="header-panel header-more-panel" id={panelId} role="group" aria-label="More thread actions">
          <ExportButtons target={{ threadId }} />
        </div>
      )}
    </div>
  );
}
