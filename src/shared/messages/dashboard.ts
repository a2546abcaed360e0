/** The dashboard's cards of what needs attention (issue 39). `{…}` placeholders are filled with `format`. */
export const DASHBOARD_MESSAGES = {
  weekTitle: 'The next 7 days',
  weekEmpty: 'Nothing goes live or ends between {from} and {to}.',
  goesLive: 'Goes live',
  ends: 'Ends',
  attentionTitle: 'Needs attention',
  attentionEmpty: 'Nothing needs your attention.',
  newMessages: '{count} new messages in the inbox',
  newMessage: '1 new message in the inbox',
  overdueMessages: '{count} messages past their due time',
  overdueMessage: '1 message past its due time',
  mineMessages: '{count} open messages assigned to you',
  mineMessage: '1 open message assigned to you',
  stale: '{item}: {count} not updated in 12 months',
  subscribersAdded: '{count} subscribers added in the last 30 days',
  subscriberAdded: '1 subscriber added in the last 30 days',
  failed: 'This card could not be loaded; reload the page to try again.',
} as const;
