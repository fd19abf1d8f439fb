import type Fuzzysort from 'fuzzysort';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { lazyModule } from '../../ui/lazy-part';
import type { ComposerCatalog, SlashCommand } from '../../../../shared/composer';
import { pickerTrigger, type PickerTrigger } from './picker-trigger';

export interface PickerItem {
  key: string;
  label: string;
  detail?: string;
  hint?: string;
  badge?: string;
  /** Indices in `label` to emphasise. */
  positions: number[];
  command?: SlashCommand;
  path?: string;
}

const EMPTY_CATALOG: ComposerCatalog = { commands: [], models: [] };

interface FileAnswer {
  query: string;
  items: PickerItem[];
  truncated: boolean;
  listedSoFar: number | null;
}

/** The fuzzy matcher (~21 KB) is fetched after the first paint, or when `/` first opens the picker. */
const fuzzy = lazyModule(() => import('fuzzysort').then((m) => m.default));

/** How soon the @-picker asks again while the host is still listing the folder. */
const RELIST_MS = 250;

/**
 * Once a person starts typing in a thread, the host starts listing its folder, so the list is ready by the
 * time they type `@` (the host keeps one index per folder; asking again is a cache hit).
 */
function useWarmFileIndex(threadId: string | null, typing: boolean): void {
  const warmed = useRef<string | null | undefined>(undefined);
  const search = useDesk((s) => s.searchProjectFiles);
  useEffect(() => {
    if (!typing || warmed.current === threadId) return;
    warmed.current = threadId;
    search(threadId, '', 1).catch(() => undefined);
  }, [threadId, typing, search]);
}

/** The catalog of a thread, fetched when a picker first needs it (the host caches and refreshes it). */
export function useCatalog(threadId: string | null, wanted: boolean): ComposerCatalog {
  const [catalog, setCatalog] = useState<{ threadId: string | null; value: ComposerCatalog } | null>(null);
  const load = useDesk((s) => s.loadComposerCatalog);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    load(threadId)
      .then((value) => live && setCatalog({ threadId, value }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [threadId, wanted, load]);
  return catalog?.threadId === threadId ? catalog.value : EMPTY_CATALOG;
}

function commandItems(commands: SlashCommand[], query: string, fuzzysort: typeof Fuzzysort | null): PickerItem[] {
  const toItem = (c: SlashCommand, positions: number[]): PickerItem => ({
    key: `cmd:${c.name}`,
    label: `/${c.name}`,
    detail: c.description,
    hint: c.argumentHint,
    badge:
      c.kind === 'native'
        ? 'Claude Desk'
        : c.source === 'project'
          ? 'Project'
          : c.source === 'user'
            ? 'Yours'
            : undefined,
    positions: positions.map((p) => p + 1),
    command: c,
  });
  if (!query) {
    // Yours and the project's first: those are the ones a person came for.
    const rank = (c: SlashCommand) =>
      c.source === 'project' ? 0 : c.source === 'user' ? 1 : c.kind === 'native' ? 2 : 3;
    return [...commands].sort((a, b) => rank(a) - rank(b)).map((c) => toItem(c, []));
  }
  if (!fuzzysort) return []; // the matcher is on its way (the picker says it is loading)
  return fuzzysort
    .go(query, commands, { key: 'name', limit: 50, threshold: 0 })
    .map((r) => toItem(r.obj, [...r.indexes]));
}

/**
 * The picker under the caret: which one is open, its items (commands filtered here; files asked from the host,
 * newest answer wins), the highlighted row, and a way to close it until the trigger changes.
 */
export function usePicker(threadId: string | null, text: string, caret: number) {
  const trigger = useMemo(() => pickerTrigger(text, caret), [text, caret]);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const triggerKey = trigger ? `${trigger.kind}:${trigger.start}` : null;
  const open = trigger !== null && dismissed !== triggerKey;
  const catalog = useCatalog(threadId, trigger?.kind === 'command');
  const matcher = fuzzy.use(open && trigger.kind === 'command');
  const [files, setFiles] = useState<FileAnswer | null>(null);
  const seq = useRef(0);
  const [active, setActive] = useState(0);
  // While the host is still listing the folder, the same query is asked again: the list fills as it goes.
  const [relisted, setRelisted] = useState(0);
  useWarmFileIndex(threadId, text !== '');
  const search = useDesk((s) => s.searchProjectFiles);

  const fileQuery = open && trigger?.kind === 'file' ? trigger.query : null;
  useEffect(() => {
    if (fileQuery === null) return;
    const mine = ++seq.current;
    let again: ReturnType<typeof setTimeout> | undefined;
    search(threadId, fileQuery, 50)
      .then((r) => {
        if (mine !== seq.current) return; // a newer keystroke's answer is coming
        setFiles({
          query: fileQuery,
          truncated: r.truncated,
          listedSoFar: r.indexing ? r.total : null,
          items: r.matches.map((m) => ({ key: `file:${m.path}`, label: m.path, positions: m.positions, path: m.path })),
        });
        if (r.indexing || r.refreshing) again = setTimeout(() => setRelisted((n) => n + 1), RELIST_MS);
      })
      .catch(() => undefined);
    return () => clearTimeout(again);
  }, [fileQuery, threadId, relisted, search]);

  const items: PickerItem[] = !open
    ? []
    : trigger.kind === 'command'
      ? commandItems(catalog.commands, trigger.query, matcher)
      : (files?.items ?? []);
  const itemsKey = `${triggerKey}:${trigger?.query ?? ''}`;
  useEffect(() => setActive(0), [itemsKey]);

  return {
    trigger: open ? trigger : null,
    items,
    active: Math.min(active, Math.max(0, items.length - 1)),
    setActive,
    truncated: trigger?.kind === 'file' && files?.truncated === true,
    /** How many files the host has listed so far, while it still lists the folder (else null). */
    listedSoFar: trigger?.kind === 'file' ? (files?.listedSoFar ?? null) : null,
    loading:
      open &&
      (trigger.kind === 'file' ? files === null : catalog.commands.length === 0 || (!!trigger.query && !matcher)),
    problem: trigger?.kind === 'command' ? catalog.problem : undefined,
    dismiss: () => setDismissed(triggerKey),
    /** The thread's commands as last listed (empty until a picker asked): a custom one may share a built-in's name. */
    commands: catalog.commands,
  };
}

export type Picker = ReturnType<typeof usePicker> & { trigger: PickerTrigger | null };
