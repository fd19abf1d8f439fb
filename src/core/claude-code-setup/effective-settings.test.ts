import { describe, expect, it } from 'vitest';
import { recordedCase } from '../../../test/fixtures/recorded-cases';
import { parseEffectiveSettings } from './effective-settings';

/** The `get_settings` answer of a recorded case (its first line: asked before any user line). */
function answerOf(name: string): Record<string, unknown> {
  const first = JSON.parse(recordedCase(name).bytes.toString('utf8').split('\n')[0]!) as {
    response: { response: Record<string, unknown> };
  };
  return first.response.response;
}

describe('what Claude Code reports in force (get_settings)', () => {
  it('a malformed file is named with why; the rules each readable file gave, as written (case 52c)', () => {
    const view = parseEffectiveSettings(answerOf('52c-get-settings-broken-and-odd-rules'), '<cwd>', 412);
    expect(view.errors).toEqual([{ path: '<cwd>/.claude/settings.json', message: 'Invalid or malformed JSON' }]);
    expect(view.sources.map((s) => s.scope)).toEqual(['user', 'local']);
    expect(view.sources[1]!.rules).toEqual({ allow: [], ask: [], deny: ['Edit(notes.md)', 'Bad rule'] });
    expect(view.rules).toEqual({
      allow: ['Write(notes.md)'],
      ask: ['Edit(notes.md)'],
      deny: ['Edit(notes.md)', 'Bad rule'],
    });
    expect(view.ms).toBe(412);
  });

  it('a file Claude Code dropped has no source and says why (case 52)', () => {
    const view = parseEffectiveSettings(answerOf('52-unknown-key-disabled-hooks'), '<cwd>', 1);
    expect(view.sources).toEqual([]);
    expect(view.errors[0]).toMatchObject({ path: '<home>/.claude/settings.json' });
    expect(view.errors[0]!.message).toMatch(/hooks are declared outside "hooks"/);
  });

  it('the flag layer (no file) is not a source the pages show (case 45)', () => {
    const view = parseEffectiveSettings(
      { effective: {}, sources: [{ source: 'flagSettings', settings: { permissions: { deny: ['Read'] } } }] },
      '/p',
      1,
    );
    expect(view.sources).toEqual([]);
  });
});
