import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layRecordedSessions, SESSION, type RecordedLayout } from '../../../test/fixtures/recorded-sessions';
import { HistoryIndex } from './history-index';
import { readTranscriptPage } from './transcript-pages';
import { syntheticSession } from '../../../test/fixtures/synthetic-sessions';

let lay: RecordedLayout;
let state: string;
const open = (opts: { keepCopies?: () => boolean } = {}) =>
  HistoryIndex.open({ stateDir: state, projectsDir: path.join(lay.homeConfig, 'projects'), saveDelayMs: 0, ...opts });

beforeEach(() => {
  lay = layRecordedSessions();
  state = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-history-state-'));
});
afterEach(() => {
  lay.cleanup();
  fs.rmSync(state, { recursive: true, force: true });
});

describe('HistoryIndex on transcripts the real CLI wrote', () => {
  it('lists every session with its real folder (spaces kept), title, counts, model and cost', async () => {
    const index = await open();
    await index.refreshAll();
    const list = index.list();
    expect(list.map((s) => s.id).sort()).toEqual([SESSION.alphaNonce, SESSION.alphaRenamed, SESSION.betaBash].sort());
    const nonce = list.find((s) => s.id === SESSION.alphaNonce)!;
    expect(nonce).toMatchObject({
      project: lay.alpha,
      title: 'What is the nonce ALPHA-NONCE-123 about', // the shared title rule drops the trailing '?'
      titleSource: 'prompt',
      messages: 4,
      model: 'claude-opus-5-5',
      source: 'file',
    });
    expect(nonce.costUsd).toBeCloseTo(0.00028);
    expect(nonce.lastAt).toBeGreaterThan(nonce.firstAt);
    // The user's /rename wins over the first prompt.
    expect(list.find((s) => s.id === SESSION.alphaRenamed)).toMatchObject({
      title: 'Writing a file',
      titleSource: 'custom',
    });
    expect(list.find((s) => s.id === SESSION.betaBash)).toMatchObject({ project: lay.beta, messages: 2 });
  });

  it('finds a session by a word only its conversation holds, with a snippet around it', async () => {
    const index = await open();
    await index.refreshAll();
    const hits = await index.search('beta-nonce-456');
    expect(hits.map((h) => h.session.id)).toEqual([SESSION.betaBash]);
    expect(hits[0]!.snippet).toContain('BETA-NONCE-456');
    expect(await index.search('nothing-like-this')).toEqual([]);
  });

  it('shows a snippet in the original case, reading only its characters, after non-ASCII text', async () => {
    const dir = path.join(lay.homeConfig, 'projects', '-tmp-umlaut');
    fs.mkdirSync(dir, { recursive: true });
    const id = '6d0c7f4e-0000-4000-8000-00000000c0de';
    const answer = (i: number) =>
      i === 3 ? 'Grüße aus Köln — ÜNÏCÖDE first, then the Needle-Ω9 Word in Mixed Case.' : `Plain answer ${i}`;
    fs.writeFileSync(
      path.join(dir, `${id}.jsonl`),
      syntheticSession({ sessionId: id, cwd: '/tmp/umlaut', turns: 4, answer, prompt: (i) => `Frage ${i} über ß` }),
    );
    const index = await open();
    await index.refreshAll();
    const [hit] = await index.search('needle-ω9 word');
    expect(hit?.session.id).toBe(id);
    expect(hit!.snippet).toBe('…aus Köln — ÜNÏCÖDE first, then the Needle-Ω9 Word in Mixed Case.');
  });

  it("a snippet of Claude's answer quoting a tool error shows the sentence, not the CLI's tags", async () => {
    const dir = path.join(lay.homeConfig, 'projects', '-tmp-quoted');
    fs.mkdirSync(dir, { recursive: true });
    const id = '6d0c7f4e-0000-4000-8000-00000000c0df';
    const answer = () =>
      'The edit said <tool_use_error>String to replace not found in file. Needle-QX7 here.</tool_use_error> so I stop.';
    fs.writeFileSync(
      path.join(dir, `${id}.jsonl`),
      syntheticSession({ sessionId: id, cwd: '/tmp/quoted', turns: 1, answer }),
    );
    const index = await open();
    await index.refreshAll();
    const [hit] = await index.search('needle-qx7');
    expect(hit!.snippet).toContain('to replace not found in file. Needle-QX7 here. so I stop.');
    expect(hit!.snippet).not.toContain('tool_use_error');
  });

  it('opens a transcript at its end as chat messages: prompts, thinking, text, tool calls with results', async () => {
    const index = await open();
    await index.refreshAll();
    const page = await readTranscriptPage(index, SESSION.alphaNonce);
    expect(page.before).toBeUndefined();
    expect(page.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const last = page.messages[3]!;
    expect(last.role === 'assistant' && last.parts.map((p) => p.kind)).toEqual(['thinking', 'text']);
    const bash = (await readTranscriptPage(index, SESSION.betaBash)).messages[1]!;
    expect(bash.role === 'assistant' && bash.parts).toEqual([
      expect.objectContaining({ kind: 'text', text: 'Using a tool.' }),
      expect.objectContaining({ kind: 'tool', name: 'Bash', result: 'BETA-NONCE-456' }),
      expect.objectContaining({ kind: 'text', text: 'Tool said: BETA-NONCE-456' }),
    ]);
    const older = await readTranscriptPage(index, SESSION.alphaNonce, undefined, 1);
    expect(older.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const above = await readTranscriptPage(index, SESSION.alphaNonce, older.before, 1);
    expect(above.messages[0]).toMatchObject({ role: 'user', text: 'What is the nonce ALPHA-NONCE-123 about?' });
    expect(above.before).toBeUndefined();
  });

  it('reads only what was appended, and ignores a torn last line until it is complete', async () => {
    const index = await open();
    await index.refreshAll();
    const file = path.join(lay.homeConfig, 'projects', fs.readdirSync(path.join(lay.homeConfig, 'projects'))[0]!);
    const target = path.join(
      file,
      fs.readdirSync(file).find((n) => n.startsWith(SESSION.alphaNonce))!,
    );
    const line = JSON.stringify({
      type: 'user',
      message: { role: 'user', content: 'a third question ZETA-789' },
      uuid: 'u3',
      timestamp: new Date().toISOString(),
      cwd: lay.alpha,
      sessionId: SESSION.alphaNonce,
    });
    fs.appendFileSync(target, `${line.slice(0, 40)}`);
    await index.refreshFile(target);
    expect(index.get(SESSION.alphaNonce)!.messages).toBe(4);
    fs.appendFileSync(target, `${line.slice(40)}\n{"type":"some-future-line","x":1}\n`);
    await index.refreshFile(target);
    expect(index.get(SESSION.alphaNonce)!.messages).toBe(5);
    expect((await index.search('zeta-789')).map((h) => h.session.id)).toEqual([SESSION.alphaNonce]);
  });

  it('keeps a deleted session: listed, searchable and readable from its compressed copy, also after a restart', async () => {
    const index = await open();
    await index.refreshAll();
    const dir = path.join(lay.homeConfig, 'projects');
    for (const slug of fs.readdirSync(dir))
      fs.rmSync(path.join(dir, slug, `${SESSION.betaBash}.jsonl`), { force: true });
    await index.refreshAll();
    await index.flush();
    const reopened = await open();
    await reopened.refreshAll();
    expect(reopened.get(SESSION.betaBash)).toMatchObject({ source: 'copy', messages: 2 });
    expect((await reopened.search('beta-nonce-456')).length).toBe(1);
    const page = await readTranscriptPage(reopened, SESSION.betaBash);
    expect(page.messages[1]).toMatchObject({ role: 'assistant' });
    const stats = await reopened.stats();
    expect(stats.keptBytes).toBeGreaterThan(0);
    expect(stats.keptBytes).toBeLessThan(stats.keptRawBytes / 3);
  });

  it('with copies off, a deleted session is forgotten', async () => {
    const index = await open({ keepCopies: () => false });
    await index.refreshAll();
    const dir = path.join(lay.homeConfig, 'projects');
    for (const slug of fs.readdirSync(dir))
      fs.rmSync(path.join(dir, slug, `${SESSION.betaBash}.jsonl`), { force: true });
    await index.refreshAll();
    expect(index.get(SESSION.betaBash)).toBeUndefined();
    expect((await index.stats()).keptBytes).toBe(0);
  });
});
