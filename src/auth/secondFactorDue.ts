import { useSyncExternalStore } from 'react';
import { onRefused } from '../../store/api';
import { isEnrolmentRequired } from '../shared/contracts/secondFactorEnrolment';
import { useAuth } from './AuthContext';

/**
 * Issue 37: whether the signed-in user must enrol a second factor before anything else. Known from
 * the account (`second_factor_due`), or from any call answered 403 `mfa_enrolment_required` (a role
 * that began requiring it during the session). The signed-in shell listens while it is drawn.
 */
let refused = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Starts listening for the refusal (the shell, while signed in); the returned function stops. */
export function listenForEnrolmentRefusals(): () => void {
  onRefused((data) => {
    if (!isEnrolmentRequired(data)) return false;
    if (!refused) {
      refused = true;
      notify();
    }
    return true;
  });
  return () => onRefused(null);
}

/** The enrolment is done (or the user left): the next refusal says so again. */
export function clearEnrolmentRefusal(): void {
  if (!refused) return;
  refused = false;
  notify();
}

export function useSecondFactorDue(): boolean {
  const { user } = useAuth();
  const wasRefused = useSyncExternalStore(subscribe, () => refused);
  return Boolean(user?.second_factor_due) || wasRefused;
}
