import { screen } from '@testing-library/react';
import { Formik } from 'formik';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { format } from '../../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import { PublishNote, PublishStateChip } from './PublishState';

const NOW = Date.parse('2026-06-15T12:00:00Z');

function renderNote(values: Record<string, unknown>, endField?: string) {
  return renderWithProviders(
    <Formik initialValues={values} onSubmit={() => undefined}>
      <PublishNote endField={endField} now={NOW} />
    </Formik>,
  );
}

describe('PublishStateChip', () => {
  it.each([
    ['draft', CATALOGUE_MESSAGES.publishDraft],
    ['scheduled', CATALOGUE_MESSAGES.publishScheduled],
    ['live', CATALOGUE_MESSAGES.publishLive],
    ['ended', CATALOGUE_MESSAGES.publishEnded],
  ] as const)('shows %s as %s', (state, label) => {
    renderWithProviders(<PublishStateChip state={state} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe('PublishNote', () => {
  it("judges today in the company's zone: at 20:00 UTC it is already tomorrow in Jakarta", () => {
    const evening = Date.parse('2026-06-15T20:00:00Z');
    const note = (zone: string) =>
      renderWithProviders(
        <Formik initialValues={{ status: 1, date: '2026-06-16' }} onSubmit={() => undefined}>
          <PublishNote now={evening} zone={zone} />
        </Formik>,
      );
    const utc = note('UTC');
    expect(screen.getByRole('status')).toHaveTextContent(CATALOGUE_MESSAGES.publishScheduled);
    utc.unmount();
    note('Asia/Jakarta');
    expect(screen.getByRole('status')).toHaveTextContent(CATALOGUE_MESSAGES.publishLive);
  });

  it('says when an Active item dated tomorrow goes live', () => {
    renderNote({ status: 1, date: '2026-06-16' });
    expect(screen.getByRole('status')).toHaveTextContent(CATALOGUE_MESSAGES.publishScheduled);
    // The chip is a div: the note must not be a paragraph (a <p> may not hold one).
    expect(screen.getByRole('status').tagName).toBe('DIV');
    expect(screen.getByRole('status')).toHaveTextContent(
      format(CATALOGUE_MESSAGES.publishScheduledSentence, { date: '16 Jun 2026' }),
    );
  });

  it('says a promotion that ended yesterday has ended', () => {
    renderNote({ status: 1, date: '2026-06-01', end_date: '2026-06-14' }, 'end_date');
    expect(screen.getByRole('status')).toHaveTextContent(
      format(CATALOGUE_MESSAGES.publishEndedSentence, { end: '14 Jun 2026' }),
    );
  });

  it('says a running promotion is live until its end, and a Not Active item is a draft', () => {
    const { unmount } = renderNote({ status: 1, date: '2026-06-15', end_date: '2026-06-20' }, 'end_date');
    expect(screen.getByRole('status')).toHaveTextContent(
      format(CATALOGUE_MESSAGES.publishLiveUntilSentence, { date: '15 Jun 2026', end: '20 Jun 2026' }),
    );
    unmount();
    renderNote({ status: 0, date: '2026-06-16' });
    expect(screen.getByRole('status')).toHaveTextContent(CATALOGUE_MESSAGES.publishDraftSentence);
  });

  it('calls an Active item without a date a draft that needs one, never "Live since ." (issue #41)', () => {
    renderNote({ status: 1, date: '' });
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent(CATALOGUE_MESSAGES.publishDraft);
    expect(note).toHaveTextContent(CATALOGUE_MESSAGES.publishUndatedSentence);
    expect(note).not.toHaveTextContent(CATALOGUE_MESSAGES.publishLive);
  });
});
