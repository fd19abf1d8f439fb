import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { costLabel } from '../../shared/usage';
import { HistoryIndex } from '../history/history-index';
import { countedMessages } from './counted-messages';
import { UsageLedger } from './usage-ledger';
import { dayOf, groupRows, sumOf, usageItems } from './usage-report';
import { usageBlocks } from './usage-blocks';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ccusageEntry } from '../../../test/fixtures/ccusage';

let root: string;
let projects: string;
const SID = '11111111-1111-4111-8111-111111111111';
const SID2 = '22222222-2222-4222-8222-222222222222';

interface LineOpts {
  id: string;
  req?: string;
  at?: number;
  model?: string;
  input?: number;
  output?: number;
  sidechain?: boolean;
  session?: string;
}
function line(o: LineOpts): string {
  return `${JSON.stringify({
    type: 'assistant',
    sessionId: o.session ?? SID,
    isSidechain: o.sidechain ?? false,
    version: '2.1.328',
    cwd: '/home/me/alpha',
    requestId: o.req ?? `req_${o.id}`,
    timestamp: new Date(o.at ?? Date.UTC(2026, 11, 1, 12)).toISOString(),
    message: {
      id: o.id,
      model: o.model ?? 'claude-sonnet-4-5',
      role: 'assistant',
      content: [{ type: 'text', text: 'hi' }],
      usage: { input_tokens: o.input ?? 10, output_tokens: o.output ?? 5, cache_read_input_tokens: 100 },
    },
  })}\n`;
}
const prompt = (session = SID) =>
  `${JSON.stringify({ type: 'user', sessionId: session, cwd: '/home/me/alpha', timestamp: new Date(Date.UTC(2026, 11, 1, 11)).toISOString(), message: { role: 'user', content: 'hello' } })}\n`;

function write(rel: string, text: string): string {
  const file = path.join(projects, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

async function open(opts: { openFile?: (f: string) => Promise<fsp.FileHandle> } = {}) {
  const index = await HistoryIndex.open({ stateDir: path.join(root, 'state'), projectsDir: projects, saveDelayMs: 0 });
  await index.refreshAll();
  const ledger = await UsageLedger.open({ stateDir: path.join(root, 'state'), history: index, ...opts });
  await ledger.refresh();
  const items = () => usageItems(countedMessages(ledger.list()), (id) => ({ title: id, project: '/home/me/alpha' }));
  return { index, ledger, items };
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-ledger-'));
  projects = path.join(root, 'projects');
  fs.mkdirSync(projects);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the usage ledger', () => {
  it('counts a message written on several lines once, and a sub-agent file under its parent session', async () => {
    write(`-work-alpha/${SID}.jsonl`, prompt() + line({ id: 'm1' }) + line({ id: 'm1' }) + line({ id: 'm2' }));
    write(`-work-alpha/${SID}/subagents/agent-a1.jsonl`, line({ id: 'm3', sidechain: true, output: 7 }));
    const { items } = await open();
    const rows = groupRows(items(), 'session');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: SID, messages: 3, input: 30, output: 17 });
  });

  it('skips a truncated line in the middle and waits for a torn last line to be finished', async () => {
    const file = write(
      `-work-alpha/${SID}.jsonl`,
      line({ id: 'm1' }) +
        line({ id: 'm2' }).slice(0, 80) +
        '\n' +
        line({ id: 'm3' }) +
        line({ id: 'm4' }).slice(0, 90),
    );
    const { ledger, items } = await open();
    expect(items().map((i) => i.figure.messages)).toHaveLength(2); // m1, m3
    fs.appendFileSync(file, line({ id: 'm4' }).slice(90));
    await ledger.refresh();
    expect(items()).toHaveLength(3);
  });

  it("counts what it can read when one file can't be (another user's mode bits), and says how many", async () => {
    const locked = write(`-work-alpha/${SID}.jsonl`, line({ id: 'm1' }));
    write(`-work-alpha/${SID2}.jsonl`, line({ id: 'm2', session: SID2 }));
    const denied = async (f: string) => {
      if (f === locked) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return fsp.open(f, 'r');
    };
    const { ledger, items } = await open({ openFile: denied });
    expect(items()).toHaveLength(1);
    expect(ledger.unreadable).toBe(1);
  });

  it('reads a 50 MB session in chunks, then only what is appended', async () => {
    const filler = `${JSON.stringify({ type: 'attachment', attachment: { text: 'x'.repeat(64 * 1024) } })}\n`;
    const parts: string[] = [];
    for (let i = 0; i < 820; i++) parts.push(i % 100 === 0 ? line({ id: `m${i}` }) : filler);
    const file = write(`-work-alpha/${SID}.jsonl`, parts.join(''));
    expect(fs.statSync(file).size).toBeGreaterThan(50 * 1024 * 1024);
    const { ledger, items, index: ledgerHistory } = await open();
    expect(items()).toHaveLength(9);
    const read: string[] = [];
    fs.appendFileSync(file, line({ id: 'late' }));
    const openFile = async (f: string) => {
      read.push(f);
      return fsp.open(f, 'r');
    };
    const again = await UsageLedger.open({
      stateDir: path.join(root, 'state'),
      history: ledgerHistory,
      openFile,
    });
    await again.refresh();
    expect(read).toEqual([file]);
    expect(again.list()[0]!.records).toHaveLength(10);
    expect(ledger.list()[0]!.records).toHaveLength(9);
  });

  it('counts a message dated in the future on its own day, not today, and opens no block for it', async () => {
    const future = Date.now() + 3 * 86_400_000;
    write(`-work-alpha/${SID}.jsonl`, line({ id: 'm1', at: future }) + line({ id: 'm2', at: Date.now() - 86_400_000 }));
    const { items } = await open();
    const all = items();
    expect(all.map((i) => i.day).sort()).toContain(dayOf(future));
    expect(sumOf(all.filter((i) => i.day === dayOf(Date.now()))).messages).toBe(0);
    expect(usageBlocks(all, Date.now()).some((b) => b.open)).toBe(false);
  });

  it("counts an unknown model's tokens and calls its cost unknown, never $0", async () => {
    write(`-work-alpha/${SID}.jsonl`, line({ id: 'm1', model: 'claude-zeta-9' }) + line({ id: 'm2' }));
    const { items } = await open();
    const [known, unknown] = ['claude-sonnet-4-5', 'claude-zeta-9'].map((m) =>
      groupRows(items(), 'model').find((r) => r.key === m)!,
    );
    expect(unknown).toMatchObject({ input: 10, output: 5, cacheRead: 100, cost: 0, unpriced: 1 });
    expect(costLabel(unknown!)).toBe('unknown');
    expect(known!.cost).toBeCloseTo((10 * 3 + 5 * 15 + 100 * 0.3) / 1e6, 12);
    expect(costLabel(sumOf(items()))).toBe('$0.00014 + unknown');
  });

  it("keeps a session the CLI deleted (Claude Desk's kept copy) and counts it once", async () => {
    const file = write(`-work-alpha/${SID}.jsonl`, prompt() + line({ id: 'm1' }) + line({ id: 'm2' }));
    const first = await open();
    expect(first.items()).toHaveLength(2);
    fs.rmSync(file);
    await first.index.refreshAll();
    await first.ledger.refresh();
    expect(first.index.get(SID)?.source).toBe('copy');
    expect(first.items()).toHaveLength(2);
    // A ledger that never saw the file (rebuilt): the History's kept copy is read, once.
    fs.rmSync(path.join(root, 'state', 'usage'), { recursive: true });
    const rebuilt = await open();
    expect(rebuilt.items()).toHaveLength(2);
    await rebuilt.ledger.refresh();
    expect(rebuilt.items()).toHaveLength(2);
  });

  it("counts a sidechain's replay of a main-chain message (another request id) once, as the main chain's", async () => {
    write(`-work-alpha/${SID}.jsonl`, line({ id: 'm1', req: 'r1', output: 5 }));
    write(`-work-alpha/${SID}/subagents/agent-b.jsonl`, line({ id: 'm1', req: 'r2', sidechain: true, output: 50 }));
    const { items } = await open();
    expect(items()).toHaveLength(1);
    expect(items()[0]!.figure.output).toBe(5);
  });

  it('reads the records only when a file changed, and reads every file again when the two saved files disagree', async () => {
    const file = write(`-work-alpha/${SID}.jsonl`, line({ id: 'm1' }) + line({ id: 'm2' }));
    const { index } = await open();
    const state = path.join(root, 'state');
    const lazy = await UsageLedger.open({ stateDir: state, history: index });
    await lazy.refresh({ lazy: true });
    expect(lazy.recordsRead).toBe(false);
    expect((await lazy.records())[0]!.records).toHaveLength(2);
    // A save cut short between the two files: the records of another generation are not trusted.
    const records = path.join(state, 'usage', 'records.json');
    fs.writeFileSync(records, JSON.stringify({ generation: 'another', records: [[]] }));
    fs.appendFileSync(file, line({ id: 'm3' }));
    const torn = await UsageLedger.open({ stateDir: state, history: index });
    await torn.refresh({ lazy: true });
    expect(torn.list()[0]!.records.map((r) => r[1])).toEqual(['m1', 'm2', 'm3']);
  });

  it('reads only what was appended; a streamed message cut by the append counts once, as a whole read and ccusage count it', async () => {
    // ccusage reads <HOME>/.claude/projects: the transcripts go there.
    const home = path.join(root, 'home');
    projects = path.join(home, '.claude', 'projects');
    fs.mkdirSync(projects, { recursive: true });
    const at = Date.UTC(2026, 11, 1, 12);
    // The CLI writes a message's usage on each of its content blocks' lines; the file ends after the first of them.
    const file = write(`-work-alpha/${SID}.jsonl`, prompt() + line({ id: 'm1', at, output: 5 }));
    const reads: number[] = [];
    const openFile = async (f: string) => {
      const handle = await fsp.open(f, 'r');
      const read = handle.read.bind(handle) as (...a: unknown[]) => ReturnType<typeof handle.read>;
      return Object.assign(handle, {
        read: (...a: unknown[]) => (reads.push(a[3] as number), read(...a)),
      }) as fsp.FileHandle;
    };
    const { ledger, items, index } = await open({ openFile });
    expect(items().map((i) => i.figure.output)).toEqual([5]);
    const before = fs.statSync(file).size;
    fs.appendFileSync(file, line({ id: 'm1', at, output: 12 }) + line({ id: 'm2', at, output: 7 }));
    reads.length = 0;
    await ledger.refresh();
    expect(reads[0]).toBe(before); // from where the last read stopped, not from the start
    const incremental = items();
    expect(incremental.map((i) => i.figure.output)).toEqual([12, 7]); // m1 once, at its fuller line

    // The same figures as a ledger that reads the file whole, and as ccusage.
    const whole = await UsageLedger.open({ stateDir: path.join(root, 'fresh'), history: index });
    await whole.refresh();
    const sum = (list: ReturnType<typeof items>) => sumOf(list);
    const wholeItems = usageItems(countedMessages(whole.list()), (id) => ({ title: id, project: '/home/me/alpha' }));
    expect(sum(incremental)).toEqual(sum(wholeItems));
    const env = { HOME: home, PATH: process.env.PATH ?? '', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [await ccusageEntry(), 'daily', '--json', '--offline'],
      {
        env,
      },
    );
    const cc = (JSON.parse(stdout) as { totals: Record<string, number> }).totals;
    const ours = sum(incremental);
    expect([ours.input, ours.output, ours.cacheWrite, ours.cacheRead]).toEqual([
      cc.inputTokens,
      cc.outputTokens,
      cc.cacheCreationTokens,
      cc.cacheReadTokens,
    ]);

    // A file rewritten shorter (not grown) is read again whole.
    fs.writeFileSync(file, prompt() + line({ id: 'm3', at, output: 4 }));
    reads.length = 0;
    await ledger.refresh();
    expect(reads[0]).toBe(0);
    expect(items().map((i) => i.figure.output)).toEqual([4]);
  }, 120_000);
});
