/**
 * The first-token bench's Agent SDK variants, (c) and (d): the SDK is installed into bench/node_modules on first use,
 * so the app's own install never needs it. See first-token.bench.ts for what each variant measures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { realCliPath } from '../test/fixtures/real-cli';

export interface Sample {
  firstDelta: number;
  result: number;
}
export interface Variant {
  name: string;
  /** Round `round` of the bench: turn turnOf(round) of lane laneOf(round). */
  run(round: number, text: string): Promise<Sample>;
  close(): Promise<void>;
}

/** What the SDK variants take from the bench: its folder, scratch dirs and env, its spawn, its lanes. */
export interface SdkBenchContext {
  here: string;
  tmp(name: string): string;
  freshEnv(): { env: NodeJS.ProcessEnv };
  /** The app's way of starting a CLI (own group and session); the SDK is handed what it returns. */
  spawnCli(
    file: string,
    args: string[],
    opts: { cwd: string; env: NodeJS.ProcessEnv },
  ): { kill(signal: NodeJS.Signals): unknown };
  perLane<T>(make: (lane: number) => T): T[];
  laneOf(round: number): number;
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Minimal shapes of the SDK, typed here so the app's typecheck never needs bench/node_modules. */
type SdkMessage = { type: string; event?: { delta?: { type?: string } }; session_id?: string; is_error?: boolean };
type SdkUser = {
  type: 'user';
  message: { role: 'user'; content: string };
  parent_tool_use_id: null;
  session_id: string;
};
type SdkQuery = AsyncIterable<SdkMessage> & { close?: () => void };
export interface Sdk {
  query(params: { prompt: string | AsyncIterable<SdkUser>; options: Record<string, unknown> }): SdkQuery;
  startup(params: { options: Record<string, unknown> }): Promise<{ query(prompt: string): SdkQuery; close(): void }>;
}

export function sdkVariants({ here, tmp, freshEnv, spawnCli, perLane, laneOf }: SdkBenchContext) {
  async function loadSdk(): Promise<Sdk | string> {
    const entry = path.join(here, 'node_modules', '@anthropic-ai', 'claude-agent-sdk', 'sdk.mjs');
    if (!fs.existsSync(entry)) {
      try {
        console.log('installing the Agent SDK into bench/node_modules (npm ci --prefix bench) …');
        execFileSync('npm', ['ci', '--prefix', here, '--omit=optional', '--no-audit', '--no-fund'], {
          stdio: 'inherit',
        });
      } catch (err) {
        return `could not install the Agent SDK (${(err as Error).message.split('\n')[0]})`;
      }
    }
    return (await import(pathToFileURL(entry).href)) as Sdk;
  }

  function sdkOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      cwd: tmp('sdk'),
      env: freshEnv().env,
      pathToClaudeCodeExecutable: realCliPath(),
      includePartialMessages: true,
      permissionMode: 'acceptEdits',
      // Claude Code's system prompt, as every Claude Code client has it (see the header): the SDK's default is empty.
      systemPrompt: { type: 'preset', preset: 'claude_code' },
      // The SDK's own spawn keeps the CLI in this process's session; the app's CLIs have their own (see above).
      spawnClaudeCodeProcess: (o: {
        command: string;
        args: string[];
        cwd?: string;
        env: NodeJS.ProcessEnv;
        signal: AbortSignal;
      }) => {
        const child = spawnCli(o.command, o.args, { cwd: o.cwd ?? process.cwd(), env: o.env });
        o.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
        return child;
      },
      ...extra,
    };
  }

  /** One query() with streaming input: push() hands it the next user message. */
  function streamingQuery(sdk: Sdk, options: Record<string, unknown>) {
    const inbox: SdkUser[] = [];
    let wake: (() => void) | undefined;
    let closed = false;
    async function* prompt(): AsyncIterable<SdkUser> {
      while (!closed) {
        const next = inbox.shift();
        if (next) yield next;
        else await new Promise<void>((r) => (wake = r));
      }
    }
    const q = sdk.query({ prompt: prompt(), options });
    return {
      it: q[Symbol.asyncIterator](),
      push(text: string) {
        inbox.push({
          type: 'user',
          message: { role: 'user', content: text },
          parent_tool_use_id: null,
          session_id: '',
        });
        wake?.();
      },
      close() {
        closed = true;
        wake?.();
        q.close?.();
      },
    };
  }

  /**
   * (c): one query() with streaming input per lane; Enter pushes the next user message. Its lanes share one HOME and one
   * folder, as the app's threads and the floor's processes do (and as one user's queries would): with a HOME and a
   * folder per lane, both the SDK and the floor reached their first delta 1.1–1.5 ms sooner (8 lanes × 7 turns each),
   * an edge the app's threads cannot have.
   */
  function sdkStreamingVariant(sdk: Sdk): Variant {
    const options = sdkOptions();
    const queries = perLane(() => streamingQuery(sdk, options));
    return {
      name: '(c) Agent SDK, streaming input',
      async run(round, text) {
        const { it, push } = queries[laneOf(round)]!;
        let firstDelta = NaN;
        const t0 = process.hrtime.bigint();
        push(text);
        for (;;) {
          const { value: m, done } = await it.next();
          if (done) throw new Error('SDK stream ended');
          if (m.type === 'stream_event' && m.event?.delta?.type === 'text_delta' && Number.isNaN(firstDelta)) {
            firstDelta = ms(t0);
          }
          if (m.type === 'result') return { firstDelta, result: ms(t0) };
        }
      },
      close: async () => {
        for (const q of queries) q.close();
      },
    };
  }

  /** (d): startup() while the user types, then the turn's query() on the warm process, resuming the session. */
  function sdkStartupVariant(sdk: Sdk): Variant {
    const base = sdkOptions();
    const lanes = perLane(() => ({
      sessionId: undefined as string | undefined,
      warm: undefined as ReturnType<Sdk['startup']> | undefined,
    }));
    const next = (lane: (typeof lanes)[number]): void => {
      lane.warm = sdk.startup({ options: { ...base, ...(lane.sessionId ? { resume: lane.sessionId } : {}) } });
      // Awaited by the next run(); when none comes, a failed start-up must not be an unhandled rejection.
      lane.warm.catch(() => undefined);
    };
    lanes.forEach(next);
    return {
      name: '(d) Agent SDK startup() per turn',
      async run(round, text) {
        const lane = lanes[laneOf(round)]!;
        if (!lane.warm) next(lane);
        const w = await lane.warm!;
        let firstDelta = NaN;
        let result = NaN;
        const t0 = process.hrtime.bigint();
        for await (const m of w.query(text)) {
          if (m.type === 'stream_event' && m.event?.delta?.type === 'text_delta' && Number.isNaN(firstDelta)) {
            firstDelta = ms(t0);
          }
          if (m.type === 'result') {
            result = ms(t0);
            lane.sessionId = m.session_id;
            break;
          }
        }
        next(lane); // the next turn's process starts as soon as this one answered
        return { firstDelta, result };
      },
      close: async () => {
        for (const lane of lanes) (await lane.warm?.catch(() => undefined))?.close();
      },
    };
  }

  return { loadSdk, sdkStreamingVariant, sdkStartupVariant };
}
