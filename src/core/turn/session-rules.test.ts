import { describe, expect, it } from 'vitest';
import { SessionRules, sessionAllowRules } from './session-rules';

const sessionRule = (toolName: string, ruleContent?: string, destination = 'session') => ({
  type: 'addRules',
  rules: [{ toolName, ...(ruleContent === undefined ? {} : { ruleContent }) }],
  behavior: 'allow',
  destination,
});

describe('the rules a user allowed for this session', () => {
  it('are kept per Claude Code session, each once, in the order they were allowed', () => {
    const rules = new SessionRules();
    rules.add('s1', ['Bash(touch x)']);
    rules.add('s1', ['Edit(notes.md)', 'Bash(touch x)']);
    rules.add('s2', ['WebFetch(domain:example.com)']);
    expect(rules.rulesFor('s1')).toEqual(['Bash(touch x)', 'Edit(notes.md)']);
    expect(rules.rulesFor('s2')).toEqual(['WebFetch(domain:example.com)']);
    expect(rules.rulesFor('never-seen')).toEqual([]);
  });

  it('go on with the session a resumed process forks into, and the one it resumed keeps its own', () => {
    const rules = new SessionRules();
    rules.add('s1', ['Bash(touch x)']);
    rules.carry('s1', 'fork');
    rules.add('fork', ['Edit(a.md)']);
    expect(rules.rulesFor('fork')).toEqual(['Bash(touch x)', 'Edit(a.md)']);
    expect(rules.rulesFor('s1')).toEqual(['Bash(touch x)']);
  });

  it("are read from an answer's allow rules for the session only: not settings files, not mode switches", () => {
    expect(
      sessionAllowRules([
        sessionRule('Bash', 'npm test:*'),
        sessionRule('Read'),
        sessionRule('Bash', 'rm -rf x', 'localSettings'),
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'deny', destination: 'session' },
        { type: 'addRules', rules: [{ nope: 1 }, null], behavior: 'allow', destination: 'session' },
      ]),
    ).toEqual(['Bash(npm test:*)', 'Read']);
  });
});
