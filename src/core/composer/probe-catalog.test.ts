import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TERMINAL_ONLY_COMMANDS } from '../../shared/composer';
import { catalogFromInitialize, fallbackCatalog } from './probe-catalog';

const recorded = path.resolve(__dirname, '../../../test/fixtures/recorded/composer/30-custom-command-and-init.jsonl');

function initializeResponse(): Record<string, unknown> {
  const line = fs.readFileSync(recorded, 'utf8').split('\n')[0]!;
  return (JSON.parse(line) as { response: { response: Record<string, unknown> } }).response.response;
}

describe('catalogFromInitialize (recorded case 30)', () => {
  const catalog = catalogFromInitialize(initializeResponse());

  it('lists the project command with its description, argument hint and source', () => {
    expect(catalog.commands.find((c) => c.name === 'hello')).toEqual({
      name: 'hello',
      description: 'Greets someone by name',
      argumentHint: '<name>',
      kind: 'cli',
      source: 'project',
    });
    expect(catalog.commands.find((c) => c.name === 'userhi')?.source).toBe('user');
    expect(catalog.commands.find((c) => c.name === 'compact')?.source).toBe('builtin');
  });

  it('answers /clear, /model, /cost, /mcp natively, once each, and hides internal commands', () => {
    for (const name of ['clear', 'model', 'cost', 'mcp']) {
      expect(catalog.commands.filter((c) => c.name === name)).toEqual([expect.objectContaining({ kind: 'native' })]);
    }
    expect(catalog.commands.some((c) => c.name.startsWith('_'))).toBe(false);
  });

  it('offers only what works headless: the terminal-only built-ins of case 31x are left out', () => {
    const names = catalog.commands.map((c) => c.name);
    for (const hidden of ['color', 'focus', 'heapdump', 'agents', 'fast', 'rename', 'workflow-launch-exec'])
      expect(names).not.toContain(hidden);
    for (const kept of ['compact', 'context', 'init', 'usage', 'security-review']) expect(names).toContain(kept);
  });

  it('each left-out built-in was answered by the CLI itself, with no turn of the model (case 31x)', () => {
    const file = path.resolve(recorded, '../31x-builtins-headless.json');
    const runs = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { result: unknown }>;
    for (const name of Object.keys(TERMINAL_ONLY_COMMANDS)) {
      expect(runs[name], name).toMatchObject({ result: { num_turns: 0 } });
    }
  });

  it('takes the models the CLI lists', () => {
    expect(catalog.models.map((m) => m.value)).toContain('sonnet');
    expect(catalog.models[0]).toMatchObject({ value: 'default', displayName: 'Default (recommended)' });
  });

  it('falls back to native commands and curated models with the reason', () => {
    const fb = fallbackCatalog('no CLI');
    expect(fb.problem).toBe('no CLI');
    expect(fb.commands.every((c) => c.kind === 'native')).toBe(true);
    expect(fb.models.length).toBeGreaterThan(0);
  });
});
