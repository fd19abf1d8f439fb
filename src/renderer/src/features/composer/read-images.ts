import type { ImageAttachment } from '../../../../shared/threads';
import { IMAGE_MEDIA_TYPES, type ImageMediaType } from '../../../../shared/turn-states';
import { withAttachedTexts, type TextAttachment } from '../../../../shared/attached-text';

export type { TextAttachment } from '../../../../shared/attached-text';

export const IMAGE_TYPES: readonly ImageMediaType[] = IMAGE_MEDIA_TYPES;
/** The API's limit for one image is 5 MB decoded; larger files would fail the whole turn. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A text file above this is better referenced with @path (the CLI reads it in parts) than pasted whole. */
export const MAX_TEXT_FILE_BYTES = 256 * 1024;

export interface ReadResult {
  images: ImageAttachment[];
  texts: TextAttachment[];
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

/** UTF-8 text with no NUL byte, or null (a binary file: PDF, zip, an executable…). */
async function readText(file: Blob): Promise<string | null> {
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
  const bytes = new Uint8Array(buffer);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Turn picked, pasted or dropped files into attachments: images as base64 (no data: prefix), any other file
 * that is UTF-8 text (source, Markdown, JSON, logs…) as its text. Anything else gets a line saying why not.
 */
export async function readAttachments(files: readonly File[]): Promise<ReadResult> {
  const images: ImageAttachment[] = [];
  const texts: TextAttachment[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const name = file.name || 'pasted image';
    const type = IMAGE_TYPES.find((t) => t === file.type);
    if (!type) {
      if (file.type.startsWith('image/')) {
        problems.push(`${name} was not attached: only PNG, JPEG, GIF and WebP images can be sent.`);
      } else if (file.size > MAX_TEXT_FILE_BYTES) {
        problems.push(`${name} was not attached: text files must be under 256 KB (mention a project file as @path).`);
      } else {
        const text = await readText(file).catch(() => null);
        if (text === null) problems.push(`${name} was not attached: it is not a text file or an image.`);
        else texts.push({ name: file.name || 'pasted text', text });
      }
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
  return { images, texts, problems };
}

/** The message as the CLI gets it: the typed text, then each attached file under its name (attached-text.ts). */
export const withTextFiles = withAttachedTexts;
