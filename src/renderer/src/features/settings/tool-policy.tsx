import type { ToolPolicy } from '../../../../shared/settings';
import { useDesk } from '../../store/store-context';
import { ChoiceCards, type Choice } from '../../ui/choice-cards';

const OPTIONS: Choice<ToolPolicy>[] = [
  { value: 'all', label: 'All', hint: 'Memory and thread tools, reading and writing.' },
  { value: 'read-only', label: 'Read-only', hint: 'Claude can recall and look up, but not save or change.' },
  { value: 'none', label: 'None', hint: "Claude Desk's own tools are not offered." },
];

/** Which of Claude Desk's own tools (memory, threads) the model may use. */
export function ToolPolicySetting() {
  const policy = useDesk((s) => s.settings?.toolPolicy);
  const update = useDesk((s) => s.updateSettings);
  return (
    <ChoiceCards
      legend="Claude Desk tools"
      choices={OPTIONS}
      value={policy}
      onChoose={(toolPolicy) => void update({ toolPolicy })}
      disabled={!policy}
      testId="tool-policy"
    />
  );
}

/** Whether turns also get the MCP servers the user set up for Claude Code themselves (recorded case 34b). */
export function UserMcpSetting() {
  const include = useDesk((s) => s.settings?.includeUserMcpServers);
  const update = useDesk((s) => s.updateSettings);
  return (
    <fieldset className="field" disabled={include === undefined} data-testid="user-mcp-setting">
      <legend className="field-label">Your MCP servers</legend>
      <label className="radio-row">
        <input
          type="checkbox"
          checked={include ?? false}
          onChange={(e) => void update({ includeUserMcpServers: e.target.checked })}
        />
        <span>
          <strong>Include the MCP servers you configured for Claude Code</strong>{' '}
          <span className="muted">
            — from ~/.claude.json and the project&apos;s .mcp.json, beside Claude Desk&apos;s own. Type /mcp in a thread
            to see their status.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
