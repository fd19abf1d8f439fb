import { SNAPSHOT_REF_PREFIX, type GitRunner } from './git-snapshot';

/**
 * Which files of a rewind another thread changed last, told from the snapshots every thread keeps in the same
 * repository (`refs/claude-desk/<thread>/<id>/before|undo` and `…/after`, around each turn, rewind or switch).
 *
 * The rule: a file is another thread's when its content on disk now is what one of that thread's steps wrote —
 * the file differs between the step's before (or undo) snapshot and its after snapshot, and the after snapshot
 * holds exactly today's content — and that step ended no earlier than the rewound turn began (commit times, in
 * seconds). It covers both cases that matter: a change the other thread made between this thread's turns (this
 * thread's later snapshots hold it, so it looked like Claude's own), and one made after this thread's last turn
 * (it looked like the user's). A later change by this thread's own turn or by hand gives the file a content no
 * other step wrote, so it stays this thread's (or the user's, as before).
 *
 * Two threads answering at once in one folder cannot be told apart this way (each after-snapshot holds the
 * other's writes too): such a file counts as the other thread's, the safe side — it is kept unless ticked.
 *
 * Cost: one `for-each-ref` and at most two `cat-file --batch-check` processes, whatever the number of steps.
 */
export async function filesOfOtherThreads(
  root: string,
  threadId: string,
  /** The snapshot the rewind goes back to (its commit time bounds the steps that count). */
  target: string,
  /** The tree as it is now. */
  now: string,
  paths: readonly string[],
  run: GitRunner,
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  // `cat-file --batch-check` reads one name per line (git 2.39 has no -z for it): such a path is left as it was.
  const files = paths.filter((p) => !p.includes('\n'));
  if (files.length === 0) return owners;
  const since = await commitTime(root, target, run);
  const steps = await otherSteps(root, threadId, run);
  const recent = steps.filter((s) => since === undefined || s.time >= since);
  if (recent.length === 0) return owners;

  const nowBlobs = await blobs(
    root,
    files.map((f) => `${now}:${f}`),
    run,
  );
  const afterNames = recent.flatMap((s) => files.map((f) => `${s.after}:${f}`));
  const afterBlobs = await blobs(root, afterNames, run);
  // Candidates: the step's after snapshot holds today's content (or, both absent, today's absence).
  const candidates: { step: OtherStep; file: string }[] = [];
  recent.forEach((step, i) =>
    files.forEach((file, j) => {
      if (afterBlobs[i * files.length + j] === nowBlobs[j]) candidates.push({ step, file });
    }),
  );
  if (candidates.length === 0) return owners;
  const beforeBlobs = await blobs(
    root,
    candidates.map((c) => `${c.step.before}:${c.file}`),
    run,
  );
  candidates.forEach((c, i) => {
    // The step itself wrote today's content: it was not already there when the step began.
    if (beforeBlobs[i] !== nowBlobs[files.indexOf(c.file)] && !owners.has(c.file)) owners.set(c.file, c.step.threadId);
  });
  return owners;
}

interface OtherStep {
  threadId: string;
  before: string;
  after: string;
  /** The after snapshot's commit time, in seconds. */
  time: number;
}

/** Every turn, rewind and switch of the other threads with both of its snapshots, newest first. */
async function otherSteps(root: string, threadId: string, run: GitRunner): Promise<OtherStep[]> {
  const r = await run(['for-each-ref', '--format=%(refname) %(objectname) %(committerdate:raw)', SNAPSHOT_REF_PREFIX], {
    cwd: root,
  });
  if (r.code !== 0) return [];
  const byStep = new Map<string, { before?: string; after?: string; time?: number }>();
  for (const line of r.stdout.toString('utf8').split('\n')) {
    const [ref, commit, seconds] = line.split(' ');
    const m = ref && /^refs\/claude-desk\/([^/]+)\/([^/]+)\/(before|after|undo)$/.exec(ref);
    if (!m || !commit || m[1] === threadId) continue;
    const key = `${m[1]}/${m[2]}`;
    const step = byStep.get(key) ?? {};
    if (m[3] === 'after') Object.assign(step, { after: commit, time: Number(seconds) });
    else step.before = commit;
    byStep.set(key, step);
  }
  const steps: OtherStep[] = [];
  for (const [key, s] of byStep)
    if (s.before && s.after && Number.isFinite(s.time))
      steps.push({ threadId: key.split('/')[0]!, before: s.before, after: s.after, time: s.time! });
  return steps.sort((a, b) => b.time - a.time);
}

async function commitTime(root: string, commit: string, run: GitRunner): Promise<number | undefined> {
  const r = await run(['show', '-s', '--format=%ct', commit], { cwd: root });
  const t = Number(r.stdout.toString('utf8').trim());
  return r.code === 0 && Number.isFinite(t) ? t : undefined;
}

/** The blob id of each `<commit>:<path>` name, '' where the snapshot has no such file. */
async function blobs(root: string, names: string[], run: GitRunner): Promise<string[]> {
  if (names.length === 0) return [];
  const r = await run(['cat-file', '--batch-check=%(objectname)'], {
    cwd: root,
    input: Buffer.from(`${names.join('\n')}\n`),
  });
  if (r.code !== 0) throw new Error(`git cat-file failed: ${r.stderr.trim() || `exit ${r.code}`}`);
  // A missing name comes back as "<name> missing": one line per name, in order.
  return r.stdout
    .toString('utf8')
    .split('\n')
    .slice(0, names.length)
    .map((l) => (/^[0-9a-f]{40,64}$/.test(l) ? l : ''));
}
