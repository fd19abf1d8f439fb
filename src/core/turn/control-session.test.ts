import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, TurnEvent } from '../../shared/turn-events';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { CliEventMapper, type CliControlMessage } from './cli-event-mapper';
import type { Json } from '../claude-code-wire/cli-json';
import { type ControlChannel, ControlSession, NO_ONE_TO_ASK } from './control-session';
import { manualClock } from '../../../test/fixtures/manual-clock';

/** A channel that records what the app writes and whether the idle bound is held. */
function fakeChannel() {
  let exit!: () => void;
  const sent: Json[] = [];
  const events: TurnEvent[] = [];
  const state = { paused: false, pauses: 0 };
  const channel: ControlChannel = {
    send: (m) => sent.push(m as Json),
    pauseIdle: () => {
      state.paused = true;
      state.pauses++;
    },
    resumeIdle: () => (state.paused = false),
    emit: (e) => events.push(e),
    closed: new Promise<void>((r) => (exit = r)),
  };
  return { channel, sent, events, state, exit: () => exit() };
}

/** The control lines of a recorded case, as the mapper hands them over. */
function controlLines(name: string): CliControlMessage[] {
  const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
  return recordedValues(recordedCase(name)).flatMap((v) => mapper.map(v).control ?? []);
}

const bashPrompt = () => controlLines('20c-can-use-tool-allow-bash-touch').find((m) => m.type === 'control_request')!;
const writePrompt = () => controlLines('20-can-use-tool-allow').find((m) => m.type === 'control_request')!;
const session = () => new ControlSession({ threadId: 't', turnId: 'u', newId: () => '1' });

describe('ControlSession approvals', () => {
  it('turns can_use_tool into a card with what the user needs to judge it, and holds the idle bound', () => {
    const s = session();
    const c = fakeChannel();
    s.handle(bashPrompt(), c.channel);
    expect(c.events).toHaveLength(1);
    const e = c.events[0]!;
    expect(e).toMatchObject({ threadId: 't', turnId: 'u', type: 'approval_request' });
    if (e.type !== 'approval_request') throw new Error('no card');
    expect(e.request).toMatchObject({
      toolName: 'Bash',
      input: { command: 'touch made-by-bash.txt' },
      blockedPath: '<cwd>/made-by-bash.txt',
    });
    expect(e.request.suggestions).toHaveLength(3);
    expect(c.state.paused).toBe(true);
  });

  it('with nobody to ask, core denies at once with a sentence the model reads, and shows no card', () => {
    const s = new ControlSession({ threadId: 't', turnId: 'u', askUser: false });
    const c = fakeChannel();
    s.handle(writePrompt(), c.channel);
    expect(c.events).toHaveLength(0);
    expect(c.state.paused).toBe(false);
    expect(c.sent).toHaveLength(1);
    expect(c.sent[0]).toMatchObject({
      type: 'control_response',
      response: { subtype: 'success', response: { behavior: 'deny', message: NO_ONE_TO_ASK } },
    });
  });

  it('allow once echoes the input; session and always echo the matching suggestions (case 22/22c)', () => {
    const answers: Json[] = [];
    for (const scope of ['once', 'session', 'always'] as const) {
      const s = session();
      const c = fakeChannel();
      s.handle(bashPrompt(), c.channel);
      const id = (c.events[0] as { request: { requestId: string } }).request.requestId;
      expect(s.answer(id, { behavior: 'allow', scope })).toBe(true);
      answers.push(c.sent[0]!);
      expect(c.state.paused).toBe(false);
      expect(c.events.at(-1)).toMatchObject({ type: 'approval_resolved', requestId: id, outcome: 'allowed' });
    }
    const inner = (a: Json) => (a.response as { response: Json }).response;
    expect(inner(answers[0]!)).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'touch made-by-bash.txt', description: 'Run a shell command' },
    });
    expect((inner(answers[1]!).updatedPermissions as Json[]).map((p) => p.destination)).toEqual(['session', 'session']);
    expect(inner(answers[2]!).updatedPermissions).toEqual([
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
        behavior: 'allow',
        destination: 'localSettings',
      },
    ]);
  });

  it("in a project, the card offers the CLI's rule for this session and always, never its mode switch (case 22c)", () => {
    const s = new ControlSession({ threadId: 't', turnId: 'u', projectDir: '<cwd>' });
    const c = fakeChannel();
    s.handle(bashPrompt(), c.channel);
    const request = (c.events[0] as { request: ApprovalRequest }).request;
    expect(request.offers?.session?.rules).toEqual(['Bash(touch made-by-bash.txt)']);
    s.answer(request.requestId, { behavior: 'allow', scope: 'session' });
    const inner = (c.sent[0]!.response as { response: Json }).response;
    expect(inner.updatedPermissions).toEqual([
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
        behavior: 'allow',
        destination: 'session',
      },
    ]);
  });

  it('hands the rules of an answer "for this session" to the host, and nothing for once, always or deny (case 55)', () => {
    const kept: string[][] = [];
    const answers = [
      { behavior: 'allow', scope: 'once' },
      { behavior: 'allow', scope: 'always' },
      { behavior: 'deny' },
      { behavior: 'allow', scope: 'session' },
    ] as const;
    for (const decision of answers) {
      const s = new ControlSession({
        threadId: 't',
        turnId: 'u',
        projectDir: '<cwd>',
        onSessionRules: (r) => kept.push(r),
      });
      const c = fakeChannel();
      s.handle(bashPrompt(), c.channel);
      s.answer(s.pendingApprovals()[0]!.requestId, decision);
    }
    expect(kept).toEqual([['Bash(touch made-by-bash.txt)']]);
  });

  it('sends the edited input, and a denial with the reason verbatim (never interrupt)', () => {
    const s = session();
    const c = fakeChannel();
    s.handle(writePrompt(), c.channel);
    const id = s.pendingApprovals()[0]!.requestId;
    s.answer(id, { behavior: 'allow', scope: 'once', updatedInput: { file_path: '/x', content: 'mine' } });
    expect(c.sent[0]).toMatchObject({ response: { request_id: id, response: { updatedInput: { content: 'mine' } } } });

    const s2 = session();
    const c2 = fakeChannel();
    s2.handle(writePrompt(), c2.channel);
    s2.answer(id, { behavior: 'deny', message: 'Not in this folder' });
    expect(c2.sent[0]).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: id, response: { behavior: 'deny', message: 'Not in this folder' } },
    });
    expect(s2.answer(id, { behavior: 'allow', scope: 'once' })).toBe(false); // already answered
  });

  it('an answer from a paired device names it on the resolved card, and nothing of it reaches Claude Code', () => {
    const s = session();
    const c = fakeChannel();
    s.handle(bashPrompt(), c.channel);
    const id = s.pendingApprovals()[0]!.requestId;
    const actor = { deviceId: 'dev-1', name: 'Pixel', route: 'lan' as const, address: '192.168.1.30' };
    s.answer(id, { behavior: 'allow', scope: 'session', actor });
    expect(c.events.at(-1)).toMatchObject({ type: 'approval_resolved', requestId: id, actor, scope: 'session' });
    expect(JSON.stringify(c.sent)).not.toContain('dev-1');
  });

  it('keeps the idle bound held until the last of several queued cards is answered', () => {
    const s = session();
    const c = fakeChannel();
    const a = { ...bashPrompt(), raw: { ...bashPrompt().raw, request_id: 'A' } };
    const b = { ...bashPrompt(), raw: { ...bashPrompt().raw, request_id: 'B' } };
    s.handle(a, c.channel);
    s.handle(b, c.channel);
    expect(s.pendingApprovals().map((r) => r.requestId)).toEqual(['A', 'B']);
    s.answer('B', { behavior: 'deny' });
    expect(c.state.paused).toBe(true);
    s.answer('A', { behavior: 'allow', scope: 'once' });
    expect(c.state.paused).toBe(false);
  });

  it('a control_cancel_request withdraws the card as cancelled (case 25c); process exit cancels the rest', async () => {
    const lines = controlLines('25c-interrupt-while-permission-pending');
    const s = session();
    const c = fakeChannel();
    for (const m of lines) s.handle(m, c.channel);
    expect(c.events.map((e) => e.type)).toEqual(['approval_request', 'approval_resolved']);
    expect(c.events[1]).toMatchObject({ outcome: 'cancelled' });
    expect(s.pendingApprovals()).toEqual([]);

    const s2 = session();
    const c2 = fakeChannel();
    s2.handle(writePrompt(), c2.channel);
    c2.exit();
    await expect.poll(() => c2.events.at(-1)?.type).toBe('approval_resolved');
    expect(s2.live).toBe(false);
  });

  it('answers an unknown CLI request with an error so the CLI never waits for it', () => {
    const s = session();
    const c = fakeChannel();
    s.handle(
      {
        type: 'control_request',
        raw: { type: 'control_request', request_id: 'q1', request: { subtype: 'hook_callback' } },
      },
      c.channel,
    );
    expect(c.sent[0]).toMatchObject({ response: { subtype: 'error', request_id: 'q1' } });
  });
});

describe('ControlSession tool gate (case 43)', () => {
  const gateLines = () =>
    controlLines('43-pretooluse-hook-gate').filter(
      (m) => m.type === 'control_request' && (m.raw.request as Json).subtype === 'hook_callback',
    );

  it('answers each PreToolUse callback {continue: true} only once the gate settles, holding the idle bound', async () => {
    let open!: () => void;
    const s = new ControlSession({
      threadId: 't',
      turnId: 'u',
      toolGate: () => new Promise<void>((_, reject) => (open = () => reject(new Error('snapshot failed')))),
    });
    const c = fakeChannel();
    const [write, bash] = gateLines();
    s.handle(write!, c.channel);
    expect(c.sent).toEqual([]);
    expect(c.state.paused).toBe(true);
    open(); // a failed snapshot still lets the tool run: it must not cost the user the turn
    await expect
      .poll(() => c.sent)
      .toEqual([
        {
          type: 'control_response',
          response: { subtype: 'success', request_id: write!.raw.request_id, response: { continue: true } },
        },
      ]);
    expect(c.state.paused).toBe(false);
    s.handle(bash!, c.channel); // the gate is open now: answered at once
    expect(c.sent).toHaveLength(2);
  });

  it('without a gate a callback is answered at once; a callback that is not ours is refused', () => {
    const s = session();
    const c = fakeChannel();
    s.handle(gateLines()[0]!, c.channel);
    expect(c.sent[0]).toMatchObject({ response: { subtype: 'success', response: { continue: true } } });
    s.handle(
      {
        type: 'control_request',
        raw: { type: 'control_request', request_id: 'q2', request: { subtype: 'hook_callback', callback_id: 'x' } },
      },
      c.channel,
    );
    expect(c.sent[1]).toMatchObject({ response: { subtype: 'error', request_id: 'q2' } });
  });
});

describe('ControlSession requests', () => {
  it('matches set_model / set_permission_mode responses by request id (cases 26/27b)', async () => {
    const s = session();
    const c = fakeChannel();
    s.attach(c.channel);
    const model = s.setModel('mock-404-model');
    expect(c.sent[0]).toEqual({
      type: 'control_request',
      request_id: 'model-1',
      request: { subtype: 'set_model', model: 'mock-404-model' },
    });
    const response = (raw: Json) => s.handle({ type: 'control_response', raw }, c.channel);
    response({ type: 'control_response', response: { subtype: 'success', request_id: 'other', response: {} } });
    response({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'model-1',
        error: "Model 'mock-404-model' not found",
        error_code: 'not_found',
      },
    });
    await expect(model).resolves.toMatchObject({ ok: false, errorCode: 'not_found' });

    const mode = s.setPermissionMode('acceptEdits');
    response({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'mode-1', response: { mode: 'acceptEdits' } },
    });
    await expect(mode).resolves.toMatchObject({ ok: true, response: { mode: 'acceptEdits' } });
  });

  it('gives up on a request the CLI never answers, and ignores a late answer', async () => {
    const time = manualClock();
    const s = new ControlSession({
      threadId: 't',
      turnId: 'u',
      newId: () => '1',
      clock: time.clock,
      requestTimeoutMs: 10_000,
    });
    const c = fakeChannel();
    s.attach(c.channel);
    let settled: unknown;
    void s.setModel('opus').then((r) => (settled = r));
    time.advance(9_999);
    await Promise.resolve();
    expect(settled).toBeUndefined();
    time.advance(1);
    await Promise.resolve();
    expect(settled).toEqual({ requestId: 'model-1', ok: false, error: 'Claude Code did not answer' });
    // The pending entry is gone: a late response settles nothing and the session stays usable.
    s.handle(
      {
        type: 'control_response',
        raw: { type: 'control_response', response: { subtype: 'success', request_id: 'model-1', response: {} } },
      },
      c.channel,
    );
    const answered = s.setPermissionMode('acceptEdits');
    s.handle(
      {
        type: 'control_response',
        raw: { type: 'control_response', response: { subtype: 'success', request_id: 'mode-1', response: {} } },
      },
      c.channel,
    );
    await expect(answered).resolves.toMatchObject({ ok: true });
    time.advance(20_000); // its timer was cleared with the answer
  });

  it('fails open requests when the process ends, and refuses when none is attached', async () => {
    const s = session();
    await expect(s.setModel('x')).resolves.toMatchObject({ ok: false });
    const c = fakeChannel();
    s.attach(c.channel);
    const pending = s.setPermissionMode('default');
    c.exit();
    await expect(pending).resolves.toMatchObject({ ok: false });
  });
});

describe('ControlSession, a "when Claude first edits" thread (case 66)', () => {
  const gates = () =>
    controlLines('66-first-edit-move.a-deny-and-stop').filter(
      (m) => m.type === 'control_request' && (m.raw.request as Json).subtype === 'hook_callback',
    );
  const moved = {
    kind: 'moved' as const,
    folder: '/wt',
    reason: 'moved: redo it there',
    note: 'you now work in /wt',
    line: 'one line',
  };

  it('a Read runs at once; the Edit waits for the host, then is refused with the reason and the turn stops', async () => {
    let answer!: (a: typeof moved) => void;
    const asked: string[] = [];
    const s = new ControlSession({
      threadId: 't',
      turnId: 'u',
      firstEdit: (call) => {
        asked.push(call.toolName);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const c = fakeChannel();
    const [read, edit] = gates();
    s.handle(read!, c.channel);
    expect(c.sent).toHaveLength(1);
    expect(c.sent[0]).toMatchObject({ response: { response: { continue: true } } });
    s.handle(edit!, c.channel);
    await expect.poll(() => asked).toEqual(['Edit']);
    expect(c.sent).toHaveLength(1); // held while the worktree is made
    expect(c.state.paused).toBe(true);
    answer(moved);
    await expect.poll(() => c.sent).toHaveLength(2);
    expect(c.sent[1]).toEqual({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: edit!.raw.request_id,
        response: {
          continue: false,
          stopReason: 'Claude Desk moved this thread into its own worktree.',
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'moved: redo it there',
          },
        },
      },
    });
    expect(c.state.paused).toBe(false);
    // A second editing call of the same process shares the answer: the host is asked once.
    s.handle({ ...edit!, raw: { ...edit!.raw, request_id: 'again' } }, c.channel);
    await expect.poll(() => c.sent).toHaveLength(3);
    expect(asked).toEqual(['Edit']);
  });

  it('refused (no worktree can be made): denied without stopping, so Claude reads why and goes on', async () => {
    const s = new ControlSession({
      threadId: 't',
      turnId: 'u',
      firstEdit: () => Promise.resolve({ kind: 'refused', reason: 'no commit yet' }),
    });
    const c = fakeChannel();
    s.handle(gates()[1]!, c.channel);
    await expect.poll(() => c.sent).toHaveLength(1);
    const response = (c.sent[0]!.response as Json).response as Json;
    expect(response).not.toHaveProperty('continue');
    expect(response.hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: 'no commit yet',
    });
  });

  it('a host that fails is a refusal, never a silent edit; a process gone meanwhile is answered nothing', async () => {
    const s = new ControlSession({ threadId: 't', turnId: 'u', firstEdit: () => Promise.reject(new Error('boom')) });
    const c = fakeChannel();
    s.handle(gates()[1]!, c.channel);
    await expect.poll(() => c.sent).toHaveLength(1);
    expect(JSON.stringify(c.sent[0])).toContain('"permissionDecision":"deny"');
    expect(JSON.stringify(c.sent[0])).toContain('boom');

    let answer!: (a: typeof moved) => void;
    const gone = new ControlSession({
      threadId: 't',
      turnId: 'u',
      firstEdit: () => new Promise((resolve) => (answer = resolve)),
    });
    const d = fakeChannel();
    gone.handle(gates()[1]!, d.channel);
    d.exit();
    await expect.poll(() => gone.live).toBe(false);
    answer(moved);
    await Promise.resolve();
    expect(d.sent).toEqual([]);
  });

  it('in Plan mode an edit is let through to Claude Code, which refuses it itself: no worktree is made for it', () => {
    const asked: string[] = [];
    const s = new ControlSession({
      threadId: 't',
      turnId: 'u',
      firstEdit: (call) => {
        asked.push(call.toolName);
        return Promise.resolve(moved);
      },
    });
    const c = fakeChannel();
    const edit = gates()[1]!;
    const request = edit.raw.request as Json;
    const input = { ...(request.input as Json), permission_mode: 'plan' };
    s.handle({ ...edit, raw: { ...edit.raw, request: { ...request, input } } }, c.channel);
    expect(c.sent[0]).toMatchObject({ response: { response: { continue: true } } });
    expect(asked).toEqual([]);
  });
});
