import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ApprovalDecision, ApprovalRequest } from '../src/shared/turn-events';
import { NO_TTY_DENIAL, createApprovalPrompter, describeApproval } from '../src/command-line/approval-prompt';

const bash: ApprovalRequest = {
  requestId: 'r1',
  toolName: 'Bash',
  input: { command: 'touch made-by-bash.txt', description: 'Run a shell command' },
  blockedPath: '/p/made-by-bash.txt',
  // The suggestions of recorded case 20c: one `localSettings` rule and two `session` ones.
  suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
      behavior: 'allow',
      destination: 'localSettings',
    },
    { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
  ],
};

function terminal(isTTY: boolean) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (c: Buffer) => (shown += c.toString()));
  const answers: [string, ApprovalDecision][] = [];
  const prompter = createApprovalPrompter({
    input,
    output,
    answer: async (id, d) => void answers.push([id, d]),
  });
  return { input, prompter, answers, shown: () => shown };
}

describe('claude-desk chat approval prompt', () => {
  it('shows the command and asks; y allows once, a always, n denies with the typed reason', async () => {
    const t = terminal(true);
    t.prompter.request(bash);
    t.prompter.request({ ...bash, requestId: 'r2' });
    t.prompter.request({ ...bash, requestId: 'r3' });
    await expect.poll(t.shown).toContain('$ touch made-by-bash.txt');
    expect(t.shown()).toContain('[a] always (saves .claude/settings.local.json in the project)');
    t.input.write('y\n');
    await expect.poll(() => t.answers.length).toBe(1);
    t.input.write('a\n');
    await expect.poll(() => t.answers.length).toBe(2);
    t.input.write('n\n');
    await expect.poll(t.shown).toContain('Reason for Claude');
    t.input.write('wrong folder\n');
    await expect.poll(() => t.answers.length).toBe(3);
    expect(t.answers).toEqual([
      ['r1', { behavior: 'allow', scope: 'once' }],
      ['r2', { behavior: 'allow', scope: 'always' }],
      ['r3', { behavior: 'deny', message: 'wrong folder' }],
    ]);
    await t.prompter.close();
  });

  it('a card withdrawn by the CLI stops the question without answering', async () => {
    const t = terminal(true);
    t.prompter.request(bash);
    await expect.poll(t.shown).toContain('[y] allow once');
    t.prompter.resolved('r1');
    await expect.poll(t.shown).toContain('(withdrawn)');
    await t.prompter.close();
    expect(t.answers).toEqual([]);
  });

  it('without a terminal it denies at once and says why', async () => {
    const t = terminal(false);
    t.prompter.request(bash);
    await expect.poll(() => t.answers.length).toBe(1);
    expect(t.answers[0]).toEqual(['r1', { behavior: 'deny', message: NO_TTY_DENIAL }]);
    expect(t.shown()).toContain('denied (no terminal to ask on)');
    await t.prompter.close();
  });

  it('describes a Write with its path and the first lines of the content', () => {
    const text = describeApproval({
      requestId: 'w',
      toolName: 'Write',
      input: { file_path: '/p/a.txt', content: 'one\ntwo' },
      suggestions: [],
    });
    expect(text).toContain('file: /p/a.txt');
    expect(text).toContain('one\n    two');
  });
});
