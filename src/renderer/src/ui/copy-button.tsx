import { useEffect, useState } from 'react';
import { Icon } from './icons';

/** Copy to the clipboard; says "Copied" for a moment. Falls back to a hidden textarea without the async API. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton({
  text,
  label = 'Copy',
  className = '',
}: {
  text: string | (() => string);
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-small copy-button ${className}`}
      onClick={() => {
        copyText(typeof text === 'function' ? text() : text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      aria-label={copied ? 'Copied' : label}
    >
      <Icon name={copied ? 'check' : 'copy'} size={14} />
      <span>{copied ? 'Copied' : label}</span>
    </button>
  );
}

/** A shell command shown as code with its own copy button (status card, login steps). */
export function CommandLine({ command, testId }: { command: string; testId?: string }) {
  return (
    <div className="command-line" data-testid={testId}>
      <code>{command}</code>
      <CopyButton text={command} label="Copy" />
    </div>
  );
}
