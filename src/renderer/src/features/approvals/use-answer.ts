import { useCallback, useState } from 'react';
import type { ApprovalDecision } from '../../../../shared/turn-events';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';

/**
 * Sending a card's answer (an approval, a question's choices, a plan's verdict): `sending` while it goes, and a
 * notice that says why when the host could not take it (the card is answerable again).
 */
export function useAnswer(threadId: string, turnId: string, requestId: string) {
  const pushNotice = useDesk((s) => s.pushNotice);
  const answerApproval = useDesk((s) => s.answerApproval);
  const [sending, setSending] = useState(false);
  const answer = useCallback(
    async (decision: ApprovalDecision) => {
      setSending(true);
      try {
        await answerApproval(threadId, turnId, requestId, decision);
      } catch (err) {
        setSending(false);
        pushNotice('error', `Could not send your answer: ${errorText(err)}`);
      }
    },
    [threadId, turnId, requestId, pushNotice, answerApproval],
  );
  return { sending, answer };
}
