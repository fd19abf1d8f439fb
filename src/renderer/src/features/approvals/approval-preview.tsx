import { useRef } from 'react';
import type { ApprovalRequest } from '../../../../shared/turn-events';
import { DiffView } from '../tools/diff-view';
import { EDIT_TOOLS, editDiff } from '../tools/diff-rows';
import { diskDiff } from './disk-diff';
import { useApprovalFile } from './use-approval-file';

/** The one field a person may edit before allowing: the command, or the new file content. */
export function editableField(request: ApprovalRequest): { key: string; label: string } | undefined {
  const input = request.input;
  if (typeof input.command === 'string') return { key: 'command', label: 'Command' };
  if (typeof input.content === 'string') return { key: 'content', label: 'Content' };
  if (typeof input.new_string === 'string') return { key: 'new_string', label: 'Replacement' };
  return undefined;
}

/**
 * An edit, judged by its diff against the file as it is on disk now (the host reads it), with a sentence saying
 * what happens to the file: created, overwritten, edited — or that the edit will fail.
 */
function EditPreview({ request, threadId, turnId }: { request: ApprovalRequest; threadId: string; turnId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { file, changed } = useApprovalFile(request, { threadId, turnId }, box);
  const onDisk = file && diskDiff(request.toolName, request.input, file, changed);
  // Until the file is read (or where it says nothing more), the call's own input, drawn like the finished card.
  const fromInput = onDisk?.tone === 'fail' ? undefined : editDiff(request.toolName, request.input);
  const diff = onDisk?.diff ?? fromInput;
  return (
    <div className="approval-edit-preview" ref={box}>
      {onDisk && (
        <p
          className={`approval-file-state approval-file-${onDisk.tone}`}
          data-testid="approval-file-state"
          role={onDisk.tone === 'info' ? undefined : 'alert'}
        >
          {onDisk.note}
        </p>
      )}
      {diff && <DiffView diff={diff} />}
    </div>
  );
}

/** A value as a person reads it: text as it is, lists and objects as indented `key: value` lines, never JSON. */
function readable(value: unknown, indent = ''): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  const entries = Array.isArray(value) ? value.map((v, i) => [`${i + 1}.`, v] as const) : Object.entries(value);
  return entries
    .map(([k, v]) => {
      const nested = v !== null && typeof v === 'object';
      return `${indent}${k}${Array.isArray(value) ? '' : ':'}${nested ? `\n${readable(v, `${indent}  `)}` : ` ${readable(v)}`}`;
    })
    .join('\n');
}

/** What the tool will do, read-only: command, file path with content or diff, else its arguments as key and value. */
export function ApprovalPreview({
  request,
  threadId,
  turnId,
}: {
  request: ApprovalRequest;
  threadId: string;
  turnId: string;
}) {
  const input = request.input;
  if (EDIT_TOOLS.has(request.toolName) && editDiff(request.toolName, input))
    return <EditPreview request={request} threadId={threadId} turnId={turnId} />;
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
          <dl className="approval-args" data-testid="approval-args">
            {Object.entries(rest).map(([key, value]) => (
              <div key={key} className="approval-arg">
                <dt>{key}</dt>
                <dd>
                  <pre className="approval-pre">{readable(value)}</pre>
                </dd>
              </div>
            ))}
          </dl>
        )
      )}
    </div>
  );
}
