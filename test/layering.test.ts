import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layering rule is a promise the codebase makes: prove the lint really fails on a violation.
describe('layering lint', () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages;

  it.each(['src/core/turn/x.ts', 'src/shared/x.ts', 'src/app/x.ts', 'src/web/x.ts'])(
    '%s may not import electron',
    async (file) => {
      const messages = await lint(file, "import { app } from 'electron';\nexport const a = app;\n");
      expect(messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    },
  );

  it('src/main may import electron', async () => {
    const messages = await lint('src/main/x.ts', "import { app } from 'electron';\nexport const a = app;\n");
    expect(messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
  });
});
