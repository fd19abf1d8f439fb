import { useState } from 'react';
import { errorText } from '../store/desk-state';
import { useDesk } from '../store/store-context';
import { Icon } from './icons';

/** Save a file from the page: works the same in the desktop window and in browser mode. */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Export buttons for a session or a thread: copy Markdown to the clipboard, or save it as a .md file. */
export function ExportButtons({
  target,
  compact = false,
}: {
  target: { sessionId: string } | { threadId: string };
  /** Icon-only (the chat header). */
  compact?: boolean;
}) {
  const pushNotice = useDesk((s) => s.pushNotice);
  const exportMarkdown = useDesk((s) => s.exportMarkdown);
  const [copied, setCopied] = useState(false);
  const run = async (how: 'copy' | 'save'): Promise<void> => {
    try {
      const { fileName, markdown } = await exportMarkdown(target);
      if (how === 'save') return download(fileName, markdown);
      await navigator.clipboard.writeText(markdown);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (err) {
      pushNotice('error', `Export failed: ${errorText(err)}`);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost ${compact ? 'btn-icon' : ''}`}
        onClick={() => void run('copy')}
        aria-label={compact ? (copied ? 'Copied as Markdown' : 'Copy as Markdown') : undefined}
        title="Copy the conversation as Markdown"
        data-testid="export-copy"
      >
        <Icon name={copied ? 'check' : 'copy'} size={14} /> {!compact && (copied ? 'Copied' : 'Copy as Markdown')}
      </button>
      <button
        type="button"
        className={`btn btn-ghost ${compact ? 'btn-icon' : ''}`}
        onClick={() => void run('save')}
        aria-label={compact ? 'Download as Markdown' : undefined}
        title="Download the conversation as a Markdown file"
        data-testid="export-save"
      >
        <Icon name="down" size={14} /> {!compact && 'Download .md'}
      </button>
    </>
  );
}
