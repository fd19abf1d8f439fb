import type { ApprovalRequest } from '../../../../shared/turn-events';

/** The one field a person may edit before allowing (issue 8): the command, or the new file content. */
export function editableField(request: ApprovalRequest): { key: string; label: string } | undefined {
  const input = request.input;
  if (typeof input.command === 'string') return { key: 'command', label: 'Command' };
  if (typeof input.content === 'string') return { key: 'content', label: 'Content' };
  if (typeof input.new_string === 'string') return { key: 'new_string', label: 'Replacement' };
  return undefined;
}

/** An Edit as removed / added lines: enough to judge a change without a diff library. */
export function EditDiff({ before, after }: { before: string; after: string }) {
  return (
    <pre className="approval-pre approval-diff" data-testid="approval-diff">
      {before.split('\n').map((line, i) => (
        <span key={`d${i}`} className="diff-del">
          {`- ${line}\n`}
        </span>
      ))}
      {after.split('\n').map((line, i) => (
        <span key={`a${i}`} className="diff-add">
          {`+ ${line}\n`}
        </span>
      ))}
    </pre>
  );
}

/** What the tool will do, read-only: command, file path with content or diff, else the raw input. */
export function ApprovalPreview({ request }: { request: ApprovalRequest }) {
  const input = request.input;
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
      ) : typeof input.old_string === 'string' && typeof input.new_string === 'string' ? (
        <EditDiff before={input.old_string} after={input.new_string} />
      ) : typeof input.content === 'string' ? (
        <pre className="approval-pre" data-testid="approval-content">
          {input.content}
        </pre>
      ) : (
        Object.keys(rest).length > 0 && <pre className="approval-pre">{JSON.stringify(rest, null, 2)}</pre>
      )}
    </div>
  );
}
