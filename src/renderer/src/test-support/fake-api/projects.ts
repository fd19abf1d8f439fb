/** The fake host's answers to the projects calls (composed with the others in fake-api.ts). */
import type { ProjectsCallName } from '../../../../shared/contract/projects-names';
import type { FakeAnswers, FakeContext } from './host';

export function projectsAnswers(_context: FakeContext): FakeAnswers<ProjectsCallName> {
  return {
    listRecentProjects: () => [],
    describeFolder: ({ path }: { path: string }) => ({
      path,
      name: path.split('/').pop() || path,
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
    }),
    completeFolder: () => ({ dir: '', names: [], truncated: false }),
    setProjectWorktrees: ({ path, choice }: { path: string; choice: 'always' | 'first-edit' | 'never' | null }) => ({
      path,
      name: path.split('/').pop() || path,
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
      git: { branch: 'main', ...(choice ? { worktrees: choice } : {}) },
    }),
  };
}
