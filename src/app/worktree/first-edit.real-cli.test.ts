import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi, type MockRequest } from '../../../test/fixtures/mock-anthropic-api';
import { cwdOf } from '../../../test/fixtures/mock-scenarios';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * Every file under `dir` with its bytes, to prove a checkout did not change by one byte — but `.git` and the
 * worktrees Claude Code keeps inside the checkout (`.claude/worktrees`, kept out of git by info/exclude).
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git' && path.relative(dir, p) !== path.join('.claude', 'worktrees')) walk(p);
      } else out[path.relative(dir, p)] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

type Block = { type?: string; text?: string; tool_use_id?: string; content?: unknown };
const lastBlocks = (req: MockRequest): Block[] => {
  // The user's side's last message (the CLI puts a role-system note after it, case 66 b).
  const messages = (req.body as { messages?: { role?: string; content?: unknown }[] }).messages ?? [];
  const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return Array.isArray(content) ? (content as Block[]) : [];
};

/**
 * "When Claude first edits" with the real CLI against the mock (recorded case 66): a thread that only reads leaves
 * nothing behind; a thread that Reads then Edits gets its worktree at the Edit, which is refused in the checkout and
 * redone in the worktree by the same session — one answer, and the user's checkout unchanged by one byte.
 */
describe('a worktree when Claude first edits (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let desk: DeskApp;
  let root: string;
  let repo: string;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-first-edit-')));
    fs.mkdirSync(path.join(root, 'repo'));
    repo = scratchRepo(path.join(root, 'repo'), { 'README.md': '# scratch\nline 2\n', 'src/app.js': 'let a = 1;\n' });
    fs.writeFileSync(path.join(repo, 'untracked.txt'), 'the user’s own work in progress\n');
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: path.join(root, 'data') },
    });
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    await desk.handlers.setProjectWorktrees({ path: repo, choice: 'first-edit' });
    // After the move, the model does as the note says: it redoes the edit where it now works.
    mock.setResponder((req) => {
      const blocks = lastBlocks(req);
      if (blocks.some((b) => b.type === 'text' && b.text?.includes('You now work in this thread')))
        return {
          kind: 'tool_use',
          text: 'Redoing it here.',
          tools: [
            {
              name: 'Edit',
              input: { file_path: `${cwdOf(req)}/README.md`, old_string: 'line 2\n', new_string: 'line two\n' },
            },
          ],
        };
      return undefined;
    });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cli?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const finished = async (turnId: string) => {
    await expect
      .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 90_000 })
      .toBe(true);
    return events.find((e) => e.turnId === turnId && e.type === 'finished');
  };
  const readThenEdit =
    'SCENARIO:steps [{"name":"Read","input":{"file_path":"$CWD/README.md"}},' +
    '{"name":"Edit","input":{"file_path":"$CWD/README.md","old_string":"line 2\\n","new_string":"line two\\n"}}]';

  it('a thread that only reads makes no worktree and no branch', async () => {
    const before = snapshot(repo);
    const t = await desk.handlers.createThread({ title: 'Question', settings: { projectDir: repo } });
    expect(t.settings).toMatchObject({ worktreeOnEdit: true, useWorktree: false });
    const sent = await desk.handlers.sendMessage({
      threadId: t.id,
      text: 'SCENARIO:steps [{"name":"Read","input":{"file_path":"$CWD/README.md"}},{"name":"Bash","input":{"command":"git log --oneline | head -3","description":"log"}}]',
    });
    expect(await finished(sent.turnId)).toMatchObject({ status: 'done' });
    expect(desk.services.threads.summary(t.id)!.settings.worktree).toBeUndefined();
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
    expect(git(repo, 'branch', '--format=%(refname:short)')).toBe('main');
    expect(snapshot(repo)).toEqual(before);
  });

  it('Read then Edit: the Edit lands in the new worktree, the checkout stays byte-identical, one answer', async () => {
    const before = snapshot(repo);
    const t = await desk.handlers.createThread({ title: 'Fix readme', settings: { projectDir: repo } });
    const sent = await desk.handlers.sendMessage({ threadId: t.id, text: readThenEdit });
    expect(await finished(sent.turnId)).toMatchObject({ status: 'done' });

    const wt = desk.services.threads.summary(t.id)!.settings.worktree!;
    expect(wt).toMatchObject({ branch: 'worktree-fix-readme', base: 'main', state: 'ready', repo });
    expect(fs.readFileSync(path.join(wt.path, 'README.md'), 'utf8')).toBe('# scratch\nline two\n');
    // Not one byte of the user's checkout changed (its untracked file included); still on its branch.
    expect(snapshot(repo)).toEqual(before);
    expect(git(repo, 'status', '--porcelain')).toBe('?? untracked.txt');
    expect(git(repo, 'symbolic-ref', '--short', 'HEAD')).toBe('main');

    // One answer: one assistant message for the turn, with the one line saying where the thread now works.
    const thread = (await desk.handlers.getThread({ threadId: t.id }))!;
    const answers = thread.messages.filter((m) => m.role === 'assistant');
    expect(answers).toHaveLength(1);
    expect(thread.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    const answer = answers[0]!;
    expect(answer.role === 'assistant' && answer.warnings).toEqual([
      `Claude is about to edit: this thread now works in its own worktree ${wt.path}, branch ${wt.branch}.`,
    ]);
    expect(answer.role === 'assistant' && answer.status).toBe('done');
    // The Edit refused in the checkout says why, in Claude Desk's words (not the CLI's "hook error").
    const tools = answer.role === 'assistant' ? answer.parts.filter((p) => p.kind === 'tool') : [];
    expect(tools.map((p) => p.kind === 'tool' && [p.name, p.isError])).toEqual([
      ['Read', false],
      ['Edit', true],
      ['Edit', false],
    ]);
    const refused = tools[1]!.kind === 'tool' ? String(tools[1]!.result) : '';
    expect(refused).toMatch(/^Not run: this thread works in its own git worktree from its first edit, so nothing in /);
    // The stopped part's own result was not shown as the turn's end: one result event for the turn.
    expect(events.filter((e) => e.turnId === sent.turnId && e.type === 'result')).toHaveLength(1);

    // The same session went on in the worktree: the continuation's request carried the first part of the turn.
    const last = JSON.stringify(mock.requests.at(-1)!.body);
    expect(last).toContain('SCENARIO:steps');
    expect(last).toContain('You now work in this thread');
    expect(last).toContain(`Primary working directory: ${wt.path}`);

    // The next turn runs in the worktree and makes none.
    const next = await desk.handlers.sendMessage({ threadId: t.id, text: 'Thanks.' });
    expect(await finished(next.turnId)).toMatchObject({ status: 'done' });
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(2);
    expect(snapshot(repo)).toEqual(before);
  });

  it('in Ask mode the approval card shows once, for the edit in the worktree, and allowing it edits there', async () => {
    const before = snapshot(repo);
    const t = await desk.handlers.createThread({
      title: 'Ask first',
      settings: { projectDir: repo, permissionMode: 'ask' },
    });
    const sent = await desk.handlers.sendMessage({ threadId: t.id, text: readThenEdit });
    await expect
      .poll(() => events.some((e) => e.turnId === sent.turnId && e.type === 'approval_request'), { timeout: 90_000 })
      .toBe(true);
    const card = events.find((e) => e.turnId === sent.turnId && e.type === 'approval_request');
    if (card?.type !== 'approval_request') throw new Error('no card');
    const wt = desk.services.threads.summary(t.id)!.settings.worktree!;
    expect(card.request).toMatchObject({ toolName: 'Edit', input: { file_path: path.join(wt.path, 'README.md') } });
    await desk.handlers.answerApproval({
      threadId: t.id,
      turnId: sent.turnId,
      requestId: card.request.requestId,
      decision: { behavior: 'allow', scope: 'once' },
    });
    expect(await finished(sent.turnId)).toMatchObject({ status: 'done' });
    expect(events.filter((e) => e.turnId === sent.turnId && e.type === 'approval_request')).toHaveLength(1);
    expect(fs.readFileSync(path.join(wt.path, 'README.md'), 'utf8')).toBe('# scratch\nline two\n');
    expect(snapshot(repo)).toEqual(before);
  });
});
