/**
 * The dashboard's subscribers chart and "My recent changes" cards (issue 39). Signed-in screens
 * only (the dashboard's chunk): never imported by the shell or the guest screens. `{…}`
 * placeholders are filled with `format`.
 */
export const DASHBOARD_CARDS_MESSAGES = {
  subscribersTitle: 'Subscribers, last 30 days',
  subscribersTotal: '{count} subscribers added from {from} to {to}',
  subscriberTotal: '1 subscriber added from {from} to {to}',
  subscribersChart: 'Subscribers added per day (the same numbers are in the table)',
  subscribersSeries: 'Subscribers added',
  showTable: 'Show the numbers',
  hideTable: 'Hide the numbers',
  tableCaption: 'Subscribers added per day, last 30 days',
  day: 'Day',
  added: 'Added',
  openSubscribers: 'Open the subscribers',
  recentTitle: 'My recent changes',
  recentEmpty: 'You have not changed anything yet.',
  /** "Updated · News · 03 Mar 2026 10:42" */
  recentLine: '{action} · {item} · {at}',
  recentDeleted: '{action} · {item} · {at} · in the trash',
} as const;
