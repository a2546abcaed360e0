import { MessagePage } from '../../components/feedback/MessagePage';
import { en } from '../../shared/messages';

export type NotFoundScreenProps = Record<string, never>;

/** Any path no route matches (spec §2 Other). */
export function NotFoundScreen(_props: NotFoundScreenProps) {
  return <MessagePage title={en.notFoundTitle} text={en.notFoundText} />;
}
