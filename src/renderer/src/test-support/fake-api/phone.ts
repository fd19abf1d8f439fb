/** The fake host's answers to the phone calls: phone access off at first; its state in phone-fixture.ts. */
import type { PhoneCallName } from '../../../../shared/contract/phone-names';
import { createPhoneFake } from '../phone-fixture';
import type { FakeAnswers, FakeContext } from './host';

export function phoneAnswers({ fake }: FakeContext): FakeAnswers<PhoneCallName> {
  const phone = createPhoneFake(
    () => fake.emit('phoneChanged', {}),
    () => Date.now(),
    (e) => fake.emit('pairingRequest', e),
  );
  return phone.handlers;
}
