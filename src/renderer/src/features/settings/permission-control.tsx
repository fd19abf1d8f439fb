import { useId, useState } from 'react';
import {
  effectivePermissionMode,
  ROOT_FULL_ACCESS_OFFER,
  ROOT_FULL_ACCESS_REFUSED,
  type PermissionMode,
} from '../../../../shared/permission-mode';
import { useDesk } from '../../store/store-context';
import { ChoiceCards } from '../../ui/choice-cards';
import { ConfirmDialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';

export const PERMISSION_OPTIONS: { mode: PermissionMode; label: string; hint: string }[] = [
  { mode: 'plan', label: 'Plan', hint: 'Claude looks around and writes a plan; nothing changes until you approve it.' },
  { mode: 'ask', label: 'Ask', hint: 'Claude asks before it edits files or runs commands.' },
  {
    mode: 'acceptEdits',
    label: 'Accept edits',
    hint: 'Claude edits files in the project; shell and network stay off.',
  },
  { mode: 'bypassPermissions', label: 'Full access', hint: 'Everything, without asking.' },
];

/** What full access grants, said plainly before it is turned on. */
export function FullAccessDialog({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  return (
    <ConfirmDialog
      title="Turn on full access?"
      confirmLabel="Turn on full access"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="full-access-dialog"
    >
      <p>With full access, Claude can, without asking you first:</p>
      <ul className="grant-list">
        <li>run any shell command on this computer,</li>
        <li>use the network (download, upload, call services),</li>
        <li>start sub-agents that act on their own,</li>
        <li>change files anywhere it can reach — with no approval step.</li>
      </ul>
      <p>Use it only for projects and prompts you trust. You can switch back at any time.</p>
    </ConfirmDialog>
  );
}

/** Full access chosen where Claude Code refuses it (root): why, and what works instead, in its place. */
function RootFullAccessDialog({ onUseAcceptEdits, onCancel }: { onUseAcceptEdits(): void; onCancel(): void }) {
  return (
    <ConfirmDialog
      title="Full access is refused as root"
      confirmLabel="Use Accept edits"
      onConfirm={onUseAcceptEdits}
      onCancel={onCancel}
      testId="root-full-access-dialog"
    >
      <p>{ROOT_FULL_ACCESS_REFUSED}</p>
      <p>{ROOT_FULL_ACCESS_OFFER}</p>
    </ConfirmDialog>
  );
}

/**
 * The open thread's permission mode (the header's control): the env lock wins, then the thread's own mode,
 * then Settings' default. With no thread open yet, choosing a mode makes one to hold it.
 */
export function useThreadPermissionMode(): {
  mode: PermissionMode;
  setMode(mode: PermissionMode): Promise<void>;
} {
  const settings = useDesk((s) => s.settings);
  const own = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings.permissionMode);
  const threadId = useDesk((s) => s.activeThreadId);
  const createThread = useDesk((s) => s.createThread);
  const updateThreadSettings = useDesk((s) => s.updateThreadSettings);
  const pushNotice = useDesk((s) => s.pushNotice);
  const mode = settings ? effectivePermissionMode({ permissionMode: own }, settings) : 'acceptEdits';
  const setMode = async (next: PermissionMode) => {
    const id = threadId ?? (await createThread())?.id;
    if (!id) return;
    const refused = await updateThreadSettings(id, { permissionMode: next });
    if (refused) pushNotice('error', `The permission mode stays as it was: ${refused}`);
  };
  return { mode, setMode };
}

/**
 * The permission mode, as choice cards (Settings: the default for new threads) or a select (chat header:
 * this thread's mode). Full access goes through the confirmation dialog; a mode locked by
 * CLAUDE_DESK_PERMISSION_MODE cannot be changed.
 */
export function PermissionModePicker({
  variant = 'full',
  legend = 'Permission mode',
}: {
  variant?: 'full' | 'compact';
  legend?: string;
}) {
  const settings = useDesk((s) => s.settings);
  const updateSettings = useDesk((s) => s.updateSettings);
  const thread = useThreadPermissionMode();
  const [confirming, setConfirming] = useState(false);
  const asRoot = useDesk((s) => s.appInfo?.fullAccessRefused === true);
  const hintId = useId();
  const lockedBy = settings?.permissionModeLockedBy;
  const disabled = !settings || Boolean(lockedBy);
  const current = variant === 'compact' ? thread.mode : (settings?.permissionMode ?? 'acceptEdits');
  const update = (mode: PermissionMode) =>
    void (variant === 'compact' ? thread.setMode(mode) : updateSettings({ permissionMode: mode }));

  const choose = (mode: PermissionMode) => {
    if (mode === current) return;
    if (mode === 'bypassPermissions') setConfirming(true);
    else update(mode);
  };

  const dialog =
    confirming && asRoot ? (
      <RootFullAccessDialog
        onCancel={() => setConfirming(false)}
        onUseAcceptEdits={() => {
          setConfirming(false);
          if (current !== 'acceptEdits') update('acceptEdits');
        }}
      />
    ) : (
      confirming && (
        <FullAccessDialog
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            update('bypassPermissions');
          }}
        />
      )
    );
  const lockNote = lockedBy && (
    <p className="field-hint lock-note" data-testid="permission-locked">
      Locked: {lockedBy}
    </p>
  );

  if (variant === 'compact') {
    const hint = PERMISSION_OPTIONS.find((o) => o.mode === current)?.hint ?? '';
    return (
      <>
        <label
          className="header-select mode-select"
          title={lockedBy ? `Locked: ${lockedBy}` : `This thread: ${hint} Settings sets the default for new threads.`}
        >
          <Icon name="shield" size={13} />
          <span className="mode-select-label">Permissions</span>
          <select
            value={current}
            disabled={disabled}
            onChange={(e) => choose(e.target.value as PermissionMode)}
            aria-describedby={hintId}
            data-testid="permission-select"
          >
            {PERMISSION_OPTIONS.map((o) => (
              <option key={o.mode} value={o.mode}>
                {o.label}
                {asRoot && o.mode === 'bypassPermissions' ? ' — refused as root' : ''}
              </option>
            ))}
          </select>
        </label>
        <span id={hintId} className="visually-hidden">
          {lockedBy ? `Locked: ${lockedBy}` : `This thread: ${hint}`}
        </span>
        {dialog}
      </>
    );
  }

  return (
    <ChoiceCards
      legend={legend}
      choices={PERMISSION_OPTIONS.map((o) => ({
        value: o.mode,
        label: o.label,
        hint:
          asRoot && o.mode === 'bypassPermissions' ? `${ROOT_FULL_ACCESS_REFUSED} ${ROOT_FULL_ACCESS_OFFER}` : o.hint,
        danger: o.mode === 'bypassPermissions',
      }))}
      value={current}
      onChoose={choose}
      disabled={disabled}
      testId="permission-control"
    >
      {lockNote}
      {dialog}
    </ChoiceCards>
  );
}
