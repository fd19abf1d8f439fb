import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import type { Events } from '../../shared/contract';
import type { AssistantMessage } from '../../shared/threads';
import type { ApprovalRequest, TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * Approvals through the contract every front door calls, with the real CLI and the mock API: a card is
 * answered with answerApproval, the permission toggle reaches the running process, and a model the
 * CLI cannot find is refused while the old one stays.
 */
describe('approvals and live switches through the app (real CLI, mock API)', () => {
  let mock: MockApi;
  let desk: DeskApp;
  let dataDir: string;
  let cleanup: () => void;
  const events: TurnEvent[] = [];
  const notices: Events['notice'][] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    const cli = realCliEnv(mock);
    cleanup = cli.cleanup;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-approvals-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
    });
    desk.bus.subscribe((name, payload) => {
      if (name === 'turnEvent') events.push(payload as TurnEvent);
      if (name === 'notice') notices.push(payload as Events['notice']);
    });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cleanup?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const of = (turnId: string, type: TurnEvent['type']) => events.filter((e) => e.turnId === turnId && e.type === type);
  const card = async (turnId: string): Promise<ApprovalRequest> => {
    await expect.poll(() => of(turnId, 'approval_request').length, { timeout: 30_000 }).toBeGreaterThan(0);
    const e = of(turnId, 'approval_request')[0]!;
    return (e as Extract<TurnEvent, { type: 'approval_request' }>).request;
  };
  const finished = (turnId: string) => expect.poll(() => of(turnId, 'finished').length, { timeout: 60_000 }).toBe(1);

  const setMode = (threadId: string, permissionMode: 'ask' | 'acceptEdits' | 'bypassPermissions') =>
    desk.handlers.updateThreadSettings({ threadId, settings: { permissionMode } });

  it('Ask → Accept edits in the thread while a card waits: the card is answered, the next Write does not ask', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'ask' }); // the default the new thread starts with
    const thread = await desk.handlers.createThread(undefined);
    expect(thread.settings.permissionMode).toBe('ask');
    const { turnId } = await desk.handlers.sendMessage({
      threadId: thread.id,
      text: 'SCENARIO:write REPEAT:2 Write it twice',
    });
    const request = await card(turnId);
    await setMode(thread.id, 'acceptEdits');
    await desk.handlers.answerApproval({
      threadId: thread.id,
      turnId,
      requestId: request.requestId,
      decision: { behavior: 'allow', scope: 'once' },
    });
    await finished(turnId);
    expect(of(turnId, 'finished')[0]).toMatchObject({ status: 'done' });
    expect(of(turnId, 'approval_request')).toHaveLength(1);
    const written = path.join(desk.layout.workspaceDir, 'written-by-tool.txt');
    expect(await fs.readFile(written, 'utf8')).toBe('hello from the tool\n');
    await fs.rm(written);

    const saved = await desk.handlers.getThread({ threadId: thread.id });
    const answer = saved!.messages.find((m) => m.id === turnId) as AssistantMessage;
    expect(answer.approvals?.map((c) => c.outcome)).toEqual(['allowed']);
    // A second answer to the same card is refused with a readable reason.
    await expect(
      desk.handlers.answerApproval({
        threadId: thread.id,
        turnId,
        requestId: request.requestId,
        decision: { behavior: 'deny' },
      }),
    ).rejects.toThrow(/no longer waiting/);
  });

  it('a model the CLI cannot find is refused mid-turn and the thread keeps its model; switching to full access is noticed', async () => {
    const thread = await desk.handlers.createThread(undefined);
    const { turnId } = await desk.handlers.sendMessage({ threadId: thread.id, text: 'SCENARIO:write Write it' });
    const request = await card(turnId);
    await expect(
      desk.handlers.updateThreadSettings({ threadId: thread.id, settings: { model: 'mock-404-model' } }),
    ).rejects.toThrow(/could not find the model mock-404-model/);
    expect((await desk.handlers.getThread({ threadId: thread.id }))!.settings.model).toBeUndefined();

    // The default for new threads changes nothing for this one's running answer.
    const before = notices.length;
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    expect(notices.length).toBe(before);
    await setMode(thread.id, 'bypassPermissions');
    expect(notices.at(-1)?.message).toMatch(/Full access applies from your next message/);

    await desk.handlers.answerApproval({
      threadId: thread.id,
      turnId,
      requestId: request.requestId,
      decision: { behavior: 'deny', message: 'No files today' },
    });
    await finished(turnId);
    expect(mock.requests.at(-1)?.toolResults[0]?.content).toBe('No files today');
    expect((await desk.handlers.getThread({ threadId: thread.id }))!.settings.permissionMode).toBe('bypassPermissions');
  });
});
