/** The fake host's answers to the composer calls (composed with the others in fake-api.ts). */
import type { ComposerCallName } from '../../../../shared/contract/composer-names';
import type { FakeAnswers, FakeContext } from './host';

export function composerAnswers(_context: FakeContext): FakeAnswers<ComposerCallName> {
  return {
    getComposerCatalog: () => ({
      commands: [
        { name: 'clear', description: 'Start a fresh Claude Code session in this thread', kind: 'native' },
        { name: 'model', description: 'Choose the model for this thread', kind: 'native' },
        {
          name: 'compact',
          description: 'Clear conversation history but keep a summary',
          kind: 'cli',
          source: 'builtin',
        },
        {
          name: 'hello',
          description: 'Greets someone by name',
          argumentHint: '<name>',
          kind: 'cli',
          source: 'project',
        },
      ],
      models: [
        { value: 'default', displayName: 'Default (recommended)' },
        { value: 'sonnet', displayName: 'Sonnet' },
      ],
    }),
    searchProjectFiles: ({ query }: { query: string }) => {
      const all = ['README.md', 'src/index.ts', 'src/reader.ts'];
      const q = query.toLowerCase();
      const matches = all.filter((p) => p.toLowerCase().includes(q)).map((path) => ({ path, positions: [] }));
      return { matches, truncated: false, total: all.length, indexing: false, refreshing: false };
    },
  };
}
