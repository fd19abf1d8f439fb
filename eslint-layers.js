import path from 'node:path';

/**
 * The `desk/layers` rule: who may import whom, judged on the **resolved** path of every relative import, so a path
 * that climbs out of src/ and back in (`../../../src/app/desk-app`) or wanders (`./../app/x`) is judged by where it
 * lands, not by how it is spelled. Imports of packages (`electron`, `react`) are no-restricted-imports' business.
 *
 * A file's place is its layer (the folder under src/), and inside src/core its room (the folder under core/, or
 * `(root)` for a file directly in core/), inside src/app its feature (the folder under app/, or `(root)`: the
 * composition root and what every feature shares), inside the renderer its feature (features/<name>). The tables come from
 * eslint.config.js; test/layering.test.ts proves each one fires.
 */

/** @param {string} rel a path relative to the repository root, with / separators */
export function placeOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'bin') return { layer: 'bin' };
  if (parts[0] !== 'src' || parts.length < 3) return undefined; // outside src/: test fixtures, build plugins
  const layer = parts[1];
  if (layer === 'core') return { layer, room: parts.length > 3 ? parts[2] : '(root)' };
  if (layer === 'app') {
    const module = parts.at(-1).replace(/\.[cm]?[jt]sx?$/, '');
    return { layer, feature: parts.length > 3 ? parts[2] : '(root)', module };
  }
  if (layer === 'renderer' && parts[2] === 'src') {
    const area = parts.length > 4 ? parts[3] : '(root)';
    const module = parts.at(-1).replace(/\.[cm]?[jt]sx?$/, '');
    return { layer, area, module, ...(area === 'features' && parts.length > 5 ? { feature: parts[4] } : {}) };
  }
  return { layer };
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel);

/**
 * @param {{
 *   layers: Record<string, string[]>,
 *   coreRooms: Record<string, string[]>,
 *   appFeatures: { uses: Record<string, string[]>, root: string[] },
 *   features: Record<string, string[]>,
 *   hostSeam: { modules: string[], message: string },
 * }} tables
 * @param {string} root the repository root
 */
export function layersPlugin(tables, root) {
  const verdict = (fromRel, toRel) => {
    const from = placeOf(fromRel);
    const to = placeOf(toRel);
    if (!from || !to) return undefined;
    if (from.layer !== to.layer) {
      const allowed = tables.layers[from.layer];
      if (!allowed) return `src/${from.layer} is not a known layer: add it to LAYERS in eslint.config.js.`;
      if (!allowed.includes(to.layer))
        return `${from.layer === 'bin' ? 'bin' : `src/${from.layer}`} may import only ${allowed.map((l) => `src/${l}`).join(', ') || 'itself'} (eslint.config.js: LAYERS); src/${to.layer} is not below it.`;
      return undefined;
    }
    if (from.layer === 'core' && from.room !== to.room && !isTest(fromRel)) {
      const allowed = tables.coreRooms[from.room];
      if (!allowed) return `core/${from.room} is not a known room: add it to CORE_USES in eslint.config.js.`;
      if (!allowed.includes(to.room))
        return `core/${from.room} may import only ${allowed.map((r) => `core/${r}`).join(', ') || 'no other room of core'} (eslint.config.js: CORE_USES): core/${to.room} is not below it.`;
      return undefined;
    }
    // The app's features meet through ports, never each other's insides: a feature imports only the features
    // APP_USES lists for it, and the root's shared modules (the event bus, the host profile), never the root itself.
    if (from.layer === 'app' && from.feature !== '(root)' && from.feature !== to.feature && !isTest(fromRel)) {
      if (to.feature === '(root)')
        return tables.appFeatures.root.includes(to.module)
          ? `app/${from.feature} may not import the composition root (app/${to.module}): it is handed what it needs (eslint.config.js: APP_USES).`
          : undefined;
      const allowed = tables.appFeatures.uses[from.feature];
      if (!allowed) return `app/${from.feature} is not a known feature: add it to APP_USES in eslint.config.js.`;
      if (!allowed.includes(to.feature))
        return `app/${from.feature} may import only ${allowed.map((f) => `app/${f}`).join(', ') || 'no other feature of app'} (eslint.config.js: APP_USES): app/${to.feature} is not below it; ask for a port instead.`;
      return undefined;
    }
    // The page's seam to the host (api.ts, the WebSocket client) is the store's: components call store actions.
    if (
      from.layer === 'renderer' &&
      (from.area === 'features' || from.area === 'ui') &&
      to.area === '(root)' &&
      tables.hostSeam.modules.includes(to.module) &&
      !isTest(fromRel)
    )
      return tables.hostSeam.message;
    // Tests may compose rooms and features (an integration test drives a turn with a store); never layers.
    if (from.layer === 'renderer' && from.feature && to.feature && from.feature !== to.feature && !isTest(fromRel)) {
      const allowed = tables.features[from.feature] ?? [];
      if (!allowed.includes(to.feature))
        return `features/${from.feature} may import only ${allowed.join(', ') || 'no other feature'}: move what both need to ui/, store/ or the renderer root (eslint.config.js: FEATURE_USES).`;
    }
    return undefined;
  };

  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: { type: 'problem', docs: { description: 'imports point only downward: layers, core rooms, features' } },
    create(context) {
      const fromRel = path.relative(root, context.filename).split(path.sep).join('/');
      const check = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const toRel = path
          .relative(root, path.resolve(path.dirname(context.filename), source))
          .split(path.sep)
          .join('/');
        const message = verdict(fromRel, toRel);
        if (message) context.report({ node, message });
      };
      const fromSource = (node) => node.source && check(node, node.source.value);
      return {
        ImportDeclaration: fromSource,
        ExportAllDeclaration: fromSource,
        ExportNamedDeclaration: fromSource,
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        TSImportType: (node) => {
          // typescript-eslint 8 names the quoted module `source`; older versions `argument.literal`.
          const literal = node.source ?? node.argument?.literal;
          if (literal?.type === 'Literal') check(node, literal.value);
        },
      };
    },
  };
  return { rules: { layers: rule } };
}
