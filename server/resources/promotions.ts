import {
  promotionContent,
  promotionPublicWire,
  promotionsResource,
} from '../../src/shared/resources/promotions';
import { promotions } from '../db/schema/promotions';
import { defineServerResource } from '../crud/define';
import { contentPublicRead, contentServer } from './content';

/** `/api/promotions`: the contract's list, CRUD, export and import (content.ts). */
export const promotionsServer = defineServerResource({
  ...contentServer(promotionsResource, promotionContent, promotions),
  // The website: Active and live promotions only (not scheduled, not ended), newest first.
  publicRead: contentPublicRead(promotions, promotionPublicWire),
});
