import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnVerdict } from '../../shared/turn-events';
import { parseThreadLog, serializeRecords, syncLog } from './thread-log';
import { ThreadsStore } from './threads-store';

const temp = useTempDirs('claude-desk-thread-log');
const ANSWER = 'The migration needs three steps: back up, convert, verify.';
const verdict = (over: Partial<TurnVerdict> = {}): TurnVerdict => ({
  isError: false,
  subtype: 'success',
  result: ANSWER,
  costUsd: 0.01,
  durationMs: 900,
  numTurns: 1,
  usage: { inputTokens: 10, outputTokens: 5 },
  ...over,
});
const answer = (v: TurnVerdict, text = ANSWER): AssistantMessage => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 2,
  status: v.isError ? 'failed' : 'done',
  parts: text ? [{ kind: 'text', text }] : [],
  verdict: v,
});
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the thread log keeps an answer once', () => {
  it("a finished answer's verdict does not repeat its text on disk; the thread reads back the same otherwise", async () => {
    const dir = await temp.make();
    const store = temp.track(await ThreadsStore.open({ dir }));
    const t = await store.create({ title: 'once' });
    await store.saveAssistant(t.id, answer(verdict()));
    await store.flush();
    const text = await fs.readFile(path.join(dir, `${t.id}.jsonl`), 'utf8');
    expect(count(text, ANSWER)).toBe(1);
    const back = (await store.get(t.id))?.messages[0] as AssistantMessage;
    expect(back.parts).toEqual([{ kind: 'text', text: ANSWER }]);
    const { result: _copy, ...rest } = verdict();
    expect(back.verdict).toMatchObject(rest);
    expect(back.verdict).not.toHaveProperty('result');
  });

  it("an error's sentence (not in the parts) is kept, and so is a result the parts do not hold", () => {
    const failed = answer(verdict({ isError: true, subtype: 'error_during_execution', result: 'API Error: 529' }), '');
    const other = answer(verdict({ result: 'Something the parts never said' }));
    const line = serializeRecords([
      { op: 'assistant', at: 1, message: failed },
      { op: 'assistant', at: 2, message: { ...other, id: 'a2' } },
    ]);
    const parsed = parseThreadLog('t', line);
    expect((parsed.messages[0] as AssistantMessage).verdict?.result).toBe('API Error: 529');
    expect((parsed.messages[1] as AssistantMessage).verdict?.result).toBe('Something the parts never said');
  });

  it('an older log, with the copy, reads as before', () => {
    const old = `${JSON.stringify({ op: 'assistant', at: 1, message: answer(verdict()) })}\n`;
    expect((parseThreadLog('t', old).messages[0] as AssistantMessage).verdict?.result).toBe(ANSWER);
  });
});

describe('syncLog', () => {
  it('syncs a log that exists and never makes one that does not (a thread deleted meanwhile stays deleted)', async () => {
    const dir = await temp.make();
    const file = path.join(dir, 'gone.jsonl');
    await syncLog(file);
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await fs.writeFile(file, '{"op":"meta"}\n');
    await syncLog(file);
    expect(await fs.readFile(file, 'utf8')).toBe('{"op":"meta"}\n');
  });
});
