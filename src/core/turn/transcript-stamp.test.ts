import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptPath, transcriptStamp } from './transcript-stamp';

describe('transcriptStamp', () => {
  it('is the last user or assistant line’s uuid: a turn elsewhere changes it, bookkeeping lines do not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-'));
    const file = path.join(dir, 's.jsonl');
    expect(await transcriptStamp(file)).toBeUndefined();
    const line = (v: object) => fs.appendFileSync(file, `${JSON.stringify(v)}\n`);
    line({ type: 'user', uuid: 'u1' });
    line({ type: 'assistant', uuid: 'a1' });
    expect(await transcriptStamp(file)).toBe('a1');
    line({ type: 'last-prompt', lastPrompt: 'x' });
    line({ type: 'system', uuid: 's1' });
    expect(await transcriptStamp(file)).toBe('a1');
    line({ type: 'user', uuid: 'u2', message: { content: 'x'.repeat(200_000) } }); // past the first read
    line({ type: 'summary', summary: 'y' });
    expect(await transcriptStamp(file)).toBe('u2');
    fs.rmSync(dir, { recursive: true });
  });

  it('finds the transcript where Claude Code keeps it, CLAUDE_CONFIG_DIR first', () => {
    expect(transcriptPath('id', '/w/my.app', { HOME: '/h' })).toBe('/h/.claude/projects/-w-my-app/id.jsonl');
    expect(transcriptPath('id', '/w', { HOME: '/h', CLAUDE_CONFIG_DIR: '/c' })).toBe('/c/projects/-w/id.jsonl');
  });
});
