import { describe, expect, it } from 'vitest';
import { approvalOffers, permissionsFor } from './approval-scopes';
import type { ApprovalRequest } from './turn-events';

const prompt = (toolName: string, input: Record<string, unknown>, suggestions: unknown[] = []): ApprovalRequest => ({
  requestId: 'r1',
  toolName,
  input,
  suggestions,
});
// Recorded case 20c: the CLI's rule for the command, plus a directory and a mode switch for the session.
const touch = prompt('Bash', { command: 'touch made-by-bash.txt' }, [
  {
    type: 'addRules',
    rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
    behavior: 'allow',
    destination: 'localSettings',
  },
  { type: 'addDirectories', directories: ['/proj'], destination: 'session' },
  { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
]);

describe('approval scopes', () => {
  it("a command: this session and always write the CLI's own rule, never a mode switch", () => {
    const offers = approvalOffers(touch, '/proj');
    expect(offers.always?.rules).toEqual(['Bash(touch made-by-bash.txt)']);
    expect(offers.session?.rules).toEqual(['Bash(touch made-by-bash.txt)']);
    expect(permissionsFor('session', { ...touch, offers })).toEqual([
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
        behavior: 'allow',
        destination: 'session',
      },
    ]);
    expect(permissionsFor('always', { ...touch, offers })).toEqual([touch.suggestions[0]]);
    expect(permissionsFor('once', { ...touch, offers })).toEqual([]);
  });

  it('a command the CLI offers no rule for can only be allowed once, and the card says why in its words', () => {
    const offers = approvalOffers(
      {
        ...prompt('Bash', { command: 'echo $HOME' }),
        decisionReason: "A variable in this command can't be checked before it runs",
      },
      '/proj',
    );
    expect(offers.session).toBeUndefined();
    expect(offers.always).toBeUndefined();
    expect(offers.onceOnly).toBe(
      "A variable in this command can't be checked before it runs, so it can only be allowed once.",
    );
  });

  it('a file write or edit in the project offers an Edit(<path>) rule (the one the CLI honours for Write too)', () => {
    const write = prompt('Write', { file_path: '/proj/src/app.ts', content: 'x' }, [
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
    ]);
    const offers = approvalOffers(write, '/proj');
    expect(offers.always?.rules).toEqual(['Edit(src/app.ts)']);
    expect(offers.always?.permissions).toEqual([
      {
        type: 'addRules',
        rules: [{ toolName: 'Edit', ruleContent: 'src/app.ts' }],
        behavior: 'allow',
        destination: 'localSettings',
      },
    ]);
    expect(offers.session?.rules).toEqual(['Edit(src/app.ts)']);
    expect(approvalOffers(prompt('Edit', { file_path: '/elsewhere/a.ts' }), '/proj').onceOnly).toMatch(
      /outside the project/,
    );
  });

  it('a web fetch offers its domain; any other tool its name', () => {
    expect(approvalOffers(prompt('WebFetch', { url: 'https://example.com/a?b' }), '/p').always?.rules).toEqual([
      'WebFetch(domain:example.com)',
    ]);
    expect(approvalOffers(prompt('mcp__app__memory_recall', {}), '/p').session?.rules).toEqual([
      'mcp__app__memory_recall',
    ]);
  });

  it('offers computed by the host win; without them, a saved card offers what the CLI suggested', () => {
    expect(approvalOffers({ ...touch, offers: { onceOnly: 'x' } }, '/proj')).toEqual({ onceOnly: 'x' });
    const legacy = approvalOffers(touch);
    expect(legacy.session?.permissions).toHaveLength(2);
    expect(legacy.always?.rules).toEqual(['Bash(touch made-by-bash.txt)']);
  });
});
