import { describe, expect, it } from 'vitest';
import { CliEventMapper } from './cli-event-mapper';

/**
 * Stop = `interrupt` (case 25): the CLI prints the partial block as an `assistant` line with
 * `aborted:true`, then a message_stop with abandoned_blocks. What was shown must stay shown, even when
 * the cut block is not the first (thinking first, then text).
 */
describe('CliEventMapper after an interrupt', () => {
  it('keeps the partial text of an aborted message, whatever from_block_index says', () => {
    const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
    const se = (event: object, extra: object = {}) => ({
      type: 'stream_event',
      event,
      api_message_id: 'm1',
      parent_tool_use_id: null,
      ...extra,
    });
    const lines = [
      se({ type: 'message_start', message: { id: 'm1' } }),
      se({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }),
      { type: 'assistant', message: { id: 'm1', content: [{ type: 'thinking', thinking: 'hmm' }] } },
      se({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'w00 w01 ' } }),
      { type: 'assistant', aborted: true, message: { id: 'm1', content: [{ type: 'text', text: 'w00 w01 ' }] } },
      se({ type: 'message_stop' }, { abandoned_blocks: { api_message_id: 'm1', from_block_index: 1 } }),
    ];
    const events = lines.flatMap((l) => mapper.map(l).events);
    expect(events.map((e) => e.type)).not.toContain('abandon');
    expect(
      events
        .filter((e) => e.type === 'text_delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('w00 w01 ');
  });
});
