import { MessagePage } from '../../components/feedback/MessagePage';
import { en } from '../../shared/messages';

export type NoAccessScreenProps = Record<string, never>;

/** Shown instead of a screen whose permission the user does not hold. */
export function NoAccessScreen(_props: NoAccessScreenProps) {
  return <MessagePage title={en.noAccessTitle} text={en.noAccessText} />;
}
