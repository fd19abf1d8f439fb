import type { AssistantPart } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { TerminalOutput } from './terminal-output';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const URL_RE = /https?:\/\/[^\s)\]"'<>]+/g;

export function ExternalLink({ url }: { url: string }) {
  const openExternal = useDesk((s) => s.openExternal);
  return (
    <a
      href={url}
      rel="noreferrer noopener"
      onClick={(e) => {
        e.preventDefault();
        openExternal(url);
      }}
    >
      {url}
    </a>
  );
}

/** WebFetch: the page as a link and what was asked of it; WebSearch: the query and the links found. */
export function WebBody({ part }: { part: ToolPart }) {
  const input = (part.input ?? {}) as Record<string, unknown>;
  const url = typeof input.url === 'string' ? input.url : undefined;
  const query = typeof input.query === 'string' ? input.query : undefined;
  const links =
    part.name === 'WebSearch' && part.result ? [...new Set(part.result.match(URL_RE) ?? [])].slice(0, 20) : [];
  return (
    <div className="tool-rich" data-testid="web-body">
      {url && (
        <div>
          <ExternalLink url={url} />
        </div>
      )}
      {typeof input.prompt === 'string' && <div className="muted">{input.prompt}</div>}
      {query && <div>Search: “{query}”</div>}
      {links.length > 0 && (
        <ul className="file-list">
          {links.map((l) => (
            <li key={l}>
              <ExternalLink url={l} />
            </li>
          ))}
        </ul>
      )}
      {part.result !== undefined && links.length === 0 && (
        <TerminalOutput text={part.result || '(empty)'} error={part.isError} />
      )}
    </div>
  );
}
