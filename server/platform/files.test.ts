import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPES, createFileStore, sniffContentType } from './files.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1');

describe('sniffContentType', () => {
  it('knows JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(WEBP)).toBe('image/webp');
    expect(sniffContentType(PDF)).toBe('application/pdf');
  });
  it('knows nothing else, whatever it is called', () => {
    expect(sniffContentType(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(sniffContentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('createFileStore', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('stores by content, once, and reads it back', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-files-'));
    dirs.push(dir);
    const store = createFileStore(dir);
    const content = Buffer.concat([PNG, Buffer.alloc(100, 7)]);
    const first = await store.store(content, IMAGE_TYPES, 1024 * 1024);
    const second = await store.store(content, IMAGE_TYPES, 1024 * 1024);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ contentType: 'image/png', size: content.length });
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.read(first.key)).toEqual(content);
  });

  it('refuses a type it does not accept, an empty file, a large file and a bad key', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-files-'));
    dirs.push(dir);
    const store = createFileStore(dir);
    await expect(store.store(PDF, IMAGE_TYPES, 1024)).rejects.toThrow(/Only JPEG, PNG, WebP files are accepted/);
    await expect(store.store(Buffer.alloc(0), IMAGE_TYPES, 1024)).rejects.toThrow(/empty/);
    await expect(store.store(Buffer.concat([JPEG, Buffer.alloc(2048)]), IMAGE_TYPES, 1024)).rejects.toThrow(
      /larger than/,
    );
    await expect(store.read('../../etc/passwd')).rejects.toThrow(/not valid/);
  });
});
