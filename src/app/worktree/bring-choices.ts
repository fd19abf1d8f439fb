import fs from 'node:fs/promises';
import type { BringHow } from '../../shared/worktree-changes';
import { writeFileAtomic } from '../../core/store/atomic-write';

/**
 * How each project last brought its base in (merge or rebase), remembered per repository in the data dir: the
 * Changes panel offers that choice first next time. A missing or unreadable file is "merge" everywhere.
 */
export class BringChoices {
  private choices: Record<string, BringHow> | undefined;

  constructor(private readonly file: string) {}

  private async load(): Promise<Record<string, BringHow>> {
    if (this.choices) return this.choices;
    const text = await fs.readFile(this.file, 'utf8').catch(() => '{}');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = {};
    }
    const entries = Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {});
    this.choices = Object.fromEntries(entries.filter(([, v]) => v === 'merge' || v === 'rebase')) as Record<
      string,
      BringHow
    >;
    return this.choices;
  }

  async of(repo: string): Promise<BringHow> {
    return (await this.load())[repo] ?? 'merge';
  }

  async remember(repo: string, how: BringHow): Promise<void> {
    const all = await this.load();
    if (all[repo] === how) return;
    all[repo] = how;
    await writeFileAtomic(this.file, JSON.stringify(all, null, 2));
  }
}
