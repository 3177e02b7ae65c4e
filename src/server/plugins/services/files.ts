// File transport: file answers (ActionDef.file) and uploads (ActionDef.upload).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileAnswerDef, UploadDef } from '#shared/contracts/define.ts';
import type { FileAnswer, UploadBody } from '../../framework.ts';

/** OpenAPI: the bytes under each content type the action may answer. */
export function fileResponse(contentType: FileAnswerDef['contentType']) {
  const types = typeof contentType === 'string' ? [contentType] : contentType;
  return { description: 'the file', content: Object.fromEntries(types.map((t) => [t, { schema: z.file() }])) };
}

export function uploadBody(req: FastifyRequest, upload: UploadDef): UploadBody {
  return {
    isMultipart: req.isMultipart(),
    async file() {
      const part = await req.file({
        limits: { fileSize: upload.maxBytes, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 32 },
        throwFileSizeLimit: true,
      });
      if (!part) return undefined;
      const stream = part.file;
      return { stream, fileName: part.filename, field: part.fieldname, get truncated() { return stream.truncated; } };
    },
  };
}

/** `inline` or `attachment`, with the name in the plain (ASCII) and the RFC 5987 form. */
export function contentDisposition(kind: FileAnswer['disposition'], fileName: string, asciiName?: string): string {
  const fallback = asciiName ?? fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendFile(req: FastifyRequest, reply: FastifyReply, answer: FileAnswer) {
  reply.header('Cache-Control', answer.cacheControl ?? 'no-store').header('X-Content-Type-Options', 'nosniff');
  if (answer.etag) {
    reply.header('ETag', answer.etag);
    if (req.headers['if-none-match'] === answer.etag) {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      return reply.code(304).send();
    }
  }
  reply.header('Content-Type', answer.contentType).header('Content-Disposition', contentDisposition(answer.disposition, answer.fileName, answer.asciiName));
  if (answer.size !== undefined) reply.header('Content-Length', String(answer.size));
  return reply.send(answer.body);
}

/**
 * A refused upload is answered before its body has arrived. The rest is read and discarded, so
 * the client can finish sending, read the answer and reuse the connection (closing with unread
 * bytes would reset it and lose the answer); a body beyond any acceptable size ends the connection.
 */
export function drainUnreadBody(limit: number) {
  return async (req: FastifyRequest): Promise<void> => {
    const raw = req.raw;
    if (raw.readableEnded || raw.destroyed) return;
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) raw.destroy();
    });
    raw.resume();
  };
}
