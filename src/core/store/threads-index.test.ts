import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeRecords } from './thread-log';
import { indexPath, loadIndex } from './threads-index';

const totals = { costUsd: 0.25, inputTokens: 10, outputTokens: 20, durationMs: 30, turns: 1 };
const entry = (id: string, title: string, logBytes: number) => ({
  id,
  title,
  createdAt: 1,
  updatedAt: 2,
  settings: {},
  totals,
  logBytes,
});

describe('the thread index is read as unknown and each entry parsed with its schema', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-index-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A thread log whose title says it was read from the log, not the index. */
  const log = (id: string) => {
    const text = serializeRecords([
      { op: 'meta', at: 1, title: `${id} from its log`, createdAt: 1, settings: {}, totals },
    ]);
    fs.writeFileSync(path.join(dir, `${id}.jsonl`), text);
    return Buffer.byteLength(text);
  };

  it('a bad entry is skipped with a warning and its thread read again from its log; good entries are used', async () => {
    const [a, b, c] = [log('a'), log('b'), log('c')];
    const threads = [
      entry('a', 'A as indexed', a),
      { ...entry('b', 'B as indexed', b), totals: { costUsd: 'lots' } },
      { ...entry('c', 'C as indexed', c), id: '../c' },
    ];
    fs.writeFileSync(indexPath(dir), JSON.stringify({ version: 2, threads }));
    const warnings: string[] = [];
    const { entries, changed } = await loadIndex(dir, (w) => warnings.push(w));
    expect([...entries.values()].map((e) => e.title).sort()).toEqual([
      'A as indexed',
      'b from its log',
      'c from its log',
    ]);
    expect(changed).toBe(true);
    expect(warnings).toEqual([
      'Skipped 2 unreadable entries of the thread index; those threads were read again from their logs.',
    ]);
  });

  it('an index whose frame is wrong is rebuilt from the logs, with one warning', async () => {
    log('a');
    fs.writeFileSync(indexPath(dir), JSON.stringify({ version: 2, threads: 'all of them' }));
    const warnings: string[] = [];
    const { entries } = await loadIndex(dir, (w) => warnings.push(w));
    expect(entries.get('a')?.title).toBe('a from its log');
    expect(warnings).toEqual(['The thread index was unreadable; rebuilt it from 1 thread log(s).']);
  });
});
