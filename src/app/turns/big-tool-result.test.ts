import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp } from '../desk-app';

const fakeClaude = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/fake-claude.mjs');
const temp = useTempDirs('claude-desk-bigresult');

/** A 16 MiB tool result, then a streamed answer: the thread reopens complete, and its log stays small. */
describe('a big tool result', () => {
  it('is stored once beside the thread; snapshots carry its head; the thread reopens with every message', async () => {
    const dataDir = await temp.make();
    const env = {
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      CLAUDE_DESK_DATA_DIR: dataDir,
      CLAUDE_DESK_CLI: fakeClaude,
      CLAUDE_DESK_SANDBOX: '0',
      FAKE_CLAUDE_MODE: 'big-tool-result:16',
    };
    const desk = temp.track(await createDeskApp({ host: 'web', env }));
    const events: TurnEvent[] = [];
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
    const thread = await desk.services.threads.create({ title: 'big' });
    const { done } = await desk.services.turns.send({ threadId: thread.id, text: 'Read the big file' });
    await done;
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ fullChars: 16 * 1024 * 1024 });
    expect((result as { content: string }).content.length).toBeLessThan(64 * 1024);

    const log = await fs.stat(path.join(dataDir, 'state', 'threads', `${thread.id}.jsonl`));
    expect(log.size).toBeLessThan(1024 * 1024); // was ~14× the result: every snapshot rewrote it
    const reopened = await desk.services.threads.get(thread.id);
    expect(reopened?.problem).toBeUndefined();
    expect(reopened?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const answer = reopened?.messages[1] as AssistantMessage;
    expect(answer.status).toBe('done');
    expect(answer.parts.some((p) => p.kind === 'text' && p.text.includes('Read it all.'))).toBe(true);
    const tool = answer.parts.find((p) => p.kind === 'tool');
    expect(tool).toMatchObject({ resultChars: 16 * 1024 * 1024 });
    // "Show all": the whole result, from disk, page by page.
    const page = await desk.handlers.readToolResult({
      threadId: thread.id,
      toolUseId: 'toolu_big',
      offset: 16 * 1024 * 1024 - 3,
    });
    expect(page).toEqual({ text: 'END', offset: 16 * 1024 * 1024 - 3, total: 16 * 1024 * 1024, nextOffset: null });
  });
});
