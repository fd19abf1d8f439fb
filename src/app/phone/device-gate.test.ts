import { describe, expect, it } from 'vitest';
import { CALL_NAMES, calls, type CallName, type EventName } from '../../shared/contract';
import { DEVICE_CALLS, DEVICE_EVENTS, deviceMayReceive, gateDeviceCall, type GateContext } from './device-gate';

const ctx: GateContext = {
  device: { id: 'dev-1' },
  approvalRequest: (_t, _turn, requestId) =>
    requestId === 'q1'
      ? { toolName: 'AskUserQuestion', input: { questions: [{ question: 'Which?' }] } }
      : requestId === 'b1'
        ? { toolName: 'Bash', input: { command: 'ls' } }
        : undefined,
  recentProjects: async () => ['/home/me/project'],
};

// One valid input per decided call: what the phone page sends. Each is allowed, and the contract's schema takes it.
const SAMPLE: Record<string, unknown> = {
  getCliStatus: { force: true },
  subscribePush: {
    subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } },
  },
  unsubscribePush: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
  getThread: { threadId: 't' },
  readToolResult: { threadId: 't', toolUseId: 'u', offset: 0, limit: 10 },
  searchThreads: { query: 'x' },
  createThread: { title: 'x', settings: { projectDir: '/home/me/project', model: 'sonnet', permissionMode: 'ask' } },
  renameThread: { threadId: 't', title: 'x' },
  pinThread: { threadId: 't', pinned: true },
  updateThreadSettings: { threadId: 't', settings: { model: 'opus', permissionMode: 'plan' } },
  sendMessage: { threadId: 't', text: 'hi' },
  stopTurn: { threadId: 't' },
  queueMessage: { threadId: 't', messageId: 'm', text: 'x' },
  getMessageQueue: { threadId: 't' },
  editQueuedMessage: { threadId: 't', messageId: 'm', text: 'y' },
  removeQueuedMessage: { threadId: 't', messageId: 'm' },
  sendQueuedNow: { threadId: 't', messageId: 'm' },
  answerApproval: { threadId: 't', turnId: 'u', requestId: 'b1', decision: { behavior: 'allow', scope: 'once' } },
  readApprovalFile: { threadId: 't', turnId: 'u', requestId: 'b1' },
  getComposerCatalog: { threadId: 't' },
  searchProjectFiles: { threadId: 't', query: 'a', limit: 5 },
  prepareTurn: { threadId: 't' },
  getChanges: { threadId: 't' },
  getChangeDiff: { threadId: 't', path: 'a.ts' },
  getPullRequestReadiness: { threadId: 't' },
  draftCommitMessage: { threadId: 't' },
  landThread: { threadId: 't', action: 'merge', message: 'm', keepWorktree: false, force: false },
  getLandProgress: { threadId: 't' },
  stopLand: { threadId: 't' },
  getWorktreeStatus: { threadId: 't' },
  dismissBoardRow: { threadId: 't' },
  getProjectUsage: { folders: ['/home/me/project'] },
};

describe('the device gate', () => {
  const decided = Object.keys(DEVICE_CALLS) as CallName[];
  const undecided = CALL_NAMES.filter((n) => !decided.includes(n));

  it('refuses every contract call not in its table, and names it cannot know', async () => {
    expect(undecided.length).toBeGreaterThan(30);
    for (const name of [...undecided, 'noSuchCall', '__proto__', 'constructor', 42]) {
      const input = name === 'setApiKey' ? { key: 'sk-ant-x' } : undefined;
      expect(await gateDeviceCall(name, input, ctx), String(name)).toMatchObject({ ok: false });
    }
  });

  it('never lets a device reach the API key, settings, setup, History, folders, files, doctor or pairing', () => {
    for (const name of [
      'setApiKey',
      'clearApiKey',
      'getSettings',
      'updateSettings',
      'getDoctor',
      'openFile',
      'openExternal',
      'chooseFolder',
      'revealLogFile',
      'completeFolder',
      'describeFolder',
      'listHistory',
      'getHistoryPage',
      'continueSession',
      'saveWindowState',
      'deleteThread',
      'getPhoneAccess',
      'setPhoneAccess',
      'startPairing',
      'answerPairing',
      'listDevices',
      'revokeDevice',
      'listClaudePlugins',
      'setClaudePluginEnabled',
    ] as const) {
      expect(DEVICE_CALLS, name).not.toHaveProperty(name);
    }
  });

  it.each(Object.keys(DEVICE_CALLS))('allows %s with its fields, refuses a field it does not list', async (name) => {
    const rule = DEVICE_CALLS[name as CallName]!;
    const input = rule.fields === 'none' ? undefined : SAMPLE[name];
    if (rule.fields !== 'none') expect(input, `a sample for ${name}`).toBeDefined();
    const verdict = await gateDeviceCall(name, input, ctx);
    expect(verdict).toMatchObject({ ok: true, name });
    if (verdict.ok) expect(calls[name as CallName].input.safeParse(verdict.input).success).toBe(true);
    const extra = rule.fields === 'none' ? { x: 1 } : { ...(input as object), unlisted: 1 };
    expect(await gateDeviceCall(name, extra, ctx)).toMatchObject({ ok: false });
  });

  const approval = (decision: unknown, requestId = 'b1') => ({ threadId: 't', turnId: 'u', requestId, decision });

  it('approves once or for this session only, never always, never an edited command', async () => {
    expect(
      await gateDeviceCall('answerApproval', approval({ behavior: 'allow', scope: 'session' }), ctx),
    ).toMatchObject({ ok: true });
    expect(await gateDeviceCall('answerApproval', approval({ behavior: 'deny', message: 'no' }), ctx)).toMatchObject({
      ok: true,
    });
    expect(await gateDeviceCall('answerApproval', approval({ behavior: 'allow', scope: 'always' }), ctx)).toMatchObject(
      {
        ok: false,
        message: expect.stringMatching(/always/),
      },
    );
    const actor = { deviceId: 'someone-else', name: 'x', route: 'lan', address: '1.2.3.4' };
    for (const decision of [
      { behavior: 'allow', scope: 'once', actor },
      { behavior: 'deny', actor },
    ]) {
      expect(await gateDeviceCall('answerApproval', approval(decision), ctx)).toMatchObject({ ok: false });
    }
    const edited = approval({ behavior: 'allow', scope: 'once', updatedInput: { command: 'rm -rf ~' } });
    expect(await gateDeviceCall('answerApproval', edited, ctx)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/edited/),
    });
  });

  it("lets a question's answers through, and nothing else of its input", async () => {
    const input = { questions: [{ question: 'Which?' }] };
    const answered = approval(
      { behavior: 'allow', scope: 'once', updatedInput: { ...input, answers: { 'Which?': 'A' } } },
      'q1',
    );
    expect(await gateDeviceCall('answerApproval', answered, ctx)).toMatchObject({ ok: true });
    const changed = approval(
      { behavior: 'allow', scope: 'once', updatedInput: { questions: [{ question: 'Other' }], answers: {} } },
      'q1',
    );
    expect(await gateDeviceCall('answerApproval', changed, ctx)).toMatchObject({ ok: false });
    const gone = approval({ behavior: 'allow', scope: 'once', updatedInput: { answers: {} } }, 'unknown');
    expect(await gateDeviceCall('answerApproval', gone, ctx)).toMatchObject({ ok: false });
  });

  it('lands without force, starts threads only in recent folders, never full access, system prompt or MCP switches', async () => {
    expect(await gateDeviceCall('landThread', { threadId: 't', action: 'merge', force: true }, ctx)).toMatchObject({
      ok: false,
    });
    expect(
      await gateDeviceCall('landThread', { threadId: 't', action: 'discard', despiteSessions: true }, ctx),
    ).toMatchObject({
      ok: false,
    });
    expect(await gateDeviceCall('createThread', { settings: { projectDir: '/etc' } }, ctx)).toMatchObject({
      ok: false,
    });
    for (const settings of [
      { permissionMode: 'bypassPermissions' },
      { systemPrompt: 'x' },
      { disabledMcpServers: [] },
      { projectDir: '/home/me/project' },
    ]) {
      expect(
        await gateDeviceCall('updateThreadSettings', { threadId: 't', settings }, ctx),
        JSON.stringify(settings),
      ).toMatchObject({
        ok: false,
      });
    }
  });

  it("writes the device's own id where a call needs it, over whatever the device sent", async () => {
    const table = {
      sendMessage: {
        fields: { threadId: () => true as const, text: () => true as const },
        attach: 'deviceId',
        why: 'test',
      },
    };
    const verdict = await gateDeviceCall(
      'sendMessage',
      { threadId: 't', text: 'x', deviceId: 'someone-else' },
      ctx,
      table,
    );
    expect(verdict).toEqual({ ok: true, name: 'sendMessage', input: { threadId: 't', text: 'x', deviceId: 'dev-1' } });
  });

  it('has a decision for every event: passed to a device, or kept at the computer', () => {
    // Exhaustive by type: an event added to the contract fails to compile here until someone decides.
    const decided = {
      turnEvent: true,
      threadsChanged: true,
      queueChanged: true,
      statusChanged: true,
      notice: true,
      changesChanged: true,
      connection: true,
      boardChanged: true,
      budgetsChanged: true,
      settingsChanged: false,
      historyChanged: false,
      command: false,
      pairingRequest: false,
      phoneChanged: false,
    } satisfies Record<EventName, boolean>;
    for (const [event, passes] of Object.entries(decided))
      expect(deviceMayReceive(event as EventName), event).toBe(passes);
  });

  it('passes only the events a device may see', () => {
    const events: EventName[] = ['settingsChanged', 'historyChanged', 'command', 'pairingRequest', 'phoneChanged'];
    for (const e of events) expect(deviceMayReceive(e)).toBe(false);
    for (const e of Object.keys(DEVICE_EVENTS) as EventName[]) expect(deviceMayReceive(e)).toBe(true);
    expect(deviceMayReceive('turnEvent')).toBe(true);
  });
});
