import { test, expect } from '@playwright/test';
import type { DeskHost } from './desk-host';
import { send, shots } from './agent-support';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/** The task checklist end to end: the app turns on the CLI's Task* tools and draws their list (case 33). */
let host: DeskHost;

useDeskSuite((suite) => void ({ host } = suite));

test("Claude's TaskCreate / TaskUpdate calls show as a checklist in the turn and in the header", async ({ page }) => {
  await page.goto(host.url);
  const steps = [
    { name: 'TaskCreate', input: { subject: 'Read the notes', description: 'Read notes.txt', activeForm: 'Reading' } },
    { name: 'TaskCreate', input: { subject: 'Write the summary', description: 'Write summary.md' } },
    { name: 'TaskUpdate', input: { taskId: '1', status: 'completed' } },
  ];
  await send(page, `SCENARIO:steps ${JSON.stringify(steps)}`);
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  // Without CLAUDE_CODE_ENABLE_TODO_TOOLS the CLI answers each call "No such tool available" (case 33b) and there is
  // no list: the checklist is the proof the app turned them on (they are deferred, so not in the request's tools[]).
  const list = answer.getByTestId('task-checklist');
  await expect(list).toContainText('1 of 2 done');
  await expect(list.getByRole('listitem', { name: 'Read the notes: done' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Write the summary: to do' })).toBeVisible();
  await shots(page, 'tasks-checklist', list);
  await page.getByTestId('tasks-indicator').click();
  await expect(page.getByTestId('tasks-panel')).toContainText('Write the summary');
  await shots(page, 'tasks-panel', page.getByTestId('chat-header'));
  await expectNoAxeViolationsInBothThemes(page, 'task checklist and tasks panel');
});
