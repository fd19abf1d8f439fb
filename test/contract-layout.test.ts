import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/shared/call-names';

/**
 * Adding a call touches only its feature's files: its contract file and names (`shared/contract/<feature>.ts`,
 * `<feature>-names.ts`), its handler (`app/<feature>/`), its fake answer (`test-support/fake-api/<feature>.ts`), its
 * slice and its bridge part. The central files only compose: the contract index spreads feature modules, the name
 * list spreads feature name lists, the fake host spreads feature answers, the bridge composes feature parts. These
 * checks fail the day a call or an event is written into one of them again.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (p: string): string => fs.readFileSync(path.join(root, p), 'utf8');
const parse = (text: string): ts.SourceFile => ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);

/** Import bindings (local name → module specifier). */
function imports(file: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of file.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause) continue;
    const from = (st.moduleSpecifier as ts.StringLiteral).text;
    const bindings = st.importClause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) out.set(el.name.text, from);
  }
  return out;
}

function variable(file: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const st of file.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer;
    }
  }
  return undefined;
}

/** Strip `as const`, `satisfies …` and parentheses down to the literal. */
function literal(e: ts.Expression | undefined): ts.Expression | undefined {
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)))
    e = e.expression;
  return e;
}

/**
 * What in an object or array literal is not a spread of something imported from a module matching `from`: each is a
 * sentence naming the entry. Empty means the literal only composes.
 */
function notComposed(
  text: string,
  name: string,
  from: RegExp,
  find: (f: ts.SourceFile) => ts.Expression | undefined = (f) => variable(f, name),
): string[] {
  const file = parse(text);
  const bound = imports(file);
  const lit = literal(find(file));
  if (!lit || !(ts.isObjectLiteralExpression(lit) || ts.isArrayLiteralExpression(lit))) return [`${name}: not found`];
  const elements = ts.isObjectLiteralExpression(lit) ? lit.properties : lit.elements;
  const out: string[] = [];
  for (const el of elements) {
    const spread = ts.isSpreadAssignment(el) || ts.isSpreadElement(el) ? el.expression : undefined;
    const callee = spread && ts.isCallExpression(spread) ? spread.expression : spread;
    const source = callee && ts.isIdentifier(callee) ? bound.get(callee.text) : undefined;
    if (!source || !from.test(source)) out.push(`${name} declares ${el.getText(file).split('\n')[0]}`);
  }
  return out;
}

/** The Events interface: no member of its own, only features' events extended. */
function eventsNotComposed(text: string): string[] {
  const file = parse(text);
  const bound = imports(file);
  const events = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Events',
  );
  if (!events) return ['Events: not found'];
  const out = events.members.map((m) => `Events declares ${m.getText(file).split('\n')[0]}`);
  for (const clause of events.heritageClauses ?? []) {
    for (const t of clause.types) {
      const from = ts.isIdentifier(t.expression) ? bound.get(t.expression.text) : undefined;
      if (!from || !/^\.\/contract\/[a-z-]+$/.test(from))
        out.push(`Events extends ${t.getText(file)}, not a feature's`);
    }
  }
  return out;
}

/** In a function body: the events subscribed directly (`on('x', …)`, `api.on('x', …)`). */
function subscribedEvents(text: string, fn: string): string[] {
  const file = parse(text);
  const decl = file.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === fn,
  );
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const first = n.arguments[0];
      if (name === 'on' && first && ts.isStringLiteral(first)) out.push(first.text);
    }
    ts.forEachChild(n, visit);
  };
  if (decl) visit(decl);
  return out;
}

const FEATURE_MODULE = /^\.\/contract\/[a-z-]+$/;
const appFeatures = fs
  .readdirSync(path.join(root, 'src/app'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('the contract is one file per feature', () => {
  it('contract.ts only spreads feature modules into `calls`, and Events only extends features’ events', () => {
    const text = read('src/shared/contract.ts');
    expect(notComposed(text, 'calls', FEATURE_MODULE)).toEqual([]);
    expect(eventsNotComposed(text)).toEqual([]);
  });

  it('call-names.ts only spreads feature name lists, and no call is named twice', () => {
    expect(notComposed(read('src/shared/call-names.ts'), 'CALL_NAMES', /^\.\/contract\/[a-z-]+-names$/)).toEqual([]);
    expect(CALL_NAMES.filter((n, i) => CALL_NAMES.indexOf(n) !== i)).toEqual([]);
  });

  it('every contract file is a feature of src/app, with its names beside it', () => {
    const files = fs.readdirSync(path.join(root, 'src/shared/contract'));
    const features = files
      .filter((f) => !f.endsWith('-names.ts') && f !== 'fields.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(features.filter((f) => !appFeatures.includes(f))).toEqual([]);
    expect(features.filter((f) => !files.includes(`${f}-names.ts`))).toEqual([]);
    expect(files.filter((f) => f.endsWith('-names.ts') && !files.includes(f.replace('-names', '')))).toEqual([]);
  });

  it('the fake host only spreads features’ answers, and the bridge subscribes to no feature’s event itself', () => {
    expect(
      notComposed(read('src/renderer/src/test-support/fake-api.ts'), 'defaults', /^\.\/fake-api\/[a-z-]+$/, (f) => {
        let found: ts.Expression | undefined;
        const visit = (n: ts.Node): void => {
          if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'defaults')
            found = n.initializer;
          ts.forEachChild(n, visit);
        };
        visit(f);
        return found;
      }),
    ).toEqual([]);
    // `connection` is the bridge's own: the link to the host, after which every part reads again.
    expect(subscribedEvents(read('src/renderer/src/store/bridge.ts'), 'connectBridge')).toEqual(['connection']);
  });

  it('each check fires on a call, an event or an answer written centrally', () => {
    const contract = `import { threadsCalls } from './contract/threads';
      import { call } from './contract-call';
      export const calls = { ...threadsCalls, getThing: call<null>()(z.undefined()) } as const;
      export interface Events extends ThreadsEvents { thingChanged: null }`;
    expect(notComposed(contract, 'calls', FEATURE_MODULE)).toEqual([
      'calls declares getThing: call<null>()(z.undefined())',
    ]);
    expect(eventsNotComposed(contract)).toEqual([
      'Events declares thingChanged: null',
      "Events extends ThreadsEvents, not a feature's",
    ]);
    const names = `import { threadsCallNames } from './contract/threads-names';
      export const CALL_NAMES = [...threadsCallNames, 'getThing'] as const;`;
    expect(notComposed(names, 'CALL_NAMES', /-names$/)).toEqual(["CALL_NAMES declares 'getThing'"]);
    const bridge = `export function connectBridge() { const offs = [on('connection', f), api.on('thingChanged', g)]; }`;
    expect(subscribedEvents(bridge, 'connectBridge')).toEqual(['connection', 'thingChanged']);
  });
});
