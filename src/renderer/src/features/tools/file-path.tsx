import { useState } from 'react';
import { useDesk } from '../../store/store-context';
import { copyText } from '../../ui/copy-button';

/**
 * A file path on a tool card. On the desktop a click opens the file in the OS's editor (the host checks the path
 * first, see app/window/open-file.ts); in browser mode, where the page cannot open local files, it copies the path.
 */
export function FilePath({ path, label }: { path: string; label?: string }) {
  const host = useDesk((s) => s.appInfo?.host);
  const openFile = useDesk((s) => s.openFile);
  const [copied, setCopied] = useState(false);
  if (!path) return null;
  const desktop = host === 'electron';
  const onClick = () => {
    if (desktop) {
      openFile(path); // a failure is a notice
      return;
    }
    void copyText(path).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <button
      type="button"
      className="file-path"
      data-testid="file-path"
      title={desktop ? `Open ${path}` : `Copy ${path}`}
      onClick={onClick}
    >
      <code>{label ?? path}</code>
      <span className="file-path-action">{copied ? 'Copied' : desktop ? 'Open' : 'Copy path'}</span>
    </button>
  );
}

/** The path relative to the project when it is inside it (shorter on a card), else as is. */
export function shortPath(path: string, projectDir?: string): string {
  if (!projectDir) return path;
  const dir = projectDir.endsWith('/') ? projectDir : `${projectDir}/`;
  return path.startsWith(dir) ? path.slice(dir.length) : path;
}
