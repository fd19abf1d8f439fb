import { describe, expect, it } from 'vitest';
import { describeApproval } from '../src/command-line/approval-prompt';
import { renderTurnEvent } from '../src/command-line/chat-output';
import { showExactly, terminalSafe } from '../src/command-line/terminal-text';
import type { ApprovalRequest } from '../src/shared/turn-events';

// Anything a terminal would act on: C0 controls but \n and \t, DEL, C1, bidi overrides.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const disguised: ApprovalRequest = {
  requestId: 'r1',
  toolName: 'Bash',
  input: { command: 'rm -rf ~/important\r\u001b[2K$ echo harmless' },
  suggestions: [],
};

describe('terminal output of claude-desk chat', () => {
  it('an approval prompt shows the whole command, with the carriage return and clear-line visible', () => {
    const shown = describeApproval(disguised);
    expect(shown).not.toMatch(ACTIVE);
    expect(shown).toContain('$ rm -rf ~/important\\r\\e[2K$ echo harmless');
  });

  it('a multi-line command continues on marked lines, so no line can pose as a new prompt', () => {
    const shown = describeApproval({ ...disguised, input: { command: 'echo ok\n$ echo harmless' } });
    expect(shown.split('\n')).toEqual(['Claude wants to use Bash', '  $ echo ok', '  > $ echo harmless']);
  });

  it('tool names, paths and file contents from the model are escaped too', () => {
    const shown = describeApproval({
      requestId: 'r2',
      toolName: 'Write\u001b]0;pwned\u0007',
      input: { file_path: '/tmp/a\u202etxt.exe', content: 'line\u001b[31m red' },
      suggestions: [],
    });
    expect(shown).not.toMatch(ACTIVE);
    expect(shown).toContain('Write\\e]0;pwned\\a');
    expect(shown).toContain('/tmp/a\\u202etxt.exe');
  });

  it('streamed answer text keeps newlines and tabs but cannot retitle the window or rewrite a line', () => {
    const base = { threadId: 't', turnId: 'u', messageId: 'm' };
    const out = renderTurnEvent({ ...base, type: 'text_delta', text: 'Hi\u001b]0;owned\u0007\r\tdone\n' }, false);
    expect(out.stdout).toBe('Hi\\e]0;owned\\a\\r\tdone\n');
    const tool = renderTurnEvent({ ...base, type: 'tool_call', toolUseId: 'x', name: 'mcp\u009b2J', input: {} }, false);
    expect(tool.stderr).not.toMatch(ACTIVE);
    // --json is already safe: JSON escapes every control character.
    expect(renderTurnEvent({ ...base, type: 'text', text: '\u001b' }, true).stdout).toContain('\\u001b');
  });

  it('on a terminal the answer keeps zero-width joiners and every script; only what moves or reorders is shown', () => {
    const base = { threadId: 't', turnId: 'u', messageId: 'm' };
    const text = 'Coder: 👩\u200d💻 می\u200cخواهم é\u202eevil';
    expect(renderTurnEvent({ ...base, type: 'text_delta', text }, false).stdout).toBe(
      'Coder: 👩\u200d💻 می\u200cخواهم é\\u202eevil',
    );
  });

  it('through a pipe the answer is its own bytes, control characters included', () => {
    const base = { threadId: 't', turnId: 'u', messageId: 'm' };
    const text = 'Coder: 👩\u200d💻\r\u001b[2K\u202e';
    expect(renderTurnEvent({ ...base, type: 'text_delta', text }, false, false).stdout).toBe(text);
    // Progress on stderr stays escaped: it may be a terminal while stdout is a file.
    const tool = renderTurnEvent(
      { ...base, type: 'tool_call', toolUseId: 'x', name: 'mcp\u001b[2J', input: {} },
      false,
      false,
    );
    expect(tool.stderr).not.toMatch(ACTIVE);
  });

  it('ordinary text passes unchanged', () => {
    expect(terminalSafe('Grüße — 日本語 ✓\n\tindented')).toBe('Grüße — 日本語 ✓\n\tindented');
    expect(showExactly('ls -la', '  ')).toBe('ls -la');
  });
});
