import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { syntheticSession } from '../../../test/fixtures/synthetic-sessions';
import { HistoryIndex } from './history-index';
import { HistoryWatcher } from './history-watcher';

let root: string;
let watcher: HistoryWatcher | undefined;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-watch-'));
});
afterEach(async () => {
  await watcher?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

it('keeps the index live while the CLI writes: a new session, a new turn, a deleted file', async () => {
  const projects = path.join(root, 'projects');
  const dir = path.join(projects, '-home-me-app');
  fs.mkdirSync(dir, { recursive: true });
  const index = await HistoryIndex.open({ stateDir: path.join(root, 'state'), projectsDir: projects, saveDelayMs: 0 });
  watcher = new HistoryWatcher(index, { debounceMs: 20 });
  await watcher.start();
  const id = '5d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
  const file = path.join(dir, `${id}.jsonl`);
  fs.writeFileSync(file, syntheticSession({ sessionId: id, cwd: '/home/me/app', turns: 1 }));
  await expect.poll(() => index.get(id)?.messages, { timeout: 15_000 }).toBe(2);
  fs.appendFileSync(
    file,
    syntheticSession({ sessionId: id, cwd: '/home/me/app', turns: 1, prompt: () => 'A later question' }),
  );
  await expect.poll(() => index.get(id)?.messages, { timeout: 15_000 }).toBe(4);
  fs.rmSync(file);
  await expect.poll(() => index.get(id)?.source, { timeout: 15_000 }).toBe('copy');
});
