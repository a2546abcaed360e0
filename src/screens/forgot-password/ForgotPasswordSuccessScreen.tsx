import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { GuestMessage } from '../../components/feedback/GuestMessage';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type ForgotPasswordSuccessScreenProps = Record<string, never>;

/** Confirms that a reset link is on its way. */
export function ForgotPasswordSuccessScreen(_props: ForgotPasswordSuccessScreenProps) {
  return (
    <GuestMessage
      icon={<MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} />}
      title={en.forgotPasswordTitle}
      text={en.forgotPasswordSuccess}
      action={{ label: en.backToLogin, to: ROUTES.login }}
    />
  );
}
