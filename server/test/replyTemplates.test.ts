import { replyTemplatesServer } from '../resources/replyTemplates';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(replyTemplatesServer, async () => ({
  title: 'A fully populated reply template',
  subject: 'Your enquiry about {{product}}',
  body: 'Dear {{sender_name}},\n\nthank you for asking about {{product}}.\n\n{{staff_name}}',
  slug: 'a-fully-populated-reply-templates',
  status: 0,
}));
