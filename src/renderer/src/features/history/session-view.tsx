import { useLayoutEffect, useRef, useState } from 'react';
import type { HistorySession } from '../../../../shared/history';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { AssistantMessageView } from '../chat/assistant-message';
import { SidebarToggle } from '../../ui/sidebar-toggle';
import { formatCost } from '../../ui/format';
import { UserMessageView } from '../chat/user-message';
import { ExportButtons } from '../../ui/export-buttons';
import { HeaderMoreMenu } from '../chat/header-more-menu';
import { useNarrowHeader } from '../chat/use-narrow-header';
import { baseName } from './group-sessions';

/** Loads the page above when the reader comes this close to the top (px). */
const LOAD_OLDER_PX = 400;

/**
 * The open session's header: title, then project name (its full path in the tooltip), date, model and cost on one
 * line; actions on the right, the exports as icons, or under "More" when the header is narrow. One row at 1280 px,
 * two at most at 800.
 */
function SessionHeader({ session }: { session: HistorySession }) {
  const continueSession = useDesk((s) => s.continueSession);
  const pin = useDesk((s) => s.pinSession);
  const [busy, setBusy] = useState(false);
  const header = useRef<HTMLElement>(null);
  const narrow = useNarrowHeader(header);
  // Narrow, the date without its time: the second row holds the meta beside the actions.
  const when = new Date(session.lastAt).toLocaleString(
    undefined,
    narrow ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return (
    <header
      ref={header}
      className="chat-header session-header"
      data-testid="session-header"
      data-narrow={narrow || undefined}
    >
      <SidebarToggle />
      <div className="chat-title-block">
        <h1 className="chat-title" data-testid="session-title">
          {session.title}
        </h1>
        <div className="chat-meta">
          <span className="chat-meta-item" title={session.project} data-testid="session-project">
            <Icon name="folder" size={12} /> {baseName(session.project)}
          </span>
          <span className="chat-meta-item" title={`${session.messages} messages`}>
            {when}
          </span>
          {session.model && (
            <span className="chat-meta-item session-model" title={session.model}>
              {session.model}
            </span>
          )}
          {session.costUsd !== undefined && <span className="chat-meta-item">{formatCost(session.costUsd)}</span>}
          {session.source === 'copy' && (
            <span
              className="chip chip-small"
              title="The Claude Code CLI deleted this session; this is Claude Desk's kept copy"
            >
              kept copy
            </span>
          )}
        </div>
      </div>
      <div className="session-actions">
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-pressed={session.pinned}
          aria-label={session.pinned ? 'Unpin' : 'Pin'}
          title={session.pinned ? 'Unpin' : 'Pin'}
          onClick={() => void pin(session.id, !session.pinned)}
        >
          <Icon name="pin" size={16} />
        </button>
        {narrow ? (
          <HeaderMoreMenu target={{ sessionId: session.id }} />
        ) : (
          <ExportButtons target={{ sessionId: session.id }} compact />
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          data-testid="continue-here"
          title="Open as a Claude Desk thread in this folder; the next message resumes this Claude Code session"
          onClick={() => {
            setBusy(true);
            void continueSession(session.id).finally(() => setBusy(false));
          }}
        >
          <Icon name="chat" size={14} /> {session.threadId ? 'Open thread' : 'Continue here'}
        </button>
      </div>
    </header>
  );
}

/** The transcript: opens at its end; scrolling up loads older turns above without moving what is on screen. */
function Transcript() {
  const transcript = useDesk((s) => s.transcript);
  const loadOlder = useDesk((s) => s.loadOlder);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ sessionId: string; fromBottom: number } | null>(null);
  const messages = transcript?.messages ?? [];

  // After each render: first page → at the bottom; older page added above → same content in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !transcript) return;
    const a = anchor.current;
    el.scrollTop = a && a.sessionId === transcript.sessionId ? el.scrollHeight - a.fromBottom : el.scrollHeight;
    anchor.current = { sessionId: transcript.sessionId, fromBottom: el.scrollHeight - el.scrollTop };
  }, [transcript?.sessionId, messages.length, transcript]);

  if (!transcript) return null;
  return (
    <div
      ref={scroller}
      className="message-scroller session-scroller"
      data-testid="session-transcript"
      role="log"
      aria-label="Transcript"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        anchor.current = { sessionId: transcript.sessionId, fromBottom: el.scrollHeight - el.scrollTop };
        if (el.scrollTop < LOAD_OLDER_PX && transcript.before !== undefined) void loadOlder();
      }}
    >
      <div className="session-messages">
        {transcript.before !== undefined && (
          <div className="session-older muted" role="status">
            {transcript.loadingOlder ? 'Loading earlier messages…' : 'Scroll up for earlier messages'}
          </div>
        )}
        {transcript.error && <p className="turn-warning">{transcript.error}</p>}
        {messages.map((m) =>
          m.role === 'user' ? (
            <div key={m.id} className="message-slot">
              <UserMessageView message={m} />
            </div>
          ) : (
            <div key={m.id} className="message-slot">
              <AssistantMessageView message={m} />
            </div>
          ),
        )}
        {!transcript.loadingOlder && messages.length === 0 && !transcript.error && (
          <p className="muted session-empty">This session has no messages to show.</p>
        )}
      </div>
    </div>
  );
}

/** The History's main pane: the open session's header, actions and transcript. */
export function SessionView() {
  const session = useDesk((s) => s.sessions.find((x) => x.id === s.openSessionId));
  const openId = useDesk((s) => s.openSessionId);
  return (
    <section className="chat-view session-view" aria-label="Session" data-testid="session-view">
      {session ? <SessionHeader session={session} /> : null}
      {openId ? <Transcript /> : <p className="muted session-empty">Pick a session in the History list.</p>}
    </section>
  );
}
