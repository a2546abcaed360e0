import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { validation } from '../../src/shared/messages';
import { UPLOAD_LIMITS, type UploadKind } from '../../src/shared/limits';
import { PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import { fieldError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { tooLarge } from '../plugins/uploads';
import { authErrors, bearer, fileObjectSchema, messageSchema, validationErrorSchema } from './schemas';

const LARGEST_KIND: UploadKind = 'document';

const isKind = (value: string): value is UploadKind => value in UPLOAD_LIMITS;

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    API_PATHS.uploads,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['uploads'],
        summary: 'Upload a file',
        description:
          'multipart/form-data with `file` and `kind` (image | document, default image). Images: JPEG, PNG, WebP; documents: PDF. The type is read from the content.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: {
          201: { type: 'object', properties: { data: fileObjectSchema } },
          413: messageSchema,
          422: validationErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      let kindField = 'image';
      let file: { buffer: Buffer; name: string } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const upload: MultipartFile = part;
          const buffer = await upload.toBuffer().catch((error: unknown) => {
            // Multipart stops reading at the largest limit of any kind; answer with the product's text.
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LARGEST_KIND);
            throw error;
          });
          file = { buffer, name: upload.filename };
        } else if (part.fieldname === 'kind' && typeof part.value === 'string') {
          kindField = part.value;
        }
      }
      if (!isKind(kindField)) throw fieldError('kind', validation.invalid('Kind'));
      if (!file) throw fieldError('file', validation.required('File'));
      if (file.buffer.length > UPLOAD_LIMITS[kindField].maxBytes) throw tooLarge(kindField);
      const stored = await app.uploads.store({
        kind: kindField,
        buffer: file.buffer,
        originalName: file.name,
        userId: currentUser(request).id,
      });
      return reply.code(201).send({ data: stored });
    },
  );
}
