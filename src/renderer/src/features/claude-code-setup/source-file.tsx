import { useDesk } from '../../store/store-context';

const SCOPE_LABEL = {
  user: 'User',
  project: 'Project',
  local: 'Local (not checked in)',
  managed: 'Managed by your administrator',
  nested: 'Nested (in a subfolder)',
  parent: 'A folder above the project',
} as const;
export type SourceKind = keyof typeof SCOPE_LABEL;

/**
 * Which file an entry comes from — user (`~/.claude`), project, local (`*.local.*`) or managed — and, on the desktop,
 * a button that opens it in the OS's editor (the host checks the path, app/window/open-file.ts). Browser mode has no
 * editor to open: the path is there to copy.
 */
export function SourceFile({ kind, path, exists = true }: { kind: SourceKind; path: string; exists?: boolean }) {
  const desktop = useDesk((s) => s.appInfo?.host === 'electron');
  const openFile = useDesk((s) => s.openFile);
  return (
    <div className="setup-source" data-testid="setup-source">
      <span className="setup-scope" data-scope={kind}>
        {SCOPE_LABEL[kind]}
      </span>
      <code className="setup-path">{path}</code>
      {!exists && <span className="setup-missing">not there yet</span>}
      {desktop && exists && (
        <button type="button" className="btn btn-small btn-ghost" onClick={() => openFile(path)}>
          Open in editor
        </button>
      )}
    </div>
  );
}
