import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { ImageAttachment } from '../../../../shared/threads';
import { isLongPaste, pasteName } from '../../../../shared/attached-text';
import { MAX_IMAGES_PER_MESSAGE } from '../../../../shared/call-names';
import { Icon } from '../../ui/icons';
import { TextAttachments } from '../../ui/text-attachments';
import { readAttachments, type TextAttachment } from './read-images';

/** What goes with the next message besides its text. */
export interface Attached {
  images: ImageAttachment[];
  files: TextAttachment[];
}

/**
 * The composer's attachments: images and text files from the paperclip, a paste or a drop, and long pastes
 * folded into a chip. `focusBox` gives the text box its focus back after a pick.
 */
export function useAttachments(focusBox: () => void) {
  const [images, setImages] = useState<ImageAttachment[]>([]);
  const [files, setFiles] = useState<TextAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const attach = async (picked: File[]) => {
    const { images: read, texts, problems: bad } = await readAttachments(picked);
    const room = MAX_IMAGES_PER_MESSAGE - images.length;
    setImages((prev) => [...prev, ...read].slice(0, MAX_IMAGES_PER_MESSAGE));
    setFiles((prev) => [...prev, ...texts]);
    setProblems(
      read.length > room
        ? [...bad, `Only ${MAX_IMAGES_PER_MESSAGE} images fit one message: the rest were left out.`]
        : bad,
    );
    focusBox();
  };

  return {
    images,
    files,
    problems,
    dragging,
    none: images.length === 0 && files.length === 0,
    attach,
    removeImage: (i: number) => setImages(images.filter((_, j) => j !== i)),
    removeFile: (i: number) => setFiles(files.filter((_, j) => j !== i)),
    /** A text attachment taken out (its text goes back into the text box). */
    takeText: (i: number): string => {
      const text = files[i]!.text;
      setFiles(files.filter((_, j) => j !== i));
      return text;
    },
    /** Everything attached, the tray emptied (a send); `restore` puts it back if the send was refused. */
    take: (): Attached => {
      setImages([]);
      setFiles([]);
      setProblems([]);
      return { images, files };
    },
    restore: (back: Attached) => {
      setImages(back.images);
      setFiles(back.files);
    },
    onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => {
      const pasted = [...e.clipboardData.files];
      if (pasted.length === 0) {
        // A long paste folds into a chip ("Pasted text · 142 lines"); it is still sent in full.
        const long = e.clipboardData.getData('text/plain');
        if (!isLongPaste(long)) return;
        e.preventDefault();
        setFiles((prev) => [...prev, { name: pasteName(prev), text: long }]);
        return;
      }
      e.preventDefault();
      void attach(pasted);
    },
    /** The composer's form takes files dropped on it. */
    dropTarget: {
      onDragOver: (e: DragEvent) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: DragEvent) => {
        setDragging(false);
        const dropped = [...e.dataTransfer.files];
        if (dropped.length === 0) return;
        e.preventDefault();
        void attach(dropped);
      },
    },
  };
}

export type Attachments = ReturnType<typeof useAttachments>;

/** The chips above the text box (images, text files, long pastes) and what could not be attached. */
export function AttachmentTray({ attachments: a, onInsert }: { attachments: Attachments; onInsert(i: number): void }) {
  if (a.images.length === 0 && a.files.length === 0 && a.problems.length === 0) return null;
  return (
    <div className="composer-attachments">
      {a.images.map((img, i) => (
        <span key={i} className="chip" data-testid="attachment">
          <Icon name="image" size={14} /> {img.name}
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove ${img.name ?? 'image'}`}
            onClick={() => a.removeImage(i)}
          >
            <Icon name="x" size={12} />
          </button>
        </span>
      ))}
      <TextAttachments items={a.files} testId="attachment" onRemove={a.removeFile} onInsert={onInsert} />
      {a.problems.map((p) => (
        <p key={p} className="composer-problem" role="status" data-testid="attachment-problem">
          {p}
        </p>
      ))}
    </div>
  );
}

/** The paperclip and its hidden file input. */
export function AttachButton({ onPick }: { onPick(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])];
          e.target.value = ''; // the same file can be picked again after removing its chip
          if (picked.length) onPick(picked);
        }}
      />
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-attach"
        aria-label="Attach images or files"
        title="Attach images or text files"
        onClick={() => input.current?.click()}
        data-testid="attach-button"
      >
        <Icon name="paperclip" size={17} />
      </button>
    </>
  );
}
