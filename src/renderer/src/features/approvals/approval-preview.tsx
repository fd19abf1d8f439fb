import type { ApprovalRequest } from '../../../../shared/turn-events';
import { DiffView } from '../tools/diff-view';
import { EDIT_TOOLS, editDiff } from '../tools/diff-rows';

/** The one field a person may edit before allowing: the command, or the new file content. */
export function editableField(request: ApprovalRequest): { key: string; label: string } | undefined {
  const input = request.input;
  if (typeof input.command === 'string') return { key: 'command', label: 'Command' };
  if (typeof input.content === 'string') return { key: 'content', label: 'Content' };
  if (typeof input.new_string === 'string') return { key: 'new_string', label: 'Replacement' };
  return undefined;
}

/** What the tool will do, read-only: command, file path with content or diff, else the raw input. */
export function ApprovalPreview({ request }: { request: ApprovalRequest }) {
  const input = request.input;
  // An edit is judged by its diff, drawn like the finished card will be.
  const diff = EDIT_TOOLS.has(request.toolName) ? editDiff(request.toolName, input) : undefined;
  if (diff) return <DiffView diff={diff} />;
  const filePath = typeof input.file_path === 'string' ? input.file_path : undefined;
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !['file_path', 'description'].includes(k)));
  return (
    <div className="approval-preview">
      {filePath && (
        <div className="approval-path" data-testid="approval-path">
          <code>{filePath}</code>
        </div>
      )}
      {typeof input.command === 'string' ? (
        <pre className="approval-pre" data-testid="approval-command">
          <span className="muted">$ </span>
          {input.command}
        </pre>
      ) : typeof input.content === 'string' ? (
        <pre className="approval-pre" data-testid="approval-content">
          {input.content}
        </pre>
      ) : (
        Object.keys(rest).length > 0 && (
          <pre className="approval-pre" tabIndex={0}>
            {JSON.stringify(rest, null, 2)}
          </pre>
        )
      )}
    </div>
  );
}
