import { expect, type Page } from '@playwright/test';

/** Every kind of card the chat draws: tool calls (nested ones too), permission prompts, questions, plans. */
const CARDS = ['tool-card', 'approval-card', 'question-card', 'plan-card'].map((t) => `[data-testid=${t}]`).join(', ');
const SHUT_HEAD = '[data-testid=tool-card] > button.tool-head[aria-expanded=false]';
const OPENED = 'data-card-walk-opened';

/**
 * No card on the screen shows the user a JSON object (issue 36: "No card anywhere shows a JSON object"). Opens every
 * shut tool card first — a body only exists while open, and a sub-agent's cards only inside its open card — reads
 * each card's text, then shuts what it opened, so the spec goes on with the screen as it was.
 */
export async function expectNoJsonInCards(page: Page): Promise<void> {
  const heads = page.locator(SHUT_HEAD);
  // Bounded: a card that would not stay open must not hang the walk. Each head is marked (with its turn to shut)
  // before the click: once open it no longer matches SHUT_HEAD.
  let opened = 0;
  for (; opened < 100 && (await heads.count()) > 0; opened++) {
    // A string, evaluated in the page: the e2e project has no DOM types.
    await page.evaluate(`document.querySelector('${SHUT_HEAD}')?.setAttribute('${OPENED}', '${opened}')`);
    // A card drawn anew between the mark and the click (a finished turn's card is replaced once) lost its mark.
    await page
      .locator(`[${OPENED}="${opened}"]`)
      .click({ timeout: 5_000 })
      .catch(() => undefined);
  }
  // Every card's text read in one go, in the page: counting first and reading the n-th later waited forever on a
  // card the list had redrawn or scrolled away meanwhile (the chat list draws only the rows near the view).
  const cards = (await page.evaluate(
    `[...document.querySelectorAll('${CARDS}')].map((c) => [c.getAttribute('data-tool') ?? c.getAttribute('data-testid'), c.innerText])`,
  )) as [string, string][];
  const found: string[] = [];
  for (const [name, text] of cards) {
    // `{"`, or pretty-printed: `{` and a quoted key with only white space between them.
    const at = text.search(/\{\s*"/);
    if (at >= 0) found.push(`${name}: …${text.slice(Math.max(0, at - 40), at + 60)}…`);
  }
  // The last opened first: a nested card shuts before the card that holds it.
  for (let n = opened - 1; n >= 0; n--) {
    const head = page.locator(`[${OPENED}="${n}"]`);
    if ((await head.count()) === 0) continue; // drawn anew meanwhile: nothing of ours to shut
    await head.click({ timeout: 5_000 }).catch(() => undefined);
    await page.evaluate(`document.querySelector('[${OPENED}="${n}"]')?.removeAttribute('${OPENED}')`);
  }
  expect(found, 'cards showing JSON to the user').toEqual([]);
}
