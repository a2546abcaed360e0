import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { GuestMessage } from '../../components/feedback/GuestMessage';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type TokenExpiredProps = Record<string, never>;

/** The reset link no longer works: explain and offer a new request. */
export function TokenExpired(_props: TokenExpiredProps) {
  return (
    <GuestMessage
      icon={<LinkOffOutlined color="warning" sx={{ fontSize: 56 }} />}
      title={en.tokenExpiredTitle}
      text={en.tokenExpiredText}
      action={{ label: en.forgotPasswordTitle, to: ROUTES.forgotPassword }}
    />
  );
}
