import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { en, validation } from '../../src/shared/messages';
import { UPLOAD_LIMITS, type UploadKind } from '../../src/shared/limits';
import { hasAnyPermission, PERMISSIONS, UPLOAD_PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import type { Config } from '../config';
import { fieldError, HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { eachPart, tooLarge } from '../plugins/uploads';
import { dataAnswer, FileObjectSchema } from '../../src/shared/resources/wire';
import { authErrors, bearer, messageSchema, validationErrorSchema } from './schemas';

const LARGEST_KIND: UploadKind = 'document';

const isKind = (value: string): value is UploadKind => value in UPLOAD_LIMITS;

export async function uploadRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const perIp = app.limiter('uploads-ip', config.rateLimit.uploadsPerIp);
  const perUser = app.limiter('uploads-user', config.rateLimit.uploadsPerUser, (request) =>
    String(request.user?.id),
  );

  app.post(
    API_PATHS.uploads,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['uploads'],
        summary: 'Upload a file',
        description:
          'multipart/form-data with `kind` (image | document, default image) before `file`. Images: JPEG, ' +
          'PNG, WebP, at most 40 megapixels; documents: PDF, for holders of products.store or products.update. ' +
          'The type is read from the content. Limited per user and per address.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: {
          201: dataAnswer(FileObjectSchema),
          413: messageSchema,
          422: validationErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      await perIp.hit(request);
      await perUser.hit(request);
      const user = currentUser(request);
      let kindField = 'image';
      let file: { buffer: Buffer; name: string } | null = null;
      await eachPart(request, async (part) => {
        if (part.type === 'file') {
          const upload: MultipartFile = part;
          // Refused before its bytes are read: a kind the caller may not upload.
          if (isKind(kindField) && !hasAnyPermission(user.permissions, UPLOAD_PERMISSIONS[kindField]))
            throw new HttpError(403, en.unauthorized);
          const buffer = await upload.toBuffer().catch((error: unknown) => {
            // Multipart stops reading at the largest limit of any kind; answer with the product's text.
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LARGEST_KIND);
            throw error;
          });
          file = { buffer, name: upload.filename };
        } else if (part.fieldname === 'kind' && typeof part.value === 'string') {
          kindField = part.value;
        }
      });
      if (!isKind(kindField)) throw fieldError('kind', validation.invalid('Kind'));
      if (!hasAnyPermission(user.permissions, UPLOAD_PERMISSIONS[kindField]))
        throw new HttpError(403, en.unauthorized);
      const received = file as { buffer: Buffer; name: string } | null;
      if (!received) throw fieldError('file', validation.required('File'));
      if (received.buffer.length > UPLOAD_LIMITS[kindField].maxBytes) throw tooLarge(kindField);
      const stored = await app.uploads.store({
        kind: kindField,
        buffer: received.buffer,
        originalName: received.name,
        userId: user.id,
      });
      return reply.code(201).send({ data: stored });
    },
  );
}
