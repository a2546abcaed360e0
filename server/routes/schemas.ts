import { MessageSchema, RefusalSchema, ValidationErrorSchema } from '../../src/shared/resources/wire';

/**
 * OpenAPI parts every Bearer route shares. Item schemas are not here: each is the TypeBox wire
 * schema in its shared contract (src/shared/resources/, `userWire` in contracts/account.ts).
 */
export const messageSchema = MessageSchema;
export const validationErrorSchema = ValidationErrorSchema;

export const bearer = [{ bearer: [] }];

/** The error answers every Bearer route can give. */
export const authErrors = { 401: MessageSchema, 403: RefusalSchema } as const;
