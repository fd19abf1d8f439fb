/**
 * The counted messages summed by session, day and model: what every grouping of `claude-desk usage` (day, week,
 * month, project, model, session) is made of, a few thousand entries where the messages are a few hundred thousand.
 * Kept beside the ledger as
 *
 *   <stateDir>/usage/rollup.json   { generation, timeZone, entries }
 *
 * true while the ledger's generation (and the computer's time zone: days are local) is the one it was made at, so a
 * command that finds no file changed reads it instead of every record. The app makes it the same way from the same
 * messages: both give the same figures.
 */
import path from 'node:path';
import type { UsageFigure } from '../../shared/usage';
import { readJsonOrDefault, writeFileAtomic } from '../store/atomic-write';
import type { CountedMessage } from './counted-messages';
import { dayOf, figureOf, NO_MODEL, type DescribeSession, type UsageItem } from './usage-report';
import { R } from './usage-line';

export type RollupEntry = [
  sessionId: string,
  slug: string,
  day: string,
  model: string,
  /** The newest message's time. */
  lastAt: number,
  input: number,
  output: number,
  cacheWrite: number,
  cacheRead: number,
  cost: number,
  messages: number,
  estimated: number,
  unpriced: number,
];

interface RollupJson {
  generation: string;
  timeZone: string;
  entries: RollupEntry[];
}

/**
 * The local time's rules as they cut days: the UTC offset at each day's noon from 2015 to next year. Two zones with
 * the same offsets cut the same days, so this is all a saved rollup must match. Not the zone's name: the first
 * `Intl.DateTimeFormat()` of a process loads ICU's date data, measured at 230–330 ms — most of a warm
 * `claude-desk usage`; these few thousand `getTimezoneOffset` calls take a millisecond or two.
 */
export function localTimeZone(): string {
  const parts: string[] = [];
  const last = new Date().getFullYear() + 1;
  let offset = NaN;
  for (let day = new Date(2015, 0, 1, 12); day.getFullYear() <= last; day.setDate(day.getDate() + 1)) {
    const now = day.getTimezoneOffset();
    if (now !== offset) parts.push(`${day.getFullYear()}-${day.getMonth() + 1}-${day.getDate()}:${(offset = now)}`);
  }
  return parts.join(',');
}

export function rollUp(messages: readonly CountedMessage[]): RollupEntry[] {
  const byKey = new Map<string, RollupEntry>();
  for (const m of messages) {
    const at = m.r[R.at];
    const day = dayOf(at);
    const model = m.r[R.model] ?? NO_MODEL;
    const key = `${m.file.sessionId}\u0000${m.file.slug}\u0000${day}\u0000${model}`;
    const f = figureOf(m);
    const e = byKey.get(key);
    if (!e) {
      byKey.set(key, [
        m.file.sessionId,
        m.file.slug,
        day,
        model,
        at,
        f.input,
        f.output,
        f.cacheWrite,
        f.cacheRead,
        f.cost,
        1,
        f.estimated,
        f.unpriced,
      ]);
      continue;
    }
    e[4] = Math.max(e[4], at);
    e[5] += f.input;
    e[6] += f.output;
    e[7] += f.cacheWrite;
    e[8] += f.cacheRead;
    e[9] += f.cost;
    e[10] += 1;
    e[11] += f.estimated;
    e[12] += f.unpriced;
  }
  return [...byKey.values()];
}

/** Entries as items (one per session, day and model), placed by what the History knows of each session. */
export function rollupItems(entries: readonly RollupEntry[], describe: DescribeSession): UsageItem[] {
  const projects = new Map<string, string>();
  return entries.map((e) => {
    const key = `${e[0]}\u0000${e[1]}`;
    let project = projects.get(key);
    if (project === undefined) projects.set(key, (project = describe(e[0], e[1]).project));
    const figure: UsageFigure = {
      input: e[5],
      output: e[6],
      cacheWrite: e[7],
      cacheRead: e[8],
      cost: e[9],
      messages: e[10],
      estimated: e[11],
      unpriced: e[12],
    };
    return { at: e[4], day: e[2], model: e[3], sessionId: e[0], project, figure };
  });
}

const rollupFile = (stateDir: string) => path.join(stateDir, 'usage', 'rollup.json');

/** The saved rollup when it was made at this generation in this time zone. */
export async function readRollup(stateDir: string, generation: string): Promise<RollupEntry[] | undefined> {
  if (!generation) return undefined;
  const raw = (await readJsonOrDefault(rollupFile(stateDir), undefined)) as Partial<RollupJson> | undefined;
  if (raw?.generation !== generation || raw.timeZone !== localTimeZone() || !Array.isArray(raw.entries))
    return undefined;
  return raw.entries;
}

export async function writeRollup(stateDir: string, generation: string, entries: RollupEntry[]): Promise<void> {
  const body: RollupJson = { generation, timeZone: localTimeZone(), entries };
  await writeFileAtomic(rollupFile(stateDir), JSON.stringify(body));
}
