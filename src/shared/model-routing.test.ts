import { describe, expect, it } from 'vitest';
import { parseCallInput } from './contract';
import { modelRoutingSchema } from './model-routing';

describe('model names (one schema for settings and threads)', () => {
  it('accepts routing strings, bare ids and "" (the default)', () => {
    for (const ok of ['', 'opus', 'claude-code:sonnet@0.2', 'claude-sonnet-4-5[1m]', 'us.anthropic.claude/x:1']) {
      expect(modelRoutingSchema.safeParse(ok).success).toBe(true);
    }
    expect(modelRoutingSchema.parse('  opus ')).toBe('opus');
  });

  it('refuses what could break or extend the --model argument', () => {
    for (const bad of ['two words', '--dangerously-skip-permissions', '-p', 'opus\n-p', 'x'.repeat(201), 'a;b']) {
      expect(modelRoutingSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("checks a thread's model and the default model at the contract, with a readable message", () => {
    expect(() => parseCallInput('updateThreadSettings', { threadId: 't', settings: { model: '--add-dir /' } })).toThrow(
      /Invalid input for updateThreadSettings: .*model name.*settings\.model/s,
    );
    expect(() => parseCallInput('createThread', { settings: { model: 'two words' } })).toThrow(/model name/);
    expect(() => parseCallInput('updateSettings', { defaultModel: 'bad model' })).toThrow(/model name/);
    expect(
      parseCallInput('updateThreadSettings', { threadId: 't', settings: { model: 'claude-code:opus@0.2' } }),
    ).toEqual({ threadId: 't', settings: { model: 'claude-code:opus@0.2' } });
  });
});
