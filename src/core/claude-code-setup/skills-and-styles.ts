import fs from 'node:fs/promises';
import path from 'node:path';
import type { SetupItemView } from '../../shared/claude-code-setup';
import { parseFrontmatter } from './frontmatter';
import type { SetupRoots } from './setup-paths';

const scopes = (roots: SetupRoots) => [
  { scope: 'user' as const, base: roots.configDir },
  ...(roots.projectDir ? [{ scope: 'project' as const, base: path.join(roots.projectDir, '.claude') }] : []),
];

async function describe(file: string, fallbackName: string): Promise<{ name: string; description?: string }> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const fm = parseFrontmatter(text);
  const name = typeof fm?.fields.name === 'string' && fm.fields.name ? fm.fields.name : fallbackName;
  const description = typeof fm?.fields.description === 'string' ? fm.fields.description : undefined;
  return { name, ...(description ? { description } : {}) };
}

/** `skills/<name>/SKILL.md` of the user and the project (recorded case 48: init lists them by name). */
export async function listSkills(roots: SetupRoots): Promise<SetupItemView[]> {
  const all: SetupItemView[] = [];
  for (const { scope, base } of scopes(roots)) {
    const dirs = await fs.readdir(path.join(base, 'skills')).catch(() => [] as string[]);
    for (const dir of dirs.sort()) {
      const file = path.join(base, 'skills', dir, 'SKILL.md');
      if (
        !(await fs.stat(file).then(
          (s) => s.isFile(),
          () => false,
        ))
      )
        continue;
      all.push({ scope, path: file, ...(await describe(file, dir)) });
    }
  }
  return all;
}

/** `output-styles/*.md`; `active` for the one the settings' `outputStyle` names (case 48). */
export async function listOutputStyles(roots: SetupRoots, active: string | undefined): Promise<SetupItemView[]> {
  const all: SetupItemView[] = [];
  for (const { scope, base } of scopes(roots)) {
    const files = await fs.readdir(path.join(base, 'output-styles')).catch(() => [] as string[]);
    for (const name of files.filter((f) => f.endsWith('.md')).sort()) {
      const file = path.join(base, 'output-styles', name);
      const item = await describe(file, path.basename(name, '.md'));
      all.push({ scope, path: file, ...item, ...(active && item.name === active ? { active: true } : {}) });
    }
  }
  return all;
}
