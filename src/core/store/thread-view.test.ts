import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage, ChatMessage } from '../../shared/threads';
import { serializeRecords } from './thread-log';
import { readLogForView, withPendingSnapshots } from './thread-view';

const temp = useTempDirs('claude-desk-thread-view');
const answer = (id: string, text: string): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: 1,
  status: 'running',
  parts: [{ kind: 'text', text }],
});

describe('thread-view', () => {
  it('a pending snapshot replaces its message in place; a new turn comes last', () => {
    const messages: ChatMessage[] = [{ id: 'u1', role: 'user', createdAt: 1, text: 'q' }, answer('a1', 'old')];
    const shown = withPendingSnapshots(messages, [answer('a1', 'newer'), answer('a2', 'next')]);
    expect(shown.map((m) => (m.role === 'assistant' ? m.parts : m.id))).toEqual([
      'u1',
      [{ kind: 'text', text: 'newer' }],
      [{ kind: 'text', text: 'next' }],
    ]);
  });

  it('says what it could not read: a log it cannot open, or lines it skipped', async () => {
    const dir = await temp.make();
    const warnings: string[] = [];
    const warn = (w: string) => warnings.push(w);
    const missing = await readLogForView('t', path.join(dir, 'none.jsonl'), warn);
    expect(missing.parsed).toBeUndefined();
    expect(missing.problem).toMatch(/^This thread could not be read \(ENOENT\)/);

    const file = path.join(dir, 't.jsonl');
    await fs.writeFile(file, `not json\n${serializeRecords([{ op: 'meta', at: 1, title: 'T' }])}`);
    const bad = await readLogForView('t', file, warn);
    expect(bad.parsed?.summary.title).toBe('T');
    expect(bad.problem).toBe("1 line(s) of this thread's log could not be read and are not shown.");
    expect(warnings).toHaveLength(2);
  });
});
