import fs from 'node:fs/promises';
import type { ProjectWorktrees } from '../../shared/projects';
import { writeFileAtomic } from '../../core/store/atomic-write';

const CHOICES: readonly ProjectWorktrees[] = ['always', 'first-edit', 'never'];

/**
 * Each project's own switch for its new threads' worktrees (`always`: a worktree on the first turn; `first-edit`: when
 * Claude first edits; `never`: the threads work in the folder itself), remembered per project folder in the data dir. Read afresh each time: the
 * window, browser mode and the command line on one data dir see one another's choice at once. A project never
 * set — or a file missing or unreadable — follows Settings' default.
 */
export class ProjectWorktreeChoices {
  constructor(private readonly file: string) {}

  private async all(): Promise<Record<string, ProjectWorktrees>> {
    const text = await fs.readFile(this.file, 'utf8').catch(() => '{}');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = {};
    }
    const entries = Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {});
    return Object.fromEntries(entries.filter(([, v]) => CHOICES.includes(v as ProjectWorktrees))) as Record<
      string,
      ProjectWorktrees
    >;
  }

  /** The project's own choice; undefined when it follows Settings. */
  async of(projectDir: string): Promise<ProjectWorktrees | undefined> {
    return (await this.all())[projectDir];
  }

  /** Set the project's choice (null: back to Settings' default). */
  async set(projectDir: string, choice: ProjectWorktrees | null): Promise<void> {
    const all = await this.all();
    if ((all[projectDir] ?? null) === choice) return;
    const kept = Object.entries(all).filter(([dir]) => dir !== projectDir);
    const next = Object.fromEntries(choice ? [...kept, [projectDir, choice]] : kept);
    await writeFileAtomic(this.file, JSON.stringify(next, null, 2));
  }
}
