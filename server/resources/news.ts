import { newsContent, newsPublicWire, newsResource } from '../../src/shared/resources/news';
import { news } from '../db/schema/news';
import { defineServerResource } from '../crud/define';
import { contentPublicRead, contentServer } from './content';

/** `/api/news`: the contract's list, CRUD, export and import (content.ts). */
export const newsServer = defineServerResource({
  ...contentServer(newsResource, newsContent, news),
  // The website: Active and live items only (the admin's `publish_states=live`), newest first.
  publicRead: contentPublicRead(news, newsPublicWire),
});
