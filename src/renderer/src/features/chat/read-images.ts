import type { ImageAttachment } from '../../../../shared/threads';

export const IMAGE_TYPES: readonly ImageAttachment['mediaType'][] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];
/** The API's limit for one image is 5 MB decoded; larger files would fail the whole turn. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ReadResult {
  images: ImageAttachment[];
  /** One short line per file that could not be attached. */
  problems: string[];
}

function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      const comma = url.indexOf(',');
      if (comma < 0 || comma === url.length - 1) reject(new Error('empty'));
      else resolve(url.slice(comma + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Turn pasted or dropped files into image attachments (base64, no data: prefix). */
export async function readImageFiles(files: readonly File[]): Promise<ReadResult> {
  const images: ImageAttachment[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const name = file.name || 'pasted image';
    const type = IMAGE_TYPES.find((t) => t === file.type);
    if (!type) {
      problems.push(`${name} was not attached: only PNG, JPEG, GIF and WebP images can be sent.`);
      continue;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      problems.push(`${name} was not attached: images must be under 5 MB.`);
      continue;
    }
    try {
      images.push({ mediaType: type, data: await readAsBase64(file), name });
    } catch {
      problems.push(`${name} could not be read.`);
    }
  }
  return { images, problems };
}
