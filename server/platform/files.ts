import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_FILE_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
export const MB = 1024 * 1024;
/** The largest file any route accepts; each route sets its own lower limit. */
export const MAX_UPLOAD_BYTES = 20 * MB;

const LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** The type a file really is, from its first bytes; the name and the declared type are not trusted. */
export function sniffContentType(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    head[8] === 0x57 &&
    head[9] === 0x45 &&
    head[10] === 0x42 &&
    head[11] === 0x50
  ) {
    return 'image/webp';
  }
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export type StoredFile = { key: string; contentType: string; size: number };

/**
 * Files under DATA_DIR/files, named by the SHA-256 of their content: the same file uploaded twice
 * is stored once, and a name can never be guessed from anything but the content itself.
 */
export function createFileStore(root: string) {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f]{64}$/.test(key)) throw invalid('That file reference is not valid.');
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async store(content: Buffer, allowed: readonly string[], maxBytes: number): Promise<StoredFile> {
      if (content.length === 0) throw invalid('The file is empty.');
      if (content.length > maxBytes) throw invalid(`The file is larger than ${Math.round(maxBytes / MB)} MB.`);
      const contentType = sniffContentType(content.subarray(0, 16));
      if (!contentType || !allowed.includes(contentType)) {
        throw invalid(
          `Only ${allowed.map((t) => LABELS[t] ?? t).join(', ')} files are accepted; this file is not one.`,
        );
      }
      const key = createHash('sha256').update(content).digest('hex');
      const target = pathOf(key);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        const temporary = `${target}.${randomUUID()}.tmp`;
        await writeFile(temporary, content);
        await rename(temporary, target);
      }
      return { key, contentType, size: content.length };
    },
    async read(key: string): Promise<Buffer> {
      return readFile(pathOf(key));
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A name safe to store and to send back: no path, no quotes or control characters, the extension of what the file really is. */
export function safeFileName(original: string, contentType: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ ._-]+|[ ._-]+$/g, '')
    .slice(0, 100);
  return `${cleaned || 'document'}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** `inline` with the same names, for files shown in the page (a PDF or a picture). */
export function inlineDisposition(fileName: string): string {
  return attachmentDisposition(fileName).replace(/^attachment/, 'inline');
}

export type UploadedFile = { buffer: Buffer; filename: string };

/**
 * Up to `maxFiles` files of one field of a multipart request, and its text fields; a request with
 * none, or with more, is refused.
 */
export async function readUploads(request: FastifyRequest, fileField: string, maxFiles: number) {
  if (!request.isMultipart()) throw invalid('Send the files as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== fileField) continue;
        if (files.length === maxFiles) throw invalid(`Send at most ${maxFiles} files.`);
        files.push({ buffer, filename: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw unreadable(error);
  }
  if (files.length === 0) throw invalid(`The request has no file in the "${fileField}" field.`);
  return { files, fields };
}

/** The one file of a multipart request and its text fields; a request without a file is refused. */
export async function readUpload(request: FastifyRequest, fileField = 'file') {
  if (!request.isMultipart()) throw invalid('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  try {
    await readParts();
  } catch (error) {
    throw unreadable(error);
  }
  if (!file) throw invalid(`The request has no file in the "${fileField}" field.`);
  return { ...file, fields };

  async function readParts() {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField && !(fileField === 'files' && part.fieldname === 'file')) {
          await part.toBuffer();
          continue;
        }
        if (file) throw invalid('Send one file at a time.');
        file = { buffer: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  }
}

/**
 * What the multipart parser throws for a body it cannot read (no boundary, cut short, a malformed
 * part) is the caller's mistake: 400, not 500. Its own answers (a file too large: 413) and ours stand.
 */
function unreadable(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return invalid('The upload could not be read: the multipart body has no boundary, is malformed or is cut short.');
}
