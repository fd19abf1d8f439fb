import { describe, expect, it } from 'vitest';
import { TurnService, type TurnRunner } from './turn-service';
import type { TurnHandle, TurnStart } from '../../core/turn/turn-request';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { newAssistantMessage } from '../../shared/turn-reducer';
import { EventBus } from '../event-bus';
import { TurnPhases } from '../../core/turn/turn-phases';
import { ThreadsStore } from '../../core/store/threads-store';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import fs from 'node:fs';
import { RunningTurns } from './running-turns';

const temp = useTempDirs('turn-service-disk-full');

type Prepared = Awaited<ReturnType<ConstructorParameters<typeof TurnService>[0]['prepare']>>;

/**
 * The disk fills while an answer streams (an injected ENOSPC on the answer's saves; the command-line test mounts a
 * real tmpfs): the answer is kept in memory, the user told once, and it is saved when space returns — never left
 * "running" in the log.
 */
describe('TurnService on a full disk', () => {
  it('keeps the answer, says so once, and saves it (done, with its text) once the disk has room', async () => {
    const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
    const thread = await threads.create({ title: 'Work' });
    let full = false;
    const realSave = threads.saveAssistant.bind(threads);
    threads.saveAssistant = (id, message) =>
      full
        ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
        : realSave(id, message);
    let emit!: (event: Record<string, unknown>, message: AssistantMessage) => void;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const engine: TurnRunner = {
      run: (req, onEvent) => {
        const base = { threadId: req.threadId, turnId: req.turnId };
        emit = (event, message) => onEvent({ ...base, ...event } as unknown as TurnEvent, message);
        const done = (req as TurnStart)
          .prepare()
          .then(() => ended)
          .then(() => ({ status: 'done' }) as const);
        const closed = done.then(async (o) => {
          await (req as TurnStart).close?.(o);
          return o;
        });
        return { ...base, message: newAssistantMessage(req.turnId, 1), done, closed } as unknown as TurnHandle;
      },
      running: () => [],
      stopAll: async () => {},
      phases: new TurnPhases(),
    };
    const bus = new EventBus();
    const notices: string[] = [];
    bus.on('notice', (n) => notices.push(`${n.level}: ${n.message}`));
    const retries: (() => void)[] = [];
    const service = new TurnService({
      threads,
      engine,
      bus,
      prepare: () => Promise.resolve({ settings: {} } as unknown as Prepared),
      scheduleRetry: (run) => retries.push(run),
    });
    const sent = await service.send({ threadId: thread.id, messageId: 'm1', text: 'Write it' });
    await new Promise((r) => setTimeout(r, 0));

    full = true; // the disk fills while the answer streams
    const answer = { ...newAssistantMessage(sent.turnId, 2), text: 'Half' } as AssistantMessage;
    emit({ type: 'text_delta', text: 'Half' }, answer);
    const final = { ...answer, text: 'Half and whole.', status: 'done' } as AssistantMessage;
    emit({ type: 'finished', status: 'done' }, final);
    end();
    await sent.done;
    await expect.poll(() => service.unsaved.size).toBe(1);
    expect(notices).toEqual([
      "error: Could not save: the disk holding Claude Desk's data is full — free space and Retry.",
    ]);

    retries.shift()!(); // still full: it waits on
    await expect.poll(() => retries.length).toBe(1);
    full = false; // space is back
    retries.shift()!();
    await expect.poll(() => service.unsaved.size).toBe(0);
    const saved = (await threads.get(thread.id))!.messages.find((m) => m.id === sent.turnId) as AssistantMessage;
    expect(saved).toMatchObject({ status: 'done', text: 'Half and whole.' });
    expect(notices.at(-1)).toBe('info: Saved the answer that could not be saved while the disk was full.');
  });

  it('a clean shutdown while an answer is unsaved keeps the running-turns journal: the next start marks the turn interrupted', async () => {
    const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
    const thread = await threads.create({ title: 'Work' });
    let full = false;
    const realSave = threads.saveAssistant.bind(threads);
    threads.saveAssistant = (id, message) =>
      full
        ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
        : realSave(id, message);
    const phases = new TurnPhases();
    let emit!: (event: Record<string, unknown>, message: AssistantMessage) => void;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const engine: TurnRunner = {
      run: (req, onEvent) => {
        const base = { threadId: req.threadId, turnId: req.turnId };
        phases.begin(req.threadId, req.turnId);
        emit = (event, message) => onEvent({ ...base, ...event } as unknown as TurnEvent, message);
        const done = (req as TurnStart)
          .prepare()
          .then(() => ended)
          .then(() => ({ status: 'done' }) as const);
        const closed = done.then(async (o) => {
          for (const phase of ['preparing', 'running', 'answered'] as const) phases.advance(req.turnId, phase);
          phases.close(req.turnId, 'done');
          await (req as TurnStart).close?.(o);
          phases.end(req.turnId);
          return o;
        });
        return { ...base, message: newAssistantMessage(req.turnId, 1), done, closed } as unknown as TurnHandle;
      },
      running: () => [],
      stopAll: async () => {},
      phases,
    };
    const journalDir = await temp.make();
    const running = new RunningTurns(journalDir);
    const service = new TurnService({
      threads,
      engine,
      running,
      bus: new EventBus(),
      prepare: () => Promise.resolve({ settings: {} } as unknown as Prepared),
      scheduleRetry: () => undefined,
    });
    const sent = await service.send({ threadId: thread.id, messageId: 'm1', text: 'Write it' });
    const answer = { ...newAssistantMessage(sent.turnId, 2), text: 'Half', status: 'running' } as AssistantMessage;
    emit({ type: 'text_delta', text: 'Half' }, answer);
    await expect
      .poll(async () => (await threads.get(thread.id))!.messages.some((m) => m.id === sent.turnId))
      .toBe(true);

    full = true; // the disk fills before the answer's end is saved
    emit({ type: 'finished', status: 'done' }, {
      ...answer,
      text: 'Half and whole.',
      status: 'done',
    } as AssistantMessage);
    end();
    await sent.done;
    await expect.poll(() => phases.live(thread.id).length).toBe(0); // over, by its phases
    await expect.poll(() => service.unsaved.size).toBe(1);
    await service.stopAll(); // its last try is refused too
    running.shutdown();
    expect(fs.readdirSync(journalDir)).toHaveLength(1); // kept: the turn is not over on disk

    full = false; // the next start, with room again
    await expect(new RunningTurns(journalDir).recover(threads, () => undefined)).resolves.toBe(1);
    const saved = (await threads.get(thread.id))!.messages.find((m) => m.id === sent.turnId) as AssistantMessage;
    expect(saved).toMatchObject({ status: 'failed', text: 'Half' });
    expect(fs.readdirSync(journalDir)).toEqual([]);
  });

  it('an unsaved answer saved later lets the turn end in the journal: a clean shutdown then removes it', async () => {
    const dir = await temp.make();
    const running = new RunningTurns(dir);
    await running.started('t', 'turn-1');
    running.hold('t', 'turn-1');
    await running.ended('turn-1');
    await running.release('turn-1');
    running.shutdown();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
