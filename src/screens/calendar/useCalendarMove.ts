import { useCallback } from 'react';
import { calendarApi, useMoveCalendarItemMutation } from '../../../store/calendarApi';
import { useAppDispatch } from '../../../store/hooks';
import { toastActions, toastShown } from '../../../store/toastSlice';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { CALENDAR_MESSAGES } from '../../shared/messages/calendar';
import { historyText } from '../../shared/messages/historyScreens';

/**
 * Moves an item to a new go-live day (its end follows) and toasts the answer with Undo, which moves
 * it back to the day it had, carrying the version the move answered (so a later edit is not undone:
 * 409). Rejects when the move is refused (the API slice toasts why).
 */
export function useCalendarMove(): (item: CalendarItem, date: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const [move] = useMoveCalendarItemMutation();
  return useCallback(
    async (item: CalendarItem, date: string) => {
      if (date === item.date) return;
      const answer = await move({ key: item.key, id: item.id, date, updated_at: item.updated_at }).unwrap();
      const { payload } = dispatch(
        toastShown({ severity: 'success', message: answer.message, action: historyText.undo }),
      );
      toastActions.set(payload.id, () => {
        const back = { key: item.key, id: item.id, date: item.date, updated_at: answer.data.updated_at };
        void dispatch(calendarApi.endpoints.moveCalendarItem.initiate(back))
          .unwrap()
          .then(
            () => dispatch(toastShown({ severity: 'success', message: CALENDAR_MESSAGES.undone })),
            () => undefined,
          );
      });
    },
    [dispatch, move],
  );
}
