import { contactFormsServer } from '../resources/contactForms';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(contactFormsServer, async () => ({
  title: 'A fully populated contact form',
  slug: 'a-fully-populated-contact-forms',
  status: 0,
}));
