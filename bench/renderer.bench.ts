/**
 * Renderer benchmark, in jsdom, one run:
 *  1. Time to open a 2,000-message thread in the real app (store + virtualized list), from
 *     `selectThread` to the latest message in the DOM.
 *  2. Cost per streamed text delta while that thread is open (host event → DOM shows the text).
 *  3. A long (~20 KB) markdown answer streamed in small deltas: per-delta cost of the streaming view
 *     (complete blocks parsed once, only the tail re-parsed) against re-parsing the whole text each time.
 * Each against a baseline that renders the same messages with the same message components but
 * without the app's store: one plain React `useState` array, every row rendered, so a delta
 * re-renders the whole list. Prints the numbers and the ratios (baseline / app).
 *
 * Run: npx tsx bench/renderer.bench.ts   (BENCH_MESSAGES, BENCH_DELTAS, BENCH_BASELINE_DELTAS, BENCH_LONG_BYTES to change sizes)
 * jsdom has no layout: the message scroller is given an 800 px viewport and rows their estimated height.
 */
import { spawnSync } from 'node:child_process';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The renderer's .tsx is compiled with the renderer's tsconfig (react-jsx); tsx reads one tsconfig
// per process, so re-run under it when started plainly.
if (!process.env.TSX_TSCONFIG_PATH) {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(here, '..', 'tsconfig.web.json') },
  });
  process.exit(r.status ?? 1);
}

// Stylesheets imported by components mean nothing here: load them as empty modules.
register(
  'data:text/javascript,' +
    encodeURIComponent(
      `export async function load(url, ctx, next) { if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true }; return next(url, ctx); }`,
    ),
);

const N = Number(process.env.BENCH_MESSAGES ?? 2000);
const DELTAS = Number(process.env.BENCH_DELTAS ?? 200);
const BASELINE_DELTAS = Number(process.env.BENCH_BASELINE_DELTAS ?? 10);
const LONG_BYTES = Number(process.env.BENCH_LONG_BYTES ?? 20_000);

/**
 * The renderer is type-checked by tsconfig.web.json (DOM + JSX), the bench by tsconfig.node.json:
 * import the renderer through a non-literal specifier so the node project does not follow it
 * (and jsdom ships no types). What is used from each module is small and exercised on every run.
 */
const load = (specifier: string): Promise<any> => import(specifier); // any: see above

type ChatMessage = import('../src/shared/threads').ChatMessage;
type AssistantMessage = import('../src/shared/threads').AssistantMessage;
type TurnEvent = import('../src/shared/turn-events').TurnEvent;

/** A jsdom window installed as this process's globals, as the renderer's tests have one. */
async function installDom() {
  const { JSDOM } = await load('jsdom');
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
    url: 'http://127.0.0.1/',
    pretendToBeVisual: true,
  });
  const g = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (!(key in g)) g[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  for (const key of [
    'window',
    'document',
    'navigator',
    'HTMLElement',
    'Element',
    'Node',
    'Event',
    'KeyboardEvent',
    'MouseEvent',
  ]) {
    Object.defineProperty(g, key, {
      configurable: true,
      writable: true,
      value: (dom.window as unknown as Record<string, unknown>)[key],
    });
  }
  g.IS_REACT_ACT_ENVIRONMENT = false;
  return dom.window.document;
}

async function main(): Promise<void> {
  const doc = await installDom();

  const React = await load('react');
  const { createRoot } = await load('react-dom/client');
  const { App } = await load('../src/renderer/src/App');
  const { setApiForTests } = await load('../src/renderer/src/api');
  const { createDeskStore } = await load('../src/renderer/src/store/desk-store');
  const { DeskStoreProvider } = await load('../src/renderer/src/store/store-context');
  const { AssistantMessageView } = await load('../src/renderer/src/features/chat/assistant-message');
  const { UserMessageView } = await load('../src/renderer/src/features/chat/user-message');
  const { createFakeHost, makeThread } = await load('../src/renderer/src/test-support/fake-api');
  const { giveScrollerAViewport } = await load('../src/renderer/src/test-support/jsdom-layout');
  const { applyTurnEvent, newAssistantMessage } = await import('../src/shared/turn-reducer');

  giveScrollerAViewport();
  const tick = () => new Promise<void>((r) => setImmediate(r));
  async function until(cond: () => boolean, what: string, limitMs = 120_000): Promise<void> {
    const end = performance.now() + limitMs;
    while (!cond()) {
      if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
      await tick();
    }
  }
  const bodyHas = (text: string) => (doc.body.textContent ?? '').includes(text);

  const messages: ChatMessage[] = Array.from({ length: N }, (_, i): ChatMessage => {
    if (i % 2 === 0)
      return {
        id: `u${i}`,
        role: 'user',
        createdAt: i,
        text: `Question ${i}: how would you approach this part of the project?`,
      };
    const code =
      i % 10 === 1 ? `\n\n\`\`\`ts\nexport function step${i}(x: number): number {\n  return x * ${i};\n}\n\`\`\`` : '';
    return {
      id: `a${i}`,
      role: 'assistant',
      createdAt: i,
      status: 'done',
      parts: [
        {
          kind: 'text',
          text: `Answer ${i}. Here is a **short** explanation with \`inline code\` and a [link](https://example.com/${i}).${code}`,
        },
      ],
      verdict: {
        isError: false,
        subtype: 'success',
        costUsd: 0.01,
        durationMs: 1200,
        numTurns: 1,
        usage: { inputTokens: 900, outputTokens: 120 },
      },
    };
  });
  const lastText = `Answer ${N - 1}.`;
  const turnId = 'bench-turn';
  const base = { threadId: 'big', turnId };
  const delta = (k: number): TurnEvent => ({ ...base, type: 'text_delta', messageId: 'm1', text: ` tok${k}` });

  // ---- the app: store + virtualized list ----
  const host = createFakeHost({ threads: [makeThread('big', 'Big thread', messages)] });
  setApiForTests(host.api);
  const store = createDeskStore();
  const appRoot = doc.createElement('div');
  doc.body.append(appRoot);
  const root = createRoot(appRoot);
  root.render(React.createElement(App, { store, api: host.api }));
  await until(() => bodyHas('Big thread'), 'the sidebar');

  let t0 = performance.now();
  void store.getState().selectThread('big');
  await until(() => bodyHas(lastText), 'the latest message');
  const appOpenMs = performance.now() - t0;
  const rowsInDom = doc.querySelectorAll('.message-slot').length;

  host.emit('turnEvent', { ...base, type: 'started', startedAt: Date.now() });
  host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'm1', text: 'Streaming' });
  await until(() => bodyHas('Streaming'), 'the first delta');
  const appDeltaTimes: number[] = [];
  for (let k = 0; k < DELTAS; k++) {
    t0 = performance.now();
    host.emit('turnEvent', delta(k));
    await until(() => bodyHas(` tok${k}`), `delta ${k}`);
    appDeltaTimes.push(performance.now() - t0);
  }
  root.unmount();
  appRoot.remove();

  // ---- baseline: same components, plain useState, whole list re-rendered ----
  const ctxStore = createDeskStore();
  let setMsgs: ((update: (prev: ChatMessage[]) => ChatMessage[]) => void) | undefined;
  function Baseline({ initial }: { initial: ChatMessage[] }) {
    const [msgs, set] = React.useState(initial) as [ChatMessage[], (u: (prev: ChatMessage[]) => ChatMessage[]) => void];
    setMsgs = set;
    return React.createElement(
      'div',
      null,
      msgs.map((m: ChatMessage) =>
        m.role === 'user'
          ? React.createElement(UserMessageView, { key: m.id, message: m })
          : React.createElement(AssistantMessageView, { key: m.id, message: m }),
      ),
    );
  }
  const baseRoot = doc.createElement('div');
  doc.body.append(baseRoot);
  const root2 = createRoot(baseRoot);
  t0 = performance.now();
  root2.render(
    React.createElement(DeskStoreProvider, { store: ctxStore }, React.createElement(Baseline, { initial: messages })),
  );
  await until(() => bodyHas(lastText), 'the baseline list');
  const baseOpenMs = performance.now() - t0;

  const streamEvent = (e: TurnEvent) =>
    setMsgs!((prev) => {
      const last = prev[prev.length - 1]!;
      if (last.id !== turnId) return [...prev, applyTurnEvent(newAssistantMessage(turnId, Date.now()), e)];
      const next = prev.slice();
      next[next.length - 1] = applyTurnEvent(last as AssistantMessage, e);
      return next;
    });
  streamEvent({ ...base, type: 'started', startedAt: Date.now() });
  streamEvent({ ...base, type: 'text_delta', messageId: 'm1', text: 'Streaming' });
  await until(() => baseRoot.textContent!.includes('Streaming'), 'the baseline first delta');
  const baseDeltaTimes: number[] = [];
  for (let k = 0; k < BASELINE_DELTAS; k++) {
    t0 = performance.now();
    streamEvent(delta(k));
    await until(() => baseRoot.textContent!.includes(` tok${k}`), `baseline delta ${k}`);
    baseDeltaTimes.push(performance.now() - t0);
  }
  root2.unmount();

  // ---- a long streamed answer: whole re-parse (before) vs blocks + tail (StreamingText, after) ----
  const { Markdown } = await load('../src/renderer/src/ui/markdown');
  const { StreamingText } = await load('../src/renderer/src/features/chat/streaming-text');
  const longDeltas = longAnswerDeltas(LONG_BYTES);
  const longBytes = longDeltas.reduce((n, d) => n + d.text.length, 0);
  async function streamLong(view: unknown): Promise<number[]> {
    const el = doc.createElement('div');
    doc.body.append(el);
    const r = createRoot(el);
    const times: number[] = [];
    let text = '';
    for (const d of longDeltas) {
      text += d.text;
      const t = performance.now();
      r.render(React.createElement(DeskStoreProvider, { store: ctxStore }, React.createElement(view, { text })));
      await until(() => el.textContent!.includes(d.marker), `long delta ${d.marker}`);
      times.push(performance.now() - t);
    }
    r.unmount();
    el.remove();
    return times;
  }
  const wholeTimes = await streamLong(Markdown);
  const blockTimes = await streamLong(StreamingText);

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  console.log(`Renderer benchmark (jsdom, ${N} messages)`);
  console.log(
    `  open thread   app: ${f(appOpenMs)} (${rowsInDom} rows in the DOM)   baseline: ${f(baseOpenMs)} (${N} rows)   ratio ${(baseOpenMs / appOpenMs).toFixed(1)}×`,
  );
  console.log(
    `  per delta     app: mean ${f(mean(appDeltaTimes))}, median ${f(median(appDeltaTimes))} over ${DELTAS}   baseline: mean ${f(mean(baseDeltaTimes))}, median ${f(median(baseDeltaTimes))} over ${BASELINE_DELTAS}   ratio ${(median(baseDeltaTimes) / median(appDeltaTimes)).toFixed(1)}× (medians)`,
  );
  const lastQuarter = (xs: number[]) => xs.slice(Math.floor((xs.length * 3) / 4));
  console.log(
    `  long answer   ${(longBytes / 1024).toFixed(1)} KB in ${longDeltas.length} deltas   whole re-parse (before): mean ${f(mean(wholeTimes))}, last quarter ${f(mean(lastQuarter(wholeTimes)))}   blocks + tail (after): mean ${f(mean(blockTimes))}, last quarter ${f(mean(lastQuarter(blockTimes)))}   ratio ${(mean(wholeTimes) / mean(blockTimes)).toFixed(1)}× (means)`,
  );
  doc.defaultView?.close();
}

/**
 * A markdown answer of about `bytes` bytes as deltas: paragraphs, lists and fenced code (with blank
 * lines inside), each delta ending in a marker word that the rendered text then contains.
 */
function longAnswerDeltas(bytes: number): { text: string; marker: string }[] {
  const out: { text: string; marker: string }[] = [];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const marker = `n${k}x`;
    let text: string;
    if (k % 40 === 39) text = `\n\n\`\`\`ts\nconst v${k} = ${k}; // ${marker}\n\nexport { v${k} };\n\`\`\`\n\n`;
    else if (k % 40 >= 30) text = `${k % 40 === 30 ? '\n\n' : ''}- item ${marker} of the list\n`;
    else text = `${k % 10 === 0 ? '\n\n' : ''}Sentence ${marker} explains **one** step with \`code\` and words. `;
    out.push({ text, marker });
    size += text.length;
  }
  return out;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
