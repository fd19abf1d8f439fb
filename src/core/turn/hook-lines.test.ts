import { describe, expect, it } from 'vitest';
import { replayRecorded } from '../../../test/fixtures/replay-recorded';
import { CliEventMapper } from './cli-event-mapper';

describe("the user's own hooks on a turn (recorded case 44b, --include-hook-events)", () => {
  it('a UserPromptSubmit hook that ran and a PreToolUse hook that blocked a Write, each one line', () => {
    const { message } = replayRecorded('44b-hooks-include-hook-events');
    const hooks = message.hooks ?? [];
    expect(hooks.map((h) => [h.name, h.outcome])).toEqual([
      ['UserPromptSubmit', 'ran'],
      ['PreToolUse:Write', 'blocked'],
    ]);
    // Before anything of the answer: its pair came before system/init.
    expect(hooks[0]!.atPart).toBe(0);
    // The block's reason is the hook's stderr; its line stands where the hook ran: before the Write it refused.
    expect(hooks[1]).toMatchObject({ exitCode: 2, message: 'notes.md is frozen by the team policy' });
    expect(message.parts[hooks[1]!.atPart]).toMatchObject({ kind: 'tool', name: 'Write' });
  });

  it('the events 2.1.337 added read like the others: PreSkillShellCommand (case 63 b) and Interrupt', () => {
    const { message } = replayRecorded('63-interrupt-and-skill-shell-hooks.b-skill-shell-command');
    expect((message.hooks ?? []).map((h) => [h.name, h.event, h.outcome, h.message])).toEqual([
      ['PreSkillShellCommand:Bash', 'PreSkillShellCommand', 'ran', 'PreSkillShellCommand hook ran'],
    ]);
    // Not printed offline (case 63 a, c); its lines have the same shape as every hook event's.
    const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
    const line = { type: 'system', hook_id: 'i1', hook_name: 'Interrupt', hook_event: 'Interrupt' };
    mapper.map({ ...line, subtype: 'hook_started' });
    const [ended] = mapper.map({ ...line, subtype: 'hook_response', exit_code: 0, outcome: 'success' }).events;
    expect(ended).toMatchObject({ type: 'hook', name: 'Interrupt', event: 'Interrupt', outcome: 'ran' });
  });

  it('pairs a start and its end by hook_id; a hook still running has no outcome; other exits are failures', () => {
    const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
    const [started] = mapper.map({
      type: 'system',
      subtype: 'hook_started',
      hook_id: 'h1',
      hook_name: 'Stop',
      hook_event: 'Stop',
    }).events;
    expect(started).toMatchObject({ type: 'hook', hookId: 'h1', name: 'Stop' });
    expect(started).not.toHaveProperty('outcome');
    const [ended] = mapper.map({
      type: 'system',
      subtype: 'hook_response',
      hook_id: 'h1',
      hook_name: 'Stop',
      hook_event: 'Stop',
      exit_code: 1,
      outcome: 'error',
      stderr: 'x'.repeat(1000),
    }).events;
    expect(ended).toMatchObject({ outcome: 'failed', exitCode: 1 });
    expect((ended as { message: string }).message.length).toBeLessThan(500);
  });
});
