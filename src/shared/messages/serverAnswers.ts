/**
 * The API's own answers that the SPA never words itself (it shows what the server says): kept out
 * of messages.ts, which every screen loads, the guest screens included (their 200 kB budget).
 */
export const SERVER_MESSAGES = {
  duplicateRecord:
    'Another record with the same unique value was saved at the same time; please check and try again.',
  recordInUse: 'This record is linked to other records, or refers to one that no longer exists.',
  unstorableCharacter: 'The data holds a character that cannot be stored (such as a NUL byte).',
  uploadMalformed: 'The upload is not a well-formed multipart/form-data body.',
  fileStoreUnavailable: 'The file store is unavailable, please try again in a moment.',
  valueOutOfRange: 'A number or date in the request is out of range.',
  bodyNotObject: 'The request body must be a JSON object of fields.',
  invalidUtf8: 'The request is not valid UTF-8 text.',
  methodNotAllowed: 'Method Not Allowed',
  notFoundBody: 'Not Found',
  tooManyRequests: 'Too many attempts, please try again later.',
  serviceUnavailable: 'The service is briefly unavailable; please try again in a few seconds.',
  uploadTooManyPixels: 'The image is larger than {megapixels} megapixels',
  uploadUnreadable: 'The file could not be read as an image',
  emailTaken: 'Email has already been taken',
} as const;
