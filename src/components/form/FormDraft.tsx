import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormikContext } from 'formik';
import { useAuth } from '../../auth/AuthContext';
import {
  readDraft,
  registerDraftFlush,
  removeDraft,
  withoutSecrets,
  writeDraft,
  type Draft,
} from '../../drafts/draftStore';
import { formatMoment } from '../../shared/formats';
import { DURATIONS } from '../../shared/limits';
import { t } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface FormDraftProps {
  /** The form and record, e.g. `products:12` or `products:new`; the signed-in user is added. */
  formKey: string;
  /** Pause in typing before a write, in ms. */
  delayMs?: number;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(withoutSecrets(a)) === JSON.stringify(withoutSecrets(b));

/**
 * Placed inside a Formik form: keeps its unsaved values in IndexedDB (per user and record) as the
 * user types, and offers a kept draft back ("You have unsaved changes from 10:42 — Restore /
 * Discard") when the form opens again after a reload, a crash or a new sign-in. A save, a discard
 * or going back to the saved values removes it. Password fields are never kept.
 */
export function FormDraft<Values>({ formKey, delayMs = DURATIONS.draftSaveMs }: FormDraftProps) {
  const { user } = useAuth();
  const userId = user?.id;
  const { values, dirty, isSubmitting, setValues } = useFormikContext<Values>();
  const [offer, setOffer] = useState<(Draft<Values> & { time: string }) | null>(null);
  // Writes start once the kept draft was looked up (and, if one was offered, answered).
  const [ready, setReady] = useState(false);
  const latest = useRef({ values, dirty, isSubmitting, ready });
  useLayoutEffect(() => {
    latest.current = { values, dirty, isSubmitting, ready };
  });

  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    readDraft<Values>(userId, formKey)
      .then((draft) => {
        if (!live) return;
        if (draft && !same(draft.values, latest.current.values))
          setOffer({ ...draft, time: formatMoment(draft.savedAt, Date.now()) });
        else setReady(true);
      })
      .catch(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [userId, formKey]);

  const write = useCallback(async () => {
    if (userId === undefined || !latest.current.ready) return;
    const { values: current, dirty: changed } = latest.current;
    if (changed) await writeDraft(userId, formKey, current, Date.now());
    else await removeDraft(userId, formKey);
  }, [userId, formKey]);

  useEffect(() => {
    if (!ready) return undefined;
    const timer = setTimeout(() => void write().catch(() => undefined), delayMs);
    return () => clearTimeout(timer);
  }, [values, dirty, ready, write, delayMs]);

  useEffect(() => (ready ? registerDraftFlush(write) : undefined), [ready, write]);

  // Leaving the form: unsaved values are kept at once; a form that goes away while saving was saved
  // (after a create or an update the page moves on or starts afresh), so its draft goes.
  useEffect(
    () => () => {
      const { ready: started, dirty: changed, isSubmitting: saving, values: current } = latest.current;
      if (userId === undefined || !started) return;
      const done =
        saving || !changed ? removeDraft(userId, formKey) : writeDraft(userId, formKey, current, Date.now());
      done.catch(() => undefined);
    },
    [userId, formKey],
  );

  if (!offer || userId === undefined) return null;

  const restore = () => {
    void setValues({ ...values, ...offer.values });
    setOffer(null);
    setReady(true);
  };
  const discard = () => {
    void removeDraft(userId, formKey).catch(() => undefined);
    setOffer(null);
    setReady(true);
  };

  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={restore}>
            {SCREEN_TEXT.restore}
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            {SCREEN_TEXT.discard}
          </Button>
        </Stack>
      }
    >
      {t('draftFound', { time: offer.time })}
    </Alert>
  );
}
